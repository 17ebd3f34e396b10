import Database from 'better-sqlite3';
import { DEFAULT_SEASON_START, SeasonStart, type StoredLogEvent } from '@cull-log/contracts';
import { larderFields, monthKey, type LarderFields } from '@cull-log/domain';
import { followsEverything, openSqliteProjection } from '@cull-log/projection';
import { applyExportEvents, type ExportRows } from './export-read-model';
import type { CsvFields, ExportStore, LarderRow } from './export-store';
import { seasonsOfMonths } from './larder-seasons';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS culls (
    stream_id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    created_at TEXT NOT NULL,
    date TEXT NOT NULL,
    species TEXT NOT NULL,
    fields TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS culls_by_user_created ON culls (user_id, created_at DESC, stream_id DESC);
  CREATE TABLE IF NOT EXISTS larder (
    stream_id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    date TEXT NOT NULL,
    time TEXT NOT NULL,
    destination TEXT,
    fields TEXT NOT NULL
  );
  DROP INDEX IF EXISTS larder_by_user_season;
  DROP TABLE IF EXISTS larder_seasons;
  CREATE TABLE IF NOT EXISTS larder_months (
    user_id TEXT NOT NULL,
    month TEXT NOT NULL,
    carcasses INTEGER NOT NULL,
    PRIMARY KEY (user_id, month)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS ground_names (
    stream_id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    name TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS user_settings (
    user_id TEXT PRIMARY KEY,
    season_start TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS declarations (
    user_id TEXT NOT NULL,
    number INTEGER NOT NULL,
    key TEXT NOT NULL,
    record_ids TEXT NOT NULL,
    dealer TEXT NOT NULL,
    issued_at TEXT NOT NULL,
    PRIMARY KEY (user_id, number),
    UNIQUE (user_id, key)
  );
`;

const LARDER_ORDER = 'ORDER BY date, time, stream_id';

/** The export projection in a SQLite file (DATA_DIR/exports.db in the standalone app). */
export function openSqliteExportStore({ file }: { file: string }): ExportStore {
  const projection = openSqliteProjection({
    file,
    name: 'exports',
    migrations: [{ version: 1, does: 'the export tables', up: (db) => db.exec(SCHEMA) }],
    // Not `declarations`: the numbers issued are not derived from the log, and a rebuild must keep them.
    readModelTables: ['culls', 'larder', 'larder_months', 'ground_names', 'user_settings'],
    // The declaration register outlives a rebuild, not the user: erasing their account deletes their numbers.
    userTables: ['declarations'],
  });
  const { db } = projection;
  upgradeTables(db);

  const selectRow = db.prepare<
    [string],
    { user_id: string; created_at: string; fields: string; ground_id: string | null }
  >('SELECT user_id, created_at, fields, ground_id FROM culls WHERE stream_id = ?');
  const upsertRow = db.prepare(
    `INSERT INTO culls (stream_id, user_id, created_at, date, species, fields, ground_id)
     VALUES (@streamId, @userId, @createdAt, @date, @species, @fields, @groundId)
     ON CONFLICT (stream_id) DO UPDATE SET user_id = excluded.user_id, created_at = excluded.created_at,
       date = excluded.date, species = excluded.species, fields = excluded.fields, ground_id = excluded.ground_id`,
  );
  const deleteRow = db.prepare('DELETE FROM culls WHERE stream_id = ?');
  const upsertLarder = db.prepare(
    `INSERT INTO larder (stream_id, user_id, date, time, destination, fields)
     VALUES (@streamId, @userId, @date, @time, @destination, @fields)
     ON CONFLICT (stream_id) DO UPDATE SET user_id = excluded.user_id, date = excluded.date,
       time = excluded.time, destination = excluded.destination, fields = excluded.fields`,
  );
  const deleteLarder = db.prepare('DELETE FROM larder WHERE stream_id = ?');
  const countMonth = db.prepare<{ userId: string; month: string; by: number }>(
    `INSERT INTO larder_months (user_id, month, carcasses) VALUES (@userId, @month, @by)
     ON CONFLICT (user_id, month) DO UPDATE SET carcasses = carcasses + excluded.carcasses`,
  );
  const dropEmptyMonth = db.prepare(
    'DELETE FROM larder_months WHERE user_id = ? AND month = ? AND carcasses <= 0',
  );
  const upsertGroundName = db.prepare(
    `INSERT INTO ground_names (stream_id, user_id, name) VALUES (?, ?, ?)
     ON CONFLICT (stream_id) DO UPDATE SET name = excluded.name`,
  );
  const upsertSeasonStart = db.prepare(
    `INSERT INTO user_settings (user_id, season_start) VALUES (?, ?)
     ON CONFLICT (user_id) DO UPDATE SET season_start = excluded.season_start`,
  );

  const exportRows: ExportRows = {
    row(streamId) {
      const stored = selectRow.get(streamId);
      return (
        stored && {
          userId: stored.user_id,
          createdAt: stored.created_at,
          fields: JSON.parse(stored.fields) as CsvFields,
          groundId: stored.ground_id,
        }
      );
    },
    putRow(streamId, next) {
      if (next === undefined) {
        deleteRow.run(streamId);
        deleteLarder.run(streamId);
        return;
      }
      upsertRow.run({
        streamId,
        userId: next.userId,
        createdAt: next.createdAt,
        date: next.fields.date,
        species: next.fields.species,
        fields: JSON.stringify(next.fields),
        groundId: next.groundId,
      });
      const fields = larderFields(next.fields);
      upsertLarder.run({
        streamId,
        userId: next.userId,
        date: fields.date,
        time: fields.time,
        destination: fields.carcass_destination ?? null,
        fields: JSON.stringify(fields),
      });
    },
    countMonth(userId, month, by) {
      countMonth.run({ userId, month, by });
      if (by < 0) dropEmptyMonth.run(userId, month);
    },
    putGroundName: (streamId, userId, name) => void upsertGroundName.run(streamId, userId, name),
    putSeasonStart: (userId, seasonStart) => void upsertSeasonStart.run(userId, seasonStart),
  };

  function writeEvents(events: readonly StoredLogEvent[]): void {
    applyExportEvents(exportRows, events);
  }

  fillLarderFromCulls(db);

  const selectLarder = db.prepare<
    { userId: string; from: string; to: string },
    { stream_id: string; fields: string }
  >(
    `SELECT stream_id, fields FROM larder WHERE user_id = @userId AND date BETWEEN @from AND @to ${LARDER_ORDER}`,
  );
  const selectLarderOf = db.prepare<
    { userId: string; from: string; to: string; destination: string },
    { stream_id: string; fields: string }
  >(
    `SELECT stream_id, fields FROM larder WHERE user_id = @userId AND destination = @destination
     AND date BETWEEN @from AND @to ${LARDER_ORDER}`,
  );
  const selectMonths = db.prepare<[string], { month: string; carcasses: number }>(
    'SELECT month, carcasses FROM larder_months WHERE user_id = ? AND carcasses > 0',
  );
  const selectSeasonStart = db
    .prepare<[string], string>('SELECT season_start FROM user_settings WHERE user_id = ?')
    .pluck();
  const selectDeclaration = db.prepare<[string, string], { number: number; issued_at: string }>(
    'SELECT number, issued_at FROM declarations WHERE user_id = ? AND key = ?',
  );
  const lastNumber = db
    .prepare<[string], number | null>('SELECT MAX(number) FROM declarations WHERE user_id = ?')
    .pluck();
  const insertDeclaration = db.prepare(
    `INSERT INTO declarations (user_id, number, key, record_ids, dealer, issued_at)
     VALUES (@userId, @number, @key, @recordIds, @dealer, @issuedAt)`,
  );
  const issueDeclaration = db.transaction(
    (userId: string, key: string, recordIds: readonly string[], dealer: string, now: Date) => {
      const issued = selectDeclaration.get(userId, key);
      if (issued !== undefined) return { number: issued.number, issuedAt: issued.issued_at };
      const number = (lastNumber.get(userId) ?? 0) + 1;
      const issuedAt = now.toISOString();
      insertDeclaration.run({ userId, number, key, recordIds: JSON.stringify(recordIds), dealer, issuedAt });
      return { number, issuedAt };
    },
  );
  const larderRow = (row: { stream_id: string; fields: string }): LarderRow => ({
    id: row.stream_id,
    fields: JSON.parse(row.fields) as LarderFields,
  });

  return {
    ...projection.projectionStore(writeEvents, followsEverything),
    async larder(userId, { from, to }, destination) {
      const rows =
        destination === undefined
          ? selectLarder.all({ userId, from, to })
          : selectLarderOf.all({ userId, from, to, destination });
      return rows.map(larderRow);
    },
    async larderSeasons(userId, start) {
      return seasonsOfMonths(selectMonths.all(userId), start);
    },
    async seasonStart(userId) {
      return SeasonStart.catch(DEFAULT_SEASON_START).parse(
        selectSeasonStart.get(userId) ?? DEFAULT_SEASON_START,
      );
    },
    async larderRows(userId, ids) {
      if (ids.length === 0) return [];
      const rows = db
        .prepare<unknown[], { stream_id: string; fields: string }>(
          `SELECT stream_id, fields FROM larder WHERE user_id = ? AND stream_id IN (${ids.map(() => '?').join(', ')})
           ${LARDER_ORDER}`,
        )
        .all(userId, ...ids);
      return rows.map(larderRow);
    },
    async declaration(userId, key, { recordIds, dealer, now }) {
      return issueDeclaration.immediate(userId, key, recordIds, dealer, now);
    },
    async *rows(userId, filter) {
      // A connection of its own: a better-sqlite3 connection is busy while an iterator is open, and the
      // projection must keep writing during a long download. WAL gives this reader a stable snapshot.
      const reader = new Database(file, { readonly: true, fileMustExist: true });
      try {
        const conditions = ['culls.user_id = @userId'];
        if (filter.from !== undefined) conditions.push('date >= @from');
        if (filter.to !== undefined) conditions.push('date <= @to');
        if (filter.species !== undefined) conditions.push('species = @species');
        // The ground's name as it is now: a renamed ground is named anew in every later export.
        const statement = reader.prepare<Record<string, string>, { fields: string; ground: string | null }>(
          `SELECT culls.fields AS fields, ground_names.name AS ground FROM culls
           LEFT JOIN ground_names ON ground_names.stream_id = culls.ground_id
             AND ground_names.user_id = culls.user_id
           WHERE ${conditions.join(' AND ')}
           ORDER BY created_at DESC, culls.stream_id DESC`,
        );
        for (const row of statement.iterate({ userId, ...filter })) {
          yield { fields: JSON.parse(row.fields) as CsvFields, ground: row.ground };
        }
      } finally {
        reader.close();
      }
    },
  };
}

/**
 * A file from an earlier version: the record's ground gets a column, the larder loses its season (seasons are now
 * the user's, counted by month) and its indexes go by date.
 */
function upgradeTables(db: Database.Database): void {
  const columns = (table: string) =>
    new Set(
      db
        .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${table}')`)
        .all()
        .map((column) => column.name),
    );
  if (!columns('culls').has('ground_id')) db.exec('ALTER TABLE culls ADD COLUMN ground_id TEXT');
  if (columns('larder').has('season')) db.exec('ALTER TABLE larder DROP COLUMN season');
  db.exec(`
    CREATE INDEX IF NOT EXISTS larder_by_user_date ON larder (user_id, date, time, stream_id);
    CREATE INDEX IF NOT EXISTS larder_by_user_destination ON larder (user_id, destination, date, time, stream_id);
  `);
}

/**
 * A file from before the larder book has export rows but no larder rows: the larder is filled from them once, in
 * one transaction, so upgrading needs no rebuild (the export rows hold every field the larder lists). A file from
 * before the monthly counts has its months counted from its larder, once.
 */
function fillLarderFromCulls(db: Database.Database): void {
  const hasLarder = db.prepare('SELECT 1 FROM larder LIMIT 1').get() !== undefined;
  const hasCulls = db.prepare('SELECT 1 FROM culls LIMIT 1').get() !== undefined;
  const hasMonths = db.prepare('SELECT 1 FROM larder_months LIMIT 1').get() !== undefined;
  const culls = db.prepare<[], { stream_id: string; user_id: string; fields: string }>(
    'SELECT stream_id, user_id, fields FROM culls',
  );
  const insert = db.prepare(
    `INSERT INTO larder (stream_id, user_id, date, time, destination, fields)
     VALUES (@streamId, @userId, @date, @time, @destination, @fields)`,
  );
  const count = db.prepare(
    `INSERT INTO larder_months (user_id, month, carcasses) VALUES (?, ?, 1)
     ON CONFLICT (user_id, month) DO UPDATE SET carcasses = carcasses + 1`,
  );
  db.transaction(() => {
    if (!hasLarder && hasCulls) {
      for (const cull of culls.all()) {
        const fields = larderFields(JSON.parse(cull.fields) as CsvFields);
        insert.run({
          streamId: cull.stream_id,
          userId: cull.user_id,
          date: fields.date,
          time: fields.time,
          destination: fields.carcass_destination ?? null,
          fields: JSON.stringify(fields),
        });
      }
    }
    if (!hasMonths) {
      for (const row of db
        .prepare<[], { user_id: string; date: string }>('SELECT user_id, date FROM larder')
        .all()) {
        count.run(row.user_id, monthKey(row.date));
      }
    }
  }).immediate();
}
