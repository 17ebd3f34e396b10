import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { DEFAULT_SEASON_START, isCullEvent, type StoredEvent } from '@cull-log/contracts';
import { connectNatsBus, type EventBus, type Subscription } from '@cull-log/bus';
import { startNatsServer, type NatsTestServer } from '@cull-log/bus/testing';
import { computeStats, cullDecider, foldStream } from '@cull-log/domain';
import { openSqliteEventStore, type EventStore } from '@cull-log/eventstore';
import { rebuildProjection, startProjection, type ApplyOutcome } from '@cull-log/projection';
import { caughtUp } from '@cull-log/projection/testing';
import { statsResponse, statsWindow } from './stats-figures';
import { statsService } from './stats-service';
import { withoutOutings } from './testing/expected-figures';
import { openSqliteStatsStore } from './store/sqlite';
import type { StatsStore } from './store/stats-store';
import { createSampleEventLog } from '@cull-log/eventstore/testing';

const NOW = new Date('2026-05-20T12:00:00Z');
const USERS = ['alice', 'bob'];
const ACK_WAIT_MS = 1000;
const silent = pino({ level: 'silent' });

/** A store that also tells which outcome each event it was given had. */
function counting(store: StatsStore) {
  const outcomes: ApplyOutcome[] = [];
  const wrapped: StatsStore = {
    ...store,
    async applyBatch(events) {
      const batchOutcomes = await store.applyBatch(events);
      outcomes.push(...batchOutcomes);
      return batchOutcomes;
    },
  };
  return { store: wrapped, outcomes };
}

/** What the figures must be: computeStats over the records folded from the log. */
function expectedFigures(log: readonly StoredEvent[]) {
  const streams = new Map<string, StoredEvent[]>();
  for (const event of log) streams.set(event.streamId, [...(streams.get(event.streamId) ?? []), event]);
  return USERS.map((userId) => {
    const records = [...streams.values()].flatMap((events) => {
      const state = foldStream(cullDecider, events);
      return state.status === 'active' && state.ownerId === userId ? [state.fields] : [];
    });
    return withoutOutings(computeStats(records, NOW), log.length, records);
  });
}

async function figures(store: StatsStore) {
  return Promise.all(
    USERS.map(async (userId) =>
      statsResponse(await store.aggregates(statsWindow(userId, NOW)), NOW, DEFAULT_SEASON_START),
    ),
  );
}

describe('stats projection on a real nats-server', () => {
  let server: NatsTestServer;
  let directory: string;
  let eventLog: EventStore;
  let publisher: EventBus;
  const cleanups: (() => Promise<void>)[] = [];

  // A server per test: every stream takes all cull subjects, so tests cannot share one.
  beforeEach(async () => {
    server = await startNatsServer();
    directory = mkdtempSync(join(tmpdir(), 'cull-log-stats-int-'));
    eventLog = openSqliteEventStore({ file: join(directory, 'records.db') });
    // A short duplicate window lets a test publish the same event again as a second, real delivery.
    publisher = await connectNatsBus({ servers: server.url, duplicateWindowMs: 100 });
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await publisher.close();
    await eventLog.close();
    rmSync(directory, { recursive: true, force: true });
    await server.stop();
  });

  async function consumerBus(): Promise<EventBus> {
    const bus = await connectNatsBus({ servers: server.url });
    cleanups.push(() => bus.close());
    return bus;
  }

  async function project(store: StatsStore): Promise<Subscription> {
    const subscription = await startProjection({
      durableName: statsService.durableName,
      bus: await consumerBus(),
      store,
      logger: silent,
      ackWaitMs: ACK_WAIT_MS,
    });
    cleanups.push(() => subscription.stop());
    return subscription;
  }

  function openStore(name: string): StatsStore {
    const store = openSqliteStatsStore({ file: join(directory, name) });
    cleanups.push(() => store.close());
    return store;
  }

  /** Writes a varied history to the event log and returns it as stored (with positions). */
  async function writeHistory(): Promise<StoredEvent[]> {
    const log = createSampleEventLog();
    const first = log.recorded('alice', { date: '2026-05-01', weight: 20.4 });
    const second = log.recorded('alice', { date: '2026-04-12', species: 'Muntjac', sex: 'Female' });
    log.recorded('bob', { species: 'Fox', weight: 7.25 });
    log.amended('alice', first.streamId, { species: 'Red Deer', weight: 90.1, date: '2025-11-02' });
    const third = log.recorded('alice', { date: '2026-05-19' });
    log.deleted('alice', second.streamId);
    log.amended('alice', third.streamId, { weight: null, sex: 'Unknown' });
    log.recorded('bob', { date: '2026-05-03', species: 'Fox', sex: 'Female', weight: 6.5 });
    for (const { position: _position, ...event } of log.events) {
      await eventLog.append(event.streamId, event.version - 1, [event]);
    }
    const stored = (await eventLog.readAll(0, 1000)).filter(isCullEvent);
    expect(stored.map((event) => event.position)).toEqual(log.events.map((event) => event.position));
    return stored;
  }

  async function publishAll(events: readonly StoredEvent[]) {
    for (const event of events) await publisher.publish(event);
  }

  it('the same event delivered twice ends with the same figures', async () => {
    const history = await writeHistory();
    const { store, outcomes } = counting(openStore('stats.db'));
    await project(store);
    await publishAll(history.slice(0, 5));
    await caughtUp(store, 5);
    await new Promise((resolve) => setTimeout(resolve, 150));
    // Past the duplicate window, the stream takes these as new messages: each event arrives a second time.
    await publishAll(history.slice(2, 5));
    await publishAll(history.slice(5));
    await caughtUp(store, history.length);

    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(3);
    expect(await figures(store)).toEqual(expectedFigures(history));
  });

  it('a consumer killed before it acknowledges leaves the next one to finish with the same figures', async () => {
    const history = await writeHistory();
    await publishAll(history);
    const file = join(directory, 'stats.db');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./testing/crashing-consumer.ts', import.meta.url))],
      {
        env: {
          ...process.env,
          NATS_URL: server.url,
          STATS_FILE: file,
          CRASH_AFTER: '4',
          MAX_BATCH_SIZE: '3',
          ACK_WAIT_MS: String(ACK_WAIT_MS),
        },
        stdio: 'inherit',
      },
    );
    const signal = await new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, killed) => resolve(killed)),
    );
    expect(signal).toBe('SIGKILL');

    const { store, outcomes } = counting(openStore('stats.db'));
    const committed = await store.position();
    expect(committed).toBeGreaterThanOrEqual(4);
    await project(store);
    await caughtUp(store, history.length);

    // The batch that took it past the fourth event was committed but never acknowledged: it comes again,
    // before anything later, and changes nothing.
    const repeated = outcomes.indexOf('applied');
    expect(repeated).toBeGreaterThan(0);
    expect(outcomes.slice(0, repeated).every((outcome) => outcome === 'duplicate')).toBe(true);
    expect(outcomes.slice(repeated)).toEqual(history.slice(committed).map(() => 'applied'));
    expect(await figures(store)).toEqual(expectedFigures(history));
  });

  it('a consumer restarted from its checkpoint applies only what it had not seen', async () => {
    const history = await writeHistory();
    const file = 'stats.db';
    const firstRun = counting(openStore(file));
    const subscription = await project(firstRun.store);
    await publishAll(history.slice(0, 4));
    await caughtUp(firstRun.store, 4);
    await subscription.stop();

    await publishAll(history.slice(4));
    const secondRun = counting(openStore(file));
    await project(secondRun.store);
    await caughtUp(secondRun.store, history.length);

    // Everything after the checkpoint is applied once; at most the last event of the first run comes again,
    // should its acknowledgement have been cut off by the stop.
    expect(secondRun.outcomes.filter((outcome) => outcome === 'applied')).toHaveLength(history.length - 4);
    expect(secondRun.outcomes.length).toBeLessThanOrEqual(history.length - 3);
    expect(await figures(secondRun.store)).toEqual(expectedFigures(history));
  });

  it('a rebuild from scratch, from the event log, ends with the same figures', async () => {
    const history = await writeHistory();
    const live = openStore('stats.db');
    await project(live);
    await publishAll(history);
    await caughtUp(live, history.length);
    const before = await figures(live);

    expect(await rebuildProjection({ store: live, eventLog })).toEqual({
      events: history.length,
      position: history.length,
    });
    expect(await figures(live)).toEqual(before);

    const fresh = openStore('rebuilt.db');
    await rebuildProjection({ store: fresh, eventLog, batchSize: 3 });
    expect(await figures(fresh)).toEqual(before);
    expect(before).toEqual(expectedFigures(history));
  });
});
