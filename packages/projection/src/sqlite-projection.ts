import Database from 'better-sqlite3';
import type { LogEvent, StoredEvent, StoredLogEvent } from '@cull-log/contracts';
import {
  ERASE_BATCH_SIZE,
  inBatches,
  migrateSqlite,
  openSqliteCheckpoints,
  rebuildAfterErasure,
  rebuildInWorker,
  truncateWriteAheadLog,
  fsyncOnThreadPool,
  WriteAheadLogSync,
  type SqliteMigration,
  type SyncFile,
  type ThreadPoolSync,
} from '@cull-log/storage-kit';
import { catchUpMode } from './catch-up-mode';
import {
  applyOne,
  checkBatch,
  followsCulls,
  type EventFilter,
  type ProjectionStore,
} from './projection-store';

const STREAM_VERSIONS_SCHEMA = `
  CREATE TABLE IF NOT EXISTS stream_versions (
    stream_id TEXT PRIMARY KEY,
    version INTEGER NOT NULL
  ) WITHOUT ROWID;
`;
const CHECKPOINTS_TABLE = 'checkpoints';

export interface SqliteProjection {
  /** The projection's database, for the read model's own statements. */
  readonly db: Database.Database;
  /** Global position of the newest applied event, 0 when none; usable inside the read model's transactions. */
  readPosition(): number;
  /**
   * The ProjectionStore methods. `applyBatch` runs, in one immediate transaction, the version guard over the
   * batch, then `write` (the read model's change) of the events that are the next version of their stream,
   * in order, their streams' new versions and the checkpoint, once. `write` is handed the events `follows`
   * takes (the cull events unless told otherwise), and is not called when the batch holds none of them.
   */
  projectionStore(write: (events: readonly StoredEvent[]) => void): ProjectionStore;
  projectionStore<E extends LogEvent>(
    write: (events: readonly StoredEvent<E>[]) => void,
    follows: EventFilter<E>,
  ): ProjectionStore;
}

/**
 * Opens (creating when needed) a projection's SQLite file: the read model's tables, brought up to the last of its
 * numbered `migrations` (recorded under the projection's `name`), plus the tables every projection keeps beside
 * them, `stream_versions` and `checkpoints` (the event store's checkpoint port).
 */
export function openSqliteProjection({
  file,
  name,
  migrations,
  readModelTables,
  userTables = [],
  unownedTables = [],
  beforeErase,
  syncFile: givenSyncFile,
}: {
  file: string;
  /** The projection's name, naming its checkpoint and its schema's version. */
  name: string;
  /** The read model's schema, step by step: the storage kit's `migrateSqlite` runs those not yet run. */
  migrations: readonly SqliteMigration[];
  /**
   * Emptied by `clear`, together with the versions and the checkpoint. Each has the owner's `user_id` column,
   * by which `eraseUser` deletes a user's rows.
   */
  readModelTables: readonly string[];
  /**
   * Tables beside the read model that `clear` (and so a rebuild) leaves alone, but that hold a user's data all the
   * same: `eraseUser` deletes their rows by `user_id` too.
   */
  userTables?: readonly string[];
  /** Emptied by `clear` with the read model, but keyed by no user: `eraseUser` leaves them to `beforeErase`. */
  unownedTables?: readonly string[];
  /**
   * Run in each batch of the erasure's transactions before the user's rows are deleted: what the read model counts
   * for others of the user's rows it takes out of those counts here, for at most `limit` of those rows, and deletes
   * them in the same transaction (so that an erasure run again counts none twice). Answers how many it took, fewer
   * than `limit` only when none is left.
   */
  beforeErase?: (userId: string, limit: number) => number;
  /** How the write-ahead log is flushed to disk after each batch: fdatasync on libuv's thread pool unless told. */
  syncFile?: SyncFile;
}): SqliteProjection {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  // Rows a user erases are overwritten with zeros, not left in free space for anyone reading the file.
  db.pragma('secure_delete = ON');
  db.exec(STREAM_VERSIONS_SCHEMA);
  const checkpoints = openSqliteCheckpoints({ database: db, table: CHECKPOINTS_TABLE });
  moveOneRowCheckpoint(db, name);
  migrateSqlite(db, name, migrations);

  const selectVersion = db.prepare<[string], { version: number }>(
    'SELECT version FROM stream_versions WHERE stream_id = ?',
  );
  const upsertVersion = db.prepare(
    `INSERT INTO stream_versions (stream_id, version) VALUES (?, ?)
     ON CONFLICT (stream_id) DO UPDATE SET version = excluded.version`,
  );
  const readPosition = () => checkpoints.loadNow(name);
  // Only forward, should streams ever be delivered out of global order.
  const advanceCheckpoint = (position: number) =>
    checkpoints.saveNow(name, Math.max(readPosition(), position));

  /** One batch of an erasure: at most a batch's worth of the user's rows; answers whether there may be more. */
  const eraseRows = db.transaction((userId: string): boolean => {
    let left = ERASE_BATCH_SIZE;
    if (beforeErase) left -= beforeErase(userId, left);
    for (const table of [...readModelTables, ...userTables]) {
      if (left <= 0) return true;
      left -= db.prepare(`DELETE FROM ${table} WHERE user_id = ? LIMIT ?`).run(userId, left).changes;
    }
    return left <= 0;
  });
  /** Rebuilds the file on another thread (see rebuildInWorker); on this connection should that thread fail. */
  const rebuild = async () => {
    try {
      const { truncated } = await rebuildInWorker(file);
      if (!truncated) truncateWriteAheadLog(db);
    } catch {
      rebuildAfterErasure(db);
    }
  };

  const catchUp = catchUpMode(db, file);
  // Commits are not synced (synchronous = NORMAL): the write-ahead log is, after each batch and off the event loop.
  const syncFile = givenSyncFile ?? fsyncOnThreadPool();
  const walSync = new WriteAheadLogSync(`${file}-wal`, syncFile);

  const clearAll = db.transaction(() => {
    for (const table of [...readModelTables, ...unownedTables, 'stream_versions'])
      db.exec(`DELETE FROM ${table}`);
    checkpoints.saveNow(name, 0);
  });

  return {
    db,
    readPosition,
    // One body for both overloads: `follows` narrows what reaches `write` to the type it was written for.
    projectionStore: ((
      write: (events: readonly StoredLogEvent[]) => void,
      follows: EventFilter<LogEvent> = followsCulls,
    ): ProjectionStore => {
      const applyInTransaction = db.transaction((events: readonly StoredLogEvent[]) => {
        const check = checkBatch(events, (streamId) => selectVersion.get(streamId)?.version ?? 0);
        if (check.applied.length === 0) return check.outcomes;
        const followed = check.applied.filter(follows);
        if (followed.length > 0) write(followed);
        for (const [streamId, version] of check.versions) upsertVersion.run(streamId, version);
        advanceCheckpoint(check.position);
        return check.outcomes;
      });
      const applyBatch = async (events: readonly StoredLogEvent[]) => {
        await catchUp.before(events.length);
        const outcomes = applyInTransaction.immediate(events);
        await catchUp.afterCommit();
        // Answered, and so acknowledged to the bus, only once on disk: the bus never delivers an acknowledged event
        // again, so a batch a power cut took from the file would otherwise be missing from the read model for good.
        if (outcomes.includes('applied')) await walSync.sync();
        return outcomes;
      };
      return {
        applyBatch,
        apply: (event) => applyOne(applyBatch, event),
        async position() {
          return readPosition();
        },
        async eraseUser(userId) {
          await inBatches(() => eraseRows.immediate(userId));
          await rebuild();
        },
        async clear() {
          clearAll.immediate();
        },
        async close() {
          await catchUp.close();
          await walSync.idle();
          db.close();
          if (givenSyncFile === undefined) await (syncFile as ThreadPoolSync).close();
        },
      };
    }) as SqliteProjection['projectionStore'],
  };
}

/** A file written before the checkpoint port kept its position in a one-row `checkpoint` table: move it. */
function moveOneRowCheckpoint(db: Database.Database, name: string): void {
  const oneRowTable = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'checkpoint'")
    .get();
  if (oneRowTable === undefined) return;
  db.transaction(() => {
    db.prepare(
      `INSERT INTO ${CHECKPOINTS_TABLE} (name, position) SELECT ?, position FROM checkpoint WHERE id = 1
       ON CONFLICT (name) DO NOTHING`,
    ).run(name);
    db.exec('DROP TABLE checkpoint');
  }).immediate();
}
