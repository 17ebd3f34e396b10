import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import { createLogger } from '@cull-log/service-kit';
import { TEST_PUBLIC_KEY, identityHeadersFor } from '@cull-log/service-kit/testing';

const identityHeaders = identityHeadersFor('stats');
import { buildProjectionApp, type ProjectionRoutes } from './projection-app';
import type { ProjectionStore } from './projection-store';
import { openSqliteProjection } from './sqlite-projection';
import { capturingBus, recordedBatch } from './testing';

// Routes may raise their own log level (readyz logs at warn), so the lines go nowhere rather than silent.
const silent = createLogger({ name: 'test', destination: { write: () => undefined } });
const NOW = new Date('2026-05-20T12:00:00Z');
let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'cull-log-projection-app-'));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

function openStore() {
  const projection = openSqliteProjection({
    file: join(directory, 'app.db'),
    name: 'app',
    migrations: [
      {
        version: 1,
        does: 'the table',
        up: (db) =>
          db.exec('CREATE TABLE IF NOT EXISTS seen (event_id TEXT PRIMARY KEY, user_id TEXT NOT NULL)'),
      },
    ],
    readModelTables: ['seen'],
  });
  const insert = projection.db.prepare('INSERT INTO seen (event_id, user_id) VALUES (?, ?)');
  const owners = projection.db.prepare<[], string>('SELECT user_id FROM seen ORDER BY user_id').pluck();
  return Object.assign(
    projection.projectionStore((events) => {
      for (const event of events) insert.run(event.id, event.userId);
    }),
    { owners: () => owners.all() },
  );
}

/** `GET /position?after=n`: waits for position n, then says who asked and where the store is. */
const positionRoutes: ProjectionRoutes<ProjectionStore> = async (app, { store, waitForPosition }) => {
  app.get<{ Querystring: { after?: string } }>('/position', async (request) => {
    if (request.query.after !== undefined) await waitForPosition(Number(request.query.after));
    return { uid: request.identity.uid, position: await store.position() };
  });
};
const definition = { name: 'stats', durableName: 'stats', routes: positionRoutes };

const get = (app: ReturnType<typeof buildProjectionApp>, url: string) =>
  app.inject({ method: 'GET', url, headers: identityHeaders('alice', url, NOW) });

describe('buildProjectionApp', () => {
  it('consumes the bus under its durable name from ready until close, waking reads waiting for a position', async () => {
    const { bus, subscriptions, stopped } = capturingBus();
    const store = openStore();
    const app = buildProjectionApp(definition, {
      projectionStore: store,
      logger: silent,
      bus,
      internalAuthPublicKey: TEST_PUBLIC_KEY,
      now: () => NOW,
      afterWaitMs: 60_000,
    });
    expect(subscriptions).toHaveLength(0);
    await app.ready();
    expect(subscriptions.map((subscription) => subscription.durableName)).toEqual(['stats']);

    const waiting = get(app, '/position?after=1');
    const batch = recordedBatch([createSampleEventLog().recorded('alice')]);
    await subscriptions[0]?.handler(batch);
    expect(batch.acknowledged).toBe(1);
    expect((await waiting).json()).toEqual({ uid: 'alice', position: 1 });

    await app.close();
    expect(stopped).toEqual(['stats']);
    await store.close();
  });

  it('serves its routes only to a caller with a signed identity', async () => {
    const store = openStore();
    const app = buildProjectionApp(definition, {
      projectionStore: store,
      logger: silent,
      internalAuthPublicKey: TEST_PUBLIC_KEY,
      now: () => NOW,
    });
    expect((await app.inject({ url: '/position' })).statusCode).toBe(401);
    expect((await get(app, '/position')).json()).toEqual({ uid: 'alice', position: 0 });
    await app.close();
    await store.close();
  });

  it("DELETE /account erases the caller's rows and nobody else's, only with a signed identity", async () => {
    const store = openStore();
    const log = createSampleEventLog();
    await store.applyBatch([log.recorded('alice'), log.recorded('bob'), log.recorded('alice')]);
    const app = buildProjectionApp(definition, {
      projectionStore: store,
      logger: silent,
      internalAuthPublicKey: TEST_PUBLIC_KEY,
      now: () => NOW,
    });

    expect((await app.inject({ method: 'DELETE', url: '/account' })).statusCode).toBe(401);
    expect(store.owners()).toEqual(['alice', 'alice', 'bob']);
    const erased = await app.inject({
      method: 'DELETE',
      url: '/account',
      headers: identityHeaders('alice', '/account', NOW, 'DELETE'),
    });

    expect(erased.statusCode).toBe(204);
    expect(store.owners()).toEqual(['bob']);
    await app.close();
    await store.close();
  });

  it('POST /account/retention hands the caller and their record ids to the store, and refuses bad input with 400', async () => {
    const calls: { userId: string; recordIds: readonly string[] }[] = [];
    const store = Object.assign(openStore(), {
      async removeRecords(userId: string, recordIds: readonly string[]) {
        calls.push({ userId, recordIds });
        return recordIds.length - 1;
      },
    });
    const app = buildProjectionApp(definition, {
      projectionStore: store,
      logger: silent,
      internalAuthPublicKey: TEST_PUBLIC_KEY,
      now: () => NOW,
    });
    const post = (payload: unknown) =>
      app.inject({
        method: 'POST',
        url: '/account/retention',
        payload: payload as object,
        headers: identityHeaders('alice', '/account/retention', NOW, 'POST', payload as object),
      });
    // The most one call names: 100,000 record ids, several megabytes of body.
    const most = Array.from(
      { length: 100_000 },
      (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    );

    expect(
      (await app.inject({ method: 'POST', url: '/account/retention', payload: { record_ids: [] } }))
        .statusCode,
    ).toBe(401);
    for (const bad of [
      {},
      { record_ids: 'r1' },
      { record_ids: [''] },
      { record_ids: [1] },
      { record_ids: [...most, 'r'] },
    ]) {
      const refused = await post(bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: { code: 'validation_failed' } });
    }
    expect(calls).toEqual([]);
    const answered = await post({ record_ids: ['r1', 'r2'] });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toEqual({ removed: 1 });
    expect((await post({ record_ids: most })).json()).toEqual({ removed: 99_999 });
    expect(calls.map((call) => [call.userId, call.recordIds.length])).toEqual([
      ['alice', 2],
      ['alice', 100_000],
    ]);
    await app.close();
    await store.close();
  });

  it('a projection that keeps no records has no retention route', async () => {
    const store = openStore();
    const app = buildProjectionApp(definition, {
      projectionStore: store,
      logger: silent,
      internalAuthPublicKey: TEST_PUBLIC_KEY,
      now: () => NOW,
    });
    const payload = { record_ids: ['r1'] };
    const response = await app.inject({
      method: 'POST',
      url: '/account/retention',
      payload,
      headers: identityHeaders('alice', '/account/retention', NOW, 'POST', payload),
    });
    expect(response.statusCode).toBe(404);
    await app.close();
    await store.close();
  });

  it('a read waiting for a position not yet applied answers after the bounded wait', async () => {
    const store = openStore();
    const app = buildProjectionApp(definition, {
      projectionStore: store,
      logger: silent,
      internalAuthPublicKey: TEST_PUBLIC_KEY,
      now: () => NOW,
      afterWaitMs: 50,
    });
    expect((await get(app, '/position?after=5')).json()).toEqual({ uid: 'alice', position: 0 });
    await app.close();
    await store.close();
  });

  it('without a bus only serves, and is ready only while its store answers', async () => {
    const store = openStore();
    const app = buildProjectionApp(
      { ...definition, name: 'exports', durableName: 'exports' },
      { projectionStore: store, logger: silent, internalAuthPublicKey: TEST_PUBLIC_KEY },
    );
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    await store.close();
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(503);
    await app.close();
  });

  it('a store outage answers 503 in the contract shape on its routes and on /readyz', async () => {
    const inner = openSqliteProjection({
      file: join(directory, 'closed.db'),
      name: 'app',
      migrations: [
        {
          version: 1,
          does: 'the table',
          up: (db) => db.exec('CREATE TABLE IF NOT EXISTS seen (event_id TEXT PRIMARY KEY)'),
        },
      ],
      readModelTables: ['seen'],
    });
    const app = buildProjectionApp(definition, {
      projectionStore: inner.projectionStore(() => undefined),
      logger: silent,
      internalAuthPublicKey: TEST_PUBLIC_KEY,
      now: () => NOW,
    });
    await app.ready();
    inner.db.close();
    const response = await get(app, '/position');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: { code: 'service_unavailable', message: expect.any(String) },
    });
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    await app.close();
  });
});
