import type Database from 'better-sqlite3';

/**
 * Runs `work` (a write transaction) with `synchronous = FULL` on a connection that is otherwise NORMAL, so its COMMIT
 * syncs the write-ahead log before it returns: for a write a user is told was made that nothing can rebuild (a
 * projection's own rows are re-applied from the log after a power cut; a declaration number is not). The
 * connection's setting is put back afterwards, whatever `work` does.
 */
export function durably<T>(db: Database.Database, work: () => T): T {
  const previous = db.pragma('synchronous', { simple: true }) as number;
  db.pragma('synchronous = FULL');
  try {
    return work();
  } finally {
    db.pragma(`synchronous = ${previous}`);
  }
}
