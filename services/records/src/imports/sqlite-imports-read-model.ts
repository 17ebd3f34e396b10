import type Database from 'better-sqlite3';
import { migrateSqlite, type SqliteMigration } from '@cull-log/storage-kit';
import { preparedPerDatabase } from '../read-model/prepared-per-database';
import { READ_MODEL_STORES } from '../read-model/store-names';
import type { DuplicateFields, ImportsReadModel, StoredImport } from './imports-read-model';

type SqliteDatabase = Database.Database;

const IMPORTS_SCHEMA = `
CREATE TABLE IF NOT EXISTS imports (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  file_name TEXT NOT NULL,
  format TEXT NOT NULL,
  layout TEXT NOT NULL,
  sheet TEXT,
  mapping TEXT NOT NULL,
  defaults TEXT NOT NULL,
  blob_key TEXT,
  status TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  imported_at TEXT,
  claimed_at TEXT,
  rows_ready INTEGER NOT NULL,
  imported INTEGER NOT NULL DEFAULT 0,
  skipped_duplicates INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS imports_by_user ON imports (user_id, created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS imports_previews_by_expiry ON imports (expires_at) WHERE status = 'previewed';
-- The records each import wrote, with their versions then, for its undo.
CREATE TABLE IF NOT EXISTS import_records (
  import_id TEXT NOT NULL,
  record_id TEXT NOT NULL,
  version INTEGER NOT NULL,
  PRIMARY KEY (import_id, record_id)
) WITHOUT ROWID;
`;

/** The imports' tables in the records database, step by step; a change is a new step at the end. */
export const SQLITE_IMPORTS_MIGRATIONS: readonly SqliteMigration[] = [
  {
    version: 1,
    does: "each user's imports, and the records each wrote with their versions then",
    up: (db) => db.exec(IMPORTS_SCHEMA),
  },
];

interface ImportRow extends Omit<StoredImport, 'mapping' | 'defaults'> {
  mapping: string;
  defaults: string;
}

function fromRow(row: ImportRow): StoredImport {
  return {
    ...row,
    mapping: JSON.parse(row.mapping) as StoredImport['mapping'],
    defaults: JSON.parse(row.defaults) as StoredImport['defaults'],
  };
}

/** The writes made in an append's or an erasure's transaction, prepared on its connection. */
const transactionWritesOf = preparedPerDatabase((db) => ({
  noteRecord: db.prepare<[string, string, number]>(
    'INSERT OR REPLACE INTO import_records (import_id, record_id, version) VALUES (?, ?, ?)',
  ),
  countImported: db.prepare<[number, string, string]>(
    'UPDATE imports SET imported = imported + ?, claimed_at = ? WHERE id = ?',
  ),
  removeRecordsOfUser: db.prepare<[string, number]>(
    'DELETE FROM import_records WHERE import_id IN (SELECT id FROM imports WHERE user_id = ?) LIMIT ?',
  ),
  removeUser: db.prepare<[string, number]>('DELETE FROM imports WHERE user_id = ? LIMIT ?'),
  // By the import first (the table's key), so only the user's imports' lists are read.
  removeRecords: db.prepare<[string, string]>(
    `DELETE FROM import_records WHERE import_id IN (SELECT id FROM imports WHERE user_id = ?)
       AND record_id IN (SELECT value FROM json_each(?))`,
  ),
}));

/** The imports in the event store's own SQLite file, beside the records they are matched against. */
/** The imports on SQLite: its erasure runs in the SQLite store's synchronous transaction, so answers at once. */
export type SqliteImportsReadModel = Omit<ImportsReadModel<SqliteDatabase>, 'eraseUser'> & {
  eraseUser(tx: SqliteDatabase, userId: string, limit: number): number;
};

export function openSqliteImportsReadModel(db: SqliteDatabase): SqliteImportsReadModel {
  migrateSqlite(db, READ_MODEL_STORES.imports, SQLITE_IMPORTS_MIGRATIONS);
  const insert = db.prepare<[ImportRow]>(
    `INSERT INTO imports (id, user_id, file_name, format, layout, sheet, mapping, defaults, blob_key, status,
       created_at, expires_at, imported_at, claimed_at, rows_ready, imported, skipped_duplicates)
     VALUES (@id, @user_id, @file_name, @format, @layout, @sheet, @mapping, @defaults, @blob_key, @status,
       @created_at, @expires_at, @imported_at, @claimed_at, @rows_ready, @imported, @skipped_duplicates)`,
  );
  const selectOne = db.prepare<[string, string], ImportRow>(
    'SELECT * FROM imports WHERE user_id = ? AND id = ?',
  );
  const selectAll = db.prepare<[string], ImportRow>(
    'SELECT * FROM imports WHERE user_id = ? ORDER BY created_at DESC, id DESC',
  );
  const claim = db.prepare<{ user: string; id: string; now: string; stale: string }>(
    `UPDATE imports SET status = 'importing', claimed_at = @now
     WHERE user_id = @user AND id = @id
       AND ((status = 'previewed' AND expires_at > @now) OR (status = 'importing' AND claimed_at < @stale))`,
  );
  const countSkipped = db.prepare<[number, string]>(
    'UPDATE imports SET skipped_duplicates = skipped_duplicates + ? WHERE id = ?',
  );
  const finish = db.prepare<[string, string]>(
    "UPDATE imports SET status = 'imported', imported_at = ? WHERE id = ?",
  );
  const release = db.prepare<[string]>(
    "UPDATE imports SET status = 'previewed' WHERE id = ? AND status = 'importing'",
  );
  const undone = db.prepare<[string]>("UPDATE imports SET status = 'undone' WHERE id = ?");
  const forgetFile = db.prepare<[string]>('UPDATE imports SET blob_key = NULL WHERE id = ?');
  const importedRecords = db.prepare<
    [string, string, number],
    { record_id: string; version: number; version_now: number | null }
  >(
    `SELECT r.record_id, r.version, c.version AS version_now
     FROM import_records r LEFT JOIN culls c ON c.id = r.record_id
     WHERE r.import_id = ? AND r.record_id > ? ORDER BY r.record_id LIMIT ?`,
  );
  const changedSince = db
    .prepare<[string], number>(
      `SELECT COUNT(*) FROM import_records r JOIN culls c ON c.id = r.record_id
       WHERE r.import_id = ? AND c.version <> r.version`,
    )
    .pluck();
  const expired = db.prepare<[string, number], Pick<StoredImport, 'id' | 'blob_key' | 'imported'>>(
    "SELECT id, blob_key, imported FROM imports WHERE status = 'previewed' AND expires_at <= ? ORDER BY expires_at LIMIT ?",
  );
  const removeOne = db.prepare<[string]>('DELETE FROM imports WHERE id = ?');
  const removeRecordsOf = db.prepare<[string]>('DELETE FROM import_records WHERE import_id = ?');
  const removeMany = db.transaction((ids: readonly string[]) => {
    for (const id of ids) {
      removeRecordsOf.run(id);
      removeOne.run(id);
    }
  });
  // From the records' index on (user_id, date, time, id).
  const onDates = db.prepare<[string, string], DuplicateFields & { carcass_tag: string | null }>(
    `SELECT "date", "time", species, sex, location_name, carcass_tag FROM culls
     WHERE user_id = ? AND "date" IN (SELECT value FROM json_each(?))`,
  );

  return {
    async create(entry) {
      insert.run({
        ...entry,
        mapping: JSON.stringify(entry.mapping),
        defaults: JSON.stringify(entry.defaults),
      });
    },
    async get(userId, id) {
      const row = selectOne.get(userId, id);
      return row === undefined ? undefined : fromRow(row);
    },
    async list(userId) {
      return selectAll.all(userId).map(fromRow);
    },
    async claim(userId, id, now, staleBefore) {
      return claim.run({ user: userId, id, now, stale: staleBefore }).changes === 1;
    },
    noteImported(tx, importId, records, at) {
      const statements = transactionWritesOf(tx);
      for (const record of records) statements.noteRecord.run(importId, record.record_id, record.version);
      statements.countImported.run(records.length, at, importId);
    },
    async noteSkipped(importId, skipped) {
      if (skipped > 0) countSkipped.run(skipped, importId);
    },
    async finish(importId, at) {
      finish.run(at, importId);
    },
    async release(importId) {
      release.run(importId);
    },
    async importedRecords(importId, after, limit) {
      return importedRecords.all(importId, after, limit);
    },
    async changedSince(importId) {
      return changedSince.get(importId) ?? 0;
    },
    async markUndone(importId) {
      undone.run(importId);
    },
    async forgetFile(importId) {
      forgetFile.run(importId);
    },
    async expired(now, limit) {
      return expired.all(now, limit);
    },
    async remove(ids) {
      removeMany(ids);
    },
    async onDates(userId, dates) {
      if (dates.length === 0) return [];
      return onDates.all(userId, JSON.stringify(dates)).map(({ carcass_tag, ...fields }) => ({
        ...fields,
        ...(carcass_tag === null ? {} : { carcass_tag }),
      }));
    },
    eraseUser(tx, userId, limit) {
      const statements = transactionWritesOf(tx);
      const records = statements.removeRecordsOfUser.run(userId, limit).changes;
      if (records >= limit) return records;
      return records + statements.removeUser.run(userId, limit - records).changes;
    },
    forgetRecords(tx, userId, recordIds) {
      if (recordIds.length === 0) return;
      transactionWritesOf(tx).removeRecords.run(userId, JSON.stringify(recordIds));
    },
  };
}
