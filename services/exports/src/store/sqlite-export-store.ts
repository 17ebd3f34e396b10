import Database from 'better-sqlite3';
import type { ExportQuery, StoredEvent } from '@cull-log/contracts';
import { larderFields, seasonOfDate, type LarderFields } from '@cull-log/domain';
import { openSqliteProjection } from '@cull-log/projection';
import { nextRow } from './export-row';
import type { CsvFields, ExportRow, ExportStore, LarderRow } from './export-store';

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
    season TEXT NOT NULL,
    date TEXT NOT NULL,
    time TEXT NOT NULL,
    destination TEXT,
    fields TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS larder_by_user_season ON larder (user_id, season, date, time, stream_id);
  CREATE TABLE IF NOT EXISTS larder_seasons (
    user_id TEXT NOT NULL,
    season TEXT NOT NULL,
    carcasses INTEGER NOT NULL,
    PRIMARY KEY (user_id, season)
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
    schema: SCHEMA,
    // Not `declarations`: the numbers issued are not derived from the log, and a rebuild must keep them.
    readModelTables: ['culls', 'larder', 'larder_seasons'],
    // The declaration register outlives a rebuild, not the user: erasing their account deletes their numbers.
    userTables: ['declarations'],
  });
  const { db } = projection;

  const selectRow = db.prepare<[string], { user_id: string; created_at: string; fields: string }>(
    'SELECT user_id, created_at, fields FROM culls WHERE stream_id = ?',
  );
  const upsertRow = db.prepare(
    `INSERT INTO culls (stream_id, user_id, created_at, date, species, fields)
     VALUES (@streamId, @userId, @createdAt, @date, @species, @fields)
     ON CONFLICT (stream_id) DO UPDATE SET user_id = excluded.user_id, created_at = excluded.created_at,
       date = excluded.date, species = excluded.species, fields = excluded.fields`,
  );
  const deleteRow = db.prepare('DELETE FROM culls WHERE stream_id = ?');
  const upsertLarder = db.prepare(
    `INSERT INTO larder (stream_id, user_id, season, date, time, destination, fields)
     VALUES (@streamId, @userId, @season, @date, @time, @destination, @fields)
     ON CONFLICT (stream_id) DO UPDATE SET user_id = excluded.user_id, season = excluded.season,
       date = excluded.date, time = excluded.time, destination = excluded.destination, fields = excluded.fields`,
  );
  const deleteLarder = db.prepare('DELETE FROM larder WHERE stream_id = ?');
  const countSeason = db.prepare<{ userId: string; season: string; by: number }>(
    `INSERT INTO larder_seasons (user_id, season, carcasses) VALUES (@userId, @season, @by)
     ON CONFLICT (user_id, season) DO UPDATE SET carcasses = carcasses + excluded.carcasses`,
  );
  const dropEmptySeason = db.prepare(
    'DELETE FROM larder_seasons WHERE user_id = ? AND season = ? AND carcasses <= 0',
  );

  /** The larder row of a cull, and its season's count, follow its export row. */
  function writeLarder(streamId: string, current: ExportRow | undefined, next: ExportRow | undefined) {
    if (current !== undefined) {
      const season = seasonOfDate(current.fields.date).label;
      countSeason.run({ userId: current.userId, season, by: -1 });
      dropEmptySeason.run(current.userId, season);
    }
    if (next === undefined) {
      deleteLarder.run(streamId);
      return;
    }
    const fields = larderFields(next.fields);
    const season = seasonOfDate(fields.date).label;
    countSeason.run({ userId: next.userId, season, by: 1 });
    upsertLarder.run({
      streamId,
      userId: next.userId,
      season,
      date: fields.date,
      time: fields.time,
      destination: fields.carcass_destination ?? null,
      fields: JSON.stringify(fields),
    });
  }

  function writeRows(events: readonly StoredEvent[]): void {
    for (const event of events) writeRow(event);
  }

  function writeRow(event: StoredEvent): void {
    const stored = selectRow.get(event.streamId);
    const current: ExportRow | undefined = stored && {
      userId: stored.user_id,
      createdAt: stored.created_at,
      fields: JSON.parse(stored.fields) as CsvFields,
    };
    const next = nextRow(current, event);
    writeLarder(event.streamId, current, next);
    if (next === undefined) deleteRow.run(event.streamId);
    else
      upsertRow.run({
        streamId: event.streamId,
        userId: next.userId,
        createdAt: next.createdAt,
        date: next.fields.date,
        species: next.fields.species,
        fields: JSON.stringify(next.fields),
      });
  }

  fillLarderFromCulls(db);

  const selectLarder = db.prepare<{ userId: string; season: string }, { stream_id: string; fields: string }>(
    `SELECT stream_id, fields FROM larder WHERE user_id = @userId AND season = @season ${LARDER_ORDER}`,
  );
  const selectLarderOf = db.prepare<
    { userId: string; season: string; destination: string },
    { stream_id: string; fields: string }
  >(
    `SELECT stream_id, fields FROM larder WHERE user_id = @userId AND season = @season
     AND destination = @destination ${LARDER_ORDER}`,
  );
  const selectSeasons = db.prepare<[string], { label: string; carcasses: number }>(
    'SELECT season AS label, carcasses FROM larder_seasons WHERE user_id = ? ORDER BY season DESC',
  );
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
    ...projection.projectionStore(writeRows),
    async larder(userId, season, destination) {
      const rows =
        destination === undefined
          ? selectLarder.all({ userId, season })
          : selectLarderOf.all({ userId, season, destination });
      return rows.map(larderRow);
    },
    async larderSeasons(userId) {
      return selectSeasons.all(userId);
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
    async *rows(userId: string, filter: ExportQuery) {
      // A connection of its own: a better-sqlite3 connection is busy while an iterator is open, and the
      // projection must keep writing during a long download. WAL gives this reader a stable snapshot.
      const reader = new Database(file, { readonly: true, fileMustExist: true });
      try {
        const conditions = ['user_id = @userId'];
        if (filter.from !== undefined) conditions.push('date >= @from');
        if (filter.to !== undefined) conditions.push('date <= @to');
        if (filter.species !== undefined) conditions.push('species = @species');
        // Plucked: each step hands over the JSON text itself, not a row object around it.
        const statement = reader
          .prepare<Record<string, string>, string>(
            `SELECT fields FROM culls WHERE ${conditions.join(' AND ')}
            ORDER BY created_at DESC, stream_id DESC`,
          )
          .pluck();
        for (const fields of statement.iterate({ userId, ...filter })) yield JSON.parse(fields) as CsvFields;
      } finally {
        reader.close();
      }
    },
  };
}

/**
 * A file from before the larder book has export rows but no larder rows: the larder is filled from them once, in
 * one transaction, so upgrading needs no rebuild (the export rows hold every field the larder lists).
 */
function fillLarderFromCulls(db: Database.Database): void {
  const hasLarder = db.prepare('SELECT 1 FROM larder LIMIT 1').get() !== undefined;
  const hasCulls = db.prepare('SELECT 1 FROM culls LIMIT 1').get() !== undefined;
  if (hasLarder || !hasCulls) return;
  const culls = db.prepare<[], { stream_id: string; user_id: string; fields: string }>(
    'SELECT stream_id, user_id, fields FROM culls',
  );
  const insert = db.prepare(
    `INSERT INTO larder (stream_id, user_id, season, date, time, destination, fields)
     VALUES (@streamId, @userId, @season, @date, @time, @destination, @fields)`,
  );
  const count = db.prepare(
    `INSERT INTO larder_seasons (user_id, season, carcasses) VALUES (?, ?, 1)
     ON CONFLICT (user_id, season) DO UPDATE SET carcasses = carcasses + 1`,
  );
  db.transaction(() => {
    for (const cull of culls.all()) {
      const fields = larderFields(JSON.parse(cull.fields) as CsvFields);
      const season = seasonOfDate(fields.date).label;
      insert.run({
        streamId: cull.stream_id,
        userId: cull.user_id,
        season,
        date: fields.date,
        time: fields.time,
        destination: fields.carcass_destination ?? null,
        fields: JSON.stringify(fields),
      });
      count.run(cull.user_id, season);
    }
  }).immediate();
}
