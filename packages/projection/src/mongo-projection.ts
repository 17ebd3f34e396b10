import { MongoClient, type ClientSession, type Db } from 'mongodb';
import type { StoredEvent } from '@cull-log/contracts';
import { openMongoCheckpoints } from '@cull-log/eventstore';
import { versionCheck, type ProjectionStore } from './projection-store';

interface StreamVersionDocument {
  _id: string;
  version: number;
}

export interface MongoProjection {
  /** The projection's database, for the read model's own collections. */
  readonly db: Db;
  readonly client: MongoClient;
  /** Global position of the newest applied event, 0 when none; pass a session to read in its snapshot. */
  readPosition(session?: ClientSession): Promise<number>;
  /**
   * The ProjectionStore methods. `apply` runs, in one transaction, the version guard and, for the next
   * version of a stream only, `write` (the read model's change), the stream's new version and the checkpoint.
   */
  projectionStore(write: (event: StoredEvent, session: ClientSession) => Promise<void>): ProjectionStore;
}

/**
 * Connects to a projection's MongoDB database (a replica set: every event is applied in one transaction).
 * Beside the read model it keeps `<name>_stream_versions` and `<name>_checkpoint`.
 */
export async function connectMongoProjection({
  url,
  dbName,
  name,
  readModelCollections,
}: {
  url: string;
  dbName: string;
  /** The projection's name, prefixing its bookkeeping collections and naming its checkpoint. */
  name: string;
  /** Emptied by `clear`, together with the versions and the checkpoint. */
  readModelCollections: readonly string[];
}): Promise<MongoProjection> {
  const client = await new MongoClient(url).connect();
  const db = client.db(dbName);
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
    projectionStore(write) {
      return {
        apply: (event) =>
          inTransaction(async (session) => {
            const stored = await versions.findOne({ _id: event.streamId }, { session });
            const outcome = versionCheck(stored?.version ?? 0, event.version);
            if (outcome !== 'applied') return outcome;
            await write(event, session);
            await versions.updateOne(
              { _id: event.streamId },
              { $set: { version: event.version } },
              { upsert: true, session },
            );
            // Only forward, should streams ever be delivered out of global order.
            const position = Math.max(await readPosition(session), event.position);
            await checkpoints.save(name, position, session);
            return outcome;
          }),
        position: () => readPosition(),
        clear: () =>
          inTransaction(async (session) => {
            for (const collection of readModelCollections)
              await db.collection(collection).deleteMany({}, { session });
            await versions.deleteMany({}, { session });
            await checkpoints.save(name, 0, session);
          }),
        close: () => client.close(),
      };
    },
  };
}
