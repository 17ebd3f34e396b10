import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { TEAM_MESSAGES, TeamAccess, type Me } from '@cull-log/contracts';
import { HttpError } from './http-error';

/** The header in which the gateway sends the signed user identity to a service. */
export const IDENTITY_HEADER = 'x-cull-identity';

/** A signed identity is good for one minute: enough for a slow upstream hop, too short to be worth replaying. */
export const IDENTITY_TTL_SECONDS = 60;

/** Tolerated clock difference between gateway and service hosts when checking when a header was issued. */
const CLOCK_SKEW_SECONDS = 5;

/**
 * The signed-in user as services see it, the shape of `GET /api/me`; with `team` when the request reads a team
 * (`?team=`), the caller's place in it as the records service answered it to the gateway for this request.
 */
export interface Identity extends Me {
  team?: TeamAccess;
}

const IdentityPayload = z.strictObject({
  uid: z.string().min(1),
  display_name: z.string().nullable(),
  email: z.string().nullable(),
  team: TeamAccess.optional(),
  method: z.string().min(1),
  url: z.string().min(1),
  iat: z.number().int(),
  exp: z.number().int(),
});
type IdentityPayload = z.infer<typeof IdentityPayload>;

export type IdentityFailure = 'missing' | 'malformed' | 'bad_signature' | 'expired' | 'wrong_request';

/** Why a signed identity was refused; the reason is for logs, callers answer every case with the same 401. */
export class IdentityError extends Error {
  readonly reason: IdentityFailure;

  constructor(reason: IdentityFailure, message: string) {
    super(message);
    this.name = 'IdentityError';
    this.reason = reason;
  }
}

export interface SignIdentityOptions {
  secret: string;
  identity: Identity;
  /** HTTP method of the upstream request. */
  method: string;
  /** Path and query exactly as the service will receive them (after the gateway strips `/api`). */
  url: string;
  now?: Date;
}

export interface VerifyIdentityOptions {
  secret: string;
  header: string | string[] | undefined;
  method: string;
  url: string;
  now?: Date;
}

/** `base64url(JSON payload) + '.' + base64url(HMAC-SHA256(secret, first part))`. */
export function signIdentity({
  secret,
  identity,
  method,
  url,
  now = new Date(),
}: SignIdentityOptions): string {
  assertSecret(secret);
  const iat = toSeconds(now);
  const payload: IdentityPayload = {
    uid: identity.uid,
    display_name: identity.display_name,
    email: identity.email,
    ...(identity.team !== undefined && { team: identity.team }),
    method: method.toUpperCase(),
    url,
    iat,
    exp: iat + IDENTITY_TTL_SECONDS,
  };
  const encodedPayload = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${encodedPayload}.${sign(secret, encodedPayload).toString('base64url')}`;
}

/** Returns the identity when the header is genuine, unexpired and made for this method and URL; throws otherwise. */
export function verifyIdentity({
  secret,
  header,
  method,
  url,
  now = new Date(),
}: VerifyIdentityOptions): Identity {
  assertSecret(secret);
  if (header === undefined || header === '') throw new IdentityError('missing', 'No identity header');
  if (Array.isArray(header)) throw new IdentityError('malformed', 'More than one identity header');
  const parts = header.split('.');
  const [encodedPayload, encodedSignature] = parts;
  if (parts.length !== 2 || !encodedPayload || !encodedSignature) {
    throw new IdentityError('malformed', 'Identity header is not payload.signature');
  }
  // Compared as text, so a signature that only decodes to the right bytes (padding, stray characters) fails too.
  const expected = Buffer.from(sign(secret, encodedPayload).toString('base64url'));
  const given = Buffer.from(encodedSignature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new IdentityError('bad_signature', 'Identity signature does not match');
  }
  const payload = decodePayload(encodedPayload);
  const nowSeconds = toSeconds(now);
  if (payload.exp <= nowSeconds || payload.exp - payload.iat > IDENTITY_TTL_SECONDS) {
    throw new IdentityError('expired', 'Identity has expired');
  }
  if (payload.iat > nowSeconds + CLOCK_SKEW_SECONDS) {
    throw new IdentityError('expired', 'Identity was issued in the future');
  }
  if (payload.method !== method.toUpperCase() || payload.url !== url) {
    throw new IdentityError('wrong_request', 'Identity was signed for another request');
  }
  const { uid, display_name, email, team } = payload;
  return { uid, display_name, email, ...(team !== undefined && { team }) };
}

function decodePayload(encodedPayload: string): IdentityPayload {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(encodedPayload, 'base64url').toString('utf8'));
  } catch {
    throw new IdentityError('malformed', 'Identity payload is not JSON');
  }
  const parsed = IdentityPayload.safeParse(json);
  if (!parsed.success) throw new IdentityError('malformed', 'Identity payload has the wrong shape');
  return parsed.data;
}

function sign(secret: string, encodedPayload: string): Buffer {
  return createHmac('sha256', secret).update(encodedPayload).digest();
}

function assertSecret(secret: string): void {
  if (secret.length < 32) throw new Error('The internal auth secret must be at least 32 characters long');
}

function toSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/**
 * A read of a team's (`?team=`): the caller's place in the team as the gateway signed it into the identity for this
 * request, and the query without `team` for the route's own parsing. A `?team=` the identity does not carry (the
 * gateway asks the records service for every one) is a team the caller is not in, answered as one that does not
 * exist. Without `?team=`, `access` is undefined: the caller's own.
 */
export function teamAccessOf(request: { query: unknown; identity: Identity }): {
  access?: TeamAccess;
  query: Record<string, unknown>;
} {
  const { team, ...query } = (request.query ?? {}) as Record<string, unknown>;
  if (team === undefined) return { query };
  const access = request.identity.team;
  if (access === undefined || typeof team !== 'string' || access.team_id !== team) {
    throw new HttpError(404, 'not_found', TEAM_MESSAGES.notFound);
  }
  return { access, query };
}
