import { DEFAULT_SEASON_START, Plan, SeasonStart, type StoredLogEvent } from '@cull-log/contracts';
import { followsEverything, openSqliteProjection } from '@cull-log/projection';
import { z } from 'zod';
import { nestCounts } from './nest-counts';
import { countersOf, createCounterSum, type CounterChange, type CounterName } from './stats-counters';
import { applyStatsEvents, type StatsRows } from './stats-read-model';
import type {
  CullFacts,
  OutingFacts,
  SeasonRead,
  StatsAggregates,
  StatsStore,
  StatsWindow,
} from './stats-store';

// `culls` and `outings` hold each live cull's and outing's counted facts, read only by the writes that move them.
// Season figures are kept by month (`class_months`, `outing_months`, `destination_months`): a season is the sum of
// its twelve months by the user's start at the time of the read.
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS culls (
    stream_id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    species TEXT NOT NULL,
    sex TEXT NOT NULL,
    date TEXT NOT NULL,
    weight_grams INTEGER
  ) WITHOUT ROWID;
  DROP INDEX IF EXISTS culls_by_user_date;
  DROP TABLE IF EXISTS season_counts;
  CREATE TABLE IF NOT EXISTS user_totals (
    user_id TEXT PRIMARY KEY,
    total INTEGER NOT NULL,
    weighed INTEGER NOT NULL,
    weight_grams INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS species_counts (
    user_id TEXT NOT NULL,
    species TEXT NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (user_id, species)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS month_counts (
    user_id TEXT NOT NULL,
    month TEXT NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (user_id, month)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS class_months (
    user_id TEXT NOT NULL,
    month TEXT NOT NULL,
    ground_id TEXT NOT NULL,
    species TEXT NOT NULL,
    sex TEXT NOT NULL,
    young INTEGER NOT NULL,
    count INTEGER NOT NULL,
    weighed INTEGER NOT NULL,
    weight_grams INTEGER NOT NULL,
    PRIMARY KEY (user_id, month, ground_id, species, sex, young)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS destination_months (
    user_id TEXT NOT NULL,
    month TEXT NOT NULL,
    destination TEXT NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (user_id, month, destination)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS outings (
    stream_id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    started_at TEXT NOT NULL,
    ended_at TEXT,
    cull_count INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS outing_months (
    user_id TEXT NOT NULL,
    month TEXT NOT NULL,
    outings INTEGER NOT NULL,
    blank INTEGER NOT NULL,
    duration_ms INTEGER NOT NULL,
    deer INTEGER NOT NULL,
    PRIMARY KEY (user_id, month)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS user_settings (
    user_id TEXT PRIMARY KEY,
    season_start TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS season_plans (
    user_id TEXT NOT NULL,
    season TEXT NOT NULL,
    plans TEXT NOT NULL,
    PRIMARY KEY (user_id, season)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS ground_names (
    stream_id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    name TEXT NOT NULL
  ) WITHOUT ROWID;
`;
const TABLES = [
  'culls',
  'user_totals',
  'species_counts',
  'month_counts',
  'class_months',
  'destination_months',
  'outings',
  'outing_months',
  'user_settings',
  'season_plans',
  'ground_names',
];

/** Columns `culls` gained with grounds, outings and plans: a file from before gets them, empty. */
const CULL_COLUMNS_ADDED = {
  age_estimate: "TEXT NOT NULL DEFAULT ''",
  destination: 'TEXT',
  ground_id: 'TEXT',
  outing_id: 'TEXT',
};

interface CullRow {
  user_id: string;
  species: string;
  sex: string;
  date: string;
  weight_grams: number | null;
  age_estimate: string;
  destination: string | null;
  ground_id: string | null;
  outing_id: string | null;
}
const CULL_COLUMNS =
  'user_id, species, sex, date, weight_grams, age_estimate, destination, ground_id, outing_id';

interface OutingRow {
  user_id: string;
  started_at: string;
  ended_at: string | null;
  cull_count: number;
}

const factsOf = (row: CullRow): CullFacts => ({
  userId: row.user_id,
  species: row.species,
  sex: row.sex,
  date: row.date,
  weightGrams: row.weight_grams,
  ageEstimate: row.age_estimate,
  destination: row.destination,
  groundId: row.ground_id,
  outingId: row.outing_id,
});
const outingOf = (row: OutingRow): OutingFacts => ({
  userId: row.user_id,
  startedAt: row.started_at,
  endedAt: row.ended_at,
  cullCount: row.cull_count,
});

const StoredPlans = z.array(Plan);

/** The stats projection in a SQLite file (DATA_DIR/stats.db in the standalone app). */
export function openSqliteStatsStore({ file }: { file: string }): StatsStore {
  const projection = openSqliteProjection({
    file,
    name: 'stats',
    migrations: [{ version: 1, does: 'the stats tables', up: (db) => db.exec(SCHEMA) }],
    readModelTables: TABLES,
  });
  const { db, readPosition } = projection;

  const cullColumns = new Set(
    db
      .prepare<[], { name: string }>("SELECT name FROM pragma_table_info('culls')")
      .all()
      .map((row) => row.name),
  );
  for (const [column, type] of Object.entries(CULL_COLUMNS_ADDED)) {
    if (!cullColumns.has(column)) db.exec(`ALTER TABLE culls ADD COLUMN ${column} ${type}`);
  }
  db.exec('CREATE INDEX IF NOT EXISTS culls_by_outing ON culls (outing_id) WHERE outing_id IS NOT NULL');

  const selectCull = db.prepare<[string], CullRow>(`SELECT ${CULL_COLUMNS} FROM culls WHERE stream_id = ?`);
  const upsertCull = db.prepare(
    `INSERT INTO culls (stream_id, ${CULL_COLUMNS})
     VALUES (@streamId, @userId, @species, @sex, @date, @weightGrams, @ageEstimate, @destination, @groundId, @outingId)
     ON CONFLICT (stream_id) DO UPDATE SET user_id = excluded.user_id, species = excluded.species,
       sex = excluded.sex, date = excluded.date, weight_grams = excluded.weight_grams,
       age_estimate = excluded.age_estimate, destination = excluded.destination, ground_id = excluded.ground_id,
       outing_id = excluded.outing_id`,
  );
  const deleteCull = db.prepare('DELETE FROM culls WHERE stream_id = ?');
  const countCullsOnOuting = db.prepare<[string], { count: number }>(
    'SELECT COUNT(*) AS count FROM culls WHERE outing_id = ?',
  );
  const selectOuting = db.prepare<[string], OutingRow>(
    'SELECT user_id, started_at, ended_at, cull_count FROM outings WHERE stream_id = ?',
  );
  const upsertOuting = db.prepare(
    `INSERT INTO outings (stream_id, user_id, started_at, ended_at, cull_count)
     VALUES (@streamId, @userId, @startedAt, @endedAt, @cullCount)
     ON CONFLICT (stream_id) DO UPDATE SET user_id = excluded.user_id, started_at = excluded.started_at,
       ended_at = excluded.ended_at, cull_count = excluded.cull_count`,
  );
  const deleteOuting = db.prepare('DELETE FROM outings WHERE stream_id = ?');
  const upsertSeasonStart = db.prepare(
    `INSERT INTO user_settings (user_id, season_start) VALUES (?, ?)
     ON CONFLICT (user_id) DO UPDATE SET season_start = excluded.season_start`,
  );
  const upsertPlans = db.prepare(
    `INSERT INTO season_plans (user_id, season, plans) VALUES (?, ?, ?)
     ON CONFLICT (user_id, season) DO UPDATE SET plans = excluded.plans`,
  );
  const upsertGroundName = db.prepare(
    `INSERT INTO ground_names (stream_id, user_id, name) VALUES (?, ?, ?)
     ON CONFLICT (stream_id) DO UPDATE SET name = excluded.name`,
  );

  const rows: StatsRows = {
    cull: (streamId) => {
      const row = selectCull.get(streamId);
      return row && factsOf(row);
    },
    putCull: (streamId, facts) => {
      if (facts === undefined) deleteCull.run(streamId);
      else upsertCull.run({ streamId, ...facts });
    },
    outing: (streamId) => {
      const row = selectOuting.get(streamId);
      return row && outingOf(row);
    },
    putOuting: (streamId, facts) => {
      if (facts === undefined) deleteOuting.run(streamId);
      else upsertOuting.run({ streamId, ...facts });
    },
    cullsOnOuting: (outingId) => countCullsOnOuting.get(outingId)?.count ?? 0,
    putSeasonStart: (userId, seasonStart) => upsertSeasonStart.run(userId, seasonStart),
    putPlans: (userId, season, plans) => upsertPlans.run(userId, season, JSON.stringify(plans)),
    putGroundName: (streamId, userId, name) => upsertGroundName.run(streamId, userId, name),
  };

  const moveCounter: Record<CounterName, { run(values: object): unknown }> = {
    totals: db.prepare(
      `INSERT INTO user_totals (user_id, total, weighed, weight_grams)
       VALUES (@userId, @total, @weighed, @weightGrams)
       ON CONFLICT (user_id) DO UPDATE SET total = total + excluded.total,
         weighed = weighed + excluded.weighed, weight_grams = weight_grams + excluded.weight_grams`,
    ),
    species: db.prepare(
      `INSERT INTO species_counts (user_id, species, count) VALUES (@userId, @species, @count)
       ON CONFLICT (user_id, species) DO UPDATE SET count = count + excluded.count`,
    ),
    months: db.prepare(
      `INSERT INTO month_counts (user_id, month, count) VALUES (@userId, @month, @count)
       ON CONFLICT (user_id, month) DO UPDATE SET count = count + excluded.count`,
    ),
    classes: db.prepare(
      `INSERT INTO class_months (user_id, month, ground_id, species, sex, young, count, weighed, weight_grams)
       VALUES (@userId, @month, @groundId, @species, @sex, @young, @count, @weighed, @weightGrams)
       ON CONFLICT (user_id, month, ground_id, species, sex, young) DO UPDATE SET count = count + excluded.count,
         weighed = weighed + excluded.weighed, weight_grams = weight_grams + excluded.weight_grams`,
    ),
    destinations: db.prepare(
      `INSERT INTO destination_months (user_id, month, destination, count)
       VALUES (@userId, @month, @destination, @count)
       ON CONFLICT (user_id, month, destination) DO UPDATE SET count = count + excluded.count`,
    ),
    outings: db.prepare(
      `INSERT INTO outing_months (user_id, month, outings, blank, duration_ms, deer)
       VALUES (@userId, @month, @outings, @blank, @durationMs, @deer)
       ON CONFLICT (user_id, month) DO UPDATE SET outings = outings + excluded.outings,
         blank = blank + excluded.blank, duration_ms = duration_ms + excluded.duration_ms,
         deer = deer + excluded.deer`,
    ),
  };
  const moveCounters = (changes: readonly CounterChange[]) => {
    for (const change of changes) moveCounter[change.counter].run({ ...change.key, ...change.by });
  };

  // A file written before a kind of counter existed holds culls but not those counters: count them once. (Culls kept
  // before the age estimate was, count as not young until a rebuild reads their events again.)
  db.transaction(() => {
    const hasTotals = db.prepare('SELECT 1 FROM user_totals LIMIT 1').get() !== undefined;
    const hasClasses = db.prepare('SELECT 1 FROM class_months LIMIT 1').get() !== undefined;
    if (hasTotals && hasClasses) return;
    const culls = db.prepare<[], CullRow>(`SELECT ${CULL_COLUMNS} FROM culls`).all().map(factsOf);
    const wanted = new Set<CounterName>(
      hasTotals ? ['classes', 'destinations'] : ['totals', 'species', 'months', 'classes', 'destinations'],
    );
    moveCounters(countersOf(culls).filter((change) => wanted.has(change.counter)));
  }).immediate();

  // Each counter is written once per batch, with the sum of the batch's moves.
  function writeEvents(events: readonly StoredLogEvent[]): void {
    const counters = createCounterSum();
    applyStatsEvents(rows, counters, events);
    moveCounters(counters.changes());
  }

  const selectSeasonStart = db.prepare<[string], { season_start: string }>(
    'SELECT season_start FROM user_settings WHERE user_id = ?',
  );
  const readSeasonStart = (userId: string) =>
    SeasonStart.catch(DEFAULT_SEASON_START).parse(
      selectSeasonStart.get(userId)?.season_start ?? DEFAULT_SEASON_START,
    );

  const selectTotals = db.prepare<[string], { total: number; weighed: number; weight_grams: number }>(
    'SELECT total, weighed, weight_grams FROM user_totals WHERE user_id = ?',
  );
  const selectSpecies = db.prepare<[string], { species: string; count: number }>(
    'SELECT species, count FROM species_counts WHERE user_id = ? AND count > 0',
  );
  const selectMonths = db.prepare<[string, string, string], { month: string; count: number }>(
    'SELECT month, count FROM month_counts WHERE user_id = ? AND month BETWEEN ? AND ? AND count > 0',
  );
  const selectSeasonBySex = db.prepare<
    [string, string, string],
    { species: string; sex: string; count: number }
  >(
    `SELECT species, sex, SUM(count) AS count FROM class_months WHERE user_id = ? AND month BETWEEN ? AND ?
     GROUP BY species, sex HAVING SUM(count) > 0`,
  );
  const selectOutingMonths = db.prepare<
    [string, string, string],
    { outings: number | null; blank: number | null; duration_ms: number | null; deer: number | null }
  >(
    `SELECT SUM(outings) AS outings, SUM(blank) AS blank, SUM(duration_ms) AS duration_ms, SUM(deer) AS deer
     FROM outing_months WHERE user_id = ? AND month BETWEEN ? AND ?`,
  );
  const selectClassMonths = db.prepare<
    [string, string, string],
    {
      month: string;
      ground_id: string;
      species: string;
      sex: string;
      young: number;
      count: number;
      weighed: number;
      weight_grams: number;
    }
  >(
    `SELECT month, ground_id, species, sex, young, count, weighed, weight_grams FROM class_months
     WHERE user_id = ? AND month BETWEEN ? AND ? AND count > 0`,
  );
  const selectDestinations = db.prepare<[string, string, string], { destination: string; count: number }>(
    `SELECT destination, SUM(count) AS count FROM destination_months WHERE user_id = ? AND month BETWEEN ? AND ?
     GROUP BY destination HAVING SUM(count) > 0`,
  );
  const selectPlans = db.prepare<[string, string], { plans: string }>(
    'SELECT plans FROM season_plans WHERE user_id = ? AND season = ?',
  );
  const selectGroundNames = db.prepare<[string], { stream_id: string; name: string }>(
    'SELECT stream_id, name FROM ground_names WHERE user_id = ?',
  );

  const outingSums = (userId: string, first: string, last: string) => {
    const sums = selectOutingMonths.get(userId, first, last);
    return {
      outings: sums?.outings ?? 0,
      blank: sums?.blank ?? 0,
      durationMs: sums?.duration_ms ?? 0,
      deer: sums?.deer ?? 0,
    };
  };
  const span = (months: readonly string[]) => [months[0] ?? '', months[months.length - 1] ?? ''] as const;

  const readAggregates = db.transaction(({ userId, months, seasonMonths }: StatsWindow): StatsAggregates => {
    const totals = selectTotals.get(userId);
    return {
      total: totals?.total ?? 0,
      weightGrams: totals?.weight_grams ?? 0,
      weighed: totals?.weighed ?? 0,
      speciesCounts: Object.fromEntries(selectSpecies.all(userId).map((row) => [row.species, row.count])),
      perMonth: Object.fromEntries(
        selectMonths.all(userId, ...span(months)).map((row) => [row.month, row.count]),
      ),
      seasonSpeciesBySex: nestCounts(selectSeasonBySex.all(userId, ...span(seasonMonths))),
      seasonOutings: outingSums(userId, ...span(seasonMonths)),
      position: readPosition(),
    };
  });

  const readSeason = db.transaction(
    (userId: string, season: { key: string; months: readonly string[] }): SeasonRead => {
      const [first, last] = span(season.months);
      const plans = selectPlans.get(userId, season.key);
      return {
        counts: selectClassMonths.all(userId, first, last).map((row) => ({
          month: row.month,
          ground_id: row.ground_id === '' ? null : row.ground_id,
          species: row.species,
          sex: row.sex,
          young: row.young === 1,
          count: row.count,
          weighed: row.weighed,
          weightGrams: row.weight_grams,
        })),
        destinations: Object.fromEntries(
          selectDestinations.all(userId, first, last).map((row) => [row.destination, row.count]),
        ),
        outings: outingSums(userId, first, last),
        plans: plans === undefined ? [] : StoredPlans.parse(JSON.parse(plans.plans)),
        groundNames: Object.fromEntries(
          selectGroundNames.all(userId).map((row) => [row.stream_id, row.name]),
        ),
        position: readPosition(),
      };
    },
  );

  return {
    ...projection.projectionStore(writeEvents, followsEverything),
    async seasonStart(userId) {
      return readSeasonStart(userId);
    },
    async aggregates(window) {
      return readAggregates(window);
    },
    async season(userId, season) {
      return readSeason(userId, season);
    },
  };
}
