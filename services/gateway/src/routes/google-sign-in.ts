import { randomBytes } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import fastifyOauth2, { type OAuth2Namespace } from '@fastify/oauth2';
import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import {
  ERASURE_REAUTHENTICATION_PAGE,
  landingAfterSignIn,
  REAUTHENTICATION_WINDOW_SECONDS,
  type ReauthenticationFailure,
} from '@cull-log/contracts';
import { createIdTokenVerifier, IdTokenError, type VerifiedSignIn } from '../auth/oidc-provider';
import type { GoogleSettings } from '../config';

export interface GoogleSignInOptions {
  google: GoogleSettings;
  publicUrl: string;
  production: boolean;
  now: () => Date;
  /** The one sign-in budget, shared with the development sign-in. */
  signInLimit: preHandlerAsyncHookHandler;
}

export const GOOGLE_CALLBACK_PATH = '/auth/google/callback';
/** A sign-in has this long between leaving for Google and coming back. */
const SIGN_IN_WINDOW_SECONDS = 10 * 60;
/** Clocks disagree by a few seconds: an `auth_time` this far ahead of ours is still taken as now. */
const AUTH_TIME_TOLERANCE_MS = 30_000;

/**
 * Whether the provider's `auth_time` says the user entered their credentials within the re-authentication window:
 * a provider that let them through on an older sign-in, or did not say when, has not asked them again.
 */
export function isFreshAuthentication(authenticatedAt: Date, now: Date): boolean {
  const age = now.getTime() - authenticatedAt.getTime();
  return age <= REAUTHENTICATION_WINDOW_SECONDS * 1000 && age >= -AUTH_TIME_TOLERANCE_MS;
}

export type SignInFailure =
  | 'access_denied'
  | 'provider_error'
  | 'invalid_request'
  | 'state_mismatch'
  | 'token_exchange_failed'
  | 'token_expired'
  | 'invalid_token'
  | 'nonce_mismatch'
  | 'email_not_verified';

const CallbackQuery = z.object({
  code: z.string().min(1).max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
});

/**
 * Google sign-in, OpenID Connect authorization code flow with PKCE (S256), state and nonce. State and PKCE
 * verifier live in signed cookies kept by @fastify/oauth2, the nonce in one of ours, all for ten minutes.
 *
 * `/auth/google?reauth=1` is the signed-in user signing in again before erasing their account: Google is asked to
 * ask for the password again (`prompt=login`, `max_age`), the account that comes back must be the session's own and
 * its `auth_time` within five minutes, and the new session records that time.
 */
export const googleSignIn: FastifyPluginAsync<GoogleSignInOptions> = async (app, options) => {
  const { google, publicUrl, production, now, signInLimit } = options;
  const authorization = new URL(google.provider.authorizationEndpoint);
  const token = new URL(google.provider.tokenEndpoint);
  const flowCookie: CookieSerializeOptions = {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: production,
    path: '/auth/google',
    maxAge: SIGN_IN_WINDOW_SECONDS,
  };

  await app.register(fastifyOauth2, {
    name: 'googleOAuth2',
    scope: ['openid', 'email', 'profile'],
    credentials: {
      client: { id: google.clientId, secret: google.clientSecret },
      auth: {
        authorizeHost: authorization.origin,
        authorizePath: authorization.pathname,
        tokenHost: token.origin,
        tokenPath: token.pathname,
      },
      options: { authorizationMethod: 'body' },
    },
    callbackUri: `${publicUrl}${GOOGLE_CALLBACK_PATH}`,
    pkce: 'S256',
    cookie: flowCookie,
    hostPrefixedCookies: production,
  });
  const oauth = app.getDecorator<OAuth2Namespace>('googleOAuth2');
  const verifier = createIdTokenVerifier({ provider: google.provider, clientId: google.clientId, now });
  const nonceCookie = production ? '__Secure-cull_signin_nonce' : 'cull_signin_nonce';
  // Where to land after signing in (an invitation being opened), kept across the round trip to Google.
  const landingCookie = production ? '__Secure-cull_signin_landing' : 'cull_signin_landing';
  // Marks the round trip as the signed-in user signing in again, not a sign-in.
  const reauthenticationCookie = production ? '__Secure-cull_reauthentication' : 'cull_reauthentication';

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/auth/google', { onRequest: signInLimit }, async (request, reply) => {
    const reauthentication = (request.query as { reauth?: unknown }).reauth === '1';
    // Only someone signed in can sign in again; anyone else is sent to sign in.
    if (reauthentication && (await app.sessions.current(request)) === undefined)
      return reply.redirect('/login');
    const nonce = randomBytes(24).toString('base64url');
    const uri = new URL(await oauth.generateAuthorizationUri(request, reply));
    uri.searchParams.set('nonce', nonce);
    reply.setCookie(nonceCookie, nonce, flowCookie);
    if (reauthentication) {
      uri.searchParams.set('prompt', 'login');
      uri.searchParams.set('max_age', String(REAUTHENTICATION_WINDOW_SECONDS));
      reply.setCookie(reauthenticationCookie, '1', flowCookie);
    } else reply.clearCookie(reauthenticationCookie, flowCookie);
    const landing = landingAfterSignIn((request.query as { next?: unknown }).next);
    if (landing === '/dashboard') reply.clearCookie(landingCookie, flowCookie);
    else reply.setCookie(landingCookie, landing, flowCookie);
    return reply.redirect(uri.href);
  });

  app.get(GOOGLE_CALLBACK_PATH, { onRequest: signInLimit }, async (request, reply) => {
    const signedReauthentication = request.cookies[reauthenticationCookie];
    reply.clearCookie(reauthenticationCookie, flowCookie);
    const reauthentication =
      signedReauthentication !== undefined && request.unsignCookie(signedReauthentication).valid;
    const refuseReauthentication = (failure: ReauthenticationFailure) =>
      reply.redirect(`${ERASURE_REAUTHENTICATION_PAGE}&reauthentication=${failure}`);
    const fail = (reason: SignInFailure, details: Record<string, unknown> = {}) => {
      request.log.warn({ reason, reauthentication, ...details }, 'sign-in failed');
      // The user signing in again is still signed in: they go back to the page they came from, told it failed.
      if (reauthentication) return refuseReauthentication('failed');
      return reply.redirect(`/login?error=${reason}`);
    };
    const signedNonce = request.cookies[nonceCookie];
    reply.clearCookie(nonceCookie, flowCookie);
    const signedLanding = request.cookies[landingCookie];
    reply.clearCookie(landingCookie, flowCookie);

    const query = CallbackQuery.safeParse(request.query);
    if (!query.success) return fail('invalid_request');
    if (query.data.error !== undefined) {
      return fail(query.data.error === 'access_denied' ? 'access_denied' : 'provider_error');
    }
    if (query.data.code === undefined) return fail('invalid_request');

    let idToken: string | undefined;
    try {
      idToken = (await oauth.getAccessTokenFromAuthorizationCodeFlow(request, reply)).token.id_token;
    } catch (error) {
      if (isStateError(error)) return fail('state_mismatch');
      return fail('token_exchange_failed', tokenExchangeFailure(error));
    }
    if (idToken === undefined) return fail('invalid_token');
    const nonce = signedNonce === undefined ? undefined : request.unsignCookie(signedNonce);
    if (nonce === undefined || !nonce.valid || nonce.value === null) return fail('nonce_mismatch');

    let verified: VerifiedSignIn;
    try {
      verified = await verifier.verify(idToken, nonce.value);
    } catch (error) {
      if (error instanceof IdTokenError) return fail(error.reason, { detail: error.message });
      throw error;
    }
    const { user, authenticatedAt } = verified;
    if (reauthentication) {
      const current = await app.sessions.current(request);
      // The session ended while they were away (signed out elsewhere): there is no one to sign in again.
      if (current === undefined) return reply.redirect('/login');
      // Another account coming back leaves the session as it was: it proves nothing about its user.
      if (current.user.uid !== user.uid) {
        request.log.warn({ userId: current.user.uid }, 'signing in again brought back another account');
        return refuseReauthentication('other_account');
      }
      if (authenticatedAt === null || !isFreshAuthentication(authenticatedAt, now())) {
        request.log.warn({ userId: user.uid, authenticatedAt }, 'signing in again was not a fresh sign-in');
        return refuseReauthentication('not_fresh');
      }
      await app.sessions.signIn(request, reply, user, authenticatedAt);
      request.log.info({ userId: user.uid }, 'signed in again with Google');
      return reply.redirect(ERASURE_REAUTHENTICATION_PAGE);
    }
    await app.sessions.signIn(request, reply, user);
    request.log.info({ userId: user.uid }, 'signed in with Google');
    const landing = signedLanding === undefined ? undefined : request.unsignCookie(signedLanding);
    return reply.redirect(landingAfterSignIn(landing?.valid ? landing.value : undefined));
  });
};

/** An OAuth error answer of the token endpoint: `{ "error": "invalid_grant", … }`. */
const ProviderErrorAnswer = z.object({ error: z.string().regex(/^[\x20-\x7e]{1,64}$/) });

/**
 * What is worth logging of a failed token exchange: the provider's OAuth error code and HTTP status, or the
 * system's code when the provider could not be reached. The HTTP client's error carries the request it made
 * (with the client secret in its body) and the raw response, none of which belongs in a log.
 */
export function tokenExchangeFailure(error: unknown): Record<string, string | number> {
  const failure: Record<string, string | number> = {};
  if (typeof error !== 'object' || error === null) return failure;
  const { output, data } = error as { output?: { statusCode?: unknown }; data?: unknown };
  const payload =
    typeof data === 'object' && data !== null ? (data as { payload?: unknown }).payload : undefined;
  const answer = ProviderErrorAnswer.safeParse(parsedPayload(payload));
  if (answer.success) failure.providerError = answer.data.error;
  const isResponse = typeof data === 'object' && data !== null && 'isResponseError' in data;
  if (isResponse && typeof output?.statusCode === 'number') failure.providerStatus = output.statusCode;
  const code =
    (typeof data === 'object' && data !== null ? (data as { code?: unknown }).code : undefined) ??
    (error as { code?: unknown }).code;
  if (!isResponse && typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code)) failure.networkError = code;
  return failure;
}

function parsedPayload(payload: unknown): unknown {
  if (!Buffer.isBuffer(payload) && typeof payload !== 'string') return payload;
  try {
    return JSON.parse(payload.toString()) as unknown;
  } catch {
    return undefined;
  }
}

function isStateError(error: unknown): boolean {
  return error instanceof Error && error.message === 'Invalid state';
}
