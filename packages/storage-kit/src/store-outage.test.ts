import Database from 'better-sqlite3';
import { MongoNetworkError, MongoServerError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { isMongoOutage } from './mongo-outage';
import { isSqliteOutage } from './sqlite-outage';
import { reportingOutages, StoreUnavailableError } from './store-outage';

function closedDatabaseStore() {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE t (x INTEGER)');
  const count = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM t');
  return {
    db,
    countNow: () => count.get()?.n ?? 0,
    count: async () => count.get()?.n ?? 0,
    broken: async () => {
      db.prepare('SELECT nothing FROM nowhere').get();
    },
  };
}

describe('store outages', () => {
  it('a SQLite store used after its connection closed throws StoreUnavailableError, sync and async', async () => {
    const store = closedDatabaseStore();
    const guarded = reportingOutages(store, isSqliteOutage);
    expect(guarded.countNow()).toBe(0);
    store.db.close();
    expect(() => guarded.countNow()).toThrow(StoreUnavailableError);
    await expect(guarded.count()).rejects.toBeInstanceOf(StoreUnavailableError);
  });

  it('a bug (a query on a missing table) keeps its own error', async () => {
    const guarded = reportingOutages(closedDatabaseStore(), isSqliteOutage);
    await expect(guarded.broken()).rejects.toBeInstanceOf(Database.SqliteError);
  });

  it('the outage error answers 503 through its status code', () => {
    expect(new StoreUnavailableError(new Error('down')).statusCode).toBe(503);
  });

  it('SQLite: busy and disk errors are outages, constraint failures are not', () => {
    expect(isSqliteOutage(new Database.SqliteError('busy', 'SQLITE_BUSY'))).toBe(true);
    expect(isSqliteOutage(new Database.SqliteError('io', 'SQLITE_IOERR_WRITE'))).toBe(true);
    expect(isSqliteOutage(new Database.SqliteError('dup', 'SQLITE_CONSTRAINT_UNIQUE'))).toBe(false);
    expect(isSqliteOutage(new TypeError('x is not a function'))).toBe(false);
  });

  it('MongoDB: network errors are outages, server errors are not', () => {
    expect(isMongoOutage(new MongoNetworkError('connection refused'))).toBe(true);
    expect(isMongoOutage(new MongoServerError({ message: 'duplicate key', code: 11000 }))).toBe(false);
  });
});
