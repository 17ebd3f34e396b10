import { MongoClient, type ObjectId } from 'mongodb';
import { isMongoOutage, reportingOutages } from '@cull-log/storage-kit';
import type { ErasureJournal } from './erasure-journal';

/** The database the journal is kept in unless `ERASURE_JOURNAL_MONGODB_DB` names another. */
export const DEFAULT_ERASURE_JOURNAL_DATABASE = 'cull_log_erasures';

interface ErasureDocument {
  _id?: ObjectId;
  uid: string;
  erased_at: Date;
}

/**
 * The journal in a MongoDB database of its own, which restoring the services' databases leaves alone; every gateway
 * replica appends to it.
 */
export async function connectMongoErasureJournal({
  url,
  dbName,
  collectionName = 'erasures',
}: {
  url: string;
  dbName: string;
  collectionName?: string;
}): Promise<ErasureJournal> {
  const client = new MongoClient(url);
  await client.connect();
  const db = client.db(dbName);
  // An entry acknowledged must survive a failover and a crash: the erasure answers only after it.
  const erasures = db.collection<ErasureDocument>(collectionName, {
    writeConcern: { w: 'majority', journal: true },
  });
  await erasures.createIndex({ erased_at: 1 });

  return reportingOutages<ErasureJournal>(
    {
      async append({ uid, erasedAt }) {
        await erasures.insertOne({ uid, erased_at: erasedAt });
      },
      async list() {
        const documents = await erasures.find({}).sort({ erased_at: 1, _id: 1 }).toArray();
        return documents.map((document) => ({ uid: document.uid, erasedAt: document.erased_at }));
      },
      async forgetBefore(cutoff) {
        return (await erasures.deleteMany({ erased_at: { $lt: cutoff } })).deletedCount;
      },
      async close() {
        await client.close();
      },
    },
    isMongoOutage,
  );
}
