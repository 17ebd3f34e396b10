import { MongoClient } from 'mongodb';
import { isMongoOutage, reportingOutages } from '@cull-log/storage-kit';
import type { BudgetCounter } from './budget-counter';

interface BudgetDocument {
  _id: string;
  started_at: number;
  window_ms: number;
  count: number;
  /** When MongoDB's TTL monitor may remove the window: once it has ended. */
  ends: Date;
}

/** Budgets in the gateway's MongoDB database, shared by every replica; ended windows go by a TTL index. */
export async function connectMongoBudgetCounter({
  url,
  dbName,
  collectionName = 'budgets',
}: {
  url: string;
  dbName: string;
  collectionName?: string;
}): Promise<BudgetCounter> {
  const client = new MongoClient(url);
  await client.connect();
  const db = client.db(dbName);
  const budgets = db.collection<BudgetDocument>(collectionName);
  await budgets.createIndex({ ends: 1 }, { expireAfterSeconds: 0 });

  return reportingOutages<BudgetCounter>(
    {
      async take(key, windowMs, now) {
        // One update, so replicas counting at once never lose a count: the window restarts or counts one more.
        const ended = {
          $lte: [{ $add: [{ $ifNull: ['$started_at', 0] }, { $ifNull: ['$window_ms', 0] }] }, now],
        };
        const document = await budgets.findOneAndUpdate(
          { _id: key },
          [
            {
              $set: {
                count: { $cond: [ended, 1, { $add: ['$count', 1] }] },
                started_at: { $cond: [ended, now, '$started_at'] },
                window_ms: windowMs,
              },
            },
            { $set: { ends: { $toDate: { $add: ['$started_at', windowMs] } } } },
          ],
          { upsert: true, returnDocument: 'after' },
        );
        return { count: document!.count, endsAt: document!.started_at + windowMs };
      },
      async purgeEnded(now) {
        return (await budgets.deleteMany({ ends: { $lte: new Date(now) } })).deletedCount;
      },
      async ping() {
        await db.command({ ping: 1 });
      },
      async close() {
        await client.close();
      },
    },
    isMongoOutage,
  );
}
