import Database from 'better-sqlite3';
import type { ExportQuery, StoredEvent } from '@cull-log/contracts';
import { openSqliteProjection } from '@cull-log/projection';
import { nextRow } from './export-row';
import type { CsvFields, ExportRow, ExportStore } from './export-store';

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
`;

/** The export projection in a SQLite file (DATA_DIR/exports.db in the standalone app). */
export function openSqliteExportStore({ file }: { file: string }): ExportStore {
  const projection = openSqliteProjection({
    file,
    name: 'exports',
    schema: SCHEMA,
    readModelTables: ['culls'],
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

  return {
    ...projection.projectionStore(writeRows),
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
