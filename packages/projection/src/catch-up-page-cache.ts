import type Database from 'better-sqlite3';

/** A batch this long means the projection is far behind the log: a catch-up after downtime, or a rebuild. */
export const CATCH_UP_BATCH_SIZE = 1000;
/** The page cache while far behind, in KiB: room for the read model's indexes that a batch's rows land all over. */
export const CATCH_UP_CACHE_KIB = 65_536;

/**
 * Sizes a projection connection's page cache for the batch it is about to apply: large while far behind, so that
 * rows going into indexes keyed by random ids neither read their pages from the file again nor spill them to the
 * write-ahead log mid-transaction; back to the connection's usual size (which frees the pages) once batches are
 * small again.
 */
export function catchUpPageCache(db: Database.Database): (batchSize: number) => void {
  const usualCacheSize = db.pragma('cache_size', { simple: true }) as number;
  let large = false;
  return (batchSize) => {
    const farBehind = batchSize >= CATCH_UP_BATCH_SIZE;
    if (farBehind === large) return;
    large = farBehind;
    db.pragma(`cache_size = ${farBehind ? -CATCH_UP_CACHE_KIB : usualCacheSize}`);
  };
}
