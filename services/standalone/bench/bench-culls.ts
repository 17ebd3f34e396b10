/**
 * The benchmark's records: one stalker's log over several seasons, seeded straight through the domain and the
 * SQLite event store with the records read model updated in each append's transaction, as the API writes them.
 */
import { createHash, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  AGE_ESTIMATES,
  ANTLER_CONDITIONS,
  CONDITIONS,
  SEXES,
  RecordCullRequest,
  SHOT_PLACEMENTS,
  type CullFields,
} from '@cull-log/contracts';
import { cullDecider } from '@cull-log/domain';
import { openSqliteEventStore } from '@cull-log/eventstore';
import { openSqliteReadModel } from '@cull-log/records';
import { EVENT_LOG } from '@cull-log/service-kit';

/** The development sign-in's e-mail for the benchmark's user. */
export const BENCH_EMAIL = 'bench.stalker@cull-log.test';

/** Appends in flight at once; the store commits them in groups, so seeding costs few disk syncs. */
const SEED_BATCH = 5_000;

/** Species with roughly the weights of a lowland English deer manager's year. */
const SPECIES_WEIGHTS: readonly (readonly [string, number])[] = [
  ['Roe Deer', 35],
  ['Fallow Deer', 25],
  ['Muntjac', 15],
  ['Red Deer', 8],
  ['Sika Deer', 5],
  ['Chinese Water Deer', 4],
  ['Fox', 5],
  ['Rabbit', 3],
];
const DEER = new Set(['Roe Deer', 'Fallow Deer', 'Muntjac', 'Red Deer', 'Sika Deer']);
/** "Wood" names make `q=wood 42` match one compartment of two places: about one record in 400. */
const PLACES = [
  'Home Wood',
  'Long Wood',
  'Ashdown Forest',
  'Lower Meadow',
  'Beech Hanger',
  'Birch Copse',
  'Warren Field',
  'Top Plantation',
];
const COMPARTMENTS = 97;
const NOTES = [
  'Came out of the wood at last light',
  'Broke cover from the wood edge, clean shot',
  'Dropped on the spot',
  'Stalked along the hedge line into the wind',
  'Group of five, took the yearling',
  'Ran 30 metres into the bracken, found quickly',
  'Wind NW, light rain, "steady" shot',
];
/** About five seasons of records, 1 April 2021 to 31 October 2026. */
const FIRST_DAY = Date.UTC(2021, 3, 1);
const DAYS = 2040;

/** The user id the development sign-in gives this e-mail (the gateway's rule; checked after signing in). */
export function developmentUid(email: string): string {
  return `dev-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32)}`;
}

/** A small seeded generator (mulberry32), so every run seeds the same log. */
function randomSource(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The fields of the benchmark's record number `index`; the same index always gives the same record. */
export function benchFields(index: number): CullFields {
  const random = randomSource(index + 1);
  const choose = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)] as T;
  let roll = random() * 100;
  const [species] = SPECIES_WEIGHTS.find(([, weight]) => (roll -= weight) < 0) ?? ['Roe Deer'];
  const sex = choose(SEXES);
  const antlers = DEER.has(species) && sex === 'Male' && random() < 0.8;
  const located = random() < 0.4;
  const notes = random() < 0.7 ? choose(NOTES) : undefined;
  const day = new Date(FIRST_DAY + Math.floor(random() * DAYS) * 86_400_000);
  return {
    date: day.toISOString().slice(0, 10),
    time: `${String(5 + Math.floor(random() * 16)).padStart(2, '0')}:${String(Math.floor(random() * 60)).padStart(2, '0')}`,
    location_name: `${choose(PLACES)} ${1 + Math.floor(random() * COMPARTMENTS)}`,
    species,
    sex,
    age_estimate: choose(AGE_ESTIMATES),
    condition: choose(CONDITIONS),
    shot_placement: choose(SHOT_PLACEMENTS.slice(0, -1)),
    antlers_present: antlers,
    ...(antlers
      ? { antler_points: 2 + Math.floor(random() * 10), antler_condition: choose(ANTLER_CONDITIONS) }
      : {}),
    ...(located
      ? {
          // Grounds across southern England and Wales.
          latitude: Number((50.4 + random() * 2.6).toFixed(6)),
          longitude: Number((-4.5 + random() * 5).toFixed(6)),
        }
      : {}),
    ...(random() < 0.85 ? { weight: Math.round((8 + random() * 90) * 10) / 10 } : {}),
    shot_distance: `${40 + Math.floor(random() * 180)} metres`,
    ...(notes === undefined ? {} : { notes }),
  };
}

export interface SeededLog {
  records: number;
  /** Records with both coordinates: what the map shows. */
  located: number;
  seconds: number;
}

/** Seeds `count` records for `userId` into the event log file of a fresh DATA_DIR. */
export function seedCulls(dataDir: string, userId: string, count: number): Promise<SeededLog> {
  return seedLog(dataDir, count, () => userId);
}

/**
 * Seeds `perUser` records for each of `userIds` into the event log file of a fresh DATA_DIR: user number `n`
 * gets the records numbered `n × perUser` onwards (benchFields), one user's after another.
 */
export function seedUsersCulls(
  dataDir: string,
  userIds: readonly string[],
  perUser: number,
): Promise<SeededLog> {
  return seedLog(
    dataDir,
    userIds.length * perUser,
    (index) => userIds[Math.floor(index / perUser)] as string,
  );
}

/** Seeds records `0`..`count` (exclusive), record `index` owned by `ownerOf(index)`. */
async function seedLog(
  dataDir: string,
  count: number,
  ownerOf: (index: number) => string,
): Promise<SeededLog> {
  const store = openSqliteEventStore({ file: join(dataDir, EVENT_LOG.sqliteFile) });
  // This connection only, for seeding: a large page cache keeps the read model's indexes in memory while
  // 100,000 rows go in, and no sync per commit (the app under test opens its own connection, syncing every one).
  store.database.pragma('cache_size = -262144');
  store.database.pragma('synchronous = OFF');
  const readModel = openSqliteReadModel({ database: store.database });
  let located = 0;

  /** Appends records `from`..`to` (exclusive) together: in flight at once, the store commits them in groups. */
  function seedBatch(from: number, to: number): Promise<unknown> {
    const appends: Promise<unknown>[] = [];
    for (let index = from; index < to; index += 1) {
      // Checked and normalised as the API would before deciding.
      const { id: _id, ...fields } = RecordCullRequest.parse(benchFields(index));
      if (fields.latitude !== undefined) located += 1;
      const cullId = randomUUID();
      const decision = cullDecider.decide(
        {
          type: 'RecordCull',
          cullId,
          fields,
          meta: {
            userId: ownerOf(index),
            eventId: randomUUID(),
            occurredAt: new Date().toISOString(),
            correlationId: 'bench-seed',
          },
        },
        cullDecider.initialState,
      );
      if (!decision.ok) throw new Error(`the domain refused bench record ${index}`);
      appends.push(store.append(cullId, 0, decision.events, (tx, events) => readModel.apply(tx, events)));
    }
    return Promise.all(appends);
  }

  const started = performance.now();
  try {
    for (let batch = 0; batch < count; batch += SEED_BATCH) {
      await seedBatch(batch, Math.min(count, batch + SEED_BATCH));
    }
    const head = await store.headPosition();
    if (head !== count) throw new Error(`seeded ${head} events, wanted ${count}`);
  } finally {
    await store.close();
  }
  return { records: count, located, seconds: (performance.now() - started) / 1000 };
}
