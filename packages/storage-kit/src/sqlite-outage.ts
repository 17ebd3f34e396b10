import Database from 'better-sqlite3';

/** SQLite's words for "the store cannot do this now", as opposed to a bug or a conflict. */
const UNAVAILABLE_CODES = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|READONLY|PROTOCOL)/;

/** The one test of a SQLite outage, for every store on a SQLite file: events, read models, projections, sessions. */
export function isSqliteOutage(error: unknown): boolean {
  if (error instanceof Database.SqliteError) return UNAVAILABLE_CODES.test(error.code);
  // better-sqlite3's words for a handle used after close (a store shut down or lost under a running request).
  return error instanceof TypeError && error.message === 'The database connection is not open';
}
