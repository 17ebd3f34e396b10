import type { StoredEvent } from '@cull-log/contracts';
import { openSqliteProjection } from '@cull-log/projection';
import { nextFacts } from './cull-facts';
import { nestCounts } from './nest-counts';
import type { CullFacts, StatsAggregates, StatsStore, StatsWindow } from './stats-store';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS culls (
    stream_id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    species TEXT NOT NULL,
    sex TEXT NOT NULL,
    date TEXT NOT NULL,
    weight_grams INTEGER
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS culls_by_user_date ON culls (user_id, date);
`;

interface CullRow {
  user_id: string;
  species: string;
  sex: string;
  date: string;
  weight_grams: number | null;
}

/** The stats projection in a SQLite file (DATA_DIR/stats.db in the standalone app). */
export function openSqliteStatsStore({ file }: { file: string }): StatsStore {
  const projection = openSqliteProjection({ file, schema: SCHEMA, readModelTables: ['culls'] });
  const { db, readPosition } = projection;

  const selectCull = db.prepare<[string], CullRow>(
    'SELECT user_id, species, sex, date, weight_grams FROM culls WHERE stream_id = ?',
  );
  const upsertCull = db.prepare(
    `INSERT INTO culls (stream_id, user_id, species, sex, date, weight_grams)
     VALUES (@streamId, @userId, @species, @sex, @date, @weightGrams)
     ON CONFLICT (stream_id) DO UPDATE SET user_id = excluded.user_id, species = excluded.species,
       sex = excluded.sex, date = excluded.date, weight_grams = excluded.weight_grams`,
  );
  const deleteCull = db.prepare('DELETE FROM culls WHERE stream_id = ?');

  const totals = db.prepare<[string], { total: number; weight_grams: number | null; weighed: number }>(
    `SELECT COUNT(*) AS total, SUM(weight_grams) AS weight_grams, COUNT(weight_grams) AS weighed
       FROM culls WHERE user_id = ?`,
  );
  const bySpecies = db.prepare<[string], { species: string; count: number }>(
    'SELECT species, COUNT(*) AS count FROM culls WHERE user_id = ? GROUP BY species',
  );
  const byMonth = db.prepare<[string, string, string], { month: string; count: number }>(
    `SELECT substr(date, 1, 7) AS month, COUNT(*) AS count FROM culls
      WHERE user_id = ? AND date >= ? AND date < ? GROUP BY month`,
  );
  const bySeasonSpeciesSex = db.prepare<
    [string, string, string],
    { species: string; sex: string; count: number }
  >(
    `SELECT species, sex, COUNT(*) AS count FROM culls
      WHERE user_id = ? AND date >= ? AND date <= ? GROUP BY species, sex`,
  );

  function writeFacts(event: StoredEvent): void {
    const row = selectCull.get(event.streamId);
    const current: CullFacts | undefined = row && {
      userId: row.user_id,
      species: row.species,
      sex: row.sex,
      date: row.date,
      weightGrams: row.weight_grams,
    };
    const next = nextFacts(current, event);
    if (next === undefined) deleteCull.run(event.streamId);
    else upsertCull.run({ streamId: event.streamId, ...next });
  }

  const readAggregates = db.transaction((window: StatsWindow): StatsAggregates => {
    const { userId, months, season } = window;
    const sums = totals.get(userId);
    const firstMonth = months[0] ?? '';
    const lastMonth = months[months.length - 1] ?? '';
    return {
      total: sums?.total ?? 0,
      weightGrams: sums?.weight_grams ?? 0,
      weighed: sums?.weighed ?? 0,
      speciesCounts: Object.fromEntries(bySpecies.all(userId).map((row) => [row.species, row.count])),
      // "YYYY-MM-" sorts before every day of that month and "YYYY-MM-~" after them.
      perMonth: Object.fromEntries(
        byMonth.all(userId, `${firstMonth}-`, `${lastMonth}-~`).map((row) => [row.month, row.count]),
      ),
      seasonSpeciesBySex: nestCounts(bySeasonSpeciesSex.all(userId, season.from, season.to)),
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
