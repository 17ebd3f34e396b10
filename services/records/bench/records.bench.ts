/**
 * Records service benchmark on the embedded SQLite store: creates per second and list latency (median, p99)
 * for one user holding 10, 1,000 and 100,000 records, and the map's answers (GET /culls/locations, GET
 * /culls/map-points, GET /culls/at) for one user holding 10,000 and 100,000 located records. `npm run bench -- list`
 * or `npm run bench -- map` runs one part alone. Every request goes through the app (`app.inject`), with a signed
 * identity, validation, the event store and the read model, as in production minus the socket.
 *
 * Seeding: records are decided by the domain and appended with the read model updated in the append's
 * transaction, exactly as the API does; 5,000 appends are in flight at a time, so the store commits them in groups.
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
  MAP_POINTS_LIMIT,
  SEXES,
  SPECIES,
  SHOT_PLACEMENTS,
  type CullFields,
  type MapPointsResponse,
} from '@cull-log/contracts';
import { openFileBlobStore } from '@cull-log/blobstore';
import { cullDecider } from '@cull-log/domain';
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
const MAP_SIZES = [10_000, 100_000];
/** Records of the map's user that have no coordinates: they must cost the map nothing. */
const MAP_UNLOCATED = 2_000;
const MAP_RUNS = 50;
const PARTS = ['list', 'map'] as const;

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

/** Coordinates spread over Great Britain, as a stalker's grounds across the country would be. */
function located(index: number): Pick<CullFields, 'latitude' | 'longitude'> {
  return {
    latitude: Number((50.2 + ((index * 7717) % 8000) / 1000).toFixed(6)),
    longitude: Number((-5.5 + ((index * 3571) % 7200) / 1000).toFixed(6)),
  };
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

async function openBench() {
  const dir = mkdtempSync(join(tmpdir(), 'cull-log-records-bench-'));
  const store = openSqliteEventStore({ file: join(dir, 'records.db') });
  const readModel = openSqliteReadModel({ database: store.database });
  const app = buildApp({
    store,
    readModel,
    blobs: openFileBlobStore({ directory: join(dir, 'blobs') }),
    logger: pino({ level: 'silent' }),
    internalAuthSecret: SECRET,
  });
  await app.ready();

  const request = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { [IDENTITY_HEADER]: signIdentity({ secret: SECRET, identity: USER, method, url }) },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  function seedBatch(from: number, to: number, fields: (index: number) => CullFields) {
    const appends: Promise<unknown>[] = [];
    for (let index = from; index < to; index += 1) {
      const cullId = randomUUID();
      const decision = cullDecider.decide(
        {
          type: 'RecordCull',
          cullId,
          fields: fields(index),
          meta: {
            userId: USER.uid,
            eventId: randomUUID(),
            occurredAt: new Date().toISOString(),
            correlationId: 'seed',
          },
        },
        cullDecider.initialState,
      );
      if (!decision.ok) throw new Error('seed record refused');
      appends.push(store.append(cullId, 0, decision.events, (tx, events) => readModel.apply(tx, events)));
    }
    return Promise.all(appends);
  }

  /** Seeds records `from`..`to` (exclusive) and answers the seconds it took. */
  async function seed(from: number, to: number, fields: (index: number) => CullFields = fieldsFor) {
    const started = performance.now();
    for (let batch = from; batch < to; batch += SEED_BATCH) {
      await seedBatch(batch, Math.min(to, batch + SEED_BATCH), fields);
    }
    return (performance.now() - started) / 1000;
  }

  async function close(): Promise<void> {
    await app.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }

  return { request, seed, close };
}

/** Median and p99 of `runs` sequential requests for `url`, after a few to warm up. */
async function timeRequests(
  request: Awaited<ReturnType<typeof openBench>>['request'],
  url: string,
  runs: number,
): Promise<string> {
  for (let warm = 0; warm < 5; warm += 1) await request('GET', url);
  const samples: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const started = performance.now();
    const response = await request('GET', url);
    samples.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
  }
  return summary(samples);
}

async function run(size: number): Promise<void> {
  const { request, seed, close } = await openBench();
  const seedSeconds = await seed(0, size);
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
  const rare = '/culls?q=hanger%2042&sort=date&order=desc&page_size=10';
  const rareLastPage = Math.max(
    1,
    Math.ceil((await request('GET', rare)).json<{ total: number }>().total / 10),
  );
  const lists: [string, string][] = [
    ['first page, sort by date', '/culls?sort=date&order=desc&page=1&page_size=10'],
    ['first page, sort by location', '/culls?sort=location_name&order=asc&page=1&page_size=10'],
    ['search "roe" (1 in 8 match)', '/culls?q=roe&sort=date&order=desc&page=1&page_size=10'],
    ['search "hanger 42" (rare)', `${rare}&page=1`],
    ['search "hanger 42", last page', `${rare}&page=${rareLastPage}`],
    ['search "ro" (too short to index)', '/culls?q=ro&sort=date&order=desc&page=1&page_size=10'],
    ['last page, sort by date', `/culls?sort=date&order=desc&page=${lastPage}&page_size=10`],
  ];
  console.log(`\n${size.toLocaleString('en-GB')} records (seeded in ${seedSeconds.toFixed(1)} s)`);
  console.log(
    `  creates: ${createsPerSecond.toFixed(0)} per second (${TIMED_CREATES} sequential POST /culls)`,
  );
  for (const [label, url] of lists) {
    console.log(`  ${label.padEnd(34)} ${await timeRequests(request, url, LIST_RUNS)}`);
  }
  await close();
}

async function runMap(size: number): Promise<void> {
  const { request, seed, close } = await openBench();
  const seedSeconds =
    (await seed(0, size, (index) => ({ ...fieldsFor(index), ...located(index) }))) +
    (await seed(size, size + MAP_UNLOCATED));
  const answer = await request('GET', '/culls/locations');
  const items = answer.json<{ items: unknown[] }>().items;
  const expected = Math.min(size, MAP_POINTS_LIMIT);
  if (items.length !== expected) throw new Error(`the map answered ${items.length}, wanted ${expected}`);
  const points = await request('GET', '/culls/map-points');
  const pointCount = points.json<MapPointsResponse>().points.length;
  const { latitude, longitude } = located(size - 1);

  console.log(
    `\n${size.toLocaleString('en-GB')} located records and ${MAP_UNLOCATED.toLocaleString('en-GB')} ` +
      `without coordinates (seeded in ${seedSeconds.toFixed(1)} s)`,
  );
  const kilobytes = (body: string) => `${(Buffer.byteLength(body) / 1024).toFixed(0)} KiB of JSON`;
  const maps: [string, string, string][] = [
    ['map: GET /culls/locations', '/culls/locations', kilobytes(answer.body)],
    [
      'map: GET /culls/map-points',
      '/culls/map-points',
      `${kilobytes(points.body)}, ${(Buffer.byteLength(points.body) / pointCount).toFixed(1)} bytes a point`,
    ],
    ['map: GET /culls/at (a marker)', `/culls/at?latitude=${latitude}&longitude=${longitude}`, 'one record'],
  ];
  for (const [label, url, note] of maps) {
    console.log(
      `  ${label.padEnd(34)} ${await timeRequests(request, url, MAP_RUNS)} (${MAP_RUNS} runs, ${note})`,
    );
  }
  await close();
}

const only = process.argv[2];
if (only !== undefined && !(PARTS as readonly string[]).includes(only)) {
  throw new Error(`Unknown part "${only}": name one of ${PARTS.join(', ')}, or none for all`);
}

console.log(`Records benchmark, embedded SQLite, Node ${process.version}, one user`);
if (only === undefined || only === 'list') {
  console.log(`List latency over ${LIST_RUNS} runs per list`);
  for (const size of SIZES) await run(size);
}
if (only === undefined || only === 'map') for (const size of MAP_SIZES) await runMap(size);
