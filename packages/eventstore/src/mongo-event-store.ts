import { MongoClient, MongoServerError, type ClientSession, type Db, type TransactionOptions } from 'mongodb';
import type { LogEvent, StoredLogEvent } from '@cull-log/contracts';
import {
  deleteSome,
  ERASE_BATCH_SIZE,
  inBatches,
  isMongoOutage,
  migrateMongo,
  StoreUnavailableError,
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
import {
  COUNTERS,
  DUPLICATE_KEY,
  EVENT_STORE,
  EVENTS,
  MONGO_EVENT_MIGRATIONS,
  POSITION_COUNTER,
  STREAM_VERSION_INDEX,
} from './event-schema';

/**
 * What an `inTransaction` callback gets: pass `session` to every operation so it joins the append.
 * Create the collections it writes beforehand; the driver may run the callback more than once.
 */
export interface MongoTx {
  db: Db;
  session: ClientSession;
}

export interface MongoEventStoreOptions {
  url: string;
  dbName: string;
  /** How long to look for a usable server before an operation fails as unavailable. */
  serverSelectionTimeoutMS?: number;
}

export interface MongoEventStore extends EventStore<MongoTx> {
  /** The database, for callers keeping their own collections (read models) beside the log. */
  readonly db: Db;
}

/** One document per event; `_id` is the global position. */
interface EventDocument {
  _id: number;
  id: string;
  streamId: string;
  version: number;
  type: string;
  userId: string;
  occurredAt: string;
  data: unknown;
  meta: unknown;
}

interface CounterDocument {
  _id: string;
  position: number;
}

const MAJORITY = { w: 'majority', journal: true } as const;

const TRANSACTION_OPTIONS: TransactionOptions = {
  readConcern: { level: 'snapshot' },
  writeConcern: MAJORITY,
  readPreference: 'primary',
};

/**
 * Connects an event store to MongoDB (a replica set: appends use transactions). Writes wait for a
 * journalled majority, so an acknowledged append survives the loss of the primary.
 */
export async function connectMongoEventStore(options: MongoEventStoreOptions): Promise<MongoEventStore> {
  const client = new MongoClient(options.url, {
    writeConcern: MAJORITY,
    readConcern: { level: 'majority' },
    ...(options.serverSelectionTimeoutMS === undefined
      ? {}
      : { serverSelectionTimeoutMS: options.serverSelectionTimeoutMS }),
  });
  try {
    await client.connect();
    const db = client.db(options.dbName);
    await migrateMongo(db, EVENT_STORE, MONGO_EVENT_MIGRATIONS);
    return new MongoStore(client, db);
  } catch (error) {
    await client.close().catch(() => undefined);
    throw translateUnavailable(error);
  }
}

class MongoStore implements MongoEventStore {
  private readonly events;
  private readonly counters;
  /** Erasures run by this process (another replica's are its own: the gateway ends the user's sessions first). */
  private readonly erasing = new ErasuresInProgress();

  constructor(
    private readonly client: MongoClient,
    readonly db: Db,
  ) {
    this.events = db.collection<EventDocument>(EVENTS);
    this.counters = db.collection<CounterDocument>(COUNTERS);
  }

  async append(
    streamId: string,
    expectedVersion: number,
    events: LogEvent[],
    inTransaction?: InTransaction<MongoTx>,
  ): Promise<AppendResult> {
    const checked = checkAppend(streamId, expectedVersion, events);
    this.erasing.refuse(checked);
    const callerFailure: { error?: unknown } = {};
    let session: ClientSession | undefined;
    try {
      session = this.client.startSession();
      const transactionSession = session;
      return await session.withTransaction(async () => {
        // The driver may run this again after a transient error: forget a failure of an earlier attempt.
        delete callerFailure.error;
        return this.appendInTransaction(
          transactionSession,
          streamId,
          expectedVersion,
          checked,
          inTransaction,
          callerFailure,
        );
      }, TRANSACTION_OPTIONS);
    } catch (error) {
      // The caller's own failure reaches it unchanged; only the store's own errors are translated.
      if ('error' in callerFailure) throw callerFailure.error;
      if (isStreamVersionViolation(error)) throw new VersionConflictError(streamId, expectedVersion);
      throw translateUnavailable(error);
    } finally {
      await session?.endSession().catch(() => undefined);
    }
  }

  /** One transaction for every stream: a duplicate (stream, version) from a racing writer aborts all of it. */
  async appendMany(appends: StreamAppend[], inTransaction?: InTransaction<MongoTx>): Promise<AppendResult[]> {
    const checked = checkAppendMany(appends);
    if (checked.length === 0) return [];
    this.erasing.refuse(checked.flatMap(({ events }) => events));
    const callerFailure: { error?: unknown } = {};
    let session: ClientSession | undefined;
    try {
      session = this.client.startSession();
      const transactionSession = session;
      return await session.withTransaction(async () => {
        delete callerFailure.error;
        return this.appendManyInTransaction(transactionSession, checked, inTransaction, callerFailure);
      }, TRANSACTION_OPTIONS);
    } catch (error) {
      if ('error' in callerFailure) throw callerFailure.error;
      if (error instanceof VersionConflictError) throw error;
      if (isStreamVersionViolation(error)) {
        const conflicted = streamOfViolation(error, checked);
        throw new VersionConflictError(conflicted.streamId, conflicted.expectedVersion);
      }
      throw translateUnavailable(error);
    } finally {
      await session?.endSession().catch(() => undefined);
    }
  }

  private async appendManyInTransaction(
    session: ClientSession,
    appends: StreamAppend[],
    inTransaction: InTransaction<MongoTx> | undefined,
    callerFailure: { error?: unknown },
  ): Promise<AppendResult[]> {
    // Every stream's head in one query, from the (streamId, version) index.
    const heads = await this.events
      .aggregate<{ _id: string; version: number; position: number }>(
        [
          { $match: { streamId: { $in: appends.map((append) => append.streamId) } } },
          { $sort: { streamId: 1, version: -1 } },
          { $group: { _id: '$streamId', version: { $first: '$version' }, position: { $first: '$_id' } } },
        ],
        { session },
      )
      .toArray();
    const headOf = new Map(heads.map((head) => [head._id, head]));
    for (const { streamId, expectedVersion } of appends) {
      if ((headOf.get(streamId)?.version ?? 0) !== expectedVersion)
        throw new VersionConflictError(streamId, expectedVersion);
    }
    const total = appends.reduce((sum, append) => sum + append.events.length, 0);
    if (total === 0) {
      return appends.map(({ streamId, expectedVersion }) => ({
        version: expectedVersion,
        position: headOf.get(streamId)?.position ?? 0,
      }));
    }
    const counter = await this.counters.findOneAndUpdate(
      { _id: POSITION_COUNTER },
      { $inc: { position: total } },
      { returnDocument: 'after', session },
    );
    if (!counter) throw new Error(`The ${COUNTERS} collection lost its position counter`);
    let next = counter.position - total + 1;
    const stored: StoredLogEvent[] = [];
    const results = appends.map(({ streamId, expectedVersion, events }): AppendResult => {
      if (events.length === 0)
        return { version: expectedVersion, position: headOf.get(streamId)?.position ?? 0 };
      for (const event of events) stored.push({ ...event, position: next++ });
      const last = stored[stored.length - 1] as StoredLogEvent;
      return { version: last.version, position: last.position };
    });
    await this.events.insertMany(stored.map(toDocument), { session, ordered: true });
    if (inTransaction) {
      try {
        await inTransaction({ db: this.db, session }, stored);
      } catch (error) {
        callerFailure.error = error;
        throw error;
      }
    }
    return results;
  }

  private async appendInTransaction(
    session: ClientSession,
    streamId: string,
    expectedVersion: number,
    events: LogEvent[],
    inTransaction: InTransaction<MongoTx> | undefined,
    callerFailure: { error?: unknown },
  ): Promise<AppendResult> {
    const head = await this.events.findOne(
      { streamId },
      { sort: { version: -1 }, projection: { version: 1 }, session },
    );
    if ((head?.version ?? 0) !== expectedVersion) throw new VersionConflictError(streamId, expectedVersion);
    // Nothing to write (an idempotent retry): the position of the stream's newest event is still accurate.
    if (events.length === 0) return { version: expectedVersion, position: head?._id ?? 0 };

    // Every append writes this one document, so appends commit one after another in position order:
    // a reader never sees position n+1 before n, and an aborted append gives its positions back.
    const counter = await this.counters.findOneAndUpdate(
      { _id: POSITION_COUNTER },
      { $inc: { position: events.length } },
      { returnDocument: 'after', session },
    );
    if (!counter) throw new Error(`The ${COUNTERS} collection lost its position counter`);
    const first = counter.position - events.length + 1;
    const stored: StoredLogEvent[] = events.map((event, index) => ({ ...event, position: first + index }));
    await this.events.insertMany(stored.map(toDocument), { session });

    if (inTransaction) {
      try {
        await inTransaction({ db: this.db, session }, stored);
      } catch (error) {
        callerFailure.error = error;
        throw error;
      }
    }
    const last = stored[stored.length - 1] as StoredLogEvent;
    return { version: last.version, position: last.position };
  }

  async readStream(streamId: string): Promise<StoredLogEvent[]> {
    return this.read(() => this.events.find({ streamId }).sort({ version: 1 }).toArray());
  }

  async readAll(afterPosition: number, limit: number): Promise<StoredLogEvent[]> {
    checkReadAll(afterPosition, limit);
    return this.read(() =>
      this.events
        .find({ _id: { $gt: afterPosition } })
        .sort({ _id: 1 })
        .limit(limit)
        .toArray(),
    );
  }

  async readUser(userId: string, afterPosition: number, limit: number): Promise<StoredLogEvent[]> {
    checkReadAll(afterPosition, limit);
    return this.read(() =>
      this.events
        .find({ userId, _id: { $gt: afterPosition } })
        .sort({ _id: 1 })
        .limit(limit)
        .toArray(),
    );
  }

  /**
   * In batches, each a transaction with a batch of the caller's erasure; the position counter is untouched, so no
   * position comes back.
   */
  async eraseUser(userId: string, inTransaction?: EraseInTransaction<MongoTx>): Promise<ErasedEvents> {
    let events = 0;
    let session: ClientSession | undefined;
    try {
      session = this.client.startSession();
      const transactionSession = session;
      await this.erasing.during(userId, () =>
        inBatches(async () => {
          const batch = await transactionSession.withTransaction(async () => {
            const tx = { db: this.db, session: transactionSession };
            const deleted = await deleteSome(this.events, { userId }, ERASE_BATCH_SIZE, transactionSession);
            const rows = inTransaction ? await inTransaction(tx, userId, ERASE_BATCH_SIZE) : 0;
            return { deleted, more: deleted >= ERASE_BATCH_SIZE || rows >= ERASE_BATCH_SIZE };
          }, TRANSACTION_OPTIONS);
          events += batch.deleted;
          return batch.more;
        }),
      );
      return { events };
    } catch (error) {
      throw translateUnavailable(error);
    } finally {
      await session?.endSession().catch(() => undefined);
    }
  }

  /** As `eraseUser`, for some of the user's streams: one transaction with the caller's work. */
  async eraseStreams(
    userId: string,
    streamIds: readonly string[],
    inTransaction?: EraseStreamsInTransaction<MongoTx>,
  ): Promise<ErasedEvents> {
    let session: ClientSession | undefined;
    try {
      session = this.client.startSession();
      const transactionSession = session;
      return await session.withTransaction(async () => {
        const { deletedCount } = await this.events.deleteMany(
          { streamId: { $in: [...streamIds] }, userId },
          { session: transactionSession },
        );
        if (inTransaction)
          await inTransaction({ db: this.db, session: transactionSession }, userId, streamIds);
        return { events: deletedCount };
      }, TRANSACTION_OPTIONS);
    } catch (error) {
      throw translateUnavailable(error);
    } finally {
      await session?.endSession().catch(() => undefined);
    }
  }

  async rewriteEvents(
    userId: string,
    events: readonly LogEvent[],
    inTransaction?: EraseStreamsInTransaction<MongoTx>,
  ): Promise<{ events: number }> {
    const checked = checkRewrite(userId, events);
    let session: ClientSession | undefined;
    try {
      session = this.client.startSession();
      const transactionSession = session;
      return await session.withTransaction(async () => {
        let rewritten = 0;
        for (const event of checked) {
          const { modifiedCount } = await this.events.updateOne(
            { streamId: event.streamId, version: event.version, id: event.id, userId },
            { $set: { type: event.type, data: event.data } },
            { session: transactionSession },
          );
          rewritten += modifiedCount;
        }
        // MongoDB has no file to rebuild here: the caller's work is done in the one transaction.
        if (inTransaction) await inTransaction({ db: this.db, session: transactionSession }, userId, []);
        return { events: rewritten };
      }, TRANSACTION_OPTIONS);
    } catch (error) {
      throw translateUnavailable(error);
    } finally {
      await session?.endSession().catch(() => undefined);
    }
  }

  async headPosition(): Promise<number> {
    try {
      const newest = await this.events.findOne({}, { sort: { _id: -1 }, projection: { _id: 1 } });
      return newest?._id ?? 0;
    } catch (error) {
      throw translateUnavailable(error);
    }
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  private async read(query: () => Promise<EventDocument[]>): Promise<StoredLogEvent[]> {
    let documents: EventDocument[];
    try {
      documents = await query();
    } catch (error) {
      throw translateUnavailable(error);
    }
    return documents.map(fromDocument);
  }
}

function toDocument(event: StoredLogEvent): EventDocument {
  return {
    _id: event.position,
    id: event.id,
    streamId: event.streamId,
    version: event.version,
    type: event.type,
    userId: event.userId,
    occurredAt: event.occurredAt,
    data: event.data,
    meta: event.meta,
  };
}

function fromDocument(document: EventDocument): StoredLogEvent {
  const { _id: position, ...event } = document;
  return readBack(event, position);
}

/** A duplicate key on (streamId, version) is exactly "someone else appended this version first". */
function isStreamVersionViolation(error: unknown): error is MongoServerError {
  if (!(error instanceof MongoServerError) || error.code !== DUPLICATE_KEY) return false;
  const keyPattern: unknown = error.keyPattern;
  if (typeof keyPattern === 'object' && keyPattern !== null) {
    const fields = Object.keys(keyPattern);
    if (fields.length === 2 && fields.includes('streamId') && fields.includes('version')) return true;
  }
  // Bulk inserts report the index only in the message: "... index: stream_version dup key: ...".
  return new RegExp(`\\.${EVENTS} index: ${STREAM_VERSION_INDEX} `).test(error.message);
}

/** The append whose stream the duplicate key names (`dup key: { streamId: "…", … }`), else the first. */
function streamOfViolation(error: MongoServerError, appends: StreamAppend[]): StreamAppend {
  const keyValue: unknown = error.keyValue;
  const named =
    typeof keyValue === 'object' && keyValue !== null
      ? (keyValue as { streamId?: unknown }).streamId
      : undefined;
  return appends.find((append) => append.streamId === named) ?? (appends[0] as StreamAppend);
}

function translateUnavailable(error: unknown): unknown {
  return isMongoOutage(error) ? new StoreUnavailableError(error) : error;
}
