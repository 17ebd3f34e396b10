import { MongoClient, MongoServerError, type Db } from 'mongodb';
import { IDENTITY_ID_SWEEP_MARGIN_SECONDS, IDENTITY_IDS_TABLE, type IdentityIds } from './identity-ids';
import { isMongoOutage } from './mongo-outage';
import { reportingOutages } from './store-outage';

interface IdentityIdDocument {
  _id: string;
  /** When the header expired; MongoDB's TTL monitor removes the id IDENTITY_ID_SWEEP_MARGIN_SECONDS later. */
  expires: Date;
}

const DUPLICATE_KEY = 11000;

/**
 * The ids in a collection of the service's own MongoDB database, shared by every replica: the id is the document's
 * `_id` (unique), so an insert that hits a duplicate key is a replay; a TTL index forgets expired ids.
 */
export async function openMongoIdentityIds({ db }: { db: Db }): Promise<IdentityIds> {
  const ids = db.collection<IdentityIdDocument>(IDENTITY_IDS_TABLE);
  await ids.createIndex({ expires: 1 }, { expireAfterSeconds: IDENTITY_ID_SWEEP_MARGIN_SECONDS });
  return reportingOutages<IdentityIds>(
    {
      async take(id, expiresAt) {
        try {
          await ids.insertOne({ _id: id, expires: new Date(expiresAt * 1000) });
          return 'taken';
        } catch (error) {
          if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return 'replayed';
          throw error;
        }
      },
      async sweep(nowSeconds) {
        const before = new Date((nowSeconds - IDENTITY_ID_SWEEP_MARGIN_SECONDS) * 1000);
        return (await ids.deleteMany({ expires: { $lte: before } })).deletedCount;
      },
      // The database's client is the caller's.
      async close() {},
    },
    isMongoOutage,
  );
}

/** The same, on a client of its own to the service's database (`close` ends it). */
export async function connectMongoIdentityIds({
  url,
  dbName,
}: {
  url: string;
  dbName: string;
}): Promise<IdentityIds> {
  const client = await new MongoClient(url).connect();
  try {
    const ids = await openMongoIdentityIds({ db: client.db(dbName) });
    return {
      take: (id, expiresAt, nowSeconds) => ids.take(id, expiresAt, nowSeconds),
      sweep: (nowSeconds) => ids.sweep(nowSeconds),
      close: () => client.close(),
    };
  } catch (error) {
    await client.close();
    throw error;
  }
}
