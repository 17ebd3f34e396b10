import { createHash } from 'node:crypto';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import { z } from 'zod';
import type { SessionUser } from '../sessions/session-store';

/** Where an OpenID provider lives: Google in production, a local provider in tests. */
export interface OidcProvider {
  /** Accepted `iss` values of ID tokens. */
  issuers: string[];
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
}

/** Google's published endpoints (https://accounts.google.com/.well-known/openid-configuration). */
export const GOOGLE_PROVIDER: OidcProvider = {
  // Google documents both spellings of its issuer.
  issuers: ['https://accounts.google.com', 'accounts.google.com'],
  authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenEndpoint: 'https://oauth2.googleapis.com/token',
  jwksUri: 'https://www.googleapis.com/oauth2/v3/certs',
};

/**
 * The user id of a provider's account, from the issuer and the subject it assigned. Google's accounts keep their bare
 * subject, the id their records already carry; any other provider's subject is hashed with its issuer, so the same
 * subject from two providers is two users and a change of provider cannot hand one user another's records.
 */
export function userIdFor(issuer: string, subject: string): string {
  if (GOOGLE_PROVIDER.issuers.includes(issuer)) return subject;
  return `oidc-${createHash('sha256').update(`${issuer}\n${subject}`).digest('hex')}`;
}

const DiscoveryDocument = z.object({
  issuer: z.url(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
});

/**
 * Reads a provider's endpoints from its discovery document. The document must name the configured URL as its
 * issuer, or a document served elsewhere could make the gateway believe another issuer's tokens.
 */
export async function discoverOidcProvider(issuerUrl: string): Promise<OidcProvider> {
  const base = issuerUrl.endsWith('/') ? issuerUrl : `${issuerUrl}/`;
  const response = await fetch(new URL('.well-known/openid-configuration', base));
  if (!response.ok) throw new Error(`OpenID discovery at ${issuerUrl} answered ${response.status}`);
  const document = DiscoveryDocument.parse(await response.json());
  if (document.issuer !== issuerUrl) {
    throw new Error(
      `OpenID discovery at ${issuerUrl} names the issuer ${document.issuer}; OIDC_ISSUER_URL must be exactly the issuer`,
    );
  }
  return {
    issuers: [document.issuer],
    authorizationEndpoint: document.authorization_endpoint,
    tokenEndpoint: document.token_endpoint,
    jwksUri: document.jwks_uri,
  };
}

/** Why an ID token was refused; the reason ends up in `/login?error=<reason>`. */
export type IdTokenFailure = 'token_expired' | 'invalid_token' | 'nonce_mismatch' | 'email_not_verified';

export class IdTokenError extends Error {
  constructor(
    readonly reason: IdTokenFailure,
    message: string,
  ) {
    super(message);
    this.name = 'IdTokenError';
  }
}

/** Providers sign ID tokens with RS256 (Google does); any other algorithm in a token is refused. */
export const ID_TOKEN_ALGORITHMS = ['RS256'];
/** Clocks disagree by a few seconds; more than this is a stale or forged token. */
const CLOCK_TOLERANCE_SECONDS = 30;
/** An ID token is checked just after it is issued, at the token exchange; an older one is a replay. */
export const ID_TOKEN_MAX_AGE_SECONDS = 5 * 60;

const IdTokenClaims = z.object({
  iss: z.string().min(1),
  sub: z.string().min(1),
  aud: z.union([z.string(), z.array(z.string())]),
  azp: z.string().optional(),
  nonce: z.string().optional(),
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  name: z.string().optional(),
  /** When the user last entered their credentials at the provider; present when `max_age` was asked for. */
  auth_time: z.number().int().nonnegative().optional(),
});

/** Who signed in, and when they last proved it to the provider (`auth_time`), when the token says. */
export interface VerifiedSignIn {
  user: SessionUser;
  authenticatedAt: Date | null;
}

export interface IdTokenVerifier {
  verify(idToken: string, expectedNonce: string): Promise<VerifiedSignIn>;
}

/**
 * Checks signature (provider keys, RS256 only), issuer, audience (ours alone, and `azp` ours when present),
 * issue time (not in the future, not older than five minutes), expiry, nonce and a verified e-mail address.
 */
export function createIdTokenVerifier({
  provider,
  clientId,
  now,
}: {
  provider: OidcProvider;
  clientId: string;
  now: () => Date;
}): IdTokenVerifier {
  // Keys are fetched once, cached, and fetched again when a token names a key id not yet seen (rotation).
  const keys = createRemoteJWKSet(new URL(provider.jwksUri));
  return {
    async verify(idToken, expectedNonce) {
      let payload: unknown;
      try {
        ({ payload } = await jwtVerify(idToken, keys, {
          issuer: provider.issuers,
          audience: clientId,
          currentDate: now(),
          algorithms: ID_TOKEN_ALGORITHMS,
          requiredClaims: ['exp', 'iat', 'sub'],
          // With a maximum age jose also refuses an `iat` in the future beyond the tolerance.
          maxTokenAge: ID_TOKEN_MAX_AGE_SECONDS,
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
        }));
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw new IdTokenError('token_expired', error.message);
        if (error instanceof joseErrors.JOSEError) throw new IdTokenError('invalid_token', error.message);
        throw error;
      }
      const claims = IdTokenClaims.safeParse(payload);
      if (!claims.success) throw new IdTokenError('invalid_token', 'ID token claims have the wrong shape');
      const { iss, sub, aud, azp, nonce, email, email_verified, name, auth_time } = claims.data;
      // Another audience beside ours means the token was also made for a client we do not trust.
      if ((Array.isArray(aud) ? aud : [aud]).some((audience) => audience !== clientId)) {
        throw new IdTokenError('invalid_token', 'ID token names an audience other than this client');
      }
      if (azp !== undefined && azp !== clientId) {
        throw new IdTokenError('invalid_token', 'ID token was issued to another party (azp)');
      }
      if (nonce === undefined || nonce !== expectedNonce) {
        throw new IdTokenError('nonce_mismatch', 'ID token nonce does not match this sign-in');
      }
      if (email === undefined || (email_verified !== true && email_verified !== 'true')) {
        throw new IdTokenError('email_not_verified', 'The e-mail address is not verified');
      }
      return {
        user: { uid: userIdFor(iss, sub), display_name: name ?? null, email },
        authenticatedAt: auth_time === undefined ? null : new Date(auth_time * 1000),
      };
    },
  };
}
