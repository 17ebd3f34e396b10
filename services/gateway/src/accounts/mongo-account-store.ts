import { MongoClient } from 'mongodb';
import { isMongoOutage, migrateMongo, reportingOutages } from '@cull-log/storage-kit';
import { mongoAccountMigrations } from './account-schema';
import type { AccountActivity, AccountStore } from './account-store';

export interface MongoAccountStoreOptions {
  url: string;
  /** Database of the gateway's own data; no other service reads it. */
  dbName: string;
  collectionName?: string;
  /** The collections its first start fills it from. */
  sessionsCollection?: string;
  tokensCollection?: string;
}

interface AccountDocument {
  _id: string;
  last_used_at: Date;
  notice_due_at: Date | null;
  /** Absent until a removal was not passed on. */
  pending_record_ids?: string[];
}

/** Accounts' last use in MongoDB, beside the sessions, shared by every gateway replica. */
export async function connectMongoAccountStore({
  url,
  dbName,
  collectionName = 'accounts',
  sessionsCollection = 'sessions',
  tokensCollection = 'access_tokens',
}: MongoAccountStoreOptions): Promise<AccountStore> {
  const client = new MongoClient(url);
  await client.connect();
  const db = client.db(dbName);
  // Majority writes: a use that cleared a notice must not roll back on failover, or the account could be erased.
  const accounts = db.collection<AccountDocument>(collectionName, { writeConcern: { w: 'majority' } });
  await migrateMongo(
    db,
    collectionName,
    mongoAccountMigrations(collectionName, { sessions: sessionsCollection, tokens: tokensCollection }),
  );

  return reportingOutages<AccountStore>(
    {
      async recordUse(uid, at) {
        // One update, answering the account as it was: the last use never goes back, and the notice is cleared.
        const before = await accounts.findOneAndUpdate(
          { _id: uid },
          [
            {
              $set: {
                last_used_at: { $max: [{ $ifNull: ['$last_used_at', at] }, at] },
                notice_due_at: null,
              },
            },
          ],
          { upsert: true, returnDocument: 'before' },
        );
        return before === null ? undefined : fromDocument(before);
      },
      async find(uid) {
        const document = await accounts.findOne({ _id: uid });
        return document === null ? undefined : fromDocument(document);
      },
      async list(after, limit) {
        const documents = await accounts
          .find(after === null ? {} : { _id: { $gt: after } })
          .sort({ _id: 1 })
          .limit(limit)
          .toArray();
        return documents.map(fromDocument);
      },
      async setNoticeDue(uid, lastUsedAt, dueAt) {
        const result = await accounts.updateOne(
          { _id: uid, last_used_at: lastUsedAt, notice_due_at: null },
          { $set: { notice_due_at: dueAt } },
        );
        return result.modifiedCount > 0;
      },
      async setPendingRecords(uid, recordIds) {
        await accounts.updateOne({ _id: uid }, { $set: { pending_record_ids: [...recordIds] } });
      },
      async destroy(uid) {
        return (await accounts.deleteOne({ _id: uid })).deletedCount > 0;
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

function fromDocument(document: AccountDocument): AccountActivity {
  return {
    uid: document._id,
    lastUsedAt: document.last_used_at,
    noticeDueAt: document.notice_due_at ?? null,
    pendingRecordIds: document.pending_record_ids ?? [],
  };
}
