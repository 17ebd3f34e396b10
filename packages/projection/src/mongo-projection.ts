import { MongoClient, type ClientSession, type Db } from 'mongodb';
import type { LogEvent, StoredEvent, StoredLogEvent } from '@cull-log/contracts';
import {
  deleteSome,
  ERASE_BATCH_SIZE,
  inBatches,
  migrateMongo,
  openMongoCheckpoints,
  type MongoMigration,
} from '@cull-log/storage-kit';
import {
  applyOne,
  checkBatch,
  followsCulls,
  type EventFilter,
  type ProjectionStore,
} from './projection-store';

interface StreamVersionDocument {
  _id: string;
  version: number;
}

/** Where a projection's MongoDB database is: the server (a replica set) and the database's name. */
export interface MongoTarget {
  url: string;
  dbName: string;
}

export interface MongoProjection {
  /** The projection's database, for the read model's own collections. */
  readonly db: Db;
  readonly client: MongoClient;
  /** Global position of the newest applied event, 0 when none; pass a session to read in its snapshot. */
  readPosition(session?: ClientSession): Promise<number>;
  /**
   * The ProjectionStore methods. `applyBatch` runs, in one transaction, the version guard over the batch,
   * then `write` (the read model's change) of the events that are the next version of their stream, in
   * order, their streams' new versions and the checkpoint, once. `write` is handed the events `follows` takes
   * (the cull events unless told otherwise), and is not called when the batch holds none of them.
   */
  projectionStore(
    write: (events: readonly StoredEvent[], session: ClientSession) => Promise<void>,
  ): ProjectionStore;
  projectionStore<E extends LogEvent>(
    write: (events: readonly StoredEvent<E>[], session: ClientSession) => Promise<void>,
    follows: EventFilter<E>,
  ): ProjectionStore;
}

/**
 * Connects to a projection's MongoDB database (a replica set: every event is applied in one transaction).
 * Beside the read model it keeps `<name>_stream_versions` and `<name>_checkpoint`; the read model's indexes and
 * repairs are its numbered `migrations`, run (those not yet run) before it answers.
 */
export async function connectMongoProjection({
  url,
  dbName,
  name,
  migrations = [],
  readModelCollections,
  userCollections = [],
  unownedCollections = [],
  beforeErase,
}: MongoTarget & {
  /** The projection's name, prefixing its bookkeeping collections and naming its checkpoint. */
  name: string;
  /** The read model's indexes and repairs, step by step: the storage kit's `migrateMongo` runs those not yet run. */
  migrations?: readonly MongoMigration[];
  /** Emptied by `clear`, together with the versions and the checkpoint; `eraseUser` deletes by their `userId`. */
  readModelCollections: readonly string[];
  /**
   * Collections beside the read model that `clear` (and so a rebuild) leaves alone, but that hold a user's data all
   * the same: `eraseUser` deletes their documents by `userId` too.
   */
  userCollections?: readonly string[];
  /** Emptied by `clear` with the read model, but keyed by no user: `eraseUser` leaves them to `beforeErase`. */
  unownedCollections?: readonly string[];
  /**
   * Run in each batch of the erasure's transactions before the user's documents are deleted: what the read model
   * counts for others of the user's documents it takes out of those counts here, for at most `limit` of them, and
   * deletes them in the same transaction. Answers how many it took, fewer than `limit` only when none is left.
   */
  beforeErase?: (db: Db, userId: string, session: ClientSession, limit: number) => Promise<number>;
}): Promise<MongoProjection> {
  const client = await new MongoClient(url).connect();
  const db = client.db(dbName);
  await migrateMongo(db, name, migrations);
  const versions = db.collection<StreamVersionDocument>(`${name}_stream_versions`);
  const checkpoints = openMongoCheckpoints({ db, collection: `${name}_checkpoint` });
  const readPosition = (session?: ClientSession) => checkpoints.load(name, session);

  async function inTransaction<T>(work: (session: ClientSession) => Promise<T>): Promise<T> {
    const session = client.startSession();
    try {
      return await session.withTransaction(() => work(session));
    } finally {
      await session.endSession();
    }
  }

  return {
    db,
    client,
    readPosition,
    // One body for both overloads: `follows` narrows what reaches `write` to the type it was written for.
    projectionStore: ((
      write: (events: readonly StoredLogEvent[], session: ClientSession) => Promise<void>,
      follows: EventFilter<LogEvent> = followsCulls,
    ): ProjectionStore => {
      const applyBatch = (events: readonly StoredLogEvent[]) =>
        inTransaction(async (session) => {
          const streamIds = [...new Set(events.map((event) => event.streamId))];
          const stored = await versions.find({ _id: { $in: streamIds } }, { session }).toArray();
          const storedVersions = new Map(stored.map((document) => [document._id, document.version]));
          const check = checkBatch(events, (streamId) => storedVersions.get(streamId) ?? 0);
          if (check.applied.length === 0) return check.outcomes;
          const followed = check.applied.filter(follows);
          if (followed.length > 0) await write(followed, session);
          await versions.bulkWrite(
            [...check.versions].map(([streamId, version]) => ({
              updateOne: { filter: { _id: streamId }, update: { $set: { version } }, upsert: true },
            })),
            { session },
          );
          // Only forward, should streams ever be delivered out of global order.
          const position = Math.max(await readPosition(session), check.position);
          await checkpoints.save(name, position, session);
          return check.outcomes;
        });
      return {
        applyBatch,
        apply: (event) => applyOne(applyBatch, event),
        position: () => readPosition(),
        watchPosition(onMoved) {
          // Another replica applies events from the same consumer; its checkpoint writes reach every replica here.
          const changes = db
            .collection(`${name}_checkpoint`)
            .watch([{ $match: { 'documentKey._id': name } }]);
          changes.on('change', onMoved);
          // A broken stream leaves waiters to this process's own commits and their bounded wait.
          changes.on('error', onMoved);
          return () => changes.close();
        },
        eraseUser: (userId) =>
          inBatches(() =>
            inTransaction(async (session) => {
              let left = ERASE_BATCH_SIZE;
              if (beforeErase) left -= await beforeErase(db, userId, session, left);
              for (const collection of [...readModelCollections, ...userCollections]) {
                if (left <= 0) return true;
                left -= await deleteSome(db.collection(collection), { userId }, left, session);
              }
              return left <= 0;
            }),
          ),
        clear: () =>
          inTransaction(async (session) => {
            for (const collection of [...readModelCollections, ...unownedCollections])
              await db.collection(collection).deleteMany({}, { session });
            await versions.deleteMany({}, { session });
            await checkpoints.save(name, 0, session);
          }),
        close: () => client.close(),
      };
    }) as MongoProjection['projectionStore'],
  };
}
