import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateTokenResponse,
  ListTokensResponse,
  TOKEN_LIMITS,
  TOKEN_MESSAGES,
  TOKEN_PREFIX,
} from '@cull-log/contracts';
import { createLogger } from '@cull-log/service-kit';
import {
  buildTestGateway,
  DAY_MS,
  DEV_ORIGIN,
  devConfig,
  devReauthenticate,
  devSignIn,
  fakeClock,
  NOT_MY_TEAM,
  startFakeService,
  type TestGateway,
} from '../testing/gateway-harness';
import { hashTokenSecret } from '../tokens/token-manager';
import { openSqliteTokenStore } from '../tokens/sqlite-token-store';
import type { TokenStore } from '../tokens/token-store';
import { developmentUid } from './auth-routes';

type FakeService = Awaited<ReturnType<typeof startFakeService>>;
let records: FakeService;
let stats: FakeService;
let exportsService: FakeService;
const gateways: TestGateway[] = [];
const cleanups: Array<() => Promise<void> | void> = [];

beforeAll(async () => {
  [records, stats, exportsService] = await Promise.all([
    startFakeService('records'),
    startFakeService('stats'),
    startFakeService('exports'),
  ]);
});
afterAll(async () => {
  await Promise.all([records.app.close(), stats.app.close(), exportsService.app.close()]);
});
afterEach(async () => {
  for (const gateway of gateways.splice(0)) await gateway.close();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const ada = { name: 'Ada Stalker', email: 'ada@example.org' };
const bob = { name: 'Bob Keeper', email: 'bob@example.org' };
const adaUid = developmentUid(ada.email);
const TEAM = '0b6f7c1e-5555-4222-8333-944445555666';
const OTHER_TEAM = '0b6f7c1e-6666-4222-8333-944445555666';
const RECORD = '/api/culls/0b6f7c1e-1111-4222-8333-944445555666';

async function startGateway(overrides: Parameters<typeof buildTestGateway>[0] = {}) {
  const gateway = await buildTestGateway({
    upstreams: { records: records.url, stats: stats.url, exports: exportsService.url },
    ...overrides,
  });
  gateways.push(gateway);
  return gateway.app;
}

/** A token store the test can look into; `connections` of it open the same file apart, as replicas share MongoDB. */
function sharedTokenStore(): TokenStore;
function sharedTokenStore(connections: number): TokenStore[];
function sharedTokenStore(connections?: number): TokenStore | TokenStore[] {
  const directory = mkdtempSync(join(tmpdir(), 'gateway-shared-tokens-'));
  cleanups.push(() => rmSync(directory, { recursive: true, force: true }));
  const stores = Array.from({ length: connections ?? 1 }, () => {
    const store = openSqliteTokenStore({ file: join(directory, 'tokens.sqlite') });
    cleanups.push(() => store.close());
    return store;
  });
  return connections === undefined ? (stores[0] as TokenStore) : stores;
}

const withCookie = (cookie: string) => ({ cookie, origin: DEV_ORIGIN });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function createToken(
  app: FastifyInstance,
  cookie: string,
  body: Record<string, unknown> = { name: 'Group spreadsheet', scope: 'read', expires_in_days: 90 },
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/tokens',
    headers: withCookie(cookie),
    payload: body,
  });
  expect(response.statusCode).toBe(201);
  return CreateTokenResponse.parse(response.json());
}

async function listTokens(app: FastifyInstance, cookie: string) {
  const response = await app.inject({ method: 'GET', url: '/api/tokens', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return ListTokensResponse.parse(response.json()).items;
}

describe('making, listing and revoking tokens', () => {
  it('answers the secret once on creation, lists the token without it, and keeps only its hash', async () => {
    const tokens = sharedTokenStore();
    const clock = fakeClock();
    const app = await startGateway({ tokens, now: clock.now });
    const cookie = await devSignIn(app, ada);

    const created = await createToken(app, cookie, {
      name: ' Group spreadsheet ',
      scope: 'read',
      expires_in_days: 30,
    });
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Group spreadsheet',
      scope: 'read',
      team: null,
      created_at: clock.now().toISOString(),
      expires_at: new Date(clock.now().getTime() + 30 * DAY_MS).toISOString(),
      last_used_at: null,
      token: expect.stringMatching(new RegExp(`^${TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`)),
    });

    const listed = await listTokens(app, cookie);
    const { token: secret, ...summary } = created;
    expect(listed).toEqual([summary]);
    expect(JSON.stringify(listed)).not.toContain(secret);

    const [stored] = await tokens.listByUser(adaUid);
    expect(stored?.secretHash).toBe(hashTokenSecret(secret));
    expect(JSON.stringify(stored)).not.toContain(secret.slice(TOKEN_PREFIX.length));
    expect(stored?.user).toEqual({ uid: adaUid, display_name: ada.name, email: ada.email });
  });

  it('never writes the secret into the database file', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'gateway-token-file-'));
    cleanups.push(() => rmSync(directory, { recursive: true, force: true }));
    const file = join(directory, 'tokens.sqlite');
    const tokens = openSqliteTokenStore({ file });
    cleanups.push(() => tokens.close());
    const app = await startGateway({ tokens });
    const cookie = await devSignIn(app, ada);
    const { token } = await createToken(app, cookie);
    await tokens.close();
    const bytes =
      readFileSync(file).toString('latin1') + readFileSync(`${file}-wal`, { flag: 'a+' }).toString('latin1');
    expect(bytes).toContain('Group spreadsheet');
    expect(bytes).not.toContain(token.slice(TOKEN_PREFIX.length));
  });

  it('lists the newest first, with when each was last used', async () => {
    const clock = fakeClock();
    const app = await startGateway({ now: clock.now });
    const cookie = await devSignIn(app, ada);
    const older = await createToken(app, cookie, { name: 'Older', scope: 'read', expires_in_days: 365 });
    clock.advance(60_000);
    const newer = await createToken(app, cookie, { name: 'Newer', scope: 'write', expires_in_days: 1 });
    clock.advance(60_000);
    expect(
      (await app.inject({ method: 'GET', url: '/api/me', headers: bearer(older.token) })).statusCode,
    ).toBe(200);
    const listed = await listTokens(app, cookie);
    expect(listed.map(({ name }) => name)).toEqual(['Newer', 'Older']);
    expect(listed.map(({ last_used_at }) => last_used_at)).toEqual([null, clock.now().toISOString()]);
    expect(newer.scope).toBe('write');
  });

  it('records a use at most once a minute', async () => {
    const tokens = sharedTokenStore();
    const clock = fakeClock();
    const app = await startGateway({ tokens, now: clock.now });
    const cookie = await devSignIn(app, ada);
    const { token, id } = await createToken(app, cookie);
    const lastUsed = async () => (await tokens.listByUser(adaUid)).find((each) => each.id === id)?.lastUsedAt;
    const read = () => app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });

    expect((await read()).statusCode).toBe(200);
    const first = clock.now();
    expect(await lastUsed()).toEqual(first);
    clock.advance(59_000);
    expect((await read()).statusCode).toBe(200);
    expect(await lastUsed()).toEqual(first);
    clock.advance(1_000);
    expect((await read()).statusCode).toBe(200);
    expect(await lastUsed()).toEqual(clock.now());
  });

  it.each([
    [{ name: '', scope: 'read', expires_in_days: 30 }, 'name', TOKEN_MESSAGES.name],
    [{ name: 'Sheet', scope: 'admin', expires_in_days: 30 }, 'scope', TOKEN_MESSAGES.scope],
    [{ name: 'Sheet', scope: 'read', expires_in_days: 366 }, 'expires_in_days', TOKEN_MESSAGES.expiry],
    [{ name: 'Sheet', scope: 'read', expires_in_days: 0 }, 'expires_in_days', TOKEN_MESSAGES.expiry],
    [{ name: 'Sheet', scope: 'read', expires_in_days: 30, team: 'ours' }, 'team', TOKEN_MESSAGES.team],
  ])('refuses %j with 400 and the field at fault, making nothing', async (body, field, message) => {
    const app = await startGateway();
    const cookie = await devSignIn(app, ada);
    const response = await app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: withCookie(cookie),
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'validation_failed', fields: { [field]: message } });
    expect(await listTokens(app, cookie)).toEqual([]);
  });

  it('refuses a body that is not JSON, and a field it does not know', async () => {
    const app = await startGateway();
    const cookie = await devSignIn(app, ada);
    const text = await app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: { ...withCookie(cookie), 'content-type': 'text/plain' },
      payload: 'name=Sheet',
    });
    expect(text.statusCode).toBe(400);
    const extra = await app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: withCookie(cookie),
      payload: { name: 'Sheet', scope: 'read', expires_in_days: 30, uid: 'someone-else' },
    });
    expect(extra.statusCode).toBe(400);
    expect(await listTokens(app, cookie)).toEqual([]);
  });

  it(`refuses a token beyond ${TOKEN_LIMITS.perUser} live ones with 409, and makes room when one is revoked`, async () => {
    const app = await startGateway({ config: devConfig({ rateLimits: { writesPerMinute: 1000 } }) });
    const cookie = await devSignIn(app, ada);
    const made = [];
    for (let count = 0; count < TOKEN_LIMITS.perUser; count += 1) made.push(await createToken(app, cookie));
    const refused = await app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: withCookie(cookie),
      payload: { name: 'One more', scope: 'read', expires_in_days: 30 },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'limit_reached', message: TOKEN_MESSAGES.tooMany });
    expect(await listTokens(app, cookie)).toHaveLength(TOKEN_LIMITS.perUser);
    const first = made[0]?.id as string;
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/tokens/${first}`, headers: withCookie(cookie) }))
        .statusCode,
    ).toBe(204);
    await createToken(app, cookie);
  });

  it("revokes with 204; another user's token, an unknown one and one revoked already answer 404", async () => {
    const app = await startGateway();
    const adas = await devSignIn(app, ada);
    const bobs = await devSignIn(app, bob);
    const token = await createToken(app, adas);
    const revoke = (cookie: string, id: string) =>
      app.inject({ method: 'DELETE', url: `/api/tokens/${id}`, headers: withCookie(cookie) });

    const byBob = await revoke(bobs, token.id);
    expect(byBob.statusCode).toBe(404);
    expect(byBob.json().error).toEqual({ code: 'not_found', message: TOKEN_MESSAGES.notFound });
    expect(
      (await app.inject({ method: 'GET', url: '/api/me', headers: bearer(token.token) })).statusCode,
    ).toBe(200);
    expect(await listTokens(app, bobs)).toEqual([]);

    expect((await revoke(adas, '0b6f7c1e-0000-4222-8333-000000000000')).statusCode).toBe(404);
    expect((await revoke(adas, 'not-an-id')).statusCode).toBe(400);
    expect((await revoke(adas, token.id)).statusCode).toBe(204);
    expect((await revoke(adas, token.id)).statusCode).toBe(404);
    expect(await listTokens(app, adas)).toEqual([]);
  });

  it('makes a team token for a team the user is in, and refuses one for a team they are not in with 404', async () => {
    const app = await startGateway();
    const cookie = await devSignIn(app, ada);
    const teamToken = await createToken(app, cookie, {
      name: 'DMG',
      scope: 'read',
      expires_in_days: 90,
      team: TEAM,
    });
    expect(teamToken.team).toBe(TEAM);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: withCookie(cookie),
      payload: { name: 'Not mine', scope: 'read', expires_in_days: 90, team: NOT_MY_TEAM },
    });
    expect(refused.statusCode).toBe(404);
    expect((await listTokens(app, cookie)).map(({ name }) => name)).toEqual(['DMG']);
  });

  it("erasing the account removes the user's tokens, which answer 401 from then on", async () => {
    const tokens = sharedTokenStore();
    const app = await startGateway({ tokens });
    const signedIn = await devSignIn(app, ada);
    const bobs = await devSignIn(app, bob);
    const { token } = await createToken(app, signedIn);
    const bobsToken = await createToken(app, bobs);
    const cookie = await devReauthenticate(app, signedIn, ada.email);
    const erased = await app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: withCookie(cookie),
      payload: { confirmation: 'DELETE' },
    });
    expect(erased.statusCode).toBe(200);
    expect(await tokens.listByUser(adaUid)).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).statusCode).toBe(
      401,
    );
    expect(
      (await app.inject({ method: 'GET', url: '/api/me', headers: bearer(bobsToken.token) })).statusCode,
    ).toBe(200);
  });
});

describe('requests with a token', () => {
  it('reads /api/culls as its owner, with no cookie and no Origin, and the service sees the owner', async () => {
    const app = await startGateway();
    const cookie = await devSignIn(app, ada);
    const { token } = await createToken(app, cookie);
    const response = await app.inject({ method: 'GET', url: '/api/culls?page=2', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({
      service: 'records',
      method: 'GET',
      url: '/culls?page=2',
      identity: { uid: adaUid, display_name: ada.name, email: ada.email },
      cookie: null,
    });
    expect((await app.inject({ method: 'HEAD', url: '/api/culls', headers: bearer(token) })).statusCode).toBe(
      200,
    );
    expect(
      (await app.inject({ method: 'GET', url: '/api/stats', headers: bearer(token) })).json().service,
    ).toBe('stats');
  });

  it('refuses a write with a read token with 403 and the reason, and never forwards it', async () => {
    const app = await startGateway();
    const cookie = await devSignIn(app, ada);
    const { token } = await createToken(app, cookie);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await app.inject({ method, url: RECORD, headers: bearer(token), payload: {} });
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toEqual({ code: 'forbidden', message: TOKEN_MESSAGES.readOnly });
    }
  });

  it('lets a write token read and write (POST /api/culls), with no Origin, as a script would', async () => {
    const app = await startGateway();
    const cookie = await devSignIn(app, ada);
    const { token } = await createToken(app, cookie, { name: 'Script', scope: 'write', expires_in_days: 7 });
    const written = await app.inject({
      method: 'POST',
      url: '/api/culls',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: JSON.stringify({ species: 'Roe Deer' }),
    });
    expect(written.statusCode).toBe(200);
    expect(written.json()).toMatchObject({
      method: 'POST',
      url: '/culls',
      identity: { uid: adaUid },
      body: '{"species":"Roe Deer"}',
    });
    expect((await app.inject({ method: 'GET', url: '/api/culls', headers: bearer(token) })).statusCode).toBe(
      200,
    );
  });

  it('answers 401 with the reason for an unknown token, a bare Bearer, and a token past its expiry', async () => {
    const clock = fakeClock();
    const app = await startGateway({ now: clock.now });
    const cookie = await devSignIn(app, ada);
    const { token } = await createToken(app, cookie, { name: 'Day', scope: 'read', expires_in_days: 1 });

    const unknown = await app.inject({
      method: 'GET',
      url: '/api/culls',
      headers: bearer(`${TOKEN_PREFIX}nonsense`),
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toEqual({ code: 'not_authenticated', message: TOKEN_MESSAGES.invalid });
    expect(unknown.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    const bare = await app.inject({
      method: 'GET',
      url: '/api/culls',
      headers: { authorization: 'Bearer ' },
    });
    expect(bare.statusCode).toBe(401);
    expect(bare.json().error.message).toBe(TOKEN_MESSAGES.malformed);

    // The fake services keep real time, so the gateway's own answer (/api/me) shows the token good until its expiry.
    clock.advance(DAY_MS - 1);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).statusCode).toBe(
      200,
    );
    clock.advance(1);
    for (const url of ['/api/me', '/api/culls']) {
      const expired = await app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(expired.statusCode).toBe(401);
      expect(expired.json().error).toEqual({ code: 'not_authenticated', message: TOKEN_MESSAGES.invalid });
    }
    // Still listed, so its owner sees that it ran out.
    expect((await listTokens(app, cookie)).map(({ name }) => name)).toEqual(['Day']);
  });

  it('a token revoked on one gateway answers 401 on another sharing the store, at once', async () => {
    // Each gateway with its own connection to the one store, as two replicas each have theirs to MongoDB.
    const [firstStore, secondStore] = sharedTokenStore(2);
    const first = await startGateway({ tokens: firstStore });
    const second = await startGateway({ tokens: secondStore });
    const cookie = await devSignIn(first, ada);
    const { id, token } = await createToken(first, cookie);
    const read = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/api/culls', headers: bearer(token) });

    expect((await read(second)).statusCode).toBe(200);
    expect((await read(first)).statusCode).toBe(200);
    const revoked = await first.inject({
      method: 'DELETE',
      url: `/api/tokens/${id}`,
      headers: withCookie(cookie),
    });
    expect(revoked.statusCode).toBe(204);
    const refused = await read(second);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toBe(TOKEN_MESSAGES.invalid);
    expect((await read(first)).statusCode).toBe(401);
  });

  it.each([
    ['GET', '/api/tokens'],
    ['POST', '/api/tokens'],
    ['DELETE', '/api/tokens/0b6f7c1e-1111-4222-8333-944445555666'],
    ['GET', '/api/sessions'],
    ['DELETE', '/api/sessions'],
    ['DELETE', '/api/sessions/abc'],
    ['GET', '/api/account/export'],
    ['DELETE', '/api/account'],
    ['GET', '/api/%74okens'],
  ] as const)('never lets a write token reach %s %s (403)', async (method, url) => {
    const app = await startGateway();
    const cookie = await devSignIn(app, ada);
    const { token } = await createToken(app, cookie, {
      name: 'Everything',
      scope: 'write',
      expires_in_days: 30,
    });
    const response = await app.inject({
      method,
      url,
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload:
        method === 'POST'
          ? JSON.stringify({ name: 'Another', scope: 'write', expires_in_days: 30 })
          : undefined,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({ code: 'forbidden', message: TOKEN_MESSAGES.sessionOnly });
    expect(await listTokens(app, cookie)).toHaveLength(1);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
  });

  it.each([
    ['GET', '/auth/session'],
    ['GET', '/auth/options'],
    ['POST', '/auth/logout'],
    ['POST', '/auth/dev/login'],
  ] as const)('refuses a token on %s %s with 403, whatever cookie comes with it', async (method, url) => {
    const app = await startGateway();
    const cookie = await devSignIn(app, ada);
    const { token } = await createToken(app, cookie, {
      name: 'Everything',
      scope: 'write',
      expires_in_days: 30,
    });
    const response = await app.inject({
      method,
      url,
      headers: { ...bearer(token), cookie },
      payload: url === '/auth/dev/login' ? bob : undefined,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(TOKEN_MESSAGES.sessionOnly);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().uid).toBe(
      adaUid,
    );
  });

  it('uses the token alone when a cookie comes with it: the token decides who and what', async () => {
    const app = await startGateway();
    const adas = await devSignIn(app, ada);
    const bobs = await devSignIn(app, bob);
    const { token } = await createToken(app, adas);

    const me = await app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { ...bearer(token), cookie: bobs },
    });
    expect(me.json().uid).toBe(adaUid);
    // Bob's session could write; Ada's read token cannot, and the cookie changes nothing.
    const write = await app.inject({
      method: 'DELETE',
      url: RECORD,
      headers: { ...bearer(token), ...withCookie(bobs) },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().error.message).toBe(TOKEN_MESSAGES.readOnly);
    // A bad token with a good cookie is refused, never taken for the cookie's session.
    const bad = await app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { ...bearer('cull_pat_x'), cookie: bobs },
    });
    expect(bad.statusCode).toBe(401);
    // Sessions carry on as before, their cross-site check included.
    expect((await app.inject({ method: 'DELETE', url: RECORD, headers: withCookie(bobs) })).statusCode).toBe(
      200,
    );
    const crossSite = await app.inject({
      method: 'DELETE',
      url: RECORD,
      headers: { cookie: bobs, origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('leaves a session alone when the Authorization header is another scheme (a proxy’s Basic)', async () => {
    const app = await startGateway();
    const cookie = await devSignIn(app, ada);
    const basic = { authorization: `Basic ${Buffer.from('staging:password').toString('base64')}` };
    expect(
      (await app.inject({ method: 'GET', url: '/api/me', headers: { ...basic, cookie } })).json().uid,
    ).toBe(adaUid);
    expect(
      (await app.inject({ method: 'DELETE', url: RECORD, headers: { ...basic, cookie } })).statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: basic })).statusCode).toBe(401);
  });

  it('holds a team token to its team: ?team= or /api/teams/<id> of that team only', async () => {
    const app = await startGateway();
    const cookie = await devSignIn(app, ada);
    const { token } = await createToken(app, cookie, {
      name: 'DMG',
      scope: 'read',
      expires_in_days: 90,
      team: TEAM,
    });
    const get = (url: string) => app.inject({ method: 'GET', url, headers: bearer(token) });

    const teamStats = await get(`/api/stats?team=${TEAM}`);
    expect(teamStats.statusCode).toBe(200);
    expect(teamStats.json().identity.team).toMatchObject({ team_id: TEAM, role: 'viewer' });
    expect((await get(`/api/culls?team=${TEAM}`)).statusCode).toBe(200);
    expect((await get(`/api/teams/${TEAM}`)).statusCode).toBe(200);
    expect((await get(`/api/teams/${TEAM}/members`)).json().url).toBe(`/teams/${TEAM}/members`);

    for (const url of [
      '/api/culls',
      '/api/stats',
      '/api/me',
      '/api/teams',
      `/api/teams/${OTHER_TEAM}`,
      `/api/culls?team=${OTHER_TEAM}`,
      `/api/culls?team=${TEAM}&team=${OTHER_TEAM}`,
      `/api/teams/${OTHER_TEAM}?team=${TEAM}`,
    ]) {
      const refused = await get(url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error).toEqual({ code: 'forbidden', message: TOKEN_MESSAGES.teamOnly });
    }
  });

  it('lets a team token with write scope change only what lies under its team’s path', async () => {
    const app = await startGateway();
    const cookie = await devSignIn(app, ada);
    const { token } = await createToken(app, cookie, {
      name: 'DMG writer',
      scope: 'write',
      expires_in_days: 30,
      team: TEAM,
    });
    const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string) =>
      app.inject({
        method,
        url,
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: '{}',
      });

    for (const [method, url] of [
      ['POST', `/api/culls?team=${TEAM}`],
      ['DELETE', `${RECORD}?team=${TEAM}`],
      ['PATCH', `/api/grounds/${TEAM}?team=${TEAM}`],
    ] as const) {
      const refused = await send(method, url);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().error).toEqual({ code: 'forbidden', message: TOKEN_MESSAGES.teamWriteOnly });
    }
    const underTeam = await send('POST', `/api/teams/${TEAM}/invites`);
    expect(underTeam.statusCode).not.toBe(403);
    expect((await send('POST', `/api/teams/${OTHER_TEAM}/invites`)).json().error.message).toBe(
      TOKEN_MESSAGES.teamOnly,
    );
  });

  it('gives each token its own budget, apart from its owner’s browser and from their other tokens', async () => {
    const app = await startGateway({
      config: devConfig({ rateLimits: { tokenRequestsPerMinute: 2, readsPerMinute: 50 } }),
    });
    const cookie = await devSignIn(app, ada);
    const first = await createToken(app, cookie, { name: 'First', scope: 'write', expires_in_days: 30 });
    const second = await createToken(app, cookie);
    const read = (headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: '/api/culls', headers });

    expect((await read(bearer(first.token))).statusCode).toBe(200);
    const write = await app.inject({ method: 'DELETE', url: RECORD, headers: bearer(first.token) });
    expect(write.statusCode).toBe(200);
    const limited = await read(bearer(first.token));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect((await read(bearer(second.token))).statusCode).toBe(200);
    for (let count = 0; count < 5; count += 1) expect((await read({ cookie })).statusCode).toBe(200);
  });

  it("logs the token's id with the request, and never its secret or the Authorization header", async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger({
      name: 'gateway-test',
      level: 'info',
      destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    const app = await startGateway({ logger });
    const cookie = await devSignIn(app, ada);
    const { id, token } = await createToken(app, cookie);
    await app.inject({ method: 'GET', url: '/api/culls', headers: bearer(token) });
    await app.inject({ method: 'DELETE', url: RECORD, headers: bearer(token) });

    const completed = lines.filter((line) => line.msg === 'request completed' && line.path === '/api/culls');
    expect(completed).toEqual([expect.objectContaining({ tokenId: id, userId: adaUid, statusCode: 200 })]);
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'request refused', tokenId: id, status: 403 }),
    );
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'access token created', tokenId: id }));
    const everything = JSON.stringify(lines);
    expect(everything).not.toContain(token.slice(TOKEN_PREFIX.length));
    expect(everything).not.toMatch(/authorization"\s*:\s*"Bearer/i);
  });
});
