import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import { createLogger } from '@cull-log/service-kit';
import { buildProjectionApp } from './projection-app';
import { openSqliteProjection } from './sqlite-projection';
import { capturingBus, recordedDelivery } from './testing';

// Routes may raise their own log level (readyz logs at warn), so the lines go nowhere rather than silent.
const silent = createLogger({ name: 'test', destination: { write: () => undefined } });
let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'cull-log-projection-app-'));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

function openStore() {
  return openSqliteProjection({
    file: join(directory, 'app.db'),
    schema: 'CREATE TABLE IF NOT EXISTS seen (event_id TEXT PRIMARY KEY)',
    readModelTables: ['seen'],
  }).projectionStore(() => undefined);
}

describe('buildProjectionApp', () => {
  it('consumes the bus under its durable name from ready until close, reporting what it applied', async () => {
    const { bus, subscriptions, stopped } = capturingBus();
    const store = openStore();
    const applied: number[] = [];
    const app = buildProjectionApp({
      name: 'stats',
      logger: silent,
      store,
      bus,
      durableName: 'stats',
      onApplied: (position) => applied.push(position),
    });
    expect(subscriptions).toHaveLength(0);
    await app.ready();
    expect(subscriptions.map((subscription) => subscription.durableName)).toEqual(['stats']);

    const delivery = recordedDelivery(createSampleEventLog().recorded('alice'));
    await subscriptions[0]?.handler(delivery);
    expect(delivery.answer).toBe('ack');
    expect(applied).toEqual([1]);
    expect(await store.position()).toBe(1);

    await app.close();
    expect(stopped).toEqual(['stats']);
    await store.close();
  });

  it('without a bus only serves, and is ready only while its store answers', async () => {
    const store = openStore();
    const app = buildProjectionApp({ name: 'exports', logger: silent, store, durableName: 'exports' });
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    await store.close();
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(503);
    await app.close();
  });
});
