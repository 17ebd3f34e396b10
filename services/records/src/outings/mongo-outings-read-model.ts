import type { ClientSession, Db, IndexDescription } from 'mongodb';
import type { Outing, OutingEvent, StoredLogEvent } from '@cull-log/contracts';
import { outingDecider, toOuting } from '@cull-log/domain';
import type { MongoMigration } from '@cull-log/storage-kit';
import type { ManagementReadModel } from '../read-model/management-read-model';
import { indexStep } from '../read-model/mongo-index-step';
import { nextStateOf } from '../read-model/stream-state';
import { outingStateOf, type StoredOuting } from './stored-outing';

export const OUTINGS_COLLECTION = 'outings';

type OutingDocument = StoredOuting & { _id: string; started_ms: number };

/** Applies an outing's event in the append's transaction, passing over a version already applied. */
export async function applyOutingToMongo(
  db: Db,
  session: ClientSession,
  event: StoredLogEvent & OutingEvent,
): Promise<void> {
  const outings = db.collection<OutingDocument>(OUTINGS_COLLECTION);
  const document = await outings.findOne({ _id: event.streamId }, { session });
  const state = nextStateOf(outingDecider, outingStateOf, document, event);
  if (state === undefined) return;
  const outing = toOuting(state, event.streamId, 0);
  if (outing === undefined) {
    await outings.deleteOne({ _id: event.streamId }, { session });
    return;
  }
  const { id, cull_count: _count, ...rest } = outing;
  const next: OutingDocument = {
    ...rest,
    _id: id,
    user_id: event.userId,
    started_ms: Date.parse(outing.started_at),
  };
  await outings.replaceOne({ _id: id }, next, { session, upsert: true });
}

/** A user's outings, newest started first. */
const BY_USER_NEWEST_STARTED: IndexDescription = {
  key: { user_id: 1, started_ms: -1, _id: -1 },
  name: 'outings_by_user_start',
};

const BY_GROUND_NEWEST_STARTED: IndexDescription = {
  key: { ground_id: 1, started_ms: -1, _id: -1 },
  name: 'outings_by_ground_start',
};

/** The outings' indexes, step by step; a change is a new step at the end. */
export const MONGO_OUTING_MIGRATIONS: readonly MongoMigration[] = [
  indexStep(1, 'outings by user, newest started first', OUTINGS_COLLECTION, BY_USER_NEWEST_STARTED),
  indexStep(2, 'outings on a ground, newest started first', OUTINGS_COLLECTION, BY_GROUND_NEWEST_STARTED),
];

/** The queries of a user's outings, with their numbers of culls. */
export function openMongoOutingsReadModel(
  database: Db,
  cullsCollection: string,
): Pick<ManagementReadModel, 'listOutings' | 'groundOutings' | 'getOuting' | 'openOuting'> {
  const outings = database.collection<OutingDocument>(OUTINGS_COLLECTION);
  const culls = database.collection<{ _id: string; user_id: string; outing_id?: string }>(cullsCollection);

  const toOutingView = (document: OutingDocument, count: number): Outing =>
    toOuting(outingStateOf(document), document._id, count)!;
  const countOf = (userId: string, outingId: string) =>
    culls.countDocuments({ user_id: userId, outing_id: outingId });

  return {
    async listOutings(userId) {
      const [documents, counts] = await Promise.all([
        outings.find({ user_id: userId }).sort({ started_ms: -1, _id: -1 }).toArray(),
        culls
          .aggregate<{ _id: string; count: number }>([
            { $match: { user_id: userId, outing_id: { $exists: true } } },
            { $group: { _id: '$outing_id', count: { $sum: 1 } } },
          ])
          .toArray(),
      ]);
      const byOuting = new Map(counts.map((count) => [count._id, count.count]));
      return documents.map((document) => toOutingView(document, byOuting.get(document._id) ?? 0));
    },
    async groundOutings(userIds, groundId) {
      const documents = await outings
        .find({ ground_id: groundId, user_id: { $in: [...userIds] } })
        .sort({ started_ms: -1, _id: -1 })
        .toArray();
      if (documents.length === 0) return [];
      const counts = await culls
        .aggregate<{ _id: string; count: number }>([
          {
            $match: {
              user_id: { $in: [...userIds] },
              outing_id: { $in: documents.map((document) => document._id) },
            },
          },
          { $group: { _id: '$outing_id', count: { $sum: 1 } } },
        ])
        .toArray();
      const byOuting = new Map(counts.map((count) => [count._id, count.count]));
      return documents.map((document) => toOutingView(document, byOuting.get(document._id) ?? 0));
    },
    async getOuting(userId, id) {
      const document = await outings.findOne({ _id: id, user_id: userId });
      return document === null ? undefined : toOutingView(document, await countOf(userId, id));
    },
    async openOuting(userId) {
      const document = await outings.findOne(
        { user_id: userId, ended_at: null },
        { sort: { started_ms: -1 } },
      );
      return document === null ? undefined : toOutingView(document, await countOf(userId, document._id));
    },
  };
}
