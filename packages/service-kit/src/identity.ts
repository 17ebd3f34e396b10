import { createHash, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { TEAM_MESSAGES, TeamAccess, type Me } from '@cull-log/contracts';
import { HttpError } from './http-error';

/** The header in which the gateway sends the signed user identity to a service. */
export const IDENTITY_HEADER = 'x-cull-identity';

/**
 * A signed identity is good for 30 seconds: enough for a slow upstream hop (the request is signed as it leaves the
 * gateway), and the time for which each service remembers the header's id to refuse it a second time.
 */
export const IDENTITY_TTL_SECONDS = 30;

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
  /** The one service the header is for (`records`, `stats`, `exports`). */
  aud: z.string().min(1),
  method: z.string().min(1),
  url: z.string().min(1),
  /** base64url SHA-256 of the body the gateway sent (of no bytes when it sent none). */
  body_sha256: z.string().length(43),
  /** The header's own id: a service takes each id once. */
  jti: z.string().min(16).max(64),
  iat: z.number().int(),
  exp: z.number().int(),
});
type IdentityPayload = z.infer<typeof IdentityPayload>;

export type IdentityFailure =
  | 'missing'
  | 'malformed'
  | 'bad_signature'
  | 'expired'
  | 'wrong_audience'
  | 'wrong_request'
  | 'wrong_body'
  | 'replayed';

/** Why a signed identity was refused; the reason is for logs, callers answer every case with the same 401. */
export class IdentityError extends Error {
  readonly reason: IdentityFailure;

  constructor(reason: IdentityFailure, message: string) {
    super(message);
    this.name = 'IdentityError';
    this.reason = reason;
  }
}

/** base64url SHA-256 of a body as the identity header carries it; no body is the digest of no bytes. */
export function bodyDigestOf(body: Uint8Array | string | undefined): string {
  return createHash('sha256')
    .update(body ?? '')
    .digest('base64url');
}

export interface SignIdentityOptions {
  /** The gateway's Ed25519 private key (see `identityPrivateKey`). */
  privateKey: KeyObject;
  /** The service the request goes to; no other service takes the header. */
  audience: string;
  identity: Identity;
  /** HTTP method of the upstream request. */
  method: string;
  /** Path and query exactly as the service will receive them (after the gateway strips `/api`). */
  url: string;
  /** The body exactly as sent to the service; none for a request without one. */
  body?: Uint8Array | string;
  now?: Date;
}

export interface VerifyIdentityOptions {
  /** The gateway's Ed25519 public key (see `identityPublicKey`). */
  publicKey: KeyObject;
  /** This service's name: a header made for another service is refused. */
  audience: string;
  header: string | string[] | undefined;
  method: string;
  url: string;
  now?: Date;
}

/** A header that held: who is calling, and what the service still checks once the body has come. */
export interface VerifiedIdentity {
  identity: Identity;
  /** The header's id, to be taken once. */
  id: string;
  /** When the header expires, in seconds since the epoch: its id need not be remembered after then. */
  expiresAt: number;
  /** base64url SHA-256 the body must have. */
  bodyDigest: string;
}

/** `base64url(JSON payload) + '.' + base64url(Ed25519 signature of the first part)`. */
export function signIdentity({
  privateKey,
  audience,
  identity,
  method,
  url,
  body,
  now = new Date(),
}: SignIdentityOptions): string {
  const iat = toSeconds(now);
  const payload: IdentityPayload = {
    uid: identity.uid,
    display_name: identity.display_name,
    email: identity.email,
    ...(identity.team !== undefined && { team: identity.team }),
    aud: audience,
    method: method.toUpperCase(),
    url,
    body_sha256: bodyDigestOf(body),
    jti: randomBytes(16).toString('base64url'),
    iat,
    exp: iat + IDENTITY_TTL_SECONDS,
  };
  const encodedPayload = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const signature = sign(null, Buffer.from(encodedPayload), privateKey);
  return `${encodedPayload}.${signature.toString('base64url')}`;
}

/**
 * Checks the header is genuine, unexpired, made for this service and for this method and URL; throws otherwise. The
 * body digest and the id are the caller's to check (`internalAuth` does both), as they need the body and a memory.
 */
export function verifyIdentity({
  publicKey,
  audience,
  header,
  method,
  url,
  now = new Date(),
}: VerifyIdentityOptions): VerifiedIdentity {
  if (header === undefined || header === '') throw new IdentityError('missing', 'No identity header');
  if (Array.isArray(header)) throw new IdentityError('malformed', 'More than one identity header');
  const parts = header.split('.');
  const [encodedPayload, encodedSignature] = parts;
  if (parts.length !== 2 || !encodedPayload || !encodedSignature) {
    throw new IdentityError('malformed', 'Identity header is not payload.signature');
  }
  const signature = Buffer.from(encodedSignature, 'base64url');
  // Compared as text too, so a signature that only decodes to the right bytes (stray characters) fails.
  if (
    signature.toString('base64url') !== encodedSignature ||
    !verifies(encodedPayload, signature, publicKey)
  ) {
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
  if (payload.aud !== audience) {
    throw new IdentityError('wrong_audience', 'Identity was signed for another service');
  }
  if (payload.method !== method.toUpperCase() || payload.url !== url) {
    throw new IdentityError('wrong_request', 'Identity was signed for another request');
  }
  const { uid, display_name, email, team } = payload;
  return {
    identity: { uid, display_name, email, ...(team !== undefined && { team }) },
    id: payload.jti,
    expiresAt: payload.exp,
    bodyDigest: payload.body_sha256,
  };
}

function verifies(encodedPayload: string, signature: Buffer, publicKey: KeyObject): boolean {
  try {
    return verify(null, Buffer.from(encodedPayload), publicKey, signature);
  } catch {
    // A signature of the wrong length, or a key that is not a public key.
    return false;
  }
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

export function toSeconds(date: Date): number {
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
