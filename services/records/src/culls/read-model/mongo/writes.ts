import type { ClientSession, Db } from 'mongodb';
import {
  teamOfOwner,
  type CullStreamEvent,
  type StoredLogEvent,
  type TeamCullsKept,
} from '@cull-log/contracts';
import { keptRecordOf } from '@cull-log/domain';
import { deleteSome } from '@cull-log/storage-kit';
import { GROUNDS_COLLECTION, type MongoGroundMovedHook } from '../../../grounds/mongo-grounds-read-model';
import { nextRecord } from '../next-record';
import { CULLS_COLLECTION, toDocument, toRecord, type CullDocument } from './documents';

/**
 * A ground moved into a team takes its records with it, whoever made them: the team reads them by team_owner, which
 * leads the team's indexes. (A rename writes none of them: a read joins the name.)
 */
export const groundRecordsFollow: MongoGroundMovedHook = async (db, session, ground) => {
  const collection = db.collection<CullDocument>(CULLS_COLLECTION);
  const update =
    teamOfOwner(ground.owner) === undefined
      ? { $unset: { team_owner: '' as const } }
      : { $set: { team_owner: ground.owner } };
  await collection.updateMany({ ground_id: ground.id }, update, { session });
};

/** Applies a record's event to its document in the append's transaction, with the team whose ground it is on. */
export async function applyCullToMongo(
  db: Db,
  session: ClientSession,
  event: StoredLogEvent & CullStreamEvent,
): Promise<void> {
  const collection = db.collection<CullDocument>(CULLS_COLLECTION);
  const grounds = db.collection<{ _id: string; user_id: string }>(GROUNDS_COLLECTION);
  const document = await collection.findOne({ _id: event.streamId }, { session });
  const current = document === null ? undefined : toRecord(document);
  const next = nextRecord(current, event);
  if (next === undefined) {
    await collection.deleteOne({ _id: event.streamId }, { session });
    return;
  }
  const ground =
    next.ground_id === undefined
      ? null
      : await grounds.findOne({ _id: next.ground_id }, { session, projection: { user_id: 1 } });
  // The team whose ground the record is on reads it by team_owner.
  const teamOwner = ground !== null && teamOfOwner(ground.user_id) !== undefined ? ground.user_id : undefined;
  await collection.replaceOne(
    { _id: event.streamId },
    { ...toDocument(next), ...(teamOwner !== undefined && { team_owner: teamOwner }) },
    { session, upsert: true },
  );
}

/**
 * Writes the culls a team keeps of an erased member as the team's own records (its owner id as their user), in the
 * append's transaction; one already written is left as it is.
 */
export async function applyKeptCullsToMongo(
  db: Db,
  session: ClientSession,
  event: StoredLogEvent & TeamCullsKept,
): Promise<void> {
  const collection = db.collection<CullDocument>(CULLS_COLLECTION);
  for (const kept of event.data.culls) {
    const record = keptRecordOf(kept, event.userId, event.occurredAt);
    await collection.updateOne(
      { _id: kept.id },
      // The team's own record, which the team reads by team_owner.
      { $setOnInsert: { ...toDocument(record), team_owner: event.userId } },
      { session, upsert: true },
    );
  }
}

/**
 * Deletes at most `limit` of the user's records in a batch of the erasure's transactions; answers how many went, fewer
 * than `limit` only when none is left.
 */
export async function eraseCullsFromMongo(
  db: Db,
  session: ClientSession,
  userId: string,
  limit: number,
): Promise<number> {
  return deleteSome(db.collection<CullDocument>(CULLS_COLLECTION), { user_id: userId }, limit, session);
}

/** Deletes these records of the user's (another user's named here stay) in the transaction erasing their events. */
export async function eraseRecordsFromMongo(
  db: Db,
  session: ClientSession,
  userId: string,
  recordIds: readonly string[],
): Promise<void> {
  if (recordIds.length === 0) return;
  await db
    .collection<CullDocument>(CULLS_COLLECTION)
    .deleteMany({ _id: { $in: [...recordIds] }, user_id: userId }, { session });
}
