import { z } from 'zod';
import { userSubjectToken } from './events';

/** The type of the event that says a user's account and everything in it has been erased. */
export const USER_ERASED_TYPE = 'user.erased.v1';

/**
 * A user erased their account: their records, events, projections and sessions are gone. Not an event of any
 * record's stream, and never in the event log (the log no longer holds anything of the user); only on the bus,
 * so that every consumer downstream erases what it holds of `userId` too.
 */
export const UserErased = z.object({
  id: z.string().min(1),
  type: z.literal(USER_ERASED_TYPE),
  userId: z.string().min(1),
  occurredAt: z.iso.datetime(),
  meta: z.object({ correlationId: z.string() }),
});
export type UserErased = z.infer<typeof UserErased>;

/** Every subject of one user on the stream: what the bus purges when the user is erased. */
export function userSubjectFilter(userId: string): string {
  return `culls.v1.${userSubjectToken(userId)}.>`;
}

/** culls.v1.<userId>.erased: after the purge, the one message of the user left on the stream. */
export function userErasedSubject(userId: string): string {
  return `culls.v1.${userSubjectToken(userId)}.erased`;
}

/** `UserErased` from bytes off the wire, or undefined when they are something else. */
export function parseUserErased(value: unknown): UserErased | undefined {
  const parsed = UserErased.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** What the user types to confirm that their account is to be erased; the server checks it as well as the page. */
export const ACCOUNT_ERASURE_CONFIRMATION = 'DELETE';

/** `DELETE /api/account`: the confirmation the user typed. Anything but the word itself erases nothing. */
export const EraseAccountRequest = z.strictObject({
  confirmation: z.literal(ACCOUNT_ERASURE_CONFIRMATION, {
    error: `Type ${ACCOUNT_ERASURE_CONFIRMATION} to confirm`,
  }),
});
export type EraseAccountRequest = z.infer<typeof EraseAccountRequest>;

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
} as const;

/** Where signing in again for the erasure lands: the account page, with the deletion dialog open. */
export const ERASURE_REAUTHENTICATION_PAGE = '/your-data?delete=account';

/**
 * Why signing in again did not count, in `&reauthentication=` on that page: the provider signed in another account,
 * the provider did not ask for the password again (its sign-in is not recent), or the sign-in itself failed.
 */
export const REAUTHENTICATION_FAILURES = ['other_account', 'not_fresh', 'failed'] as const;
export type ReauthenticationFailure = (typeof REAUTHENTICATION_FAILURES)[number];

/** `DELETE /api/account`: what went, for the page that says so. */
export const AccountErasedResponse = z.object({
  erased: z.literal(true),
  /** How many events of the user's records were deleted from the log. */
  events: z.number().int().min(0),
});
export type AccountErasedResponse = z.infer<typeof AccountErasedResponse>;

/**
 * A trained-hunter declaration in the user's download (`declarations.json`), as the register keeps it: its number
 * (the user's own, 1, 2, 3...), when it was first issued, the dealer it went to and the records it declared.
 */
export const AccountDeclaration = z.object({
  number: z.number().int().min(1),
  issued_at: z.iso.datetime(),
  dealer: z.string(),
  record_ids: z.array(z.string()),
});
export type AccountDeclaration = z.infer<typeof AccountDeclaration>;
