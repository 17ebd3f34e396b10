import type { ClientSession, Db } from 'mongodb';
import {
  teamOfOwner,
  type CullStreamEvent,
  type StoredLogEvent,
  type TeamCullsKept,
} from '@cull-log/contracts';
import { cullSearchText, keptRecordOf } from '@cull-log/domain';
import { GROUNDS_COLLECTION, type MongoGroundChangedHook } from '../../../grounds/mongo-grounds-read-model';
import { trigramsOf } from '../search-trigrams';
import { nextRecord } from '../next-record';
import { CULLS_COLLECTION, toDocument, toRecord, type CullDocument } from './documents';

/**
 * A renamed ground's records take its new name, whoever made them (a team's ground has its members' records): only
 * their name and search text change, so only those are set. A ground moved into a team takes its records with it:
 * the team reads them by team_owner.
 */
export const groundRecordsFollow: MongoGroundChangedHook = async (db, session, ground) => {
  const collection = db.collection<CullDocument>(CULLS_COLLECTION);
  const documents = await collection.find({ ground_id: ground.id }, { session }).toArray();
  if (documents.length === 0) return;
  const teamOwner = teamOfOwner(ground.owner) === undefined ? undefined : ground.owner;
  await collection.bulkWrite(
    documents.map((document) => {
      const searchText = cullSearchText({ ...toRecord(document), ground_name: ground.name });
      const update = {
        ground_name: ground.name,
        search_text: searchText,
        search_trigrams: trigramsOf(searchText),
        ...(teamOwner !== undefined && { team_owner: teamOwner }),
      };
      return {
        updateOne: {
          filter: { _id: document._id },
          update: teamOwner === undefined ? { $set: update, $unset: { team_owner: '' } } : { $set: update },
        },
      };
    }),
    { session },
  );
};

/** Applies a record's event to its document in the append's transaction, with its ground's name. */
export async function applyCullToMongo(
  db: Db,
  session: ClientSession,
  event: StoredLogEvent & CullStreamEvent,
): Promise<void> {
  const collection = db.collection<CullDocument>(CULLS_COLLECTION);
  const grounds = db.collection<{ _id: string; name: string; user_id: string }>(GROUNDS_COLLECTION);
  const document = await collection.findOne({ _id: event.streamId }, { session });
  const current = document === null ? undefined : toRecord(document);
  const next = nextRecord(current, event);
  if (next === undefined) {
    await collection.deleteOne({ _id: event.streamId }, { session });
    return;
  }
  const ground =
    next.ground_id === undefined ? null : await grounds.findOne({ _id: next.ground_id }, { session });
  const placed = ground === null ? next : { ...next, ground_name: ground.name };
  // The team whose ground the record is on reads it by team_owner.
  const teamOwner = ground !== null && teamOfOwner(ground.user_id) !== undefined ? ground.user_id : undefined;
  await collection.replaceOne(
    { _id: event.streamId },
    { ...toDocument(placed), ...(teamOwner !== undefined && { team_owner: teamOwner }) },
    { session, upsert: true },
  );
}

/**
 * Writes the culls a team keeps of an erased member as the team's own records (its owner id as their user), each with
 * its ground's name now, in the append's transaction; one already written is left as it is.
 */
export async function applyKeptCullsToMongo(
  db: Db,
  session: ClientSession,
  event: StoredLogEvent & TeamCullsKept,
): Promise<void> {
  const collection = db.collection<CullDocument>(CULLS_COLLECTION);
  const grounds = db.collection<{ _id: string; name: string }>(GROUNDS_COLLECTION);
  for (const kept of event.data.culls) {
    const record = keptRecordOf(kept, event.userId, event.occurredAt);
    const ground = await grounds.findOne({ _id: kept.ground_id }, { session });
    const placed = ground === null ? record : { ...record, ground_name: ground.name };
    await collection.updateOne(
      { _id: kept.id },
      // The team's own record, which the team reads by team_owner.
      { $setOnInsert: { ...toDocument(placed), team_owner: event.userId } },
      { session, upsert: true },
    );
  }
}

/** Deletes the user's records in the erasure's transaction. */
export async function eraseCullsFromMongo(db: Db, session: ClientSession, userId: string): Promise<void> {
  await db.collection<CullDocument>(CULLS_COLLECTION).deleteMany({ user_id: userId }, { session });
}
