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

const DiscoveryDocument = z.object({
  issuer: z.url(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
});

/** Reads a provider's endpoints from its discovery document. */
export async function discoverOidcProvider(issuerUrl: string): Promise<OidcProvider> {
  const base = issuerUrl.endsWith('/') ? issuerUrl : `${issuerUrl}/`;
  const response = await fetch(new URL('.well-known/openid-configuration', base));
  if (!response.ok) throw new Error(`OpenID discovery at ${issuerUrl} answered ${response.status}`);
  const document = DiscoveryDocument.parse(await response.json());
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

const IdTokenClaims = z.object({
  sub: z.string().min(1),
  nonce: z.string().optional(),
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  name: z.string().optional(),
});

export interface IdTokenVerifier {
  verify(idToken: string, expectedNonce: string): Promise<SessionUser>;
}

/** Checks signature (provider keys), issuer, audience, expiry, nonce and a verified e-mail address. */
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
          requiredClaims: ['exp', 'iat', 'sub'],
          // Phones and servers disagree by a few seconds; more than that is a stale token.
          clockTolerance: 30,
        }));
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw new IdTokenError('token_expired', error.message);
        if (error instanceof joseErrors.JOSEError) throw new IdTokenError('invalid_token', error.message);
        throw error;
      }
      const claims = IdTokenClaims.safeParse(payload);
      if (!claims.success) throw new IdTokenError('invalid_token', 'ID token claims have the wrong shape');
      const { sub, nonce, email, email_verified, name } = claims.data;
      if (nonce === undefined || nonce !== expectedNonce) {
        throw new IdTokenError('nonce_mismatch', 'ID token nonce does not match this sign-in');
      }
      if (email === undefined || (email_verified !== true && email_verified !== 'true')) {
        throw new IdTokenError('email_not_verified', 'The e-mail address is not verified');
      }
      return { uid: sub, display_name: name ?? null, email };
    },
  };
}
