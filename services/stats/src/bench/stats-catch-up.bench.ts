/**
 * `npm run bench:catch-up -w services/stats`: how fast the stats projection catches up with an event log it
 * has never seen, as after downtime (SQLite event log → in-process bus → stats on SQLite, as the one-process
 * app wires them) and as `npm run rebuild` does (the log read in pages, no bus). BENCH_EVENTS sets the log's
 * size (default 100,000 recorded culls of one user).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { BUS_CONSUMER_CHECKPOINTS, createInProcessBus } from '@cull-log/bus';
import { openSqliteEventStore } from '@cull-log/eventstore';
import { openSqliteCheckpoints } from '@cull-log/storage-kit';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import { rebuildProjection } from '@cull-log/projection';
import { TEST_PUBLIC_KEY } from '@cull-log/service-kit/testing';
import { statsService } from '../stats-service';
import { openSqliteStatsStore } from '../store/sqlite';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const SPECIES = ['Roe', 'Red', 'Fallow', 'Muntjac', 'Sika', 'Chinese Water Deer'];
const SEXES = ['Male', 'Female'] as const;

const count = (value: number) => Math.round(value).toLocaleString('en-GB');
const directory = mkdtempSync(join(tmpdir(), 'cull-log-stats-catch-up-'));

const seeding = openSqliteEventStore({ file: join(directory, 'records.db') });
// Seeding is not what is measured: no sync per append.
seeding.database.pragma('synchronous = OFF');
const log = createSampleEventLog();
for (let index = 0; index < EVENTS; index++) {
  const day = 1 + (index % 28);
  const { position: _position, ...event } = log.recorded('stalker', {
    species: SPECIES[index % SPECIES.length],
    sex: SEXES[index % 2],
    date: `${2020 + (index % 6)}-${String(1 + (index % 12)).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    weight: 10 + (index % 900) / 10,
  });
  await seeding.append(event.streamId, 0, [event]);
  log.events.length = 0;
}
// Closed and opened again, as the app finds a log: its write-ahead log folded into the file.
await seeding.close();
const eventStore = openSqliteEventStore({ file: join(directory, 'records.db') });
const head = await eventStore.headPosition();
// As the one-process app keeps them: beside the log, on a connection of their own.
const checkpoints = openSqliteCheckpoints({
  file: join(directory, 'records.db'),
  table: BUS_CONSUMER_CHECKPOINTS,
});

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const rssBeforeBus = process.memoryUsage().rss;
let busPeakRss = rssBeforeBus;

async function catchUpThroughTheBus(): Promise<number> {
  const store = openSqliteStatsStore({ file: join(directory, 'stats-bus.db') });
  const bus = createInProcessBus({ log: eventStore, checkpoints });
  const app = statsService.buildApp({
    projectionStore: store,
    bus,
    logger: pino({ level: 'silent' }),
    internalAuthPublicKey: TEST_PUBLIC_KEY,
  });
  const started = performance.now();
  await app.ready();
  while ((await store.position()) < head) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    busPeakRss = Math.max(busPeakRss, process.memoryUsage().rss);
  }
  const seconds = (performance.now() - started) / 1000;
  await app.close();
  await bus.close();
  await store.close();
  return seconds;
}

async function rebuild(): Promise<number> {
  const store = openSqliteStatsStore({ file: join(directory, 'stats-rebuild.db') });
  const started = performance.now();
  const result = await rebuildProjection({ store, eventLog: eventStore });
  const seconds = (performance.now() - started) / 1000;
  await store.close();
  if (result.position !== head) throw new Error(`rebuilt to ${result.position}, wanted ${head}`);
  return seconds;
}

const busSeconds = await catchUpThroughTheBus();
const rebuildSeconds = await rebuild();

console.log(`stats catch-up from ${count(head)} events (SQLite, one process)`);
console.log(
  `  restart after downtime, in-process bus: ${busSeconds.toFixed(2)} s, ${count(head / busSeconds)} events/s`,
);
console.log(
  `  rebuild from the log: ${rebuildSeconds.toFixed(2)} s, ${count(head / rebuildSeconds)} events/s`,
);
console.log(
  `  RSS before the catch-up through the bus ${megabytes(rssBeforeBus)}, peak during it ${megabytes(busPeakRss)}; the process's peak, seeding included, ${megabytes(process.resourceUsage().maxRSS * 1024)}`,
);

await checkpoints.close();
await eventStore.close();
rmSync(directory, { recursive: true, force: true });
