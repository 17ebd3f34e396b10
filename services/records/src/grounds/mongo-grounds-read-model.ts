import type { ClientSession, Db } from 'mongodb';
import type { Ground, GroundEvent, StoredLogEvent } from '@cull-log/contracts';
import { groundDecider, groundNameKey, toGround, type GroundState } from '@cull-log/domain';
import type { MongoMigration } from '@cull-log/storage-kit';
import type { ManagementReadModel } from '../read-model/management-read-model';
import { isNext } from '../read-model/next-version';

export const GROUNDS_COLLECTION = 'grounds';

type GroundDocument = Omit<Ground, 'id'> & { _id: string; user_id: string; name_key: string };

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

/** A renamed ground: its records to show the new name and be found by it. */
export type MongoGroundRenamedHook = (
  db: Db,
  session: ClientSession,
  userId: string,
  groundId: string,
  name: string,
) => Promise<void>;

/**
 * Applies a ground's event in the append's transaction, passing over a version already applied; `onRenamed` is told
 * of a ground whose name changed.
 */
export async function applyGroundToMongo(
  db: Db,
  session: ClientSession,
  event: StoredLogEvent & GroundEvent,
  onRenamed: MongoGroundRenamedHook,
): Promise<void> {
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
}

/** The grounds' index, step by step; a change is a new step at the end, and each step is safe to run twice. */
export const MONGO_GROUND_MIGRATIONS: readonly MongoMigration[] = [
  {
    version: 1,
    does: 'grounds by user and name',
    async up(db) {
      await db
        .collection<GroundDocument>(GROUNDS_COLLECTION)
        .createIndex({ user_id: 1, name_key: 1 }, { name: 'grounds_by_user_name' });
    },
  },
];

/** The queries of a user's grounds. */
export function openMongoGroundsReadModel(
  database: Db,
): Pick<ManagementReadModel, 'listGrounds' | 'getGround' | 'groundNamed'> {
  const grounds = database.collection<GroundDocument>(GROUNDS_COLLECTION);

  const toGroundView = ({ _id, user_id: _user, name_key: _key, ...rest }: GroundDocument): Ground => ({
    ...rest,
    id: _id,
  });

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
  };
}
