import type { StoredEvent } from '@cull-log/contracts';
import { openSqliteProjection } from '@cull-log/projection';
import { nextFacts } from './cull-facts';
import { nestCounts } from './nest-counts';
import { countersOf, createCounterSum, type CounterChange } from './stats-counters';
import type { CullFacts, StatsAggregates, StatsStore, StatsWindow } from './stats-store';

// `culls` holds each live cull's counted facts, read only by the write that moves them.
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
  CREATE TABLE IF NOT EXISTS season_counts (
    user_id TEXT NOT NULL,
    season TEXT NOT NULL,
    species TEXT NOT NULL,
    sex TEXT NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (user_id, season, species, sex)
  ) WITHOUT ROWID;
`;
const TABLES = ['culls', 'user_totals', 'species_counts', 'month_counts', 'season_counts'];

interface CullRow {
  user_id: string;
  species: string;
  sex: string;
  date: string;
  weight_grams: number | null;
}

const factsOf = (row: CullRow): CullFacts => ({
  userId: row.user_id,
  species: row.species,
  sex: row.sex,
  date: row.date,
  weightGrams: row.weight_grams,
});

/** The stats projection in a SQLite file (DATA_DIR/stats.db in the standalone app). */
export function openSqliteStatsStore({ file }: { file: string }): StatsStore {
  const projection = openSqliteProjection({ file, name: 'stats', schema: SCHEMA, readModelTables: TABLES });
  const { db, readPosition } = projection;

  const selectCull = db.prepare<[string], CullRow>(
    'SELECT user_id, species, sex, date, weight_grams FROM culls WHERE stream_id = ?',
  );
  const upsertCull = db.prepare(
    `INSERT INTO culls (stream_id, user_id, species, sex, date, weight_grams)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (stream_id) DO UPDATE SET user_id = excluded.user_id, species = excluded.species,
       sex = excluded.sex, date = excluded.date, weight_grams = excluded.weight_grams`,
  );
  const deleteCull = db.prepare('DELETE FROM culls WHERE stream_id = ?');

  const moveCounter: Record<CounterChange['counter'], { run(values: object): unknown }> = {
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
    seasons: db.prepare(
      `INSERT INTO season_counts (user_id, season, species, sex, count)
       VALUES (@userId, @season, @species, @sex, @count)
       ON CONFLICT (user_id, season, species, sex) DO UPDATE SET count = count + excluded.count`,
    ),
  };
  const moveCounters = (changes: readonly CounterChange[]) => {
    for (const change of changes) moveCounter[change.counter].run({ ...change.key, ...change.by });
  };

  // A file written before the counters existed holds culls but no totals: count them once.
  db.transaction(() => {
    if (db.prepare('SELECT 1 FROM user_totals LIMIT 1').get() !== undefined) return;
    const rows = db.prepare<[], CullRow>('SELECT user_id, species, sex, date, weight_grams FROM culls').all();
    moveCounters(countersOf(rows.map(factsOf)));
  }).immediate();

  // Each counter is written once per batch, with the sum of the batch's moves.
  function writeFacts(events: readonly StoredEvent[]): void {
    const counters = createCounterSum();
    for (const event of events) {
      const row = selectCull.get(event.streamId);
      const current = row && factsOf(row);
      const next = nextFacts(current, event);
      if (next === undefined) deleteCull.run(event.streamId);
      else upsertCull.run(event.streamId, next.userId, next.species, next.sex, next.date, next.weightGrams);
      counters.move(current, next);
    }
    moveCounters(counters.changes());
  }

  const selectTotals = db.prepare<[string], { total: number; weighed: number; weight_grams: number }>(
    'SELECT total, weighed, weight_grams FROM user_totals WHERE user_id = ?',
  );
  const selectSpecies = db.prepare<[string], { species: string; count: number }>(
    'SELECT species, count FROM species_counts WHERE user_id = ? AND count > 0',
  );
  const selectMonths = db.prepare<[string, string, string], { month: string; count: number }>(
    'SELECT month, count FROM month_counts WHERE user_id = ? AND month BETWEEN ? AND ? AND count > 0',
  );
  const selectSeason = db.prepare<[string, string], { species: string; sex: string; count: number }>(
    'SELECT species, sex, count FROM season_counts WHERE user_id = ? AND season = ? AND count > 0',
  );

  const readAggregates = db.transaction(({ userId, months, season }: StatsWindow): StatsAggregates => {
    const totals = selectTotals.get(userId);
    return {
      total: totals?.total ?? 0,
      weightGrams: totals?.weight_grams ?? 0,
      weighed: totals?.weighed ?? 0,
      speciesCounts: Object.fromEntries(selectSpecies.all(userId).map((row) => [row.species, row.count])),
      perMonth: Object.fromEntries(
        selectMonths
          .all(userId, months[0] ?? '', months[months.length - 1] ?? '')
          .map((row) => [row.month, row.count]),
      ),
      seasonSpeciesBySex: nestCounts(selectSeason.all(userId, season)),
      position: readPosition(),
    };
  });

  return {
    ...projection.projectionStore(writeFacts),
    async aggregates(window) {
      return readAggregates(window);
    },
  };
}
