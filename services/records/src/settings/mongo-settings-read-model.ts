import type { ClientSession, Collection, Db, Filter, IndexDescription } from 'mongodb';
import type {
  DeerValuesSaved,
  Plan,
  PlansAllocated,
  PlansSet,
  SeasonStart,
  SettingsChanged,
  StoredLogEvent,
} from '@cull-log/contracts';
import type { DeerValues, MemberAllocation } from '@cull-log/domain';
import type { MongoMigration } from '@cull-log/storage-kit';
import type { ManagementReadModel, StoredPlans } from '../read-model/management-read-model';
import { indexStep } from '../read-model/mongo-index-step';

export const SETTINGS_COLLECTION = 'user_settings';
export const PLANS_COLLECTION = 'cull_plans';
export const DEER_VALUES_COLLECTION = 'deer_values';

interface SettingsDocument {
  _id: string;
  user_id: string;
  season_start: SeasonStart;
  version: number;
}
/** A user's values for one ground; `_id` is `[user_id, ground_id]` as JSON. */
interface DeerValuesDocument extends DeerValues {
  _id: string;
  user_id: string;
  ground_id: string;
  version: number;
}
interface PlansDocument {
  _id: string;
  user_id: string;
  season: string;
  plans: Plan[];
  /** A team's plans only; absent until allocated. */
  allocations?: MemberAllocation[];
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

/**
 * Applies a ground's saved deer-management values in the append's transaction, passing over a version of the settings
 * stream already applied to that ground's document.
 */
export async function applyDeerValuesToMongo(
  db: Db,
  session: ClientSession,
  event: StoredLogEvent & DeerValuesSaved,
): Promise<void> {
  const { ground_id: groundId, species, seasons } = event.data;
  await replaceUnlessHeld(db.collection<DeerValuesDocument>(DEER_VALUES_COLLECTION), session, {
    _id: JSON.stringify([event.userId, groundId]),
    user_id: event.userId,
    ground_id: groundId,
    species,
    ...(seasons !== undefined && { seasons }),
    version: event.version,
  });
}

/**
 * Applies a season's plans, or a team plan's allocations, in the append's transaction, passing over a version already
 * applied; each keeps what the other wrote.
 */
export async function applyPlansToMongo(
  db: Db,
  session: ClientSession,
  event: StoredLogEvent & (PlansSet | PlansAllocated),
): Promise<void> {
  const plans = db.collection<PlansDocument>(PLANS_COLLECTION);
  const _id = JSON.stringify([event.userId, event.data.season]);
  const held = await plans.findOne({ _id }, { session });
  if (event.version <= (held?.version ?? 0)) return;
  const changed =
    'plans' in event.data ? { plans: event.data.plans } : { allocations: event.data.allocations };
  await plans.updateOne(
    { _id },
    {
      $set: {
        user_id: event.userId,
        season: event.data.season,
        ...changed,
        version: event.version,
        updated_at: event.occurredAt,
      },
    },
    { session, upsert: true },
  );
}

/** A user's plans by season. */
const BY_USER_AND_SEASON: IndexDescription = { key: { user_id: 1, season: 1 }, name: 'plans_by_user_season' };

/** The settings' and plans' indexes, step by step; a change is a new step at the end. */
export const MONGO_SETTINGS_MIGRATIONS: readonly MongoMigration[] = [
  indexStep(1, 'plans by user and season', PLANS_COLLECTION, BY_USER_AND_SEASON),
];

/** The queries of a user's settings and plans. */
export function openMongoSettingsReadModel(
  database: Db,
): Pick<ManagementReadModel, 'seasonStart' | 'plans' | 'deerValues'> {
  const settings = database.collection<SettingsDocument>(SETTINGS_COLLECTION);
  const deerValues = database.collection<DeerValuesDocument>(DEER_VALUES_COLLECTION);
  const plans = database.collection<PlansDocument>(PLANS_COLLECTION);
  return {
    async seasonStart(userId) {
      return (await settings.findOne({ _id: userId }))?.season_start;
    },
    async deerValues(userId, groundId): Promise<DeerValues | undefined> {
      const document = await deerValues.findOne({ _id: JSON.stringify([userId, groundId]) });
      if (document === null) return undefined;
      return {
        species: document.species,
        ...(document.seasons !== undefined && { seasons: document.seasons }),
      };
    },
    async plans(userId, season): Promise<StoredPlans | undefined> {
      const document = await plans.findOne({ _id: JSON.stringify([userId, season]) });
      return document === null
        ? undefined
        : {
            plans: document.plans,
            allocations: document.allocations ?? [],
            updated_at: document.updated_at,
          };
    },
  };
}
