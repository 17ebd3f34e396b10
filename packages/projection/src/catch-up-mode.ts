import type Database from 'better-sqlite3';
import { startCheckpointWorker, type CheckpointWorker } from '@cull-log/storage-kit';

/** A batch this long means the projection is far behind the log: a catch-up after downtime, or a rebuild. */
export const CATCH_UP_BATCH_SIZE = 1000;
/** The page cache while far behind, in KiB: room for the read model's indexes that a batch's rows land all over. */
export const CATCH_UP_CACHE_KIB = 65_536;
/** With no batch for this long after a long one, the projection has caught up (the log ended on a long batch). */
export const CATCH_UP_IDLE_MS = 1000;

export interface CatchUpMode {
  /** Before a batch is applied: waits for the last batch's checkpoint, then suits the connection to this batch. */
  before(batchSize: number): Promise<void>;
  /**
   * After a batch has committed: while far behind, its checkpoint on the worker thread, which syncs the batch to disk
   * before the batch is acknowledged, as the automatic checkpoint in the commit did.
   */
  afterCommit(): Promise<void>;
  /** Back to the usual connection, the worker thread ended. */
  close(): Promise<void>;
}

/**
 * How a projection's connection applies batches while far behind the log. A large page cache, so that rows going
 * into indexes keyed by random ids neither read their pages from the file again nor spill them to the write-ahead
 * log mid-transaction. No automatic checkpoint in the commit: each batch's write-ahead log is copied into the file
 * (with its two disk syncs, as before) on a thread of its own while the event loop serves requests and the other
 * projections, and the batch is answered (so acknowledged) only after that, as before; the log stays a batch long. Once batches are short again, or
 * none has come for `idleMs`, the connection is as it was (the cache's pages freed) and the thread ends.
 */
export function catchUpMode(db: Database.Database, file: string, idleMs = CATCH_UP_IDLE_MS): CatchUpMode {
  const usualCacheSize = db.pragma('cache_size', { simple: true }) as number;
  const usualAutoCheckpoint = db.pragma('wal_autocheckpoint', { simple: true }) as number;
  let worker: CheckpointWorker | undefined;
  let checkpointing: Promise<unknown> = Promise.resolve();
  let idle: NodeJS.Timeout | undefined;

  async function leave(): Promise<void> {
    const ending = worker;
    if (ending === undefined) return;
    worker = undefined;
    if (db.open) {
      db.pragma(`cache_size = ${usualCacheSize}`);
      db.pragma(`wal_autocheckpoint = ${usualAutoCheckpoint}`);
    }
    await ending.close();
  }

  return {
    async before(batchSize) {
      clearTimeout(idle);
      await checkpointing;
      const farBehind = batchSize >= CATCH_UP_BATCH_SIZE;
      if (!farBehind) return leave();
      if (worker !== undefined) return;
      worker = startCheckpointWorker(file);
      db.pragma(`cache_size = ${-CATCH_UP_CACHE_KIB}`);
      db.pragma('wal_autocheckpoint = 0');
    },
    async afterCommit() {
      if (worker === undefined) return;
      // Should the thread fail, this connection copies the log; failing that, the automatic checkpoints will.
      checkpointing = worker
        .checkpoint()
        .catch(() => db.pragma('wal_checkpoint(PASSIVE)'))
        .catch(() => undefined);
      idle = setTimeout(() => void checkpointing.then(leave).catch(() => undefined), idleMs);
      idle.unref();
      await checkpointing;
    },
    async close() {
      clearTimeout(idle);
      await checkpointing;
      await leave();
    },
  };
}
