import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  INACTIVITY_NOTICE_DAYS,
  ProjectionRetentionRequest,
  RecordRetentionRequest,
  SessionResponse,
} from '@cull-log/contracts';
import { buildServiceApp, createLogger, internalAuth } from '@cull-log/service-kit';
import type { AccountStore } from '../accounts/account-store';
import { openSqliteAccountStore } from '../accounts/sqlite-account-store';
import type { BudgetCounter } from '../budgets/budget-counter';
import type { ErasureJournal } from '../erasures/erasure-journal';
import { openFileErasureJournal } from '../erasures/file-erasure-journal';
import { openSqliteBudgetCounter } from '../budgets/sqlite-budget-counter';
import { developmentUid } from '../routes/auth-routes';
import type { SessionStore } from '../sessions/session-store';
import { openSqliteSessionStore } from '../sessions/sqlite-session-store';
import {
  buildTestGateway,
  DAY_MS,
  DEV_ORIGIN,
  devSignIn,
  fakeClock,
  INTERNAL_KEYS,
  silentLogger,
  type TestGateway,
} from '../testing/gateway-harness';
import type { TokenStore } from '../tokens/token-store';
import { openSqliteTokenStore } from '../tokens/sqlite-token-store';
import { RETENTION_INTERVAL_MS } from './retention-job';

const ann = { name: 'Ann Keeper', email: 'ann.keeper@example.org' };
const bob = { name: 'Bob Lender', email: 'bob.lender@example.org' };
const annUid = developmentUid(ann.email);
const bobUid = developmentUid(bob.email);

const start = new Date('2025-06-01T08:00:00Z');
const yearsLater = (years: number, days = 0) => {
  const date = new Date(start);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return new Date(date.getTime() + days * DAY_MS);
};

/** What a service was asked: by whom, and with what body. */
interface Call {
  service: string;
  method: string;
  url: string;
  uid: string;
  body: unknown;
}

/**
 * Stand-ins for the three services' account routes, checking the signed identity (its body digest included) as the real
 * ones do. The records service keeps each user's records with the day each was culled and entered, and removes those
 * both before the cutoff; `failing` makes a service answer 500 to one user. They check the identity at `now`.
 */
async function startServices(calls: Call[], now: () => Date = () => new Date()) {
  const records = new Map<string, { id: string; culled: string; entered: string }[]>();
  /** The culls the teams kept of erased members, with the day each was culled and kept. */
  const keptCulls: { id: string; culled: string; kept: string }[] = [];
  const failing = new Set<string>();
  const apps: Record<string, FastifyInstance> = {};
  for (const service of ['records', 'stats', 'exports']) {
    const app = buildServiceApp({ name: service, logger: silentLogger });
    // The services' clock is the gateway's: the signed identity is checked at the time the test has moved to.
    await app.register(internalAuth, { publicKey: INTERNAL_KEYS.publicKey, audience: service, now });
    app.addHook('preHandler', async (request, reply) => {
      calls.push({
        service,
        method: request.method,
        url: request.url,
        uid: request.identity.uid,
        body: request.body ?? null,
      });
      if (failing.has(`${service}:${request.identity.uid}`))
        return reply.code(500).send({ error: { code: 'internal_error', message: 'Down' } });
    });
    app.delete('/account', async (request) => {
      records.delete(request.identity.uid);
      return service === 'records' ? { events: 3 } : {};
    });
    app.post('/account/retention', async (request) => {
      if (service !== 'records')
        return { removed: ProjectionRetentionRequest.parse(request.body).record_ids.length };
      const { cutoff } = RecordRetentionRequest.parse(request.body);
      const theirs = records.get(request.identity.uid) ?? [];
      const old = theirs.filter((record) => record.culled < cutoff && record.entered < cutoff);
      records.set(
        request.identity.uid,
        theirs.filter((record) => !old.includes(record)),
      );
      return { record_ids: old.map((record) => record.id) };
    });
    if (service === 'records') {
      app.post('/retention/teams', async (request) => {
        const { cutoff } = RecordRetentionRequest.parse(request.body);
        const old = keptCulls.filter((kept) => kept.culled < cutoff && kept.kept < cutoff);
        keptCulls.splice(0, keptCulls.length, ...keptCulls.filter((kept) => !old.includes(kept)));
        return { kept_culls_removed: old.length };
      });
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    apps[service] = app;
  }
  const urlOf = (app: FastifyInstance) => {
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    return `http://127.0.0.1:${address.port}`;
  };
  return {
    records,
    keptCulls,
    failing,
    upstreams: { records: urlOf(apps.records!), stats: urlOf(apps.stats!), exports: urlOf(apps.exports!) },
    close: () => Promise.all(Object.values(apps).map((app) => app.close())),
  };
}

/** The stores two gateway replicas share: one SQLite file, as the embedded app keeps them. */
function sharedStores(directory: string) {
  const file = join(directory, 'gateway.sqlite');
  return {
    sessions: openSqliteSessionStore({ file }) as SessionStore,
    tokens: openSqliteTokenStore({ file }) as TokenStore,
    accounts: openSqliteAccountStore({ file }) as AccountStore,
    budgets: openSqliteBudgetCounter({ file }) as BudgetCounter,
    erasureJournal: openFileErasureJournal({
      file: join(directory, 'erasures', 'erasures.jsonl'),
    }) as ErasureJournal,
  };
}

describe('the retention job', () => {
  let directory: string;
  let stores: ReturnType<typeof sharedStores>;
  let services: Awaited<ReturnType<typeof startServices>>;
  let calls: Call[];
  let clock: ReturnType<typeof fakeClock>;
  let logLines: string[];
  const gateways: TestGateway[] = [];

  beforeEach(async () => {
    directory = mkdtempSync(join(tmpdir(), 'gateway-retention-'));
    stores = sharedStores(directory);
    calls = [];
    logLines = [];
    clock = fakeClock(start);
    services = await startServices(calls, () => clock.now());
  });

  afterEach(async () => {
    for (const gateway of gateways.splice(0)) await gateway.close();
    await services.close();
    await Promise.all(Object.values(stores).map((store) => store.close()));
    rmSync(directory, { recursive: true, force: true });
  });

  async function replica(): Promise<TestGateway> {
    const logger = createLogger({
      name: 'gateway-test',
      level: 'info',
      destination: new Writable({
        write(chunk: Buffer, _encoding, done) {
          logLines.push(chunk.toString());
          done();
        },
      }),
    });
    const gateway = await buildTestGateway({
      ...stores,
      upstreams: services.upstreams,
      now: clock.now,
      logger,
    });
    gateways.push(gateway);
    return gateway;
  }

  /** Moves the clock to `at` and runs the job there. */
  async function runAt(gateway: TestGateway, at: Date) {
    clock.advance(at.getTime() - clock.now().getTime());
    return gateway.app.retention!.runOnce();
  }

  const sessionAnswer = async (gateway: TestGateway, cookie: string) =>
    SessionResponse.parse(
      (await gateway.app.inject({ method: 'GET', url: '/auth/session', headers: { cookie } })).json(),
    );
  const erasuresAsked = () => calls.filter((call) => call.method === 'DELETE').map((call) => call.service);

  it('sets the notice two years less its days after the last use, and not a day before', async () => {
    const gateway = await replica();
    await devSignIn(gateway.app, ann);

    expect(await runAt(gateway, yearsLater(2, -INACTIVITY_NOTICE_DAYS - 1))).toMatchObject({
      accounts: 1,
      noticesSet: 0,
    });
    expect((await stores.accounts.find(annUid))?.noticeDueAt).toBeNull();

    const due = yearsLater(2, -INACTIVITY_NOTICE_DAYS);
    expect(await runAt(gateway, due)).toMatchObject({ noticesSet: 1, erased: 0 });
    expect(await stores.accounts.find(annUid)).toMatchObject({ lastUsedAt: start, noticeDueAt: due });
    // A notice is set once.
    expect(await runAt(gateway, yearsLater(2, -INACTIVITY_NOTICE_DAYS + 1))).toMatchObject({ noticesSet: 0 });
  });

  it('erases an account unused two years once its notice has been due its full days, with the erasure of the account page', async () => {
    const gateway = await replica();
    await devSignIn(gateway.app, ann);
    await devSignIn(gateway.app, bob);
    await stores.accounts.recordUse(bobUid, yearsLater(1));
    await runAt(gateway, yearsLater(2, -INACTIVITY_NOTICE_DAYS));

    expect(await runAt(gateway, yearsLater(2, -1))).toMatchObject({ erased: 0 });
    expect(erasuresAsked()).toEqual([]);

    expect(await runAt(gateway, yearsLater(2))).toMatchObject({ accounts: 2, erased: 1 });
    expect(erasuresAsked()).toEqual(['records', 'stats', 'exports']);
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.uid)).toEqual([
      annUid,
      annUid,
      annUid,
    ]);
    expect(await stores.accounts.find(annUid)).toBeUndefined();
    expect(await stores.sessions.listByUser(annUid)).toEqual([]);
    // Bob, used a year later, keeps his account and his session.
    expect(await stores.accounts.find(bobUid)).toMatchObject({ noticeDueAt: null });
    expect(await stores.sessions.listByUser(bobUid)).toHaveLength(1);
    expect(await stores.erasureJournal.list()).toEqual([{ uid: annUid, erasedAt: yearsLater(2) }]);
  });

  it('a notice set late (the job was stopped) still runs its full days before the erasure', async () => {
    const gateway = await replica();
    await devSignIn(gateway.app, ann);
    const late = yearsLater(2, 10);
    expect(await runAt(gateway, late)).toMatchObject({ noticesSet: 1, erased: 0 });
    expect(
      await runAt(gateway, new Date(late.getTime() + (INACTIVITY_NOTICE_DAYS - 1) * DAY_MS)),
    ).toMatchObject({ erased: 0 });
    expect(await runAt(gateway, new Date(late.getTime() + INACTIVITY_NOTICE_DAYS * DAY_MS))).toMatchObject({
      erased: 1,
    });
  });

  it('signing in while the notice is due keeps the account: that session shows the notice, the next does not', async () => {
    const gateway = await replica();
    await devSignIn(gateway.app, ann);
    const due = yearsLater(2, -INACTIVITY_NOTICE_DAYS);
    await runAt(gateway, due);

    clock.advance(5 * DAY_MS);
    const cookie = await devSignIn(gateway.app, ann);
    expect(await sessionAnswer(gateway, cookie)).toEqual({
      user: { uid: annUid, display_name: ann.name, email: ann.email },
      inactivity_notice: { due_at: due.toISOString(), erase_at: yearsLater(2).toISOString() },
    });
    expect(await stores.accounts.find(annUid)).toMatchObject({ lastUsedAt: clock.now(), noticeDueAt: null });

    // Past the day it would have gone, the account stays, and the session no longer carries the notice.
    expect(await runAt(gateway, yearsLater(2, 1))).toMatchObject({ noticesSet: 0, erased: 0 });
    expect(erasuresAsked()).toEqual([]);
    expect((await sessionAnswer(gateway, cookie)).inactivity_notice).toBeUndefined();
    const next = await devSignIn(gateway.app, ann);
    expect(await sessionAnswer(gateway, next)).toEqual({
      user: { uid: annUid, display_name: ann.name, email: ann.email },
    });
  });

  it("a session's activity and an access token's use each count as use", async () => {
    const gateway = await replica();
    const cookie = await devSignIn(gateway.app, ann);
    const made = await gateway.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: { cookie, origin: DEV_ORIGIN },
      payload: { name: 'Sheet', scope: 'read', expires_in_days: 365 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const secret = made.json<{ token: string }>().token;

    clock.advance(20 * DAY_MS);
    expect(
      (await gateway.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode,
    ).toBe(200);
    expect((await stores.accounts.find(annUid))?.lastUsedAt).toEqual(clock.now());

    clock.advance(200 * DAY_MS);
    const used = await gateway.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(used.statusCode).toBe(200);
    expect((await stores.accounts.find(annUid))?.lastUsedAt).toEqual(clock.now());
  });

  it('runs on one replica at a time: the lease stops a second runner until the next day', async () => {
    const [first, second] = [await replica(), await replica()];
    await devSignIn(first.app, ann);

    const together = await Promise.all([first.app.retention!.runOnce(), second.app.retention!.runOnce()]);
    expect(together.filter((run) => run !== undefined)).toHaveLength(1);
    expect(calls.filter((call) => call.url === '/account/retention')).toHaveLength(1);
    expect(calls.filter((call) => call.url === '/retention/teams')).toHaveLength(1);
    // Later the same day, neither runs it again.
    clock.advance(6 * 60 * 60 * 1000);
    expect(await second.app.retention!.runOnce()).toBeUndefined();
    expect(await first.app.retention!.runOnce()).toBeUndefined();

    clock.advance(RETENTION_INTERVAL_MS);
    expect(await second.app.retention!.runOnce()).toMatchObject({ accounts: 1 });
  });

  it("goes on past one user's failing service, and tries that user again at the next run", async () => {
    const gateway = await replica();
    await devSignIn(gateway.app, ann);
    await devSignIn(gateway.app, bob);
    await runAt(gateway, yearsLater(2, -INACTIVITY_NOTICE_DAYS));
    services.failing.add(`stats:${annUid}`);

    expect(await runAt(gateway, yearsLater(2))).toMatchObject({ accounts: 2, erased: 1, failed: 1 });
    // Ann's erasure stopped at the stats service; Bob's went through.
    expect(await stores.accounts.find(bobUid)).toBeUndefined();
    expect(await stores.accounts.find(annUid)).toBeDefined();
    expect(await stores.erasureJournal.list()).toEqual([{ uid: bobUid, erasedAt: yearsLater(2) }]);

    services.failing.clear();
    expect(await runAt(gateway, yearsLater(2, 1))).toMatchObject({ accounts: 1, erased: 1, failed: 0 });
    expect(await stores.accounts.find(annUid)).toBeUndefined();
    expect(await stores.erasureJournal.list()).toEqual([
      { uid: bobUid, erasedAt: yearsLater(2) },
      { uid: annUid, erasedAt: yearsLater(2, 1) },
    ]);
  });

  it('asks the records service to remove records past the cutoff, and passes the removed ids on', async () => {
    const gateway = await replica();
    await devSignIn(gateway.app, ann);
    await devSignIn(gateway.app, bob);
    services.records.set(annUid, [
      { id: 'old', culled: '2017-05-01T06:00:00.000Z', entered: '2017-05-01T09:00:00.000Z' },
      // Culled long ago but entered within the seven years: kept.
      { id: 'entered-late', culled: '2017-05-01T06:00:00.000Z', entered: '2020-01-01T09:00:00.000Z' },
      { id: 'recent', culled: '2024-05-01T06:00:00.000Z', entered: '2024-05-01T09:00:00.000Z' },
    ]);
    const at = new Date('2025-06-02T08:00:00.000Z');

    expect(await runAt(gateway, at)).toMatchObject({
      recordsRemoved: 1,
      statsRowsRemoved: 1,
      exportsRowsRemoved: 1,
      failed: 0,
    });
    const retention = calls.filter((call) => call.url === '/account/retention');
    expect(retention).toEqual([
      {
        service: 'records',
        method: 'POST',
        url: '/account/retention',
        uid: annUid,
        body: { cutoff: '2018-06-02T08:00:00.000Z' },
      },
      {
        service: 'stats',
        method: 'POST',
        url: '/account/retention',
        uid: annUid,
        body: { record_ids: ['old'] },
      },
      {
        service: 'exports',
        method: 'POST',
        url: '/account/retention',
        uid: annUid,
        body: { record_ids: ['old'] },
      },
      // Bob had nothing to remove: the other services are not asked for him.
      {
        service: 'records',
        method: 'POST',
        url: '/account/retention',
        uid: bobUid,
        body: { cutoff: '2018-06-02T08:00:00.000Z' },
      },
    ]);
    expect(services.records.get(annUid)?.map((record) => record.id)).toEqual(['entered-late', 'recent']);
  });

  it('ids a service could not take are kept and passed on at the next run', async () => {
    const gateway = await replica();
    await devSignIn(gateway.app, ann);
    services.records.set(annUid, [
      { id: 'old', culled: '2017-05-01T06:00:00.000Z', entered: '2017-05-01T09:00:00.000Z' },
    ]);
    services.failing.add(`exports:${annUid}`);
    expect(await runAt(gateway, new Date('2025-06-02T08:00:00Z'))).toMatchObject({
      recordsRemoved: 1,
      failed: 1,
    });
    expect((await stores.accounts.find(annUid))?.pendingRecordIds).toEqual(['old']);

    services.failing.clear();
    calls.length = 0;
    expect(await runAt(gateway, new Date('2025-06-03T08:00:00Z'))).toMatchObject({
      recordsRemoved: 0,
      statsRowsRemoved: 1,
      exportsRowsRemoved: 1,
      failed: 0,
    });
    expect(
      calls.filter((call) => call.url === '/account/retention').map((call) => [call.service, call.body]),
    ).toEqual([
      ['records', { cutoff: '2018-06-03T08:00:00.000Z' }],
      ['stats', { record_ids: ['old'] }],
      ['exports', { record_ids: ['old'] }],
    ]);
    expect((await stores.accounts.find(annUid))?.pendingRecordIds).toEqual([]);
  });

  it("asks the records service once a run, with the cutoff, to remove the teams' kept culls past it, even with no account", async () => {
    const gateway = await replica();
    services.keptCulls.push(
      { id: 'kept-2016', culled: '2016-05-01T06:00:00.000Z', kept: '2017-03-01T09:00:00.000Z' },
      { id: 'kept-2025', culled: '2025-01-20T06:00:00.000Z', kept: '2025-02-01T09:00:00.000Z' },
    );

    expect(await runAt(gateway, new Date('2026-12-01T02:00:00Z'))).toMatchObject({
      accounts: 0,
      keptCullsRemoved: 1,
    });
    const asked = calls.filter((call) => call.url === '/retention/teams');
    expect(asked).toEqual([
      {
        service: 'records',
        method: 'POST',
        url: '/retention/teams',
        uid: 'retention-job',
        body: { cutoff: '2019-12-01T02:00:00.000Z' },
      },
    ]);
    expect(services.keptCulls.map((kept) => kept.id)).toEqual(['kept-2025']);

    // A failing records service is tried again at the next run; the run still finishes.
    services.failing.add('records:retention-job');
    expect(await runAt(gateway, new Date('2026-12-02T02:00:00Z'))).toMatchObject({ keptCullsRemoved: 0 });
    services.failing.clear();
    expect(await runAt(gateway, new Date('2026-12-03T02:00:00Z'))).toMatchObject({ keptCullsRemoved: 0 });
    expect(calls.filter((call) => call.url === '/retention/teams')).toHaveLength(3);
  });

  it('logs what each run did in numbers, never a name or an e-mail address', async () => {
    const gateway = await replica();
    await devSignIn(gateway.app, ann);
    await runAt(gateway, yearsLater(2, -INACTIVITY_NOTICE_DAYS));
    await runAt(gateway, yearsLater(2));
    const finished = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'retention run finished');
    expect(
      finished.map(({ accounts, noticesSet, erased, failed }) => ({ accounts, noticesSet, erased, failed })),
    ).toEqual([
      { accounts: 1, noticesSet: 1, erased: 0, failed: 0 },
      { accounts: 1, noticesSet: 0, erased: 1, failed: 0 },
    ]);
    const everything = logLines.join('\n');
    expect(everything).not.toContain(ann.email);
    expect(everything).not.toContain(ann.name);
  });
});

describe('the retention job on a timer', () => {
  it('runs at start and again each interval, and stops with the gateway', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'gateway-retention-timer-'));
    const stores = sharedStores(directory);
    const calls: Call[] = [];
    const services = await startServices(calls);
    try {
      await stores.accounts.recordUse('ann', new Date());
      const gateway = await buildTestGateway({
        ...stores,
        upstreams: services.upstreams,
        retentionJob: { intervalMs: 100 },
      });
      await gateway.app.ready();
      await expect.poll(() => calls.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
      await gateway.close();
      const asked = calls.length;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(calls.length).toBe(asked);
    } finally {
      await services.close();
      await Promise.all(Object.values(stores).map((store) => store.close()));
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
