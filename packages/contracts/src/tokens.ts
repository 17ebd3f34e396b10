import { z } from 'zod';
import { TOKEN_LIMITS, TOKEN_MESSAGES, TOKEN_PREFIX, TOKEN_SCOPES } from './token-words';
import { refuseUnsafeText } from './validation';

/**
 * Personal access tokens: a user lets another tool of theirs (a script, a spreadsheet, a GIS) use the API as them,
 * with `Authorization: Bearer <token>`. A token reads, or reads and writes; it runs out after a number of days; it may
 * be held to one team. It never reaches sessions, tokens, the account download or erasure.
 */

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
