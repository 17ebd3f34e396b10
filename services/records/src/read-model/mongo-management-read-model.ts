import type { ClientSession, Db } from 'mongodb';
import {
  MANAGEMENT_EVENT_TYPES,
  type Ground,
  type GroundEvent,
  type Outing,
  type OutingEvent,
  type Plan,
  type SeasonStart,
  type StoredLogEvent,
} from '@cull-log/contracts';
import {
  groundDecider,
  outingDecider,
  groundNameKey,
  toGround,
  toOuting,
  type GroundState,
  type OutingState,
} from '@cull-log/domain';
import type { ManagementReadModel, StoredPlans } from './management-read-model';

const T = MANAGEMENT_EVENT_TYPES;

export const GROUNDS_COLLECTION = 'grounds';
export const OUTINGS_COLLECTION = 'outings';
export const SETTINGS_COLLECTION = 'user_settings';
export const PLANS_COLLECTION = 'cull_plans';
/** The collections a user's grounds, outings, settings and plans are kept in, each with the owner's user_id. */
export const MANAGEMENT_COLLECTIONS = [
  GROUNDS_COLLECTION,
  OUTINGS_COLLECTION,
  SETTINGS_COLLECTION,
  PLANS_COLLECTION,
] as const;

type GroundDocument = Omit<Ground, 'id'> & { _id: string; user_id: string; name_key: string };
type OutingDocument = Omit<Outing, 'id' | 'cull_count'> & {
  _id: string;
  user_id: string;
  started_ms: number;
};
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

function groundStateOf(document: GroundDocument | null): GroundState {
  if (document === null) return groundDecider.initialState;
  return {
    status: 'active',
    version: document.version,
    ownerId: document.user_id,
    name: document.name,
    notes: document.notes,
    boundary: document.boundary,
    centre: document.centre,
    archived: document.archived,
    createdAt: document.created_at,
    updatedAt: document.updated_at,
  };
}

function outingStateOf(document: OutingDocument | null): OutingState {
  if (document === null) return outingDecider.initialState;
  return {
    status: 'active',
    version: document.version,
    ownerId: document.user_id,
    groundId: document.ground_id,
    startedAt: document.started_at,
    endedAt: document.ended_at,
    notes: document.notes,
    createdAt: document.created_at,
    updatedAt: document.updated_at,
  };
}

const isGroundEvent = (event: StoredLogEvent): event is StoredLogEvent & GroundEvent =>
  event.type.startsWith('ground.');
const isOutingEvent = (event: StoredLogEvent): event is StoredLogEvent & OutingEvent =>
  event.type.startsWith('outing.');

function isNext(streamId: string, current: number, version: number): boolean {
  if (version <= current) return false;
  if (version !== current + 1)
    throw new Error(`Read model has ${streamId} at version ${current}, not ${version - 1}`);
  return true;
}

/** A renamed ground: its records to show the new name and be found by it. */
export type MongoGroundRenamedHook = (
  db: Db,
  session: ClientSession,
  userId: string,
  groundId: string,
  name: string,
) => Promise<void>;

/**
 * Applies one event of a ground, an outing, the settings or the plans in the append's transaction, passing over a
 * version already applied; `onRenamed` is told of a ground whose name changed.
 */
export async function applyManagementToMongo(
  db: Db,
  session: ClientSession,
  event: StoredLogEvent,
  onRenamed: MongoGroundRenamedHook,
): Promise<void> {
  if (isGroundEvent(event)) {
    const grounds = db.collection<GroundDocument>(GROUNDS_COLLECTION);
    const document = await grounds.findOne({ _id: event.streamId }, { session });
    if (!isNext(event.streamId, document?.version ?? 0, event.version)) return;
    const ground = toGround(groundDecider.evolve(groundStateOf(document), event), event.streamId);
    if (ground === undefined) return;
    const { id, ...rest } = ground;
    const next: GroundDocument = {
      ...rest,
      _id: id,
      user_id: event.userId,
      name_key: groundNameKey(ground.name),
    };
    await grounds.replaceOne({ _id: id }, next, { session, upsert: true });
    if (document !== null && document.name !== ground.name) {
      await onRenamed(db, session, event.userId, id, ground.name);
    }
  } else if (isOutingEvent(event)) {
    const outings = db.collection<OutingDocument>(OUTINGS_COLLECTION);
    const document = await outings.findOne({ _id: event.streamId }, { session });
    if (!isNext(event.streamId, document?.version ?? 0, event.version)) return;
    const outing = toOuting(outingDecider.evolve(outingStateOf(document), event), event.streamId, 0);
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
  } else if (event.type === T.settingsChanged) {
    const settings = db.collection<SettingsDocument>(SETTINGS_COLLECTION);
    const document = await settings.findOne({ _id: event.userId }, { session });
    if (event.version <= (document?.version ?? 0)) return;
    const next = {
      _id: event.userId,
      user_id: event.userId,
      season_start: event.data.season_start,
      version: event.version,
    };
    await settings.replaceOne({ _id: event.userId }, next, { session, upsert: true });
  } else if (event.type === T.plansSet) {
    const plans = db.collection<PlansDocument>(PLANS_COLLECTION);
    const _id = JSON.stringify([event.userId, event.data.season]);
    const document = await plans.findOne({ _id }, { session });
    if (event.version <= (document?.version ?? 0)) return;
    const next: PlansDocument = {
      _id,
      user_id: event.userId,
      season: event.data.season,
      plans: event.data.plans,
      version: event.version,
      updated_at: event.occurredAt,
    };
    await plans.replaceOne({ _id }, next, { session, upsert: true });
  }
}

/** Deletes the user's grounds, outings, settings and plans in the erasure's transaction. */
export async function eraseManagementFromMongo(
  db: Db,
  session: ClientSession,
  userId: string,
): Promise<void> {
  for (const name of MANAGEMENT_COLLECTIONS)
    await db.collection(name).deleteMany({ user_id: userId }, { session });
}

/** Ensures the indexes, then answers the queries of grounds, outings, settings and plans. */
export async function openMongoManagementReadModel(
  database: Db,
  cullsCollection: string,
): Promise<ManagementReadModel> {
  const grounds = database.collection<GroundDocument>(GROUNDS_COLLECTION);
  const outings = database.collection<OutingDocument>(OUTINGS_COLLECTION);
  const settings = database.collection<SettingsDocument>(SETTINGS_COLLECTION);
  const plans = database.collection<PlansDocument>(PLANS_COLLECTION);
  const culls = database.collection<{ _id: string; user_id: string; outing_id?: string }>(cullsCollection);
  await grounds.createIndex({ user_id: 1, name_key: 1 }, { name: 'grounds_by_user_name' });
  await outings.createIndex({ user_id: 1, started_ms: -1, _id: -1 }, { name: 'outings_by_user_start' });
  await plans.createIndex({ user_id: 1, season: 1 }, { name: 'plans_by_user_season' });
  await culls.createIndex(
    { user_id: 1, outing_id: 1 },
    { name: 'culls_by_user_outing', partialFilterExpression: { outing_id: { $exists: true } } },
  );
  await culls.createIndex(
    { user_id: 1, ground_id: 1 },
    { name: 'culls_by_user_ground', partialFilterExpression: { ground_id: { $exists: true } } },
  );

  const toGroundView = ({ _id, user_id: _user, name_key: _key, ...rest }: GroundDocument): Ground => ({
    ...rest,
    id: _id,
  });
  const toOutingView = (
    { _id, user_id: _user, started_ms: _ms, ...rest }: OutingDocument,
    count: number,
  ): Outing => ({
    ...rest,
    id: _id,
    cull_count: count,
  });
  const countOf = (userId: string, outingId: string) =>
    culls.countDocuments({ user_id: userId, outing_id: outingId });

  return {
    async listGrounds(userId) {
      const documents = await grounds.find({ user_id: userId }).sort({ name_key: 1, _id: 1 }).toArray();
      return documents.map(toGroundView);
    },
    async getGround(userId, id) {
      const document = await grounds.findOne({ _id: id, user_id: userId });
      return document === null ? undefined : toGroundView(document);
    },
    async groundNamed(userId, name) {
      const document = await grounds.findOne({ user_id: userId, name_key: groundNameKey(name) });
      return document === null ? undefined : toGroundView(document);
    },
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
    async seasonStart(userId) {
      return (await settings.findOne({ _id: userId }))?.season_start;
    },
    async plans(userId, season): Promise<StoredPlans | undefined> {
      const document = await plans.findOne({ _id: JSON.stringify([userId, season]) });
      return document === null ? undefined : { plans: document.plans, updated_at: document.updated_at };
    },
  };
}
