import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoredEvent } from '@cull-log/contracts';
import { openSqliteEventStore, type SqliteEventStore } from '@cull-log/eventstore';
import { openSqliteCheckpoints } from '@cull-log/storage-kit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BusLogger } from '../bus-logger';
import type { EventBus } from '../event-bus';
import { eventBusContract } from '../testing/event-bus-contract';
import { sampleCullEvent } from '../testing/sample-events';
import { BUS_CONSUMER_CHECKPOINTS, createInProcessBus } from './in-process-event-bus';

const quietLogger: BusLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A real SQLite event log with the consumers' checkpoints beside it, as the one-process app has them. */
function openSqliteWorld(dir: string, busOptions: { pollIntervalMs?: number } = {}) {
  const store = openSqliteEventStore({ file: join(dir, 'events.sqlite') });
  const checkpoints = openSqliteCheckpoints({ database: store.database, table: BUS_CONSUMER_CHECKPOINTS });
  const bus = createInProcessBus({ log: store, checkpoints, logger: quietLogger, ...busOptions });
  return {
    store,
    checkpoints,
    bus,
    async close() {
      await bus.close();
      await store.close();
    },
  };
}

async function appendAndPublish(store: SqliteEventStore, bus: EventBus, event = sampleCullEvent()) {
  const { position } = await store.append(event.streamId, event.version - 1, [event]);
  const stored: StoredEvent = { ...event, position };
  await bus.publish(stored);
  return stored;
}

eventBusContract('in-process bus over a SQLite event log', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cull-log-bus-'));
  let world = openSqliteWorld(dir);
  return {
    get bus() {
      return world.bus;
    },
    publishNew: (event) => appendAndPublish(world.store, world.bus, event),
    async erase(erasure) {
      await world.store.eraseUser(erasure.userId);
      await world.bus.eraseUser(erasure);
    },
    async restart() {
      await world.close();
      world = openSqliteWorld(dir);
    },
    async dispose() {
      await world.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('in-process bus', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  function temporaryWorld(busOptions: { pollIntervalMs?: number }) {
    const dir = mkdtempSync(join(tmpdir(), 'cull-log-bus-'));
    const world = openSqliteWorld(dir, busOptions);
    cleanups.push(async () => {
      await world.close();
      rmSync(dir, { recursive: true, force: true });
    });
    return world;
  }

  it('wakes subscribers on publish instead of waiting for the next poll', async () => {
    const { store, bus } = temporaryWorld({ pollIntervalMs: 60 * 60_000 });
    const received: string[] = [];
    await bus.subscribe({
      durableName: 'stats',
      handler: async (delivery) => {
        received.push(delivery.event.id);
        await delivery.ack();
      },
    });
    const event = await appendAndPublish(store, bus);
    await vi.waitFor(() => expect(received).toEqual([event.id]), { timeout: 5_000, interval: 10 });
  });

  it('wakes subscribers on notify, with no event handed over, instead of waiting for the next poll', async () => {
    const { store, bus } = temporaryWorld({ pollIntervalMs: 60 * 60_000 });
    const received: string[] = [];
    await bus.subscribe({
      durableName: 'stats',
      handler: async (delivery) => {
        received.push(delivery.event.id);
        await delivery.ack();
      },
    });
    const event = sampleCullEvent();
    await store.append(event.streamId, 0, [event]);
    bus.notify();
    await vi.waitFor(() => expect(received).toEqual([event.id]), { timeout: 5_000, interval: 10 });
  });

  it('finds events appended without a publish by polling the log', async () => {
    const { store, bus } = temporaryWorld({ pollIntervalMs: 50 });
    const received: string[] = [];
    await bus.subscribe({
      durableName: 'stats',
      handler: async (delivery) => {
        received.push(delivery.event.id);
        await delivery.ack();
      },
    });
    const event = sampleCullEvent();
    await store.append(event.streamId, 0, [event]);
    await vi.waitFor(() => expect(received).toEqual([event.id]), { timeout: 5_000, interval: 10 });
  });

  it('lets other work run between the batches of a catch-up', async () => {
    const { store, bus } = temporaryWorld({ pollIntervalMs: 60 * 60_000 });
    for (let index = 0; index < 30; index += 1) {
      const event = sampleCullEvent();
      await store.append(event.streamId, 0, [event]);
    }
    // A request arriving during the catch-up is a macrotask like this one: it must not wait for the whole log.
    let otherWorkRan = false;
    setImmediate(() => (otherWorkRan = true));
    const seenByBatch: boolean[] = [];
    await bus.subscribeBatches({
      durableName: 'stats',
      maxBatchSize: 10,
      handler: async (batch) => {
        seenByBatch.push(otherWorkRan);
        await batch.ack();
      },
    });
    await vi.waitFor(() => expect(seenByBatch).toHaveLength(3), { timeout: 5_000, interval: 10 });
    expect(seenByBatch.slice(1)).toEqual([true, true]);
  });

  it('refuses a second live subscription with the same durable name', async () => {
    const { bus } = temporaryWorld({});
    const handler = async () => undefined;
    await bus.subscribe({ durableName: 'stats', handler });
    await expect(bus.subscribe({ durableName: 'stats', handler })).rejects.toThrow(/already subscribed/);
  });

  it('stores the position only when an event is acknowledged', async () => {
    const { store, bus, checkpoints } = temporaryWorld({});
    const first = await appendAndPublish(store, bus);
    const second = await appendAndPublish(store, bus);
    const seen: string[] = [];
    const subscription = await bus.subscribe({
      durableName: 'exports',
      handler: async (delivery) => {
        seen.push(delivery.event.id);
        if (delivery.event.id === first.id) await delivery.ack();
      },
    });
    await vi.waitFor(() => expect(seen).toEqual([first.id, second.id]), { timeout: 5_000, interval: 10 });
    await subscription.stop();
    expect(await checkpoints.load('exports')).toBe(first.position);
  });
});
