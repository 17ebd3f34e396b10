/**
 * Records service benchmark on the embedded SQLite store: creates per second and list latency (median, p99)
 * for one user holding 10, 1,000 and 100,000 records. Every request goes through the app (`app.inject`), with
 * a signed identity, validation, the event store and the read model, as in production minus the socket.
 *
 * Seeding: records are decided by the domain and appended with the read model updated in the append's
 * transaction, exactly as the API does; to seed 100,000 in reasonable time, 5,000 appends at a time run inside
 * one outer SQLite transaction (the store's own transaction becomes a savepoint), saving a disk sync per append.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import {
  AGE_ESTIMATES,
  CONDITIONS,
  SEXES,
  SPECIES,
  SHOT_PLACEMENTS,
  type CullFields,
} from '@cull-log/contracts';
import { decide, initialState } from '@cull-log/domain';
import { openSqliteEventStore } from '@cull-log/eventstore';
import { IDENTITY_HEADER, signIdentity } from '@cull-log/service-kit';
import { buildApp } from '../src/app';
import { openSqliteReadModel } from '../src/read-model/sqlite-cull-read-model';

const SECRET = 'records-benchmark-secret-0123456789abcdef';
const USER = { uid: 'bench-user', display_name: 'Bench', email: null };
const SIZES = [10, 1_000, 100_000];
const TIMED_CREATES = 300;
const LIST_RUNS = 200;
const SEED_BATCH = 5_000;

const LOCATIONS = [
  'Ashdown Forest',
  'Home Wood',
  'Lower Meadow',
  'Beech Hanger',
  'Crowborough Warren',
  'Birch Copse',
];

function pick<T>(values: readonly T[], index: number): T {
  return values[index % values.length] as T;
}

function fieldsFor(index: number): CullFields {
  const day = new Date(Date.UTC(2022, 0, 1) + ((index * 7919) % 1100) * 86_400_000);
  const antlers = index % 3 === 0;
  return {
    date: day.toISOString().slice(0, 10),
    time: `${String((index * 13) % 24).padStart(2, '0')}:${String((index * 7) % 60).padStart(2, '0')}`,
    location_name: `${pick(LOCATIONS, index)} ${index % 97}`,
    species: pick(SPECIES.slice(0, -1), index * 5),
    sex: pick(SEXES, index),
    age_estimate: pick(AGE_ESTIMATES, index * 3),
    condition: pick(CONDITIONS, index * 11),
    shot_placement: pick(SHOT_PLACEMENTS.slice(0, -1), index * 2),
    antlers_present: antlers,
    ...(antlers ? { antler_points: index % 12 } : {}),
    ...(index % 4 === 0 ? {} : { weight: 5 + (index % 900) / 10 }),
    shot_distance: `${50 + (index % 200)} metres`,
    notes: 'Seeded for the benchmark',
  };
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] as number;
}

function summary(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  return `median ${percentile(sorted, 0.5).toFixed(2)} ms, p99 ${percentile(sorted, 0.99).toFixed(2)} ms`;
}

async function run(size: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'cull-log-records-bench-'));
  const store = openSqliteEventStore({ file: join(dir, 'records.db') });
  const readModel = openSqliteReadModel({ database: store.database });
  const app = buildApp({ store, readModel, logger: pino({ level: 'silent' }), internalAuthSecret: SECRET });
  await app.ready();

  const request = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { [IDENTITY_HEADER]: signIdentity({ secret: SECRET, identity: USER, method, url }) },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const seedStarted = performance.now();
  const seedBatch = store.database.transaction((from: number, to: number) => {
    for (let index = from; index < to; index += 1) {
      const cullId = randomUUID();
      const decision = decide(
        {
          type: 'RecordCull',
          cullId,
          fields: fieldsFor(index),
          meta: {
            userId: USER.uid,
            eventId: randomUUID(),
            occurredAt: new Date().toISOString(),
            correlationId: 'seed',
          },
        },
        initialState,
      );
      if (!decision.ok) throw new Error('seed record refused');
      // The SQLite store appends synchronously inside this call; the promise only reports the outcome.
      void store.append(cullId, 0, decision.events, (tx, events) => readModel.apply(tx, events));
    }
  });
  for (let from = 0; from < size; from += SEED_BATCH) seedBatch(from, Math.min(size, from + SEED_BATCH));
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const listed = await request('GET', '/culls?page_size=1');
  if (listed.json().total !== size) throw new Error(`seeded ${listed.json().total}, wanted ${size}`);

  const createStarted = performance.now();
  for (let index = 0; index < TIMED_CREATES; index += 1) {
    const response = await request('POST', '/culls', fieldsFor(size + index));
    if (response.statusCode !== 201) throw new Error(`create answered ${response.statusCode}`);
  }
  const createsPerSecond = TIMED_CREATES / ((performance.now() - createStarted) / 1000);
  const total = size + TIMED_CREATES;

  const lastPage = Math.ceil(total / 10);
  const lists: [string, string][] = [
    ['first page, sort by date', '/culls?sort=date&order=desc&page=1&page_size=10'],
    ['first page, sort by location', '/culls?sort=location_name&order=asc&page=1&page_size=10'],
    ['search "roe" (1 in 8 match)', '/culls?q=roe&sort=date&order=desc&page=1&page_size=10'],
    ['search "hanger 42" (rare)', '/culls?q=hanger%2042&sort=date&order=desc&page=1&page_size=10'],
    ['last page, sort by date', `/culls?sort=date&order=desc&page=${lastPage}&page_size=10`],
  ];
  console.log(`\n${size.toLocaleString('en-GB')} records (seeded in ${seedSeconds.toFixed(1)} s)`);
  console.log(
    `  creates: ${createsPerSecond.toFixed(0)} per second (${TIMED_CREATES} sequential POST /culls)`,
  );
  for (const [label, url] of lists) {
    for (let warm = 0; warm < 5; warm += 1) await request('GET', url);
    const samples: number[] = [];
    for (let index = 0; index < LIST_RUNS; index += 1) {
      const started = performance.now();
      const response = await request('GET', url);
      samples.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`list answered ${response.statusCode}`);
    }
    console.log(`  ${label.padEnd(30)} ${summary(samples)}`);
  }

  await app.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}

console.log(
  `Records benchmark, embedded SQLite, Node ${process.version}, one user, ${LIST_RUNS} runs per list`,
);
for (const size of SIZES) await run(size);
