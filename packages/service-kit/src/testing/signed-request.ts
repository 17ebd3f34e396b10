import { IDENTITY_HEADER, signIdentity } from '../identity';

/** An internal auth secret for tests, long enough to pass the config check. */
export const TEST_SECRET = 'a-test-secret-that-is-at-least-32-characters';

/** Headers the gateway would send for this user and request, signed with TEST_SECRET. */
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
