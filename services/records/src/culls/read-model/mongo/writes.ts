import type { ClientSession, Db } from 'mongodb';
import { teamOfOwner, type CullStreamEvent, type StoredLogEvent } from '@cull-log/contracts';
import { cullSearchText } from '@cull-log/domain';
import { GROUNDS_COLLECTION, type MongoGroundRenamedHook } from '../../../grounds/mongo-grounds-read-model';
import { trigramsOf } from '../search-trigrams';
import { nextRecord } from '../next-record';
import { CULLS_COLLECTION, toDocument, toRecord, type CullDocument } from './documents';

/**
 * A renamed ground's records take its new name, whoever made them (a team's ground has its members' records): only
 * their name and search text change, so only those are set.
 */
export const renameGroundRecords: MongoGroundRenamedHook = async (db, session, groundId, name) => {
  const collection = db.collection<CullDocument>(CULLS_COLLECTION);
  const documents = await collection.find({ ground_id: groundId }, { session }).toArray();
  if (documents.length === 0) return;
  await collection.bulkWrite(
    documents.map((document) => {
      const searchText = cullSearchText({ ...toRecord(document), ground_name: name });
      const update = { ground_name: name, search_text: searchText, search_trigrams: trigramsOf(searchText) };
      return { updateOne: { filter: { _id: document._id }, update: { $set: update } } };
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

/** Deletes the user's records in the erasure's transaction. */
export async function eraseCullsFromMongo(db: Db, session: ClientSession, userId: string): Promise<void> {
  await db.collection<CullDocument>(CULLS_COLLECTION).deleteMany({ user_id: userId }, { session });
}
