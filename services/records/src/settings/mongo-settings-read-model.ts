import type { ClientSession, Collection, Db, Filter, IndexDescription } from 'mongodb';
import type { Plan, PlansSet, SeasonStart, SettingsChanged, StoredLogEvent } from '@cull-log/contracts';
import type { MongoMigration } from '@cull-log/storage-kit';
import type { ManagementReadModel, StoredPlans } from '../read-model/management-read-model';
import { indexStep } from '../read-model/mongo-index-step';

export const SETTINGS_COLLECTION = 'user_settings';
export const PLANS_COLLECTION = 'cull_plans';

interface SettingsDocument {
  _id: string;
  user_id: string;
  season_start: SeasonStart;
  version: number;
}
interface PlansDocument {
  _id: string;
  user_id: string;
  season: string;
  plans: Plan[];
  version: number;
  updated_at: string;
}

/**
 * Writes `next` whole in the append's transaction, unless its document already holds that version or a later one
 * (a redelivery, passed over).
 */
async function replaceUnlessHeld<D extends { _id: string; version: number }>(
  collection: Collection<D>,
  session: ClientSession,
  next: D,
): Promise<void> {
  const filter = { _id: next._id } as Filter<D>;
  const held = await collection.findOne(filter, { session });
  if (next.version <= (held?.version ?? 0)) return;
  await collection.replaceOne(filter, next, { session, upsert: true });
}

/** Applies a change of the user's settings in the append's transaction, passing over a version already applied. */
export async function applySettingsToMongo(
  db: Db,
  session: ClientSession,
  event: StoredLogEvent & SettingsChanged,
): Promise<void> {
  await replaceUnlessHeld(db.collection<SettingsDocument>(SETTINGS_COLLECTION), session, {
    _id: event.userId,
    user_id: event.userId,
    season_start: event.data.season_start,
    version: event.version,
  });
}

/** Applies a season's plans in the append's transaction, passing over a version already applied. */
export async function applyPlansToMongo(
  db: Db,
  session: ClientSession,
  event: StoredLogEvent & PlansSet,
): Promise<void> {
  await replaceUnlessHeld(db.collection<PlansDocument>(PLANS_COLLECTION), session, {
    _id: JSON.stringify([event.userId, event.data.season]),
    user_id: event.userId,
    season: event.data.season,
    plans: event.data.plans,
    version: event.version,
    updated_at: event.occurredAt,
  });
}

/** A user's plans by season. */
const BY_USER_AND_SEASON: IndexDescription = { key: { user_id: 1, season: 1 }, name: 'plans_by_user_season' };

/** The settings' and plans' indexes, step by step; a change is a new step at the end. */
export const MONGO_SETTINGS_MIGRATIONS: readonly MongoMigration[] = [
  indexStep(1, 'plans by user and season', PLANS_COLLECTION, BY_USER_AND_SEASON),
];

/** The queries of a user's settings and plans. */
export function openMongoSettingsReadModel(database: Db): Pick<ManagementReadModel, 'seasonStart' | 'plans'> {
  const settings = database.collection<SettingsDocument>(SETTINGS_COLLECTION);
  const plans = database.collection<PlansDocument>(PLANS_COLLECTION);
  return {
    async seasonStart(userId) {
      return (await settings.findOne({ _id: userId }))?.season_start;
    },
    async plans(userId, season): Promise<StoredPlans | undefined> {
      const document = await plans.findOne({ _id: JSON.stringify([userId, season]) });
      return document === null ? undefined : { plans: document.plans, updated_at: document.updated_at };
    },
  };
}
