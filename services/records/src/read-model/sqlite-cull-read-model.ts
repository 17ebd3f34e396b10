import type Database from 'better-sqlite3';
import { isCullStreamEvent, type StoredLogEvent } from '@cull-log/contracts';
import { isSqliteOutage, migrateSqlite, reportingOutages } from '@cull-log/storage-kit';
import { openSqliteCullQueries } from '../culls/read-model/sqlite/queries';
import { SQLITE_CULL_MIGRATIONS } from '../culls/read-model/sqlite/schema';
import {
  applyCullToSqlite,
  applyKeptCullsToSqlite,
  eraseCullsFromSqlite,
  eraseRecordsFromSqlite,
  groundRecordsFollow,
} from '../culls/read-model/sqlite/writes';
import type { CullReadModel } from './cull-read-model';
import {
  applyManagementToSqlite,
  eraseManagementFromSqlite,
  openSqliteManagementReadModel,
} from './sqlite-management-read-model';
import { isKeptCulls, isKeptCullsRemoved } from './management-events';
import { READ_MODEL_STORES } from './store-names';
import { openSqliteImportsReadModel } from '../imports/sqlite-imports-read-model';

type SqliteDatabase = Database.Database;

/**
 * Applies events through `db`, synchronously, as better-sqlite3 transactions require: a record's to the culls table,
 * and those of grounds, outings, settings, plans and teams to theirs; a team's kept culls are its records too.
 */
export function applyToSqlite(db: SqliteDatabase, events: readonly StoredLogEvent[]): void {
  for (const event of events) {
    if (isCullStreamEvent(event)) applyCullToSqlite(db, event);
    else applyManagementToSqlite(db, [event], groundRecordsFollow);
    if (isKeptCulls(event)) applyKeptCullsToSqlite(db, event);
    // The search index keeps their postings until merged: the retention merges it as it rewrites the kept events.
    if (isKeptCullsRemoved(event)) eraseRecordsFromSqlite(db, event.userId, event.data.ids);
  }
}

/**
 * Deletes at most `limit` of the user's rows in the read model through `db` (a batch of the erasure's transactions);
 * answers how many went, fewer than `limit` only when nothing of the user's is left.
 */
export function eraseFromSqlite(db: SqliteDatabase, userId: string, limit: number): number {
  const culls = eraseCullsFromSqlite(db, userId, limit);
  return culls < limit ? culls + eraseManagementFromSqlite(db, userId, limit - culls) : culls;
}

export interface SqliteReadModelOptions {
  /** The SQLite event store's connection: the table lives beside the log so one transaction covers both. */
  database: SqliteDatabase;
}

export type SqliteCullReadModel = CullReadModel<SqliteDatabase>;

/**
 * The records, grounds, outings, settings and plans, in the event store's own file: each part's schema steps not yet
 * run are run first.
 */
export function openSqliteReadModel({ database: db }: SqliteReadModelOptions): SqliteCullReadModel {
  migrateSqlite(db, READ_MODEL_STORES.culls, SQLITE_CULL_MIGRATIONS);
  const management = openSqliteManagementReadModel(db);
  const imports = reportingOutages(openSqliteImportsReadModel(db), isSqliteOutage);
  return reportingOutages<SqliteCullReadModel>(
    {
      ...management,
      imports,
      ...openSqliteCullQueries(db),
      apply(tx, events) {
        applyToSqlite(tx, events);
      },
      eraseUser(tx, userId, limit) {
        const erased = eraseFromSqlite(tx, userId, limit);
        return erased < limit ? erased + imports.eraseUser(tx, userId, limit - erased) : erased;
      },
      eraseRecords(tx, userId, recordIds) {
        if (recordIds.length > 0) imports.forgetRecords(tx, userId, recordIds);
        return eraseRecordsFromSqlite(tx, userId, recordIds);
      },
    },
    isSqliteOutage,
  );
}
