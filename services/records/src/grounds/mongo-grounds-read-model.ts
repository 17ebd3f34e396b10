import type { ClientSession, Db, IndexDescription } from 'mongodb';
import type { Ground, GroundEvent, StoredLogEvent } from '@cull-log/contracts';
import { groundNameKey, toGround } from '@cull-log/domain';
import type { MongoMigration } from '@cull-log/storage-kit';
import type { ManagementReadModel } from '../read-model/management-read-model';
import { indexStep } from '../read-model/mongo-index-step';
import { groundStateOf, nextGroundState, type StoredGround } from './stored-ground';

export const GROUNDS_COLLECTION = 'grounds';

type GroundDocument = StoredGround & { _id: string; name_key: string };

/**
 * A ground moved into a team: its records to be the team's. A rename is the ground's document alone: the records'
 * reads join its name.
 */
export type MongoGroundMovedHook = (
  db: Db,
  session: ClientSession,
  ground: { id: string; owner: string },
) => Promise<void>;

/**
 * Applies a ground's event in the append's transaction, passing over a version already applied; `onMoved` is told of
 * a ground whose owner changed.
 */
export async function applyGroundToMongo(
  db: Db,
  session: ClientSession,
  event: StoredLogEvent & GroundEvent,
  onMoved: MongoGroundMovedHook,
): Promise<void> {
  const grounds = db.collection<GroundDocument>(GROUNDS_COLLECTION);
  const document = await grounds.findOne({ _id: event.streamId }, { session });
  const state = nextGroundState(groundStateOf, document, event);
  if (state === undefined) return;
  const ground = toGround(state, event.streamId);
  if (ground === undefined) return;
  const { id, ...rest } = ground;
  const next: GroundDocument = {
    ...rest,
    _id: id,
    user_id: event.userId,
    name_key: groundNameKey(ground.name),
  };
  await grounds.replaceOne({ _id: id }, next, { session, upsert: true });
  if (document !== null && document.user_id !== event.userId)
    await onMoved(db, session, { id, owner: event.userId });
}

/** A user's grounds by name. */
const BY_USER_AND_NAME: IndexDescription = { key: { user_id: 1, name_key: 1 }, name: 'grounds_by_user_name' };

/** The grounds' indexes, step by step; a change is a new step at the end. */
export const MONGO_GROUND_MIGRATIONS: readonly MongoMigration[] = [
  indexStep(1, 'grounds by user and name', GROUNDS_COLLECTION, BY_USER_AND_NAME),
];

/** The queries of a user's grounds. */
export function openMongoGroundsReadModel(
  database: Db,
): Pick<ManagementReadModel, 'listGrounds' | 'getGround' | 'groundOwner' | 'groundNamed'> {
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
    async groundOwner(id) {
      return (await grounds.findOne({ _id: id }, { projection: { user_id: 1 } }))?.user_id;
    },
    async groundNamed(userId, name) {
      const document = await grounds.findOne({ user_id: userId, name_key: groundNameKey(name) });
      return document === null ? undefined : toGroundView(document);
    },
  };
}
