import type BetterSqlite3 from 'better-sqlite3';

/** One try at copying the write-ahead log into the file and truncating it, without waiting for readers. */
function tryToTruncate(database: BetterSqlite3.Database): boolean {
  const busyTimeout = database.pragma('busy_timeout', { simple: true }) as number;
  database.pragma('busy_timeout = 0');
  try {
    const [result] = database.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
    return result?.busy === 0;
  } finally {
    database.pragma(`busy_timeout = ${busyTimeout}`);
  }
}

export interface TruncateOptions {
  /** Pause between tries while a reader holds the log. Default 1 s. */
  retryMs?: number;
  /** Tries after the first before giving up (the next erasure or the next automatic checkpoint does it). */
  retries?: number;
}

/**
 * Copies the write-ahead log into the file and truncates it to nothing: the log keeps the pages as they were
 * before a change until then, erased rows included. A reader in the middle of a read (a CSV export streaming)
 * holds it back; rather than block (in the one-process app, the very export it waits for) it tries again in the
 * background until the reader is done. Answers whether it is done already.
 */
export function truncateWriteAheadLog(
  database: BetterSqlite3.Database,
  { retryMs = 1000, retries = 300 }: TruncateOptions = {},
): boolean {
  if (tryToTruncate(database)) return true;
  let left = retries;
  const retry = () => {
    try {
      if (!database.open || tryToTruncate(database) || --left <= 0) return;
    } catch {
      return;
    }
    setTimeout(retry, retryMs).unref();
  };
  setTimeout(retry, retryMs).unref();
  return false;
}

/** One try at rebuilding the file; another connection writing to it at that moment holds it back. */
function tryToRebuild(database: BetterSqlite3.Database): boolean {
  try {
    database.exec('VACUUM');
    return true;
  } catch {
    return false;
  }
}

/**
 * After an erasure: rebuilds the file (VACUUM), then truncates its write-ahead log. secure_delete zeroes the rows
 * deleted, but a page split or merge long before may have left a copy of a row in a page's free space, which only a
 * rebuild clears. The rebuild goes through the log beside readers on other connections (a CSV export streaming), whose
 * read then holds back only the truncation (see truncateWriteAheadLog); another connection writing at that moment
 * holds back the rebuild, which is tried again in the background. Answers whether both are done already.
 */
export function rebuildAfterErasure(
  database: BetterSqlite3.Database,
  { retryMs = 1000, retries = 300 }: TruncateOptions = {},
): boolean {
  if (tryToRebuild(database)) return truncateWriteAheadLog(database, { retryMs, retries });
  truncateWriteAheadLog(database, { retryMs, retries });
  let left = retries;
  const retry = () => {
    if (!database.open) return;
    if (tryToRebuild(database)) {
      truncateWriteAheadLog(database, { retryMs, retries });
      return;
    }
    if (--left > 0) setTimeout(retry, retryMs).unref();
  };
  setTimeout(retry, retryMs).unref();
  return false;
}
