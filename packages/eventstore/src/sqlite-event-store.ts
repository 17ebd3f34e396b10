import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import BetterSqlite3 from 'better-sqlite3';
import type { LogEvent, StoredLogEvent } from '@cull-log/contracts';
import {
  checkpointInWorker,
  type CheckpointInWorker,
  ERASE_BATCH_SIZE,
  inBatches,
  isSqliteOutage,
  migrateSqlite,
  StoreUnavailableError,
  rebuildAfterErasure,
  rebuildInWorker,
  truncateWriteAheadLog,
  fsyncOnThreadPool,
  WriteAheadLogSync,
  type SyncFile,
  type ThreadPoolSync,
} from '@cull-log/storage-kit';
import {
  VersionConflictError,
  type AppendResult,
  type EraseInTransaction,
  type EraseStreamsInTransaction,
  type ErasedEvents,
  type EventStore,
  type InTransaction,
  type StreamAppend,
} from './event-store';
import { checkAppend, checkAppendMany, checkReadAll, checkRewrite, readBack } from './event-checks';
import { ErasuresInProgress } from './erasures-in-progress';
import { EVENT_STORE, SQLITE_EVENT_MIGRATIONS } from './event-schema';

/** The better-sqlite3 handle: the `Tx` of the SQLite store, and the way to the caller's own tables. */
export type SqliteDatabase = BetterSqlite3.Database;

export interface SqliteEventStoreOptions {
  /** Path of the database file; its folder is created when missing. */
  file: string;
  /** How long a write waits for another connection's write lock before giving up. */
  busyTimeoutMs?: number;
  /** How the write-ahead log is flushed to disk before an append is acknowledged (tests inject their own). */
  syncFile?: SyncFile;
}

export interface SqliteEventStore extends EventStore<SqliteDatabase> {
  /** The open database, for callers keeping their own tables (read models) in the same file. */
  readonly database: SqliteDatabase;
}

interface EventRow {
  position: number;
  id: string;
  stream_id: string;
  version: number;
  type: string;
  user_id: string;
  occurred_at: string;
  data: string;
  meta: string;
}

const COLUMNS = 'position, id, stream_id, version, type, user_id, occurred_at, data, meta';

/** Bounds one group commit, so a burst of appends holds the write lock (and the event loop) briefly. */
const MAX_APPENDS_PER_COMMIT = 256;
/** Bounds how long a commit waits for appends still arriving, so a steady stream cannot hold one back. */
const MAX_TURNS_AWAITING_APPENDS = 3;

/**
 * An append waiting for the next group commit (one stream's, or an `appendMany`'s several, all or none), with the
 * settlement of its caller's promise.
 */
interface PendingAppend {
  appends: StreamAppend[];
  inTransaction: InTransaction<SqliteDatabase> | undefined;
  resolve: (results: AppendResult[]) => void;
  reject: (error: unknown) => void;
}

type AppendOutcome = { ok: true; results: AppendResult[] } | { ok: false; error: unknown };

/**
 * Opens (creating when needed) an event store in one SQLite file, in WAL. Appends made while a commit is due are
 * group-committed: one IMMEDIATE transaction holds each in its own savepoint, in arrival order. IMMEDIATE makes
 * writers in other processes queue on the file's write lock instead of both passing the version check. The COMMIT
 * only writes the log (`synchronous=NORMAL`); the log is then fsynced on libuv's thread pool while the event loop
 * goes on serving requests and committing the next batch, and every promise of a batch settles only after a sync
 * begun after its COMMIT, so an acknowledged append survives a power cut. (NORMAL still syncs the log before each
 * checkpoint copies it into the file, and the file after, so a log reset never drops a commit not yet synced.)
 */
export function openSqliteEventStore(options: SqliteEventStoreOptions): SqliteEventStore {
  let database: SqliteDatabase;
  try {
    mkdirSync(dirname(options.file), { recursive: true });
    database = new BetterSqlite3(options.file, { timeout: options.busyTimeoutMs ?? 5000 });
    const journalMode: unknown = database.pragma('journal_mode = WAL', { simple: true });
    if (journalMode !== 'wal') throw new Error(`SQLite refused WAL mode for ${options.file}`);
    // Durability comes from the sync after each commit (WriteAheadLogSync), off the event loop.
    database.pragma('synchronous = NORMAL');
    // What a user erases is overwritten with zeros, not left in free space for anyone reading the file.
    database.pragma('secure_delete = ON');
    migrateSqlite(database, EVENT_STORE, SQLITE_EVENT_MIGRATIONS);
  } catch (error) {
    throw translateUnavailable(error);
  }
  const threadPoolSync = options.syncFile === undefined ? fsyncOnThreadPool() : undefined;
  return new SqliteStore(
    database,
    new WriteAheadLogSync(`${options.file}-wal`, options.syncFile ?? (threadPoolSync as ThreadPoolSync)),
    checkpointInWorker(options.file),
    async () => threadPoolSync?.close(),
  );
}

/**
 * Streams erased in one transaction by `eraseStreams`: a record's stream holds a few events, and its read-model rows
 * and search index entries go in the same transaction, so this keeps each near a user's erasure batch.
 */
const ERASE_STREAMS_BATCH_SIZE = 50;

/** Why a caller's work that returns a promise is refused: it would run outside the transaction. */
const SYNCHRONOUS_ONLY =
  'The SQLite event store runs inTransaction synchronously: the callback must not return a promise';

class SqliteStore implements SqliteEventStore {
  private readonly insertEvent;
  private readonly streamHead;
  private readonly selectStream;
  private readonly selectAfter;
  private readonly selectHead;
  private readonly selectUser;
  private readonly eraseBatch;
  private readonly eraseStreamsInTransaction;
  private readonly rewriteInTransaction;
  private readonly appendInSavepoint;
  private readonly commitBatch;
  private readonly pending: PendingAppend[] = [];
  private scheduledCommit: NodeJS.Immediate | undefined;
  private readonly erasing = new ErasuresInProgress();
  /** The file's rebuild after an erasure, on a thread of its own: commits wait for it (they would wait on its lock). */
  private rebuilding: Promise<void> | undefined;
  /** Every event up to this position is on disk: what readAll and readUser may hand on without syncing first. */
  private durablePosition = 0;
  /** The settlement of the last batch committed; batches settle in commit order. */
  private lastSettled: Promise<void> = Promise.resolve();

  constructor(
    readonly database: SqliteDatabase,
    private readonly walSync: WriteAheadLogSync,
    /** Copies the log into the file off the event loop, leaving the commits' own checkpoints little to do. */
    private readonly checkpoints: CheckpointInWorker,
    private readonly closeSync: () => Promise<void>,
  ) {
    this.insertEvent = database.prepare<[Omit<EventRow, 'position'>]>(
      `INSERT INTO events (id, stream_id, version, type, user_id, occurred_at, data, meta)
       VALUES (@id, @stream_id, @version, @type, @user_id, @occurred_at, @data, @meta)`,
    );
    this.streamHead = database.prepare<[string], { version: number; position: number }>(
      'SELECT version, position FROM events WHERE stream_id = ? ORDER BY version DESC LIMIT 1',
    );
    this.selectStream = database.prepare<[string], EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE stream_id = ? ORDER BY version`,
    );
    this.selectAfter = database.prepare<[number, number], EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`,
    );
    this.selectHead = database.prepare<[], { position: number | null }>(
      'SELECT MAX(position) AS position FROM events',
    );
    this.selectUser = database.prepare<[string, number, number], EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE user_id = ? AND position > ? ORDER BY position LIMIT ?`,
    );
    const deleteUserBatch = database.prepare<[string, number]>(
      'DELETE FROM events WHERE position IN (SELECT position FROM events WHERE user_id = ? ORDER BY position LIMIT ?)',
    );
    this.eraseBatch = database.transaction(
      (userId: string, inTransaction: EraseInTransaction<SqliteDatabase> | undefined) => {
        const events = deleteUserBatch.run(userId, ERASE_BATCH_SIZE).changes;
        const rows = inTransaction ? runCallerErasure(inTransaction, database, userId) : 0;
        return { events, more: events >= ERASE_BATCH_SIZE || rows >= ERASE_BATCH_SIZE };
      },
    );
    // The streams as one JSON array, so any number of them is one statement, from the (stream_id, version) index.
    const deleteStreams = database.prepare<[string, string]>(
      'DELETE FROM events WHERE stream_id IN (SELECT value FROM json_each(?)) AND user_id = ?',
    );
    this.eraseStreamsInTransaction = database.transaction(
      (
        userId: string,
        streamIds: readonly string[],
        inTransaction: EraseStreamsInTransaction<SqliteDatabase> | undefined,
      ): { events: number; more: boolean } => {
        const { changes } =
          streamIds.length === 0 ? { changes: 0 } : deleteStreams.run(JSON.stringify(streamIds), userId);
        if (!inTransaction) return { events: changes, more: false };
        const outcome = inTransaction(database, userId, streamIds);
        if (outcome instanceof Promise) {
          outcome.catch(() => undefined);
          throw new TypeError(SYNCHRONOUS_ONLY);
        }
        return { events: changes, more: outcome === true };
      },
    );
    const rewriteEvent = database.prepare<
      [{ type: string; data: string; id: string; stream_id: string; version: number; user_id: string }]
    >(
      `UPDATE events SET type = @type, data = @data
       WHERE stream_id = @stream_id AND version = @version AND id = @id AND user_id = @user_id`,
    );
    this.rewriteInTransaction = database.transaction(
      (
        userId: string,
        events: readonly LogEvent[],
        inTransaction: EraseStreamsInTransaction<SqliteDatabase> | undefined,
      ): { events: number; more: boolean } => {
        let changes = 0;
        for (const event of events) {
          const row = toRow(event);
          changes += rewriteEvent.run({ ...row, user_id: userId }).changes;
        }
        if (!inTransaction) return { events: changes, more: false };
        const outcome = inTransaction(database, userId, []);
        if (outcome instanceof Promise) {
          outcome.catch(() => undefined);
          throw new TypeError(SYNCHRONOUS_ONLY);
        }
        return { events: changes, more: outcome === true };
      },
    );
    // Inside the batch's transaction, better-sqlite3 runs this in a savepoint: a throw undoes this one only.
    this.appendInSavepoint = database.transaction(
      ({ appends, inTransaction }: PendingAppend, callerFailure: { error?: unknown }): AppendResult[] => {
        const stored: StoredLogEvent[] = [];
        const results = appends.map(({ streamId, expectedVersion, events }): AppendResult => {
          const head = this.streamHead.get(streamId);
          if ((head?.version ?? 0) !== expectedVersion)
            throw new VersionConflictError(streamId, expectedVersion);
          // Nothing to write (an idempotent retry): the position of the stream's newest event is still accurate.
          if (events.length === 0) return { version: expectedVersion, position: head?.position ?? 0 };
          for (const event of events) {
            const { lastInsertRowid } = this.insertEvent.run(toRow(event));
            stored.push({ ...event, position: Number(lastInsertRowid) });
          }
          const last = stored[stored.length - 1] as StoredLogEvent;
          return { version: last.version, position: last.position };
        });
        if (inTransaction && stored.length > 0) runCallerWork(inTransaction, database, stored, callerFailure);
        return results;
      },
    );
    this.commitBatch = database.transaction((batch: PendingAppend[]): AppendOutcome[] =>
      batch.map((append) => {
        const callerFailure: { error?: unknown } = {};
        try {
          return { ok: true, results: this.appendInSavepoint(append, callerFailure) };
        } catch (error) {
          // SQLite rolled the whole transaction back (an I/O error, a full disk): the batch is lost.
          if (!database.inTransaction) throw error;
          return { ok: false, error: appendFailure(append, error, callerFailure) };
        }
      }),
    );
  }

  async append(
    streamId: string,
    expectedVersion: number,
    events: LogEvent[],
    inTransaction?: InTransaction<SqliteDatabase>,
  ): Promise<AppendResult> {
    const checked = checkAppend(streamId, expectedVersion, events);
    const [result] = await this.enqueue([{ streamId, expectedVersion, events: checked }], inTransaction);
    return result as AppendResult;
  }

  /** One pending write of the group commit, in its own savepoint: every stream of it, or none. */
  async appendMany(
    appends: StreamAppend[],
    inTransaction?: InTransaction<SqliteDatabase>,
  ): Promise<AppendResult[]> {
    const checked = checkAppendMany(appends);
    if (checked.length === 0) return [];
    return this.enqueue(checked, inTransaction);
  }

  private enqueue(
    appends: StreamAppend[],
    inTransaction: InTransaction<SqliteDatabase> | undefined,
  ): Promise<AppendResult[]> {
    const syncFailed = this.walSync.failed;
    if (syncFailed !== undefined) return Promise.reject(new StoreUnavailableError(syncFailed.error));
    try {
      this.erasing.refuse(appends.flatMap(({ events }) => events));
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      this.pending.push({ appends, inTransaction, resolve, reject });
      this.scheduleCommit();
    });
  }

  async readStream(streamId: string): Promise<StoredLogEvent[]> {
    return this.read(() => this.selectStream.all(streamId));
  }

  async readAll(afterPosition: number, limit: number): Promise<StoredLogEvent[]> {
    checkReadAll(afterPosition, limit);
    return this.onDisk(this.read(() => this.selectAfter.all(afterPosition, limit)));
  }

  /** The log's head; refused once a sync has failed, as then no later write can be vouched for (see enqueue). */
  async headPosition(): Promise<number> {
    const syncFailed = this.walSync.failed;
    if (syncFailed !== undefined) throw new StoreUnavailableError(syncFailed.error);
    try {
      return this.selectHead.get()?.position ?? 0;
    } catch (error) {
      throw translateUnavailable(error);
    }
  }

  async readUser(userId: string, afterPosition: number, limit: number): Promise<StoredLogEvent[]> {
    checkReadAll(afterPosition, limit);
    return this.onDisk(this.read(() => this.selectUser.all(userId, afterPosition, limit)));
  }

  /**
   * Commits the appends already accepted first (a user's last write cannot outlive their erasure) and refuses the
   * user's appends from then on, then deletes in batches of a transaction each, other appends and reads going on in
   * between; at the end rebuilds the file and empties the write-ahead log, so no copy of an erased row stays in it.
   */
  async eraseUser(userId: string, inTransaction?: EraseInTransaction<SqliteDatabase>): Promise<ErasedEvents> {
    while (this.rebuilding !== undefined) await this.rebuilding;
    this.commitAcceptedNow();
    let events = 0;
    try {
      await this.erasing.during(userId, async () => {
        await inBatches(() => {
          const batch = this.eraseBatch.immediate(userId, inTransaction);
          events += batch.events;
          return batch.more;
        });
        await this.rebuild();
      });
      await this.syncCommitted();
    } catch (error) {
      throw translateUnavailable(error);
    }
    return { events };
  }

  /**
   * As `eraseUser`, for some of the user's streams: the appends already accepted are committed first (a write to one
   * of them cannot outlive it), then a transaction for each few streams deletes them with the caller's work (each
   * stream whole or gone), others' appends and reads going on in between, then the caller finishes its own work a step
   * at a time; the file is rebuilt once at the end, only when something went.
   */
  async eraseStreams(
    userId: string,
    streamIds: readonly string[],
    inTransaction?: EraseStreamsInTransaction<SqliteDatabase>,
  ): Promise<ErasedEvents> {
    while (this.rebuilding !== undefined) await this.rebuilding;
    this.commitAcceptedNow();
    let events = 0;
    try {
      let more = false;
      for (let from = 0; from < streamIds.length; from += ERASE_STREAMS_BATCH_SIZE) {
        if (from > 0) await nextTurn();
        const batch = streamIds.slice(from, from + ERASE_STREAMS_BATCH_SIZE);
        const erased = this.eraseStreamsInTransaction.immediate(userId, batch, inTransaction);
        events += erased.events;
        more = erased.more;
      }
      // The caller's work left to finish, a step at a time, before the file is rebuilt.
      while (more) {
        await nextTurn();
        more = this.eraseStreamsInTransaction.immediate(userId, [], inTransaction).more;
      }
      if (events > 0) await this.rebuild();
      await this.syncCommitted();
    } catch (error) {
      throw translateUnavailable(error);
    }
    return { events };
  }

  /**
   * Commits the appends already accepted first, then rewrites the events in one transaction with the caller's work,
   * finishes that a step at a time, and rebuilds the file and empties the write-ahead log, so no copy of an old
   * payload stays in either.
   */
  async rewriteEvents(
    userId: string,
    events: readonly LogEvent[],
    inTransaction?: EraseStreamsInTransaction<SqliteDatabase>,
  ): Promise<{ events: number }> {
    const checked = checkRewrite(userId, events);
    while (this.rebuilding !== undefined) await this.rebuilding;
    this.commitAcceptedNow();
    try {
      const first = this.rewriteInTransaction.immediate(userId, checked, inTransaction);
      const rewritten = first.events;
      let { more } = first;
      while (more) {
        await nextTurn();
        more = this.rewriteInTransaction.immediate(userId, [], inTransaction).more;
      }
      if (rewritten > 0) await this.rebuild();
      await this.syncCommitted();
      return { events: rewritten };
    } catch (error) {
      throw translateUnavailable(error);
    }
  }

  /** Commits every append already accepted, now rather than at its scheduled turn (no rebuild may be going on). */
  private commitAcceptedNow(): void {
    clearImmediate(this.scheduledCommit);
    this.scheduledCommit = undefined;
    while (this.pending.length > 0) this.commitNextBatch();
  }

  /**
   * Rebuilds the file and empties its write-ahead log on another thread, the appends arriving meanwhile waiting for
   * it; should that thread fail, on this connection, as before (trying again in the background if held back).
   */
  private async rebuild(): Promise<void> {
    let rebuilt = () => {};
    this.rebuilding = new Promise((resolve) => (rebuilt = resolve));
    try {
      const { truncated } = await rebuildInWorker(this.database.name);
      if (!truncated) truncateWriteAheadLog(this.database);
    } catch {
      rebuildAfterErasure(this.database);
    } finally {
      this.rebuilding = undefined;
      rebuilt();
      if (this.pending.length > 0) this.scheduleCommit();
    }
  }

  /** Commits the appends still waiting (accepted, so a graceful shutdown keeps them), syncs them, then closes. */
  async close(): Promise<void> {
    while (this.rebuilding !== undefined) await this.rebuilding;
    this.commitAcceptedNow();
    await this.lastSettled;
    await this.walSync.idle();
    await this.checkpoints.close();
    await this.closeSync();
    this.database.close();
  }

  /** Resolves once everything this connection committed so far is on disk; a failed sync is an outage. */
  private async syncCommitted(): Promise<void> {
    try {
      await this.walSync.sync();
    } catch (error) {
      throw new StoreUnavailableError(error);
    }
  }

  /**
   * Events read from the log, once on disk: a log read is handed on (published, exported), so it waits for the sync
   * of any event not known to be synced yet, another process's append included.
   */
  private async onDisk(events: StoredLogEvent[]): Promise<StoredLogEvent[]> {
    const last = events[events.length - 1]?.position ?? 0;
    if (last <= this.durablePosition) return events;
    await this.syncCommitted();
    this.durablePosition = Math.max(this.durablePosition, last);
    return events;
  }

  /**
   * After the poll phase rather than at a microtask (those run after each socket's callback): the appends of
   * every request read in this turn of the event loop join the batch, not only the first request's. While
   * appends are still arriving it waits a few more turns: each COMMIT writes its pages on the event loop, so fewer is faster.
   */
  private scheduleCommit(turnsWaited = 0): void {
    if (this.scheduledCommit !== undefined || this.rebuilding !== undefined) return;
    const pendingWhenScheduled = this.pending.length;
    this.scheduledCommit = setImmediate(() => {
      this.scheduledCommit = undefined;
      // The rebuild started since: it schedules the commit when it is done.
      if (this.rebuilding !== undefined) return;
      const arriving =
        this.pending.length > pendingWhenScheduled && this.pending.length < MAX_APPENDS_PER_COMMIT;
      if (arriving && turnsWaited < MAX_TURNS_AWAITING_APPENDS) {
        this.scheduleCommit(turnsWaited + 1);
        return;
      }
      this.commitNextBatch();
      if (this.pending.length > 0) this.scheduleCommit();
    });
  }

  private commitNextBatch(): void {
    const batch = this.pending.splice(0, MAX_APPENDS_PER_COMMIT);
    const syncFailed = this.walSync.failed;
    if (syncFailed !== undefined) {
      const failure = new StoreUnavailableError(syncFailed.error);
      for (const append of batch) append.reject(failure);
      return;
    }
    let outcomes: AppendOutcome[];
    try {
      outcomes = this.commitBatch.immediate(batch);
    } catch (error) {
      const failure = translateUnavailable(error);
      for (const append of batch) append.reject(failure);
      return;
    }
    // Only once the log is synced past this COMMIT is any append of the batch acknowledged; a failed sync refuses all.
    this.lastSettled = this.walSync.sync().then(
      () => {
        this.durablePosition = Math.max(this.durablePosition, lastPosition(outcomes));
        this.checkpoints.request();
        batch.forEach((append, index) => {
          const outcome = outcomes[index] as AppendOutcome;
          if (outcome.ok) append.resolve(outcome.results);
          else append.reject(outcome.error);
        });
      },
      (error: unknown) => {
        const failure = new StoreUnavailableError(error);
        for (const append of batch) append.reject(failure);
      },
    );
  }

  private read(query: () => EventRow[]): StoredLogEvent[] {
    let rows: EventRow[];
    try {
      rows = query();
    } catch (error) {
      throw translateUnavailable(error);
    }
    return rows.map(fromRow);
  }
}

/** The position of the batch's last event written, 0 when it wrote none. */
function lastPosition(outcomes: AppendOutcome[]): number {
  let last = 0;
  for (const outcome of outcomes) {
    if (outcome.ok) for (const result of outcome.results) last = Math.max(last, result.position);
  }
  return last;
}

/** What the caller of one failed append is told: its own failure unchanged, the store's errors translated. */
function appendFailure(append: PendingAppend, error: unknown, callerFailure: { error?: unknown }): unknown {
  if ('error' in callerFailure) return callerFailure.error;
  if (error instanceof VersionConflictError) return error;
  // A version written between the check and the insert: the error does not say whose, so the first stream stands for all.
  if (isStreamVersionViolation(error)) {
    const [first] = append.appends as [StreamAppend];
    return new VersionConflictError(first.streamId, first.expectedVersion);
  }
  return translateUnavailable(error);
}

function runCallerWork(
  inTransaction: InTransaction<SqliteDatabase>,
  database: SqliteDatabase,
  stored: StoredLogEvent[],
  callerFailure: { error?: unknown },
): void {
  let outcome: void | Promise<void>;
  try {
    outcome = inTransaction(database, stored);
  } catch (error) {
    callerFailure.error = error;
    throw error;
  }
  if (outcome instanceof Promise) {
    // Its rejection is reported by the error below; left unhandled it would crash the process.
    outcome.catch(() => undefined);
    callerFailure.error = new TypeError(SYNCHRONOUS_ONLY);
    throw callerFailure.error;
  }
}

/** One batch of the caller's erasure: how many of the user's rows it deleted. */
function runCallerErasure(
  inTransaction: EraseInTransaction<SqliteDatabase>,
  database: SqliteDatabase,
  userId: string,
): number {
  const outcome = inTransaction(database, userId, ERASE_BATCH_SIZE);
  if (outcome instanceof Promise) {
    outcome.catch(() => undefined);
    throw new TypeError(SYNCHRONOUS_ONLY);
  }
  return outcome;
}

function toRow(event: LogEvent): Omit<EventRow, 'position'> {
  return {
    id: event.id,
    stream_id: event.streamId,
    version: event.version,
    type: event.type,
    user_id: event.userId,
    occurred_at: event.occurredAt,
    data: JSON.stringify(event.data),
    meta: JSON.stringify(event.meta),
  };
}

function fromRow(row: EventRow): StoredLogEvent {
  return readBack(
    {
      id: row.id,
      type: row.type,
      streamId: row.stream_id,
      version: row.version,
      userId: row.user_id,
      occurredAt: row.occurred_at,
      data: JSON.parse(row.data) as unknown,
      meta: JSON.parse(row.meta) as unknown,
    },
    row.position,
  );
}

function sqliteCode(error: unknown): string | undefined {
  return error instanceof BetterSqlite3.SqliteError ? error.code : undefined;
}

function isStreamVersionViolation(error: unknown): boolean {
  return (
    sqliteCode(error) === 'SQLITE_CONSTRAINT_UNIQUE' &&
    (error as Error).message.includes('events.stream_id, events.version')
  );
}

function translateUnavailable(error: unknown): unknown {
  return isSqliteOutage(error) ? new StoreUnavailableError(error) : error;
}
