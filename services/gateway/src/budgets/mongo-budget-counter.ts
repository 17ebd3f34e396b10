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

interface SlotDocument {
  _id: string;
  key: string;
  holder: string;
  taken: number;
  until: Date;
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
  const slots = db.collection<SlotDocument>(`${collectionName}_slots`);
  await slots.createIndex({ key: 1, taken: 1, _id: 1 });
  await slots.createIndex({ until: 1 }, { expireAfterSeconds: 0 });

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
      async hold(key, holder, max, now, until) {
        await slots.deleteMany({ key, until: { $lte: new Date(now) } });
        const id = `${key}\u0000${holder}`;
        await slots.replaceOne(
          { _id: id },
          { key, holder, taken: now, until: new Date(until) },
          { upsert: true },
        );
        // Replicas taking slots at once each see the same order: those past the first `max` give theirs back.
        const first = await slots
          .find({ key }, { projection: { _id: 1 } })
          .sort({ taken: 1, _id: 1 })
          .limit(max)
          .toArray();
        if (first.some((slot) => slot._id === id)) return true;
        await slots.deleteOne({ _id: id });
        return false;
      },
      async release(key, holder) {
        await slots.deleteOne({ _id: `${key}\u0000${holder}` });
      },
      async purgeEnded(now) {
        const at = new Date(now);
        return (
          (await budgets.deleteMany({ ends: { $lte: at } })).deletedCount +
          (await slots.deleteMany({ until: { $lte: at } })).deletedCount
        );
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
