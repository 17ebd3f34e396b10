/**
 * `npm run bench -w services/stats`: projection lag from a committed write to the stats, under a steady
 * stream of writes. Standalone wiring: SQLite event log → in-process bus → stats projection on SQLite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import type { StoredEvent } from '@cull-log/contracts';
import { BUS_CONSUMER_CHECKPOINTS, createInProcessBus } from '@cull-log/bus';
import { openSqliteEventStore } from '@cull-log/eventstore';
import { openSqliteCheckpoints } from '@cull-log/storage-kit';
import { statsService } from '../stats-service';
import { openSqliteStatsStore } from '../store/sqlite';
import type { StatsStore } from '../store/stats-store';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import { TEST_PUBLIC_KEY, identityHeadersFor } from '@cull-log/service-kit/testing';

const identityHeaders = identityHeadersFor('stats');

const WRITES = Number(process.env.BENCH_WRITES ?? 1000);
const WRITES_PER_SECOND = Number(process.env.BENCH_RATE ?? 50);
/** The first writes warm the JIT and the SQLite caches; they are made but not measured. */
const WARM_UP_WRITES = 50;
const USERS = Array.from({ length: 20 }, (_, index) => `user-${index}`);

const directory = mkdtempSync(join(tmpdir(), 'cull-log-stats-bench-'));
const eventStore = openSqliteEventStore({ file: join(directory, 'records.db') });
const checkpoints = openSqliteCheckpoints({ database: eventStore.database, table: BUS_CONSUMER_CHECKPOINTS });
const bus = createInProcessBus({ log: eventStore, checkpoints });
const inner = openSqliteStatsStore({ file: join(directory, 'stats.db') });
const appliedAt = new Map<number, number>();
const store: StatsStore = {
  ...inner,
  async applyBatch(events) {
    const outcomes = await inner.applyBatch(events);
    const at = performance.now();
    outcomes.forEach((outcome, index) => {
      if (outcome === 'applied') appliedAt.set((events[index] as StoredEvent).position, at);
    });
    return outcomes;
  },
};
const app = statsService.buildApp({
  projectionStore: store,
  bus,
  logger: pino({ level: 'silent' }),
  internalAuthPublicKey: TEST_PUBLIC_KEY,
});
await app.ready();

const log = createSampleEventLog();
const live: { userId: string; streamId: string }[] = [];
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)] as T;

function nextEvent() {
  const roll = Math.random();
  if (live.length > 10 && roll < 0.2) {
    const cull = pick(live);
    return log.amended(cull.userId, cull.streamId, { weight: Math.round(Math.random() * 900) / 10 });
  }
  if (live.length > 10 && roll < 0.3) {
    const cull = live.splice(Math.floor(Math.random() * live.length), 1)[0] as (typeof live)[number];
    return log.deleted(cull.userId, cull.streamId);
  }
  const event = log.recorded(pick(USERS), { weight: Math.round(Math.random() * 900) / 10 });
  live.push({ userId: event.userId, streamId: event.streamId });
  return event;
}

const projectionLag: number[] = [];
const figuresLag: number[] = [];
const reads: Promise<void>[] = [];
const started = performance.now();
for (let index = 0; index < WARM_UP_WRITES + WRITES; index++) {
  const measured = index >= WARM_UP_WRITES;
  const due = started + (index * 1000) / WRITES_PER_SECOND;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const { position: _position, ...event } = nextEvent();
  const { position } = await eventStore.append(event.streamId, event.version - 1, [event]);
  const committed = performance.now();
  bus.notify();
  // The user's next read, as the web client makes it after a write.
  const url = `/stats?after=${position}`;
  reads.push(
    app
      .inject({ method: 'GET', url, headers: identityHeaders(event.userId, url, new Date()) })
      .then((response) => {
        const answeredAt = performance.now();
        if ((response.json() as { position: number }).position < position)
          throw new Error('stats answered stale');
        const applied = appliedAt.get(position);
        if (applied === undefined) throw new Error(`position ${position} never applied`);
        if (!measured) return;
        figuresLag.push(answeredAt - committed);
        projectionLag.push(applied - committed);
      }),
  );
}
await Promise.all(reads);
const elapsedSeconds = (performance.now() - started) / 1000;

const percentile = (values: number[], fraction: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? NaN;
};
const describe = (values: number[]) =>
  `median ${percentile(values, 0.5).toFixed(2)} ms, p99 ${percentile(values, 0.99).toFixed(2)} ms, max ${Math.max(...values).toFixed(2)} ms`;

console.log(
  `stats projection lag: ${WRITES} measured writes (after ${WARM_UP_WRITES} warm-up) at ${WRITES_PER_SECOND}/s ` +
    `over ${elapsedSeconds.toFixed(1)} s, ${USERS.length} users`,
);
console.log(
  'wiring: SQLite event log (synced before each write is acknowledged) → in-process bus → stats projection (SQLite), one process',
);
console.log(`write committed → event applied to the projection: ${describe(projectionLag)}`);
console.log(`write committed → GET /stats?after=<position> answered with it: ${describe(figuresLag)}`);

await app.close();
await bus.close();
await store.close();
await eventStore.close();
rmSync(directory, { recursive: true, force: true });
