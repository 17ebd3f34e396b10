import type { ClientSession, Db, IndexDescription } from 'mongodb';
import type { CountEvent, StoredLogEvent } from '@cull-log/contracts';
import { countDecider } from '@cull-log/domain';
import type { MongoMigration } from '@cull-log/storage-kit';
import type { ManagementReadModel } from '../read-model/management-read-model';
import { indexStep } from '../read-model/mongo-index-step';
import { nextStateOf } from '../read-model/stream-state';
import { countStateOf, storedCountOf, type StoredCount } from './stored-count';

export const COUNTS_COLLECTION = 'counts';

type CountDocument = Omit<StoredCount, 'id'> & { _id: string };

const storedOf = ({ _id, ...rest }: CountDocument): StoredCount => ({ ...rest, id: _id });

/** Applies a count's event in the append's transaction, passing over a version already applied. */
export async function applyCountToMongo(
  db: Db,
  session: ClientSession,
  event: StoredLogEvent & CountEvent,
): Promise<void> {
  const counts = db.collection<CountDocument>(COUNTS_COLLECTION);
  const document = await counts.findOne({ _id: event.streamId }, { session });
  const state = nextStateOf(countDecider, countStateOf, document && storedOf(document), event);
  if (state === undefined) return;
  if (state.status !== 'active') {
    await counts.deleteOne({ _id: event.streamId }, { session });
    return;
  }
  const { id, ...rest } = storedCountOf(state, event.streamId);
  await counts.replaceOne({ _id: id }, rest, { session, upsert: true });
}

/** A user's counts (on a ground), newest day first. */
const BY_USER_GROUND_DATE: IndexDescription = {
  key: { user_id: 1, ground_id: 1, date: -1, created_at: -1 },
  name: 'counts_by_user_ground_date',
};
const BY_USER_DATE: IndexDescription = {
  key: { user_id: 1, date: -1, created_at: -1 },
  name: 'counts_by_user_date',
};

/** The counts on a ground whoever counted, newest day first. */
const BY_GROUND_DATE: IndexDescription = {
  key: { ground_id: 1, date: -1, created_at: -1 },
  name: 'counts_by_ground_date',
};

/** The counts' indexes, step by step; a change is a new step at the end. */
export const MONGO_COUNT_MIGRATIONS: readonly MongoMigration[] = [
  indexStep(1, 'counts by user, newest day first', COUNTS_COLLECTION, BY_USER_DATE),
  indexStep(2, 'counts by user and ground, newest day first', COUNTS_COLLECTION, BY_USER_GROUND_DATE),
  indexStep(3, 'counts by ground whoever counted, newest day first', COUNTS_COLLECTION, BY_GROUND_DATE),
];

/** The queries of a user's counts, and of the counts on grounds. */
export function openMongoCountsReadModel(
  database: Db,
): Pick<ManagementReadModel, 'listCounts' | 'getCount' | 'listGroundCounts'> {
  const counts = database.collection<CountDocument>(COUNTS_COLLECTION);
  return {
    async listGroundCounts(groundIds) {
      if (groundIds.length === 0) return [];
      const documents = await counts
        .find({ ground_id: { $in: [...groundIds] } })
        .sort({ date: -1, created_at: -1, _id: -1 })
        .toArray();
      return documents.map(storedOf);
    },
    async listCounts(userId, groundId) {
      const filter = groundId === undefined ? { user_id: userId } : { user_id: userId, ground_id: groundId };
      const documents = await counts.find(filter).sort({ date: -1, created_at: -1, _id: -1 }).toArray();
      return documents.map(storedOf);
    },
    async getCount(userId, id) {
      const document = await counts.findOne({ _id: id, user_id: userId });
      return document === null ? undefined : storedOf(document);
    },
  };
}
