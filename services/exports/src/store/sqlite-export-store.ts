import Database from 'better-sqlite3';
import type { ExportQuery, StoredEvent } from '@cull-log/contracts';
import { nextRow, versionCheck } from './export-row';
import type { ApplyOutcome, CsvFields, ExportRow, ExportStore } from './export-store';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS stream_versions (
    stream_id TEXT PRIMARY KEY,
    version INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS culls (
    stream_id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    created_at TEXT NOT NULL,
    date TEXT NOT NULL,
    species TEXT NOT NULL,
    fields TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS culls_by_user_created ON culls (user_id, created_at DESC, stream_id DESC);
  CREATE TABLE IF NOT EXISTS checkpoint (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    position INTEGER NOT NULL
  );
`;

/** The export projection in a SQLite file (DATA_DIR/exports.db in the standalone app). */
export function openSqliteExportStore({ file }: { file: string }): ExportStore {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);

  const selectVersion = db.prepare<[string], { version: number }>(
    'SELECT version FROM stream_versions WHERE stream_id = ?',
  );
  const selectRow = db.prepare<[string], { user_id: string; created_at: string; fields: string }>(
    'SELECT user_id, created_at, fields FROM culls WHERE stream_id = ?',
  );
  const upsertVersion = db.prepare(
    `INSERT INTO stream_versions (stream_id, version) VALUES (?, ?)
     ON CONFLICT (stream_id) DO UPDATE SET version = excluded.version`,
  );
  const upsertRow = db.prepare(
    `INSERT INTO culls (stream_id, user_id, created_at, date, species, fields)
     VALUES (@streamId, @userId, @createdAt, @date, @species, @fields)
     ON CONFLICT (stream_id) DO UPDATE SET user_id = excluded.user_id, created_at = excluded.created_at,
       date = excluded.date, species = excluded.species, fields = excluded.fields`,
  );
  const deleteRow = db.prepare('DELETE FROM culls WHERE stream_id = ?');
  // MAX keeps the checkpoint from moving back if streams are ever delivered out of global order.
  const advanceCheckpoint = db.prepare(
    `INSERT INTO checkpoint (id, position) VALUES (1, ?)
     ON CONFLICT (id) DO UPDATE SET position = MAX(position, excluded.position)`,
  );
  const selectPosition = db.prepare<[], { position: number }>('SELECT position FROM checkpoint WHERE id = 1');

  const applyInTransaction = db.transaction((event: StoredEvent): ApplyOutcome => {
    const outcome = versionCheck(selectVersion.get(event.streamId)?.version ?? 0, event.version);
    if (outcome !== 'applied') return outcome;
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
    upsertVersion.run(event.streamId, event.version);
    advanceCheckpoint.run(event.position);
    return outcome;
  });

  const clearAll = db.transaction(() => {
    db.exec('DELETE FROM culls; DELETE FROM stream_versions; DELETE FROM checkpoint;');
  });

  return {
    async apply(event) {
      return applyInTransaction.immediate(event);
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
        const statement = reader.prepare<Record<string, string>, { fields: string }>(
          `SELECT fields FROM culls WHERE ${conditions.join(' AND ')}
            ORDER BY created_at DESC, stream_id DESC`,
        );
        for (const row of statement.iterate({ userId, ...filter })) yield JSON.parse(row.fields) as CsvFields;
      } finally {
        reader.close();
      }
    },
    async position() {
      return selectPosition.get()?.position ?? 0;
    },
    async clear() {
      clearAll.immediate();
    },
    async close() {
      db.close();
    },
  };
}
