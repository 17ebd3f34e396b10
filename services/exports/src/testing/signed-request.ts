import { IDENTITY_HEADER, signIdentity } from '@cull-log/service-kit';

export const TEST_SECRET = 'a-test-secret-that-is-at-least-32-characters';

/** Headers the gateway would send for this user and request. */
export function identityHeaders(uid: string, url: string, now: Date, method = 'GET') {
  return {
    [IDENTITY_HEADER]: signIdentity({
      secret: TEST_SECRET,
      identity: { uid, display_name: uid, email: `${uid}@example.org` },
      method,
      url,
      now,
    }),
  };
}
