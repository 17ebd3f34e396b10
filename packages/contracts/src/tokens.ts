import { z } from 'zod';
import { refuseUnsafeText } from './validation';

/**
 * Personal access tokens: a user lets another tool of theirs (a script, a spreadsheet, a GIS) use the API as them,
 * with `Authorization: Bearer <token>`. A token reads, or reads and writes; it runs out after a number of days; it may
 * be held to one team. It never reaches sessions, tokens, the account download or erasure.
 */

export const TOKEN_SCOPES = ['read', 'write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** Every secret starts with this, so a token pasted somewhere it should not be is easy to spot (and to scan for). */
export const TOKEN_PREFIX = 'cull_pat_';

export const TOKEN_LIMITS = {
  name: 80,
  minDays: 1,
  /** A token runs for at most a year; the user makes a new one after that. */
  maxDays: 365,
  /** The expiries the screen offers. */
  dayChoices: [30, 90, 365],
  /** Live tokens one user may hold; more is more likely a leak than a need. */
  perUser: 20,
} as const;

export const TOKEN_MESSAGES = {
  name: 'Give the token a name, so you know which tool uses it',
  nameLength: `A token’s name is at most ${TOKEN_LIMITS.name} characters`,
  scope: 'Scope must be read or write',
  expiry: `A token runs for between ${TOKEN_LIMITS.minDays} and ${TOKEN_LIMITS.maxDays} days`,
  team: 'team must be a UUID',
  tooMany: `You already have ${TOKEN_LIMITS.perUser} tokens: revoke one you no longer use before you make another`,
  notFound: 'Token not found',
  /** The answer to a token that is unknown, revoked or past its expiry: nothing says which. */
  invalid:
    'This access token is not valid: it may have been revoked or have expired. Make a new one in Settings.',
  malformed: 'The Authorization header must be "Bearer" followed by a personal access token',
  readOnly: 'This access token may only read: make a token with read and write scope to change anything',
  sessionOnly:
    'Access tokens cannot reach sign-in, sessions, access tokens or your account’s download and erasure: use Cull Log in your browser',
  teamOnly:
    'This access token is held to one team: add ?team=<its id> to the request, or use a path under /api/teams/<its id>',
  shownOnce: 'Copy this token now: it will not be shown again.',
} as const;

export const TokenId = z.uuid({ error: 'Not a token id' });

/** Body of `POST /api/tokens`. */
export const CreateTokenRequest = z
  .strictObject({
    name: z
      .string({ error: TOKEN_MESSAGES.name })
      .trim()
      .min(1, { error: TOKEN_MESSAGES.name })
      .max(TOKEN_LIMITS.name, { error: TOKEN_MESSAGES.nameLength }),
    scope: z.enum(TOKEN_SCOPES, { error: TOKEN_MESSAGES.scope }),
    expires_in_days: z
      .number({ error: TOKEN_MESSAGES.expiry })
      .int({ error: TOKEN_MESSAGES.expiry })
      .min(TOKEN_LIMITS.minDays, { error: TOKEN_MESSAGES.expiry })
      .max(TOKEN_LIMITS.maxDays, { error: TOKEN_MESSAGES.expiry }),
    /** The one team the token is held to; without it the token reaches the user's own records and any team of theirs. */
    team: z.uuid({ error: TOKEN_MESSAGES.team }).optional(),
  })
  .superRefine(refuseUnsafeText);
export type CreateTokenRequest = z.infer<typeof CreateTokenRequest>;

/** One of the user's tokens, without its secret, as `GET /api/tokens` lists it. */
export const TokenSummary = z.object({
  id: TokenId,
  name: z.string(),
  scope: z.enum(TOKEN_SCOPES),
  /** The team the token is held to, or null. */
  team: z.uuid().nullable(),
  created_at: z.iso.datetime(),
  expires_at: z.iso.datetime(),
  /** Use is recorded at most once a minute, so this is within a minute of the last request. */
  last_used_at: z.iso.datetime().nullable(),
});
export type TokenSummary = z.infer<typeof TokenSummary>;

/** The answer to `POST /api/tokens`: the only time the secret is ever shown. */
export const CreateTokenResponse = TokenSummary.extend({
  token: z.string().startsWith(TOKEN_PREFIX),
});
export type CreateTokenResponse = z.infer<typeof CreateTokenResponse>;

/** `GET /api/tokens`: the user's live tokens, the newest first. */
export const ListTokensResponse = z.object({ items: z.array(TokenSummary) });
export type ListTokensResponse = z.infer<typeof ListTokensResponse>;
