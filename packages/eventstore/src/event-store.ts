import type { LogEvent, StoredLogEvent } from '@cull-log/contracts';

/** The stream was not at the version the caller based its decision on. */
export class VersionConflictError extends Error {
  override readonly name = 'VersionConflictError';
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
  ) {
    super(`Stream ${streamId} is not at version ${expectedVersion}`);
  }
}

export interface AppendResult {
  /** Version of the stream after the append. */
  version: number;
  /** Global position of the last appended event. */
  position: number;
}

/** One stream's part of an `appendMany`: its events, if the stream is at `expectedVersion`. */
export interface StreamAppend {
  streamId: string;
  expectedVersion: number;
  events: LogEvent[];
}

/**
 * Work done in the same transaction as an append, to keep a read model consistent with the log.
 * `Tx` is adapter-specific (a SQLite handle, a MongoDB session); it runs after the events are
 * written and before commit, and an exception from it rolls the append back.
 */
export type InTransaction<Tx> = (tx: Tx, events: StoredLogEvent[]) => void | Promise<void>;

/**
 * One batch of the read model's erasure (the user's rows), in the transaction of a batch of the user's events: deletes
 * at most `limit` of the user's rows and answers how many went. It is called again, a transaction at a time, until a
 * batch leaves fewer than `limit` of both, so an answer below `limit` must mean that nothing of the user's is left.
 */
export type EraseInTransaction<Tx> = (tx: Tx, userId: string, limit: number) => number | Promise<number>;

/** An append of events of a user whose erasure is in progress: refused, so nothing of theirs lands during it. */
export class UserBeingErasedError extends Error {
  override readonly name = 'UserBeingErasedError';
  constructor(readonly userId: string) {
    super(`The account of ${userId} is being erased`);
  }
}

/**
 * Work done in the same transaction as erasing some of a user's streams (`eraseStreams`): their read model rows.
 * `streamIds` are the ones asked for, the user's or not; the work must touch only the user's. It may answer true while
 * it has work of its own left to finish (an index still to merge, so nothing of the streams stays in the file): it is
 * then called again with no streams, in a transaction of its own each time, until it answers otherwise.
 */
export type EraseStreamsInTransaction<Tx> = (
  tx: Tx,
  userId: string,
  streamIds: readonly string[],
) => void | boolean | Promise<void | boolean>;

export interface ErasedEvents {
  /** How many events were deleted. */
  events: number;
}

export interface EventStore<Tx = unknown> {
  /**
   * Appends events to a stream if it is at `expectedVersion` (0: the stream must not exist yet).
   * Throws VersionConflictError otherwise, writing nothing.
   */
  append(
    streamId: string,
    expectedVersion: number,
    events: LogEvent[],
    inTransaction?: InTransaction<Tx>,
  ): Promise<AppendResult>;
  /**
   * Appends to several streams (each named once) in one transaction: all of them, or, when any stream is not at its
   * expected version, none (VersionConflictError naming that stream). `inTransaction` gets every stored event, in the
   * order given. Answers each stream's result, in the same order. For writing many records at once, as an import does.
   */
  appendMany(appends: StreamAppend[], inTransaction?: InTransaction<Tx>): Promise<AppendResult[]>;
  /** Every event of one stream, in version order. */
  readStream(streamId: string): Promise<StoredLogEvent[]>;
  /** Events after `afterPosition` (exclusive), in global order, at most `limit`. */
  readAll(afterPosition: number, limit: number): Promise<StoredLogEvent[]>;
  /** Position of the newest event, 0 when empty. */
  headPosition(): Promise<number>;
  /** One user's events after `afterPosition` (exclusive), in global order, at most `limit`: a page of their export. */
  readUser(userId: string, afterPosition: number, limit: number): Promise<StoredLogEvent[]>;
  /**
   * Deletes every event of the user's streams in batches, each in one transaction with a batch of `inTransaction`
   * (the read model's erasure), letting other work in between; answers how many events went. Meanwhile an append of
   * the user's events is refused (UserBeingErasedError). Interrupted (a crash between two batches), it is simply run
   * again, and finishes the job. Positions are never handed out again, so a reader's checkpoint past an erased event
   * stays valid and the log simply has a hole there.
   */
  eraseUser(userId: string, inTransaction?: EraseInTransaction<Tx>): Promise<ErasedEvents>;
  /**
   * Deletes every event of these streams that is the user's (another user's stream named here keeps every event),
   * with `inTransaction` in the same transaction: the streams are whole or gone, never part of them. Answers how many
   * events went; positions are never handed out again, as after `eraseUser`. For removing records past retention.
   */
  eraseStreams(
    userId: string,
    streamIds: readonly string[],
    inTransaction?: EraseStreamsInTransaction<Tx>,
  ): Promise<ErasedEvents>;
  /**
   * Replaces the type and data of stored events of the user's, each named by its id, stream, version and owner (which,
   * with its position and time, stay as they were), with `inTransaction` in the same transaction (called again as
   * after `eraseStreams` while it answers true); a named event not stored as the user's is passed over. Answers how
   * many were rewritten; the old payloads leave the file (as after an erasure). For the retention of what a team keeps,
   * whose facts outlive the promise inside events that must stay (the stream's versions run on).
   */
  rewriteEvents(
    userId: string,
    events: readonly LogEvent[],
    inTransaction?: EraseStreamsInTransaction<Tx>,
  ): Promise<{ events: number }>;
  close(): Promise<void>;
}
