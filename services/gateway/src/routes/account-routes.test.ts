import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ACCOUNT_EXPORT_FILE,
  CreateTokenResponse,
  ERASURE_MESSAGES,
  MESSAGES,
  SessionView,
  TOKEN_PREFIX,
} from '@cull-log/contracts';
import { buildServiceApp, internalAuth } from '@cull-log/service-kit';
import type { ErasureJournal } from '../erasures/erasure-journal';
import { openFileErasureJournal } from '../erasures/file-erasure-journal';
import type { UpstreamTarget } from '../proxy/upstream';
import { openSqliteSessionStore } from '../sessions/sqlite-session-store';
import { openSqliteTokenStore } from '../tokens/sqlite-token-store';
import {
  buildTestGateway,
  DEV_ORIGIN,
  devReauthenticate,
  devSignIn,
  fakeClock,
  INTERNAL_KEYS,
  silentLogger,
  type TestGateway,
} from '../testing/gateway-harness';
import { unzipText } from '@cull-log/contracts/testing/account-download';
import { developmentUid } from './auth-routes';

/** What a service was asked, by whom. */
interface Call {
  service: string;
  method: string;
  url: string;
  uid: string;
}

/** What the stand-ins are told to do: one service answering 500 to an erasure, work done while the records erase. */
interface Behaviour {
  service?: string;
  duringRecordsErasure?: () => Promise<void>;
}

/**
 * Stand-ins for the services' account routes, checking the signed identity as the real ones do: each answers
 * for the user it was asked by, and notes the call. `failing` makes one service answer 500 to an erasure.
 */
async function startAccountServices(calls: Call[], failing: Behaviour) {
  const services: Record<string, FastifyInstance> = {};
  for (const service of ['records', 'stats', 'exports']) {
    const app = buildServiceApp({ name: service, logger: silentLogger });
    await app.register(internalAuth, { publicKey: INTERNAL_KEYS.publicKey, audience: service });
    app.addHook('onRequest', async (request) => {
      calls.push({ service, method: request.method, url: request.url, uid: request.identity?.uid ?? '' });
    });
    app.get('/account/records.json', async (request) => [{ id: 'r1', created_by: request.identity.uid }]);
    app.get('/account/photos.json', async () => [{ record_id: 'r1', id: 'p1', content_type: 'image/jpeg' }]);
    for (const name of ['grounds', 'outings', 'counts', 'settings', 'plans', 'imports', 'declarations']) {
      app.get(`/account/${name}.json`, async (request) => ({ [name]: request.identity.uid }));
    }
    app.get('/culls/r1/photos/p1', async (request, reply) =>
      reply.type('image/jpeg').send(Buffer.from(`photo of ${request.identity.uid}`)),
    );
    app.get('/account/records.csv', async (request, reply) =>
      reply
        .type('text/csv')
        .send(Readable.from(['"Date","Notes"\r\n', `"01/06/2025","${request.identity.uid}"\r\n`])),
    );
    app.get('/account/events.jsonl', async (request, reply) =>
      failing.service === 'events'
        ? reply.code(500).send({ error: { code: 'internal', message: 'x' } })
        : reply
            .type('application/x-ndjson')
            .send(
              Readable.from(
                [1, 2].map((version) => `${JSON.stringify({ version, userId: request.identity.uid })}\n`),
              ),
            ),
    );
    app.delete('/account', async (_request, reply) => {
      if (service === 'records') await failing.duringRecordsErasure?.();
      if (failing.service === service)
        return reply.code(500).send({ error: { code: 'internal', message: 'x' } });
      return service === 'records' ? { events: 2 } : reply.code(204).send();
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    services[service] = app;
  }
  return services as Record<'records' | 'stats' | 'exports', FastifyInstance>;
}

const calls: Call[] = [];
const failing: Behaviour = {};
let services: Awaited<ReturnType<typeof startAccountServices>>;
let gateway: TestGateway | undefined;

beforeAll(async () => {
  services = await startAccountServices(calls, failing);
});
afterAll(async () => {
  await Promise.all(Object.values(services).map((app) => app.close()));
});
beforeEach(() => {
  calls.length = 0;
  delete failing.service;
  delete failing.duringRecordsErasure;
});
afterEach(async () => {
  await gateway?.close();
  gateway = undefined;
  await journal?.close();
  if (journalFolder !== undefined) rmSync(journalFolder, { recursive: true, force: true });
});

const urlOf = (app: FastifyInstance) => {
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
};
const REACHES = {
  'over HTTP': (app: FastifyInstance): UpstreamTarget => urlOf(app),
  'in this process': (app: FastifyInstance): UpstreamTarget => app,
};

/** The gateway's clock: now, moved by hand (the stand-ins check the signed identity against their own clock). */
let clock = fakeClock(new Date());
/** Where the gateway keeps the erasures it made. */
let journal: ErasureJournal | undefined;
let journalFolder: string | undefined;
const journalEntries = () => journal!.list();

async function start(reach: keyof typeof REACHES = 'over HTTP', erasureJournal?: ErasureJournal) {
  const target = REACHES[reach];
  clock = fakeClock(new Date());
  journalFolder = mkdtempSync(join(tmpdir(), 'gateway-erasures-'));
  journal = erasureJournal ?? openFileErasureJournal({ file: join(journalFolder, 'erasures.jsonl') });
  gateway = await buildTestGateway({
    now: clock.now,
    erasureJournal: journal,
    upstreams: {
      records: target(services.records),
      stats: target(services.stats),
      exports: target(services.exports),
    },
  });
  return gateway.app;
}

const ada = { name: 'Ada Stalker', email: 'ada@example.org' };
const bob = { name: 'Bob Keeper', email: 'bob@example.org' };
const adaUid = developmentUid(ada.email);
const bobUid = developmentUid(bob.email);

const exportOf = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: 'GET', url: '/api/account/export', headers: { cookie } });
const eraseOf = (
  app: FastifyInstance,
  cookie: string,
  headers: Record<string, string> = { origin: DEV_ORIGIN },
  /** The body, or null for none. */
  payload: Record<string, unknown> | null = { confirmation: 'DELETE' },
) =>
  app.inject({
    method: 'DELETE',
    url: '/api/account',
    headers: { cookie, ...headers },
    ...(payload === null ? {} : { payload }),
  });
/** Signs in as the user, then signs in again as one does before erasing: answers the cookie. */
const freshSignIn = async (app: FastifyInstance, user: { name: string; email: string }) =>
  devReauthenticate(app, await devSignIn(app, user), user.email);
const me = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });

describe.each(Object.keys(REACHES) as (keyof typeof REACHES)[])(
  'the account, services reached %s',
  (reach) => {
    it("GET /api/account/export answers a zip of the caller's profile, sessions, records and events", async () => {
      const app = await start(reach);
      const cookie = await devSignIn(app, ada);
      await devSignIn(app, bob);
      const token = await app.inject({
        method: 'POST',
        url: '/api/tokens',
        headers: { cookie, origin: DEV_ORIGIN },
        payload: { name: 'Group spreadsheet', scope: 'read', expires_in_days: 90 },
      });
      const { token: secret, ...tokenSummary } = CreateTokenResponse.parse(token.json());

      const response = await exportOf(app, cookie);

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${ACCOUNT_EXPORT_FILE}"`);
      expect(response.headers['cache-control']).toBe('no-store');
      const files = await unzipText(response.rawPayload);
      expect([...files.keys()]).toEqual([
        'README.txt',
        'profile.json',
        'sessions.json',
        'tokens.json',
        'records.json',
        'records.csv',
        'events.jsonl',
        'grounds.json',
        'outings.json',
        'counts.json',
        'settings.json',
        'plans.json',
        'imports.json',
        'declarations.json',
        'photos/r1/p1.jpg',
      ]);
      expect(JSON.parse(files.get('grounds.json') ?? '')).toEqual({ grounds: adaUid });
      expect(JSON.parse(files.get('plans.json') ?? '')).toEqual({ plans: adaUid });
      expect(JSON.parse(files.get('imports.json') ?? '')).toEqual({ imports: adaUid });
      expect(JSON.parse(files.get('declarations.json') ?? '')).toEqual({ declarations: adaUid });
      expect(files.get('photos/r1/p1.jpg')).toBe(`photo of ${adaUid}`);
      expect(JSON.parse(files.get('profile.json') ?? '')).toMatchObject({
        uid: adaUid,
        display_name: ada.name,
        email: ada.email,
        last_used_at: (await gateway!.accounts.find(adaUid))?.lastUsedAt.toISOString(),
        inactivity_notice_due_at: null,
        exported_at: expect.any(String),
      });
      expect(JSON.parse(files.get('profile.json') ?? '').last_used_at).toEqual(expect.any(String));
      // The tokens as listed, never a secret.
      expect(JSON.parse(files.get('tokens.json') ?? '')).toEqual([tokenSummary]);
      expect([...files.values()].join('\n')).not.toContain(secret.slice(TOKEN_PREFIX.length));
      const sessions = SessionView.array().parse(JSON.parse(files.get('sessions.json') ?? ''));
      expect(sessions.map((session) => session.current)).toEqual([true]);
      expect(JSON.parse(files.get('records.json') ?? '')).toEqual([{ id: 'r1', created_by: adaUid }]);
      expect(files.get('records.csv')).toBe(`"Date","Notes"\r\n"01/06/2025","${adaUid}"\r\n`);
      expect(
        files
          .get('events.jsonl')
          ?.trim()
          .split('\n')
          .map((line) => JSON.parse(line)),
      ).toEqual([
        { version: 1, userId: adaUid },
        { version: 2, userId: adaUid },
      ]);
      expect(calls.every((call) => call.uid === adaUid)).toBe(true);
    });

    it('DELETE /api/account signs the user out on every device and ends their tokens, then erases in every service as them', async () => {
      const app = await start(reach);
      const otherDevice = await devSignIn(app, ada);
      const created = await app.inject({
        method: 'POST',
        url: '/api/tokens',
        headers: { cookie: otherDevice, origin: DEV_ORIGIN },
        payload: { name: 'Group spreadsheet', scope: 'write', expires_in_days: 90 },
      });
      const { token } = CreateTokenResponse.parse(created.json());
      const bobs = await devSignIn(app, bob);
      const here = await freshSignIn(app, ada);
      // What the other device and the token are answered once the erasure has begun, while the records go.
      const duringErasure: Record<string, number> = {};
      failing.duringRecordsErasure = async () => {
        duringErasure.otherDeviceRead = (await me(app, otherDevice)).statusCode;
        duringErasure.otherDeviceWrite = (
          await app.inject({
            method: 'POST',
            url: '/api/culls',
            headers: { cookie: otherDevice, origin: DEV_ORIGIN },
            payload: { species: 'Roe Deer' },
          })
        ).statusCode;
        duringErasure.token = (
          await app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } })
        ).statusCode;
      };

      const response = await eraseOf(app, here);

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ erased: true, events: 2 });
      expect(duringErasure).toEqual({ otherDeviceRead: 401, otherDeviceWrite: 401, token: 401 });
      expect(calls.filter((call) => call.method !== 'GET')).toEqual([
        { service: 'records', method: 'DELETE', url: '/account', uid: adaUid },
        { service: 'stats', method: 'DELETE', url: '/account', uid: adaUid },
        { service: 'exports', method: 'DELETE', url: '/account', uid: adaUid },
      ]);
      expect(String(response.headers['set-cookie'])).toMatch(/cull_session=;/);
      expect((await me(app, here)).statusCode).toBe(401);
      expect((await me(app, otherDevice)).statusCode).toBe(401);
      expect((await me(app, bobs)).json()).toMatchObject({ uid: bobUid });
      expect(await gateway!.sessions.listByUser(adaUid)).toEqual([]);
      expect(await gateway!.tokens.listByUser(adaUid)).toEqual([]);
      // The account's last use goes with it, and no one else's.
      expect(await gateway!.accounts.find(adaUid)).toBeUndefined();
      expect(await gateway!.accounts.find(bobUid)).toBeDefined();
      // Kept apart, to be made again should a backup bring her back.
      expect(await journalEntries()).toEqual([{ uid: adaUid, erasedAt: clock.now() }]);
    });
  },
);

describe('the account', () => {
  it('answers 401 to export and erase without a session, asking no service', async () => {
    const app = await start();
    expect((await app.inject({ method: 'GET', url: '/api/account/export' })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'DELETE', url: '/api/account', headers: { origin: DEV_ORIGIN } }))
        .statusCode,
    ).toBe(401);
    expect(calls).toEqual([]);
  });

  it("one user cannot export or erase another's: every service is asked as the session's own user", async () => {
    const app = await start();
    await devSignIn(app, ada);
    const bobs = await freshSignIn(app, bob);

    await app.inject({ method: 'GET', url: `/api/account/export?uid=${adaUid}`, headers: { cookie: bobs } });
    await app.inject({
      method: 'DELETE',
      url: `/api/account?uid=${adaUid}`,
      headers: { cookie: bobs, origin: DEV_ORIGIN },
      payload: { confirmation: 'DELETE' },
    });

    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((call) => call.uid === bobUid)).toBe(true);
    expect(await gateway!.sessions.listByUser(adaUid)).toHaveLength(1);
  });

  it('a service that cannot erase answers 503 with the user signed out, who signs in again to finish', async () => {
    const app = await start();
    const cookie = await freshSignIn(app, ada);
    failing.service = 'stats';

    const response = await eraseOf(app, cookie);

    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: { code: 'service_unavailable', message: MESSAGES.serviceUnavailable },
    });
    expect(calls.filter((call) => call.service === 'exports')).toEqual([]);
    expect((await me(app, cookie)).statusCode).toBe(401);
    // Only an erasure finished is kept.
    expect(await journalEntries()).toEqual([]);
    delete failing.service;
    expect((await eraseOf(app, await freshSignIn(app, ada))).statusCode).toBe(200);
    expect(calls.filter((call) => call.service === 'exports' && call.method === 'DELETE')).toHaveLength(1);
    expect((await journalEntries()).map((entry) => entry.uid)).toEqual([adaUid]);
  });

  it('an erasure the journal cannot keep fails, and keeps the account, so that it is made again whole', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'gateway-erasures-full-'));
    const kept = openFileErasureJournal({ file: join(folder, 'erasures.jsonl') });
    const full: ErasureJournal = {
      ...kept,
      append: () => Promise.reject(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' })),
    };
    const app = await start('over HTTP', full);

    const response = await eraseOf(app, await freshSignIn(app, ada));

    expect(response.statusCode).toBe(500);
    expect(await gateway!.accounts.find(adaUid)).toBeDefined();
    await kept.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('without signing in again answers 403 reauthentication_required, erasing nothing and signing no one out', async () => {
    const app = await start();
    const cookie = await devSignIn(app, ada);
    const otherDevice = await devSignIn(app, ada);

    const response = await eraseOf(app, cookie);

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: { code: 'reauthentication_required', message: ERASURE_MESSAGES.reauthenticationRequired },
    });
    expect(calls).toEqual([]);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect((await me(app, cookie)).statusCode).toBe(200);
    expect((await me(app, otherDevice)).statusCode).toBe(200);
    expect(await journalEntries()).toEqual([]);
  });

  it('signing in again counts for five minutes: after that the erasure asks for it again', async () => {
    const app = await start();
    const cookie = await freshSignIn(app, ada);
    clock.advance(5 * 60_000 + 1_000);

    const response = await eraseOf(app, cookie);

    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'reauthentication_required' } });
    expect(calls).toEqual([]);
    expect((await me(app, cookie)).statusCode).toBe(200);
  });

  it("another gateway replica refuses the other device's write during the erasure, though it read that session a moment before", async () => {
    const directory = mkdtempSync(join(tmpdir(), 'account-replicas-'));
    const sessions = openSqliteSessionStore({ file: join(directory, 'sessions.sqlite') });
    const tokens = openSqliteTokenStore({ file: join(directory, 'sessions.sqlite') });
    const upstreams = {
      records: urlOf(services.records),
      stats: urlOf(services.stats),
      exports: urlOf(services.exports),
    };
    const replica = await buildTestGateway({ sessions, tokens, upstreams });
    gateway = await buildTestGateway({ sessions, tokens, upstreams });
    try {
      const otherDevice = await devSignIn(replica.app, ada);
      // Read just now: the replica answers reads of this session from memory for a few seconds.
      expect((await me(replica.app, otherDevice)).statusCode).toBe(200);
      let writeDuringErasure = 0;
      failing.duringRecordsErasure = async () => {
        writeDuringErasure = (
          await replica.app.inject({
            method: 'POST',
            url: '/api/culls',
            headers: { cookie: otherDevice, origin: DEV_ORIGIN },
            payload: { species: 'Roe Deer' },
          })
        ).statusCode;
      };

      const response = await eraseOf(gateway.app, await freshSignIn(gateway.app, ada));

      expect(response.statusCode).toBe(200);
      expect(writeDuringErasure).toBe(401);
      expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    } finally {
      await replica.close();
      await gateway.close();
      gateway = undefined;
      await sessions.close();
      await tokens.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('a confirmation other than DELETE answers 400 and changes nothing', async () => {
    const app = await start();
    const cookie = await freshSignIn(app, ada);
    const otherDevice = await devSignIn(app, ada);

    for (const payload of [
      { confirmation: 'delete' },
      { confirmation: ' DELETE' },
      { confirmation: '' },
      { confirmation: 'DELETE', uid: bobUid },
      {},
      null,
    ]) {
      const response = await eraseOf(app, cookie, { origin: DEV_ORIGIN }, payload);
      expect(response.statusCode, `${JSON.stringify(payload)}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'validation_failed' } });
      expect(response.headers['set-cookie']).toBeUndefined();
    }

    expect(calls).toEqual([]);
    expect((await me(app, cookie)).statusCode).toBe(200);
    expect((await me(app, otherDevice)).statusCode).toBe(200);
    expect(await gateway!.sessions.listByUser(adaUid)).toHaveLength(2);
  });

  it('refuses an erasure asked from another site, erasing nothing', async () => {
    const app = await start();
    const cookie = await devSignIn(app, ada);
    const response = await eraseOf(app, cookie, { 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(403);
    expect(calls).toEqual([]);
    expect((await me(app, cookie)).statusCode).toBe(200);
  });

  it('a service failing part-way through the download cuts it off rather than answer a zip that looks whole', async () => {
    const app = await start();
    const cookie = await devSignIn(app, ada);
    failing.service = 'events';

    // The zip had begun (200 sent); what is left is to end the answer short, which the client sees as a failure.
    await expect(exportOf(app, cookie)).rejects.toThrow(/destroyed before completion/);
    expect(calls.map((call) => call.url)).toContain('/account/events.jsonl');
  });

  it('a records service that is away answers the export with 503 before any zip', async () => {
    gateway = await buildTestGateway({
      upstreams: {
        records: 'http://127.0.0.1:9',
        stats: urlOf(services.stats),
        exports: urlOf(services.exports),
      },
    });
    const cookie = await devSignIn(gateway.app, ada);
    const response = await exportOf(gateway.app, cookie);
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });
});
