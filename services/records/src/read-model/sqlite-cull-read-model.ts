import type Database from 'better-sqlite3';
import { isCullStreamEvent, type StoredLogEvent } from '@cull-log/contracts';
import { isSqliteOutage, reportingOutages } from '@cull-log/storage-kit';
import { openSqliteCullQueries } from '../culls/read-model/sqlite/queries';
import { createCullSchema, indexUnindexedRecords } from '../culls/read-model/sqlite/schema';
import {
  applyCullToSqlite,
  eraseCullsFromSqlite,
  renameGroundRecords,
} from '../culls/read-model/sqlite/writes';
import type { CullReadModel } from './cull-read-model';
import {
  applyManagementToSqlite,
  eraseManagementFromSqlite,
  openSqliteManagementReadModel,
} from './sqlite-management-read-model';

type SqliteDatabase = Database.Database;

/**
 * Applies events through `db`, synchronously, as better-sqlite3 transactions require: a record's to the culls table,
 * and those of grounds, outings, settings and plans to theirs.
 */
export function applyToSqlite(db: SqliteDatabase, events: readonly StoredLogEvent[]): void {
  for (const event of events) {
    if (isCullStreamEvent(event)) applyCullToSqlite(db, event);
    else applyManagementToSqlite(db, [event], renameGroundRecords);
  }
}

/** Deletes everything of the user's in the read model through `db` (the erasure's transaction). */
export function eraseFromSqlite(db: SqliteDatabase, userId: string): void {
  eraseCullsFromSqlite(db, userId);
  eraseManagementFromSqlite(db, userId);
}

export interface SqliteReadModelOptions {
  /** The SQLite event store's connection: the table lives beside the log so one transaction covers both. */
  database: SqliteDatabase;
}

export type SqliteCullReadModel = CullReadModel<SqliteDatabase>;

/** The records, grounds, outings, settings and plans, in the event store's own file. */
export function openSqliteReadModel({ database: db }: SqliteReadModelOptions): SqliteCullReadModel {
  createCullSchema(db);
  const management = openSqliteManagementReadModel(db);
  indexUnindexedRecords(db);
  return reportingOutages<SqliteCullReadModel>(
    {
      ...management,
      ...openSqliteCullQueries(db),
      apply(tx, events) {
        applyToSqlite(tx, events);
      },
      eraseUser(tx, userId) {
        eraseFromSqlite(tx, userId);
      },
    },
    isSqliteOutage,
  );
}
