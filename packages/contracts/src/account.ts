import { z } from 'zod';
import { userSubjectToken } from './events';
import { ACCOUNT_ERASURE_CONFIRMATION } from './account-words';

export {
  ACCOUNT_ERASURE_CONFIRMATION,
  ERASURE_MESSAGES,
  ERASURE_REAUTHENTICATION_PAGE,
  REAUTHENTICATION_FAILURES,
  REAUTHENTICATION_WINDOW_SECONDS,
  type ReauthenticationFailure,
} from './account-words';

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

/** `DELETE /api/account`: the confirmation the user typed. Anything but the word itself erases nothing. */
export const EraseAccountRequest = z.strictObject({
  confirmation: z.literal(ACCOUNT_ERASURE_CONFIRMATION, {
    error: `Type ${ACCOUNT_ERASURE_CONFIRMATION} to confirm`,
  }),
});
export type EraseAccountRequest = z.infer<typeof EraseAccountRequest>;

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
