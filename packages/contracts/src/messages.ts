/** User-facing texts (field rules, errors, notices), shared so the web client and the services say the same thing. */
export const REQUIRED_MESSAGES = {
  date: 'Date is required',
  time: 'Time is required',
  location_name: 'Location is required',
  species: 'Species is required',
  sex: 'Sex is required',
  age_estimate: 'Age estimate is required',
  condition: 'Condition is required',
  shot_placement: 'Shot placement is required',
} as const;

export const MESSAGES = {
  cullNotFound: 'Cull not found',
  createForOthers: 'Access denied: You can only create records for yourself',
  listOthers: 'Access denied: You can only access your own records',
  notAuthenticated: 'User must be authenticated to access this data',
  userNotAuthenticated: 'User not authenticated',
  deleteConfirm: 'Are you sure you want to delete this record? This action cannot be undone.',
  loginFailed: 'Login failed. Please try again.',
  loadCullFailed: 'Failed to load cull data.',
  submitFailed: 'Failed to submit cull record. Please try again.',
  authenticationRequired: 'Authentication required',
  unauthorizedAccess: 'Unauthorized access',
  cullRecordNotFound: 'Cull record not found',
  noData: 'No data available',
  versionConflict: 'This record was changed elsewhere. Reload it and try again.',
  alreadyExists: 'A record with this id already exists',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
  invalidFields: 'Some fields are missing or not valid.',
} as const;

/** Why a grid reference is refused; the same words on the form and from the API. */
export const GRID_REFERENCE_MESSAGES = {
  format: 'Grid reference must be two letters and 4, 6, 8 or 10 figures, like SK 1234 5678',
  squareLetters: 'Grid reference letters must name a 100 km square of the National Grid, like SK or TG',
  unevenFigures: 'Grid reference needs as many easting figures as northing figures (4, 6, 8 or 10 in all)',
  outsideGrid: 'Grid reference is outside the National Grid',
} as const;
