import { afterEach, describe, expect, it } from 'vitest';
import { SessionsResponse } from '@cull-log/contracts';
import { DEFAULT_SESSION_POLICY } from '../sessions/session-manager';
import {
  buildTestGateway,
  DEV_ORIGIN,
  devConfig,
  fakeClock,
  sessionCookieOf,
  type TestGateway,
} from '../testing/gateway-harness';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0';
const ann = { name: 'Ann Stalker', email: 'ann@example.org' };
const bob = { name: 'Bob Keeper', email: 'bob@example.org' };

let gateway: TestGateway | undefined;
afterEach(async () => {
  await gateway?.close();
  gateway = undefined;
});

async function start(overrides: Parameters<typeof buildTestGateway>[0] = {}) {
  gateway = await buildTestGateway(overrides);
  return gateway.app;
}

type App = TestGateway['app'];

async function signIn(app: App, user: typeof ann, userAgent?: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/dev/login',
    headers: { origin: DEV_ORIGIN, ...(userAgent === undefined ? {} : { 'user-agent': userAgent }) },
    payload: user,
  });
  expect(response.statusCode).toBe(200);
  return sessionCookieOf(response.headers['set-cookie']);
}

async function listSessions(app: App, cookie: string) {
  const response = await app.inject({ method: 'GET', url: '/api/sessions', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return SessionsResponse.parse(response.json()).sessions;
}

const endSession = (app: App, cookie: string, id: string) =>
  app.inject({ method: 'DELETE', url: `/api/sessions/${id}`, headers: { cookie, origin: DEV_ORIGIN } });

const meStatus = async (app: App, cookie: string) =>
  (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode;

describe('GET /api/sessions', () => {
  it("lists the user's sessions with device, browser, sign-in and last-seen times, marking this one", async () => {
    const clock = fakeClock(new Date('2025-06-01T08:00:00Z'));
    const app = await start({ now: clock.now });
    const phone = await signIn(app, ann, PHONE);
    clock.advance(2 * 60 * 60 * 1000);
    const laptop = await signIn(app, ann, LAPTOP);
    await signIn(app, bob, PHONE);

    expect(await listSessions(app, phone)).toEqual([
      {
        id: expect.any(String),
        device: 'Mac',
        browser: 'Firefox',
        signed_in_at: '2025-06-01T10:00:00.000Z',
        last_seen_at: '2025-06-01T10:00:00.000Z',
        current: false,
      },
      {
        id: expect.any(String),
        device: 'Android phone',
        browser: 'Chrome',
        signed_in_at: '2025-06-01T08:00:00.000Z',
        // This very request is activity more than an hour after the last one recorded.
        last_seen_at: '2025-06-01T10:00:00.000Z',
        current: true,
      },
    ]);
    const fromLaptop = await listSessions(app, laptop);
    expect(fromLaptop.map(({ current }) => current)).toEqual([true, false]);
  });

  it('shows a session whose browser sent no user agent as an unknown device', async () => {
    const app = await start();
    const cookie = await signIn(app, ann);
    expect(await listSessions(app, cookie)).toMatchObject([
      { device: 'Unknown device', browser: 'Unknown browser', current: true },
    ]);
  });

  it('answers 401 without a session', async () => {
    const app = await start();
    const response = await app.inject({ method: 'GET', url: '/api/sessions' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('not_authenticated');
  });
});

describe('DELETE /api/sessions/:id', () => {
  it('signs one other device out at once and leaves this one signed in', async () => {
    const app = await start();
    const phone = await signIn(app, ann, PHONE);
    const laptop = await signIn(app, ann, LAPTOP);
    const [laptopSession] = (await listSessions(app, phone)).filter(({ current }) => !current);
    if (laptopSession === undefined) throw new Error('expected the laptop session');

    const response = await endSession(app, phone, laptopSession.id);
    expect(response.statusCode).toBe(204);
    expect(await meStatus(app, laptop)).toBe(401);
    expect(await meStatus(app, phone)).toBe(200);
    expect((await listSessions(app, phone)).map(({ id }) => id)).not.toContain(laptopSession.id);
  });

  it("answers 404 for another user's session and leaves it alone", async () => {
    const app = await start();
    const annCookie = await signIn(app, ann, PHONE);
    const bobCookie = await signIn(app, bob, LAPTOP);
    const [bobSession] = await listSessions(app, bobCookie);
    if (bobSession === undefined) throw new Error('expected a session');

    const response = await endSession(app, annCookie, bobSession.id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'not_found', message: 'That session has already ended.' },
    });
    expect(await meStatus(app, bobCookie)).toBe(200);
  });

  it('answers 400 in the error shape for something that is not a session id, and ends nothing', async () => {
    const app = await start();
    const cookie = await signIn(app, ann);
    const response = await endSession(app, cookie, 'not%20an%20id');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('bad_request');
    expect(await meStatus(app, cookie)).toBe(200);
  });

  it("ending this browser's own session signs it out", async () => {
    const app = await start();
    const cookie = await signIn(app, ann);
    const [own] = await listSessions(app, cookie);
    if (own === undefined) throw new Error('expected a session');
    const response = await endSession(app, cookie, own.id);
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(/cull_session=;/);
    expect(await meStatus(app, cookie)).toBe(401);
  });

  it('is refused from another site like every write', async () => {
    const app = await start();
    const phone = await signIn(app, ann, PHONE);
    await signIn(app, ann, LAPTOP);
    const [other] = (await listSessions(app, phone)).filter(({ current }) => !current);
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/sessions/${other?.id}`,
      headers: { cookie: phone, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(await listSessions(app, phone)).toHaveLength(2);
  });
});

describe('DELETE /api/sessions', () => {
  it("signs every other device of the user out, and nobody else's", async () => {
    const app = await start();
    const phone = await signIn(app, ann, PHONE);
    const laptop = await signIn(app, ann, LAPTOP);
    const tablet = await signIn(app, ann);
    const bobCookie = await signIn(app, bob);

    const response = await app.inject({
      method: 'DELETE',
      url: '/api/sessions',
      headers: { cookie: tablet, origin: DEV_ORIGIN },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ended: 2 });
    expect([await meStatus(app, phone), await meStatus(app, laptop)]).toEqual([401, 401]);
    expect(await meStatus(app, tablet)).toBe(200);
    expect(await meStatus(app, bobCookie)).toBe(200);
    expect(await listSessions(app, tablet)).toMatchObject([{ current: true }]);
  });
});

describe('the cap on sessions', () => {
  it('ends the oldest session when a sign-in passes the cap', async () => {
    const clock = fakeClock();
    const app = await start({
      now: clock.now,
      config: devConfig({ sessionPolicy: { ...DEFAULT_SESSION_POLICY, maxSessionsPerUser: 2 } }),
    });
    const first = await signIn(app, ann, PHONE);
    clock.advance(1000);
    const second = await signIn(app, ann, LAPTOP);
    clock.advance(1000);
    const third = await signIn(app, ann);
    expect(await meStatus(app, first)).toBe(401);
    expect([await meStatus(app, second), await meStatus(app, third)]).toEqual([200, 200]);
    expect(await listSessions(app, third)).toHaveLength(2);
  });
});
