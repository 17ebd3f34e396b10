// The erasure's plain words and constants, apart from the schemas in account.ts, so that a screen that shows them
// builds no schema (the web's build puts this file with the contracts' other words).

/** What the user types to confirm that their account is to be erased; the server checks it as well as the page. */
export const ACCOUNT_ERASURE_CONFIRMATION = 'DELETE';

/**
 * An account is erased only within this long of the user signing in again for it (ASVS 7.5): whoever finds a
 * signed-in browser cannot erase its owner's records without their Google password (or, in development, their
 * e-mail address).
 */
export const REAUTHENTICATION_WINDOW_SECONDS = 5 * 60;

/** What the server says when the erasure is refused for want of a fresh sign-in, or signing in again is refused. */
export const ERASURE_MESSAGES = {
  reauthenticationRequired:
    'To delete your account, sign in again first: it shows that it is you, and not someone using your device.',
  otherEmail: 'That is not the e-mail address you are signed in with.',
  inProgress: 'Your account is being deleted.',
} as const;

/** Where signing in again for the erasure lands: the account page, with the deletion dialog open. */
export const ERASURE_REAUTHENTICATION_PAGE = '/your-data?delete=account';

/**
 * Why signing in again did not count, in `&reauthentication=` on that page: the provider signed in another account,
 * the provider did not ask for the password again (its sign-in is not recent), or the sign-in itself failed.
 */
export const REAUTHENTICATION_FAILURES = ['other_account', 'not_fresh', 'failed'] as const;
export type ReauthenticationFailure = (typeof REAUTHENTICATION_FAILURES)[number];
