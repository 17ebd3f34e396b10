import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ERASURE_MESSAGES, MESSAGES } from '@cull-log/contracts';
import {
  buildTestGateway,
  DAY_MS,
  DEV_ORIGIN,
  devConfig,
  devReauthenticate,
  devSignIn,
  fakeClock,
  sessionCookieOf,
  type TestGateway,
} from '../testing/gateway-harness';
import type { BudgetCounter } from '../budgets/budget-counter';
import { openSqliteBudgetCounter } from '../budgets/sqlite-budget-counter';
import { developmentUid } from './auth-routes';

let gateway: TestGateway | undefined;
afterEach(async () => {
  await gateway?.close();
  gateway = undefined;
});

async function start(...args: Parameters<typeof buildTestGateway>) {
  gateway = await buildTestGateway(...args);
  return gateway.app;
}

async function me(app: TestGateway['app'], cookie: string) {
  return app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
}

describe('GET /auth/options', () => {
  it('tells the web client that only development sign-in is available in dev mode', async () => {
    const app = await start();
    const response = await app.inject({ method: 'GET', url: '/auth/options' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ google: false, dev: true });
  });
});

describe('GET /auth/session', () => {
  it('answers 200 with no user to a visitor who is not signed in, and sets no cookie', async () => {
    const app = await start();
    const response = await app.inject({ method: 'GET', url: '/auth/session' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: null });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('answers the signed-in user as /api/me does, and no user once they have signed out', async () => {
    const app = await start();
    const cookie = await devSignIn(app);
    const session = await app.inject({ method: 'GET', url: '/auth/session', headers: { cookie } });
    expect(session.json()).toEqual({ user: (await me(app, cookie)).json() });
    expect(session.json().user.uid).toBe(developmentUid('ada@example.org'));

    await app.inject({ method: 'POST', url: '/auth/logout', headers: { cookie, origin: DEV_ORIGIN } });
    const after = await app.inject({ method: 'GET', url: '/auth/session', headers: { cookie } });
    expect(after.json()).toEqual({ user: null });
  });
});

describe('POST /auth/dev/login', () => {
  it('signs in, answers like /api/me and sets an httpOnly SameSite=Lax session cookie', async () => {
    const app = await start();
    const response = await app.inject({
      method: 'POST',
      url: '/auth/dev/login',
      headers: { origin: DEV_ORIGIN },
      payload: { name: 'Ada Stalker', email: 'ada@example.org' },
    });
    expect(response.statusCode).toBe(200);
    const user = {
      uid: developmentUid('ada@example.org'),
      display_name: 'Ada Stalker',
      email: 'ada@example.org',
    };
    expect(response.json()).toEqual(user);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^cull_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toContain('Secure');
    expect(setCookie).toContain(`Max-Age=${90 * 24 * 60 * 60}`);
    const current = await me(app, sessionCookieOf(response.headers['set-cookie']));
    expect(current.statusCode).toBe(200);
    expect(current.json()).toEqual(user);
  });

  it('gives the same user id to the same e-mail address at every sign-in', () => {
    expect(developmentUid(' Ada@Example.org ')).toBe(developmentUid('ada@example.org'));
    expect(developmentUid('bob@example.org')).not.toBe(developmentUid('ada@example.org'));
  });

  it('answers 400 with field messages for a bad e-mail address and signs nobody in', async () => {
    const app = await start();
    const response = await app.inject({
      method: 'POST',
      url: '/auth/dev/login',
      headers: { origin: DEV_ORIGIN },
      payload: { name: '', email: 'not-an-address' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
    expect(response.json().error.fields).toMatchObject({
      name: 'Name is required',
      email: 'Enter a valid e-mail address',
    });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a name holding a control character or a text-direction override and signs nobody in', async () => {
    const app = await start();
    for (const name of ['Ada\u0000', 'Ada \u202Ekcalb']) {
      const response = await app.inject({
        method: 'POST',
        url: '/auth/dev/login',
        headers: { origin: DEV_ORIGIN },
        payload: { name, email: 'ada@example.org' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ name: MESSAGES.unsafeText });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('does not exist when the gateway runs with Google sign-in only', async () => {
    const app = await start({
      config: devConfig({
        authMode: 'google',
        google: {
          clientId: 'client',
          clientSecret: 'secret',
          provider: {
            issuers: ['http://127.0.0.1:9'],
            authorizationEndpoint: 'http://127.0.0.1:9/authorize',
            tokenEndpoint: 'http://127.0.0.1:9/token',
            jwksUri: 'http://127.0.0.1:9/jwks',
          },
        },
      }),
    });
    const response = await app.inject({
      method: 'POST',
      url: '/auth/dev/login',
      headers: { origin: DEV_ORIGIN },
      payload: { name: 'Mallory', email: 'mallory@example.org' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect((await app.inject({ method: 'GET', url: '/auth/options' })).json()).toEqual({
      google: true,
      dev: false,
    });
  });

  it('issues a new session id at sign-in and kills the one the browser had', async () => {
    const app = await start();
    const first = await devSignIn(app);
    const second = await devSignIn(app, { name: 'Ada Stalker', email: 'ada@example.org' }, first);
    expect(second).not.toBe(first);
    expect((await me(app, second)).statusCode).toBe(200);
    expect((await me(app, first)).statusCode).toBe(401);
  });
});

describe('POST /auth/dev/reauthenticate', () => {
  const reauthenticate = (app: TestGateway['app'], email: string, cookie?: string) =>
    app.inject({
      method: 'POST',
      url: '/auth/dev/reauthenticate',
      headers: { origin: DEV_ORIGIN, ...(cookie === undefined ? {} : { cookie }) },
      payload: { email },
    });

  it('with the signed-in e-mail address records when, in a new session of the same user', async () => {
    const clock = fakeClock();
    const app = await start({ now: clock.now });
    const signedIn = await devSignIn(app);
    const uid = developmentUid('ada@example.org');
    expect((await gateway!.sessions.listByUser(uid)).map((session) => session.reauthenticatedAt)).toEqual([
      null,
    ]);
    clock.advance(60_000);

    const again = await devReauthenticate(app, signedIn, 'Ada@Example.org');

    expect(again).not.toBe(signedIn);
    expect((await me(app, signedIn)).statusCode).toBe(401);
    expect((await me(app, again)).json()).toEqual({
      uid,
      display_name: 'Ada Stalker',
      email: 'ada@example.org',
    });
    expect((await gateway!.sessions.listByUser(uid)).map((session) => session.reauthenticatedAt)).toEqual([
      clock.now(),
    ]);
  });

  it('refuses another e-mail address with 403 and leaves the session as it was', async () => {
    const app = await start();
    const signedIn = await devSignIn(app);

    const response = await reauthenticate(app, 'mallory@example.org', signedIn);

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: 'forbidden', message: ERASURE_MESSAGES.otherEmail } });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect((await me(app, signedIn)).statusCode).toBe(200);
    const [session] = await gateway!.sessions.listByUser(developmentUid('ada@example.org'));
    expect(session?.reauthenticatedAt).toBeNull();
  });

  it('answers 401 to someone not signed in, and 400 to a bad address, signing nobody in', async () => {
    const app = await start();
    const anonymous = await reauthenticate(app, 'ada@example.org');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['set-cookie']).toBeUndefined();
    const signedIn = await devSignIn(app);
    expect((await reauthenticate(app, 'not an address', signedIn)).statusCode).toBe(400);
    expect((await me(app, signedIn)).statusCode).toBe(200);
  });
});

describe('POST /auth/logout', () => {
  it('destroys the session on the server, so the old cookie no longer works', async () => {
    const app = await start();
    const cookie = await devSignIn(app);
    const response = await app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie, origin: DEV_ORIGIN },
    });
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(/^cull_session=;.*Expires=Thu, 01 Jan 1970/);
    const replay = await me(app, cookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({
      error: { code: 'not_authenticated', message: MESSAGES.notAuthenticated },
    });
  });

  it('answers 204 without a session', async () => {
    const app = await start();
    const response = await app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { origin: DEV_ORIGIN },
    });
    expect(response.statusCode).toBe(204);
  });

  it("tells the browser to drop its cache, so the next person on the device is not shown the last user's photos", async () => {
    const app = await start();
    const cookie = await devSignIn(app);
    const response = await app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie, origin: DEV_ORIGIN },
    });
    expect(response.headers['clear-site-data']).toBe('"cache"');
  });

  it('has the browser drop its cache on a sign-in too, for the user before who never signed out', async () => {
    const app = await start();
    const response = await app.inject({
      method: 'POST',
      url: '/auth/dev/login',
      headers: { origin: DEV_ORIGIN, 'content-type': 'application/json' },
      payload: { name: 'Ada Stalker', email: 'ada@example.org' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['clear-site-data']).toBe('"cache"');
  });
});

describe('session timeouts', () => {
  it('an idle session ends after 30 days without use', async () => {
    const clock = fakeClock();
    const app = await start({ now: clock.now });
    const cookie = await devSignIn(app);
    clock.advance(29 * DAY_MS);
    expect((await me(app, cookie)).statusCode).toBe(200);
    clock.advance(30 * DAY_MS);
    expect((await me(app, cookie)).statusCode).toBe(401);
  });

  it('a session used every week still ends 90 days after sign-in', async () => {
    const clock = fakeClock();
    const app = await start({ now: clock.now });
    const cookie = await devSignIn(app);
    for (let day = 1; day < 90; day += 7) {
      clock.advance(7 * DAY_MS);
      const response = await me(app, cookie);
      expect(response.statusCode, `after ${day + 6} days`).toBe(day + 6 < 90 ? 200 : 401);
    }
    clock.advance(DAY_MS);
    expect((await me(app, cookie)).statusCode).toBe(401);
  });
});

describe('cross-site request refusal', () => {
  const payload = { name: 'Ada Stalker', email: 'ada@example.org' };

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Origin null', { origin: 'null' }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site', origin: DEV_ORIGIN }],
    ['Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
    ['neither Origin nor Sec-Fetch-Site', {}],
  ])('refuses a sign-in carrying %s with 403', async (_label, headers: Record<string, string>) => {
    const app = await start();
    const response = await app.inject({ method: 'POST', url: '/auth/dev/login', headers, payload });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('forbidden');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a cross-site logout, so a foreign page cannot sign the user out', async () => {
    const app = await start();
    const cookie = await devSignIn(app);
    const response = await app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    expect((await me(app, cookie)).statusCode).toBe(200);
  });

  it('accepts a request the browser marks same-origin (the development proxy changes Origin)', async () => {
    const app = await start();
    const response = await app.inject({
      method: 'POST',
      url: '/auth/dev/login',
      headers: { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:5173' },
      payload,
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 rate_limited once a client exceeds the sign-in limit', async () => {
    const app = await start({
      config: devConfig({ rateLimits: { signInPerMinute: 3, writesPerMinute: 100 } }),
    });
    for (let attempt = 0; attempt < 3; attempt += 1) await devSignIn(app);
    const response = await app.inject({
      method: 'POST',
      url: '/auth/dev/login',
      headers: { origin: DEV_ORIGIN },
      payload: { name: 'Ada Stalker', email: 'ada@example.org' },
    });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({
      error: { code: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' },
    });
    expect(response.headers['retry-after']).toBeDefined();
  });

  it('is one budget for every replica of the gateway, kept in the store they share', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'gateway-budgets-'));
    const config = devConfig({ rateLimits: { signInPerMinute: 3, writesPerMinute: 100 } });
    const counters = [1, 2].map(() => openSqliteBudgetCounter({ file: join(folder, 'budgets.db') }));
    const replicas = [
      await buildTestGateway({ config, budgets: counters[0] }),
      await buildTestGateway({ config, budgets: counters[1] }),
    ];
    try {
      // Three sign-ins, spread over both replicas, use the address's budget up; the fourth is refused by either.
      await devSignIn(replicas[0]!.app);
      await devSignIn(replicas[1]!.app);
      await devSignIn(replicas[0]!.app);
      for (const replica of replicas) {
        const response = await replica.app.inject({
          method: 'POST',
          url: '/auth/dev/login',
          headers: { origin: DEV_ORIGIN },
          payload: { name: 'Ada Stalker', email: 'ada@example.org' },
        });
        expect(response.statusCode).toBe(429);
      }
    } finally {
      for (const replica of replicas) await replica.close();
      for (const counter of counters) await counter.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('lets sign-in go on when the shared budgets cannot be counted', async () => {
    const broken: BudgetCounter = {
      take: () => Promise.reject(new Error('the budget store is down')),
      hold: () => Promise.reject(new Error('the budget store is down')),
      release: () => Promise.reject(new Error('the budget store is down')),
      purgeEnded: async () => 0,
      ping: async () => {},
      close: async () => {},
    };
    const app = await start({ budgets: broken });
    expect((await me(app, await devSignIn(app))).statusCode).toBe(200);
  });
});
