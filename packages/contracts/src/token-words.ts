/**
 * The words and bounds of personal access tokens, without zod: what the settings screen shows and checks as it opens
 * (the schemas of tokens.ts come with the check of an answer).
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
    'This access token is not valid: it may have been revoked or have expired. Make a new one under Your data in Cull Log.',
  malformed: 'The Authorization header must be "Bearer" followed by a personal access token',
  readOnly: 'This access token may only read: make a token with read and write scope to change anything',
  sessionOnly:
    'Access tokens cannot reach sign-in, sessions, access tokens or your account’s download and erasure: use Cull Log in your browser',
  teamOnly:
    'This access token is held to one team: add ?team=<its id> to the request, or use a path under /api/teams/<its id>',
  teamWriteOnly:
    'This access token is held to one team: it may change only what lies under /api/teams/<its id>, since a record’s own ground, not the address, says whose it is',
  shownOnce: 'Copy this token now: it will not be shown again.',
} as const;
