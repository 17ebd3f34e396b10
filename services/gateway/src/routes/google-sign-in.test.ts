import { OAuth2Server, type MutableResponse, type MutableToken } from 'oauth2-mock-server';
import { ERASURE_REAUTHENTICATION_PAGE } from '@cull-log/contracts';
import { createLogger } from '@cull-log/service-kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { discoverOidcProvider, userIdFor, type OidcProvider } from '../auth/oidc-provider';
import {
  buildTestGateway,
  devConfig,
  sessionCookieOf,
  SESSION_SECRET,
  type TestGateway,
} from '../testing/gateway-harness';
import type { GatewayConfig } from '../config';

const CLIENT_ID = 'cull-log-test.apps.example';
const PUBLIC_URL = 'https://cull-log.test';
const PRODUCTION_COOKIE = '__Host-cull_session';

let provider: OAuth2Server;
let discovered: OidcProvider;
let gateway: TestGateway | undefined;
/** Changes made to the next ID token the provider signs (only the ID token: it has no `scope`). */
let idTokenChanges: (payload: MutableToken['payload']) => void = () => {};

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token: MutableToken) => {
    if (token.payload.scope !== undefined) return;
    Object.assign(token.payload, { email: 'ada@example.org', email_verified: true, name: 'Ada Stalker' });
    idTokenChanges(token.payload);
  });
  discovered = await discoverOidcProvider(provider.issuer.url as string);
});
afterAll(async () => {
  await provider.stop();
});
afterEach(async () => {
  idTokenChanges = () => {};
  await gateway?.close();
  gateway = undefined;
});

/** A logger whose JSON lines the test reads. */
function capturedLogs() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    name: 'gateway-test',
    level: 'info',
    destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  return { logger, lines };
}

function googleConfig(overrides: Partial<GatewayConfig> = {}): GatewayConfig {
  return devConfig({
    authMode: 'google',
    production: true,
    publicUrl: PUBLIC_URL,
    sessionSecret: SESSION_SECRET,
    google: { clientId: CLIENT_ID, clientSecret: 'client-secret', provider: discovered },
    ...overrides,
  });
}

async function startGateway(overrides: Partial<GatewayConfig> = {}) {
  gateway = await buildTestGateway({ config: googleConfig(overrides) });
  return gateway.app;
}

function cookieHeader(setCookie: string | string[] | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie === undefined ? [] : [setCookie];
  return cookies.map((cookie) => cookie.split(';')[0]).join('; ');
}

interface FlowOptions {
  /** Where the browser starts the flow (with `?next=` to land somewhere after signing in). */
  startUrl?: string;
  /** Cookies the browser already has (an earlier session). */
  existingCookie?: string;
  changeCallback?: (callback: URL) => void;
  dropFlowCookies?: boolean;
}

/** Runs the browser's part: start at the gateway, visit the provider, come back to the callback. */
async function signInWithGoogle(app: TestGateway['app'], options: FlowOptions = {}) {
  const start = await app.inject({
    method: 'GET',
    url: options.startUrl ?? '/auth/google',
    headers: options.existingCookie === undefined ? {} : { cookie: options.existingCookie },
  });
  expect(start.statusCode).toBe(302);
  const authorizationUrl = new URL(String(start.headers.location));
  const atProvider = await fetch(authorizationUrl, { redirect: 'manual' });
  const callback = new URL(String(atProvider.headers.get('location')));
  options.changeCallback?.(callback);
  const flowCookies = options.dropFlowCookies ? '' : cookieHeader(start.headers['set-cookie']);
  const cookie = [options.existingCookie, flowCookies].filter(Boolean).join('; ');
  const done = await app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: cookie === '' ? {} : { cookie },
  });
  return { start, authorizationUrl, callback, done };
}

function expectFailure(done: Awaited<ReturnType<typeof signInWithGoogle>>['done'], reason: string) {
  expect(done.statusCode).toBe(302);
  expect(done.headers.location).toBe(`/login?error=${reason}`);
  const setCookie = [done.headers['set-cookie'] ?? []].flat();
  expect(setCookie.some((cookie) => cookie.startsWith(`${PRODUCTION_COOKIE}=`))).toBe(false);
}

describe('Google sign-in', () => {
  it('lands on the invitation being opened when asked to, and on the dashboard for any other place', async () => {
    const app = await startGateway();
    const invitation =
      '/invites/7b1d0c52-3a1e-4c9b-9a52-1d3f0e7b6a01.NMhYgHFV2QxuAQh5oYUZWWfCKzNDrr70U5xzFCfTtF8';
    const landed = await signInWithGoogle(app, {
      startUrl: `/auth/google?next=${encodeURIComponent(invitation)}`,
    });
    expect(landed.done.headers.location).toBe(invitation);
    for (const elsewhere of [
      'https://evil.example/invites/x',
      '//evil.example',
      '/account',
      '/invites/../account',
    ]) {
      const flow = await signInWithGoogle(app, {
        startUrl: `/auth/google?next=${encodeURIComponent(elsewhere)}`,
      });
      expect(flow.done.headers.location, elsewhere).toBe('/dashboard');
    }
  });

  it('sends the browser to the provider with PKCE S256, state, nonce and the OpenID scopes', async () => {
    const app = await startGateway();
    const start = await app.inject({ method: 'GET', url: '/auth/google' });
    expect(start.statusCode).toBe(302);
    const url = new URL(String(start.headers.location));
    expect(`${url.origin}${url.pathname}`).toBe(discovered.authorizationEndpoint);
    const query = Object.fromEntries(url.searchParams);
    expect(query).toMatchObject({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: `${PUBLIC_URL}/auth/google/callback`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(query.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(query.state).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(query.nonce).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const setCookie = [start.headers['set-cookie'] ?? []].flat().join('\n');
    expect(setCookie).toMatch(/__Host-oauth2-redirect-state=.*HttpOnly/);
    expect(setCookie).toMatch(/__Host-oauth2-code-verifier=.*Secure/);
    expect(setCookie).toMatch(/__Secure-cull_signin_nonce=.*Max-Age=600/);
  });

  it('signs in with a verified Google account and lands on /dashboard', async () => {
    const app = await startGateway();
    const { done } = await signInWithGoogle(app);
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/dashboard');
    const cookie = sessionCookieOf(done.headers['set-cookie'], PRODUCTION_COOKIE);
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      uid: userIdFor(discovered.issuers[0]!, 'johndoe'),
      display_name: 'Ada Stalker',
      email: 'ada@example.org',
    });
  });

  it('sets a __Host- session cookie that is Secure, httpOnly and SameSite=Lax in production', async () => {
    const app = await startGateway();
    const { done } = await signInWithGoogle(app);
    const setCookie = [done.headers['set-cookie'] ?? []]
      .flat()
      .find((cookie) => cookie.startsWith(`${PRODUCTION_COOKIE}=`));
    expect(setCookie).toBeDefined();
    expect(setCookie).toContain('Secure');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toContain('Domain=');
  });

  it('issues a new session id at every sign-in and destroys the previous session', async () => {
    const app = await startGateway();
    const first = sessionCookieOf(
      (await signInWithGoogle(app)).done.headers['set-cookie'],
      PRODUCTION_COOKIE,
    );
    const again = await signInWithGoogle(app, { existingCookie: first });
    const second = sessionCookieOf(again.done.headers['set-cookie'], PRODUCTION_COOKIE);
    expect(second).not.toBe(first);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: first } })).statusCode).toBe(
      401,
    );
    expect(
      (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: second } })).statusCode,
    ).toBe(200);
  });

  it('refuses a tampered state', async () => {
    const app = await startGateway();
    const { done } = await signInWithGoogle(app, {
      changeCallback: (callback) => callback.searchParams.set('state', 'attacker-chosen-state'),
    });
    expectFailure(done, 'state_mismatch');
  });

  it('refuses a callback in a browser that did not start the sign-in', async () => {
    const app = await startGateway();
    const { done } = await signInWithGoogle(app, { dropFlowCookies: true });
    expectFailure(done, 'state_mismatch');
  });

  it('refuses an ID token made for another client (wrong audience)', async () => {
    const app = await startGateway();
    idTokenChanges = (payload) => {
      payload.aud = 'someone-elses-client';
    };
    expectFailure((await signInWithGoogle(app)).done, 'invalid_token');
  });

  it('refuses an ID token also made for another client (an extra audience)', async () => {
    const app = await startGateway();
    idTokenChanges = (payload) => {
      payload.aud = [CLIENT_ID, 'untrusted-client'];
      payload.azp = CLIENT_ID;
    };
    expectFailure((await signInWithGoogle(app)).done, 'invalid_token');
  });

  it('refuses an ID token authorised for another party (azp)', async () => {
    const app = await startGateway();
    idTokenChanges = (payload) => {
      payload.aud = [CLIENT_ID];
      payload.azp = 'someone-elses-client';
    };
    expectFailure((await signInWithGoogle(app)).done, 'invalid_token');
  });

  it('accepts an ID token whose azp is this client', async () => {
    const app = await startGateway();
    idTokenChanges = (payload) => {
      payload.aud = [CLIENT_ID];
      payload.azp = CLIENT_ID;
    };
    expect((await signInWithGoogle(app)).done.headers.location).toBe('/dashboard');
  });

  it('refuses an ID token issued in the future beyond a small clock skew', async () => {
    const app = await startGateway();
    idTokenChanges = (payload) => {
      const now = Math.floor(Date.now() / 1000);
      // Only the issue time is wrong: the token is already valid (nbf) and far from expiry.
      Object.assign(payload, { iat: now + 120, nbf: now, exp: now + 3600 });
    };
    expectFailure((await signInWithGoogle(app)).done, 'invalid_token');
  });

  it('accepts an ID token issued a few seconds in the future (clock skew)', async () => {
    const app = await startGateway();
    idTokenChanges = (payload) => {
      const now = Math.floor(Date.now() / 1000);
      Object.assign(payload, { iat: now + 10, nbf: now, exp: now + 3600 });
    };
    expect((await signInWithGoogle(app)).done.headers.location).toBe('/dashboard');
  });

  it('refuses an ID token issued long ago, even when it has not expired', async () => {
    const app = await startGateway();
    idTokenChanges = (payload) => {
      const twentyMinutesAgo = Math.floor(Date.now() / 1000) - 20 * 60;
      Object.assign(payload, { iat: twentyMinutesAgo, nbf: twentyMinutesAgo, exp: twentyMinutesAgo + 3600 });
    };
    expectFailure((await signInWithGoogle(app)).done, 'token_expired');
  });

  it('refuses an ID token signed with an algorithm other than RS256', async () => {
    const ellipticProvider = new OAuth2Server();
    await ellipticProvider.issuer.keys.generate('ES256');
    await ellipticProvider.start(0, '127.0.0.1');
    try {
      ellipticProvider.service.on('beforeTokenSigning', (token: MutableToken) => {
        Object.assign(token.payload, { email: 'ada@example.org', email_verified: true });
      });
      const app = await startGateway({
        google: {
          clientId: CLIENT_ID,
          clientSecret: 'client-secret',
          provider: await discoverOidcProvider(ellipticProvider.issuer.url as string),
        },
      });
      expectFailure((await signInWithGoogle(app)).done, 'invalid_token');
    } finally {
      await ellipticProvider.stop();
    }
  });

  it('refuses an ID token from another issuer', async () => {
    const app = await startGateway();
    idTokenChanges = (payload) => {
      payload.iss = 'https://issuer.evil.example';
    };
    expectFailure((await signInWithGoogle(app)).done, 'invalid_token');
  });

  it('refuses an expired ID token', async () => {
    const app = await startGateway();
    idTokenChanges = (payload) => {
      const hourAgo = Math.floor(Date.now() / 1000) - 3600;
      Object.assign(payload, { iat: hourAgo - 60, nbf: hourAgo - 60, exp: hourAgo });
    };
    expectFailure((await signInWithGoogle(app)).done, 'token_expired');
  });

  it('refuses an ID token that is expired by the gateway clock', async () => {
    gateway = await buildTestGateway({
      config: googleConfig(),
      now: () => new Date(Date.now() + 2 * 60 * 60 * 1000),
    });
    expectFailure((await signInWithGoogle(gateway.app)).done, 'token_expired');
  });

  it('refuses an account whose e-mail address is not verified', async () => {
    const app = await startGateway();
    idTokenChanges = (payload) => {
      payload.email_verified = false;
    };
    expectFailure((await signInWithGoogle(app)).done, 'email_not_verified');
  });

  it('refuses an ID token whose nonce belongs to another sign-in', async () => {
    const app = await startGateway();
    idTokenChanges = (payload) => {
      payload.nonce = 'nonce-of-another-sign-in';
    };
    expectFailure((await signInWithGoogle(app)).done, 'nonce_mismatch');
  });

  it('sends the user back to /login when they cancel at the provider', async () => {
    const app = await startGateway();
    const { done } = await signInWithGoogle(app, {
      changeCallback: (callback) => {
        callback.searchParams.delete('code');
        callback.searchParams.set('error', 'access_denied');
      },
    });
    expectFailure(done, 'access_denied');
  });

  it('reports a provider that cannot be reached for the token as a failed sign-in', async () => {
    const app = await startGateway({
      google: {
        clientId: CLIENT_ID,
        clientSecret: 'client-secret',
        provider: { ...discovered, tokenEndpoint: 'http://127.0.0.1:9/token' },
      },
    });
    expectFailure((await signInWithGoogle(app)).done, 'token_exchange_failed');
  });

  it("logs the provider's error code when it refuses the code, and nothing of the HTTP client", async () => {
    const { logger, lines } = capturedLogs();
    gateway = await buildTestGateway({ config: googleConfig(), logger });
    provider.service.once('beforeResponse', (tokenEndpointResponse: MutableResponse) => {
      tokenEndpointResponse.body = {
        error: 'invalid_grant',
        error_description: 'Code was already redeemed.',
      };
      tokenEndpointResponse.statusCode = 400;
    });
    expectFailure((await signInWithGoogle(gateway.app)).done, 'token_exchange_failed');
    const failure = lines.find((line) => line.msg === 'sign-in failed');
    expect(failure).toMatchObject({
      reason: 'token_exchange_failed',
      providerError: 'invalid_grant',
      providerStatus: 400,
    });
    expect(failure).not.toHaveProperty('err');
    expect(JSON.stringify(lines)).not.toMatch(/client-secret|code_verifier|redirect_uri/);
  });

  it('logs the system error code when the provider cannot be reached for the token', async () => {
    const { logger, lines } = capturedLogs();
    gateway = await buildTestGateway({
      config: googleConfig({
        google: {
          clientId: CLIENT_ID,
          clientSecret: 'client-secret',
          provider: { ...discovered, tokenEndpoint: 'http://127.0.0.1:9/token' },
        },
      }),
      logger,
    });
    expectFailure((await signInWithGoogle(gateway.app)).done, 'token_exchange_failed');
    expect(lines.find((line) => line.msg === 'sign-in failed')).toMatchObject({
      reason: 'token_exchange_failed',
      networkError: 'ECONNREFUSED',
    });
    expect(JSON.stringify(lines)).not.toMatch(/client-secret|code_verifier/);
  });

  it('answers 429 rate_limited when one client starts too many sign-ins', async () => {
    const app = await startGateway({ rateLimits: { signInPerMinute: 2, writesPerMinute: 100 } });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await app.inject({ method: 'GET', url: '/auth/google' })).statusCode).toBe(302);
    }
    const limited = await app.inject({ method: 'GET', url: '/auth/google' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
  });

  it('draws starting, finishing and the development sign-in from one budget per client address', async () => {
    const app = await startGateway({
      authMode: 'dev',
      production: false,
      rateLimits: { signInPerMinute: 4, writesPerMinute: 100 },
    });
    const devSignIn = () =>
      app.inject({
        method: 'POST',
        url: '/auth/dev/login',
        headers: { origin: PUBLIC_URL },
        payload: { name: 'Ada Stalker', email: 'ada@example.org' },
      });
    expect((await signInWithGoogle(app)).done.headers.location).toBe('/dashboard');
    expect((await devSignIn()).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/auth/google' })).statusCode).toBe(302);

    const callback = await app.inject({ method: 'GET', url: '/auth/google/callback?code=c&state=s' });
    for (const limited of [
      await devSignIn(),
      callback,
      await app.inject({ method: 'GET', url: '/auth/google' }),
    ]) {
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('rate_limited');
    }
    const fromElsewhere = await app.inject({
      method: 'GET',
      url: '/auth/google',
      remoteAddress: '192.0.2.7',
    });
    expect(fromElsewhere.statusCode).toBe(302);
  });

  it('tells the web client that Google sign-in is available and development sign-in is not', async () => {
    const app = await startGateway();
    expect((await app.inject({ method: 'GET', url: '/auth/options' })).json()).toEqual({
      google: true,
      dev: false,
    });
  });
});

describe('OpenID discovery', () => {
  it('reads the endpoints of a provider whose document names the configured issuer', async () => {
    const issuer = provider.issuer.url as string;
    expect(await discoverOidcProvider(issuer)).toMatchObject({
      issuers: [issuer],
      tokenEndpoint: `${issuer}/token`,
    });
  });

  it('refuses a provider whose document names another issuer than the configured one', async () => {
    const impostor = new OAuth2Server();
    await impostor.issuer.keys.generate('RS256');
    await impostor.start(0, '127.0.0.1');
    const configured = impostor.issuer.url as string;
    impostor.issuer.url = 'https://accounts.google.com';
    try {
      await expect(discoverOidcProvider(configured)).rejects.toThrow(
        'names the issuer https://accounts.google.com; OIDC_ISSUER_URL must be exactly the issuer',
      );
    } finally {
      await impostor.stop();
    }
  });
});

describe('signing in again with Google before erasing the account', () => {
  const johndoe = () => userIdFor(discovered.issuers[0]!, 'johndoe');
  const secondsAgo = (seconds: number) => Math.floor(Date.now() / 1000) - seconds;
  const me = (app: TestGateway['app'], cookie: string) =>
    app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  const reauthenticatedAt = async () =>
    (await gateway!.sessions.listByUser(johndoe())).map((session) => session.reauthenticatedAt);

  async function signedIn(app: TestGateway['app']) {
    return sessionCookieOf((await signInWithGoogle(app)).done.headers['set-cookie'], PRODUCTION_COOKIE);
  }

  function expectRefused(done: Awaited<ReturnType<typeof signInWithGoogle>>['done'], failure: string) {
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe(`${ERASURE_REAUTHENTICATION_PAGE}&reauthentication=${failure}`);
    const setCookie = [done.headers['set-cookie'] ?? []].flat();
    expect(setCookie.some((cookie) => cookie.startsWith(`${PRODUCTION_COOKIE}=`))).toBe(false);
  }

  it('asks the provider for the password again, then keeps its auth_time in a new session of the same user', async () => {
    const app = await startGateway();
    const first = await signedIn(app);
    expect(await reauthenticatedAt()).toEqual([null]);
    const authTime = secondsAgo(20);
    idTokenChanges = (payload) => {
      payload.auth_time = authTime;
    };

    const flow = await signInWithGoogle(app, { startUrl: '/auth/google?reauth=1', existingCookie: first });

    expect(flow.authorizationUrl.searchParams.get('prompt')).toBe('login');
    expect(flow.authorizationUrl.searchParams.get('max_age')).toBe('300');
    expect(flow.done.headers.location).toBe(ERASURE_REAUTHENTICATION_PAGE);
    const again = sessionCookieOf(flow.done.headers['set-cookie'], PRODUCTION_COOKIE);
    expect(again).not.toBe(first);
    expect((await me(app, first)).statusCode).toBe(401);
    expect((await me(app, again)).json()).toMatchObject({ uid: johndoe() });
    expect(await reauthenticatedAt()).toEqual([new Date(authTime * 1000)]);
  });

  it('a sign-in that is not a signing in again asks for no password and records none', async () => {
    const app = await startGateway();
    idTokenChanges = (payload) => {
      payload.auth_time = secondsAgo(5);
    };
    const { authorizationUrl } = await signInWithGoogle(app);
    expect(authorizationUrl.searchParams.has('prompt')).toBe(false);
    expect(authorizationUrl.searchParams.has('max_age')).toBe(false);
    expect(await reauthenticatedAt()).toEqual([null]);
  });

  it('another account coming back is refused and the session stays as it was', async () => {
    const app = await startGateway();
    const first = await signedIn(app);
    idTokenChanges = (payload) => {
      payload.sub = 'someone-else';
      payload.auth_time = secondsAgo(5);
    };

    const { done } = await signInWithGoogle(app, {
      startUrl: '/auth/google?reauth=1',
      existingCookie: first,
    });

    expectRefused(done, 'other_account');
    expect((await me(app, first)).json()).toMatchObject({ uid: johndoe() });
    expect(await reauthenticatedAt()).toEqual([null]);
    expect(await gateway!.sessions.listByUser(userIdFor(discovered.issuers[0]!, 'someone-else'))).toEqual([]);
  });

  it('a provider that let the user through on an older sign-in, or did not say when, is refused', async () => {
    const app = await startGateway();
    const first = await signedIn(app);
    for (const change of [
      (payload: MutableToken['payload']) => {
        payload.auth_time = secondsAgo(6 * 60);
      },
      (payload: MutableToken['payload']) => {
        delete payload.auth_time;
      },
    ]) {
      idTokenChanges = change;
      const { done } = await signInWithGoogle(app, {
        startUrl: '/auth/google?reauth=1',
        existingCookie: first,
      });
      expectRefused(done, 'not_fresh');
    }
    expect((await me(app, first)).statusCode).toBe(200);
    expect(await reauthenticatedAt()).toEqual([null]);
  });

  it('a round trip that fails goes back to the account page, still signed in', async () => {
    const app = await startGateway();
    const first = await signedIn(app);
    const { done } = await signInWithGoogle(app, {
      startUrl: '/auth/google?reauth=1',
      existingCookie: first,
      changeCallback: (callback) => {
        callback.search = `?error=access_denied&state=${callback.searchParams.get('state') ?? ''}`;
      },
    });
    expectRefused(done, 'failed');
    expect((await me(app, first)).statusCode).toBe(200);
  });

  it('someone not signed in is sent to sign in instead', async () => {
    const app = await startGateway();
    const start = await app.inject({ method: 'GET', url: '/auth/google?reauth=1' });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe('/login');
  });
});
