import type { ClientSession, Db } from 'mongodb';
import { MANAGEMENT_EVENT_TYPES, TEAM_EVENT_TYPES, type StoredLogEvent } from '@cull-log/contracts';
import { deleteSome, migrateMongo } from '@cull-log/storage-kit';
import {
  applyCountToMongo,
  COUNTS_COLLECTION,
  MONGO_COUNT_MIGRATIONS,
  openMongoCountsReadModel,
} from '../counts/mongo-counts-read-model';
import {
  applyGroundToMongo,
  GROUNDS_COLLECTION,
  MONGO_GROUND_MIGRATIONS,
  openMongoGroundsReadModel,
  type MongoGroundMovedHook,
} from '../grounds/mongo-grounds-read-model';
import {
  applyOutingToMongo,
  MONGO_OUTING_MIGRATIONS,
  openMongoOutingsReadModel,
  OUTINGS_COLLECTION,
} from '../outings/mongo-outings-read-model';
import {
  applyDeerValuesToMongo,
  applyPlansToMongo,
  applySettingsToMongo,
  DEER_VALUES_COLLECTION,
  MONGO_SETTINGS_MIGRATIONS,
  openMongoSettingsReadModel,
  PLANS_COLLECTION,
  SETTINGS_COLLECTION,
} from '../settings/mongo-settings-read-model';
import {
  applyMemberLinkToMongo,
  applyTeamToMongo,
  MONGO_TEAM_MIGRATIONS,
  openMongoTeamsReadModel,
  TEAM_MEMBER_LINKS_COLLECTION,
} from '../teams/mongo-teams-read-model';
import { isCountEvent, isGroundEvent, isMemberLink, isOutingEvent, isTeamEvent } from './management-events';
import type { ManagementReadModel } from './management-read-model';
import { READ_MODEL_STORES } from './store-names';

const T = MANAGEMENT_EVENT_TYPES;

/** The collections a user's grounds, outings, counts, settings and plans are kept in, each with the owner's user_id. */
export const MANAGEMENT_COLLECTIONS = [
  GROUNDS_COLLECTION,
  OUTINGS_COLLECTION,
  COUNTS_COLLECTION,
  SETTINGS_COLLECTION,
  DEER_VALUES_COLLECTION,
  PLANS_COLLECTION,
  TEAM_MEMBER_LINKS_COLLECTION,
] as const;

/**
 * Applies one event of a ground, an outing, the settings or the plans in the append's transaction, passing over a
 * version already applied; `onMoved` is told of a ground moved to another owner.
 */
export async function applyManagementToMongo(
  db: Db,
  session: ClientSession,
  event: StoredLogEvent,
  onMoved: MongoGroundMovedHook,
): Promise<void> {
  if (isGroundEvent(event)) await applyGroundToMongo(db, session, event, onMoved);
  else if (isOutingEvent(event)) await applyOutingToMongo(db, session, event);
  else if (isCountEvent(event)) await applyCountToMongo(db, session, event);
  else if (event.type === T.settingsChanged) await applySettingsToMongo(db, session, event);
  else if (event.type === T.deerValuesSaved) await applyDeerValuesToMongo(db, session, event);
  else if (event.type === T.plansSet || event.type === TEAM_EVENT_TYPES.plansAllocated)
    await applyPlansToMongo(db, session, event);
  else if (isTeamEvent(event)) await applyTeamToMongo(db, session, event);
  else if (isMemberLink(event)) await applyMemberLinkToMongo(db, session, event);
}

/**
 * Deletes at most `limit` of the user's grounds, outings, counts, settings and plans in a batch of the erasure's transactions;
 * answers how many went, fewer than `limit` only when none is left.
 */
export async function eraseManagementFromMongo(
  db: Db,
  session: ClientSession,
  userId: string,
  limit: number,
): Promise<number> {
  let erased = 0;
  for (const name of MANAGEMENT_COLLECTIONS) {
    if (erased >= limit) break;
    erased += await deleteSome(db.collection(name), { user_id: userId }, limit - erased, session);
  }
  return erased;
}

/** Runs the indexes' steps not yet run, then answers the queries of grounds, outings, settings and plans. */
export async function openMongoManagementReadModel(
  database: Db,
  cullsCollection: string,
): Promise<ManagementReadModel> {
  await migrateMongo(database, READ_MODEL_STORES.grounds, MONGO_GROUND_MIGRATIONS);
  await migrateMongo(database, READ_MODEL_STORES.outings, MONGO_OUTING_MIGRATIONS);
  await migrateMongo(database, READ_MODEL_STORES.counts, MONGO_COUNT_MIGRATIONS);
  await migrateMongo(database, READ_MODEL_STORES.settings, MONGO_SETTINGS_MIGRATIONS);
  await migrateMongo(database, READ_MODEL_STORES.teams, MONGO_TEAM_MIGRATIONS);
  return {
    ...openMongoTeamsReadModel(database),
    ...openMongoGroundsReadModel(database),
    ...openMongoOutingsReadModel(database, cullsCollection),
    ...openMongoCountsReadModel(database),
    ...openMongoSettingsReadModel(database),
  };
}
