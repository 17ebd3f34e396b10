/** Why the phone's position did not come, in words for the user. */
export function locationFailure(error: GeolocationPositionError): string {
  if (error.code === error.PERMISSION_DENIED)
    return 'Your location is not available: this browser was not allowed to share it.';
  if (error.code === error.TIMEOUT) return 'Your location did not arrive in time. Try again in the open.';
  return 'Your location is not available just now.';
}
