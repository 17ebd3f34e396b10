import type Database from 'better-sqlite3';
import type { Ground, GroundEvent, StoredLogEvent } from '@cull-log/contracts';
import { groundNameKey, toGround } from '@cull-log/domain';
import type { SqliteMigration } from '@cull-log/storage-kit';
import type { ManagementReadModel } from '../read-model/management-read-model';
import { preparedPerDatabase } from '../read-model/prepared-per-database';
import { groundStateOf, nextGroundState, type StoredGround } from './stored-ground';

type SqliteDatabase = Database.Database;

const GROUNDS_SCHEMA = `
CREATE TABLE IF NOT EXISTS grounds (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  name TEXT NOT NULL,
  name_key TEXT NOT NULL,
  notes TEXT,
  boundary TEXT,
  centre TEXT,
  archived INTEGER NOT NULL,
  version INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS grounds_by_user_name ON grounds (user_id, name_key);
`;

/** The grounds' table in the records database, step by step; a change is a new step at the end. */
export const SQLITE_GROUND_MIGRATIONS: readonly SqliteMigration[] = [
  { version: 1, does: 'the grounds table, found by user and name', up: (db) => db.exec(GROUNDS_SCHEMA) },
];

/** A ground's row: its boundary and centre as JSON text, and whether it is archived as 0 or 1. */
interface GroundRow extends Omit<StoredGround, 'boundary' | 'centre' | 'archived'> {
  id: string;
  boundary: string | null;
  centre: string | null;
  archived: number;
}

/** The state of the ground's stream that its row stands for. */
function rowStateOf(row: GroundRow) {
  return groundStateOf({
    ...row,
    boundary: row.boundary === null ? null : (JSON.parse(row.boundary) as Ground['boundary']),
    centre: row.centre === null ? null : (JSON.parse(row.centre) as Ground['centre']),
    archived: row.archived === 1,
  });
}

const statementsOf = preparedPerDatabase((db) => ({
  selectGround: db.prepare<[string], GroundRow>('SELECT * FROM grounds WHERE id = ?'),
  upsertGround: db.prepare<[Record<string, unknown>]>(
    `INSERT INTO grounds (id, user_id, name, name_key, notes, boundary, centre, archived, version, created_at, updated_at)
     VALUES (@id, @user_id, @name, @name_key, @notes, @boundary, @centre, @archived, @version, @created_at, @updated_at)
     ON CONFLICT (id) DO UPDATE SET user_id = excluded.user_id, name = excluded.name, name_key = excluded.name_key, notes = excluded.notes,
       boundary = excluded.boundary, centre = excluded.centre, archived = excluded.archived,
       version = excluded.version, updated_at = excluded.updated_at`,
  ),
}));

/**
 * A ground moved into a team: its records to be the team's. A rename is the ground's row alone: the records' reads
 * join its name.
 */
export type GroundMovedHook = (db: SqliteDatabase, ground: { id: string; owner: string }) => void;

/**
 * Applies a ground's event to its row through `db`, passing over a version already applied; tells `onMoved` of a new
 * owner.
 */
export function applyGroundToSqlite(
  db: SqliteDatabase,
  event: StoredLogEvent & GroundEvent,
  onMoved: GroundMovedHook,
): void {
  const statements = statementsOf(db);
  const row = statements.selectGround.get(event.streamId);
  const state = nextGroundState(rowStateOf, row, event);
  if (state === undefined) return;
  const ground = toGround(state, event.streamId);
  if (ground === undefined) return;
  statements.upsertGround.run({
    ...ground,
    user_id: event.userId,
    name_key: groundNameKey(ground.name),
    boundary: ground.boundary === null ? null : JSON.stringify(ground.boundary),
    centre: ground.centre === null ? null : JSON.stringify(ground.centre),
    archived: ground.archived ? 1 : 0,
  });
  if (row !== undefined && row.user_id !== event.userId) onMoved(db, { id: ground.id, owner: event.userId });
}

function toGroundView(row: GroundRow): Ground {
  return toGround(rowStateOf(row), row.id)!;
}

/** The queries of a user's grounds on the records database. */
export function openSqliteGroundsReadModel(
  db: SqliteDatabase,
): Pick<ManagementReadModel, 'listGrounds' | 'getGround' | 'groundOwner' | 'groundNamed'> {
  const groundOwner = db.prepare<[string], string>('SELECT user_id FROM grounds WHERE id = ?').pluck();
  const listGrounds = db.prepare<[string], GroundRow>(
    'SELECT * FROM grounds WHERE user_id = ? ORDER BY name_key, id',
  );
  const getGround = db.prepare<[string, string], GroundRow>(
    'SELECT * FROM grounds WHERE user_id = ? AND id = ?',
  );
  const groundNamed = db.prepare<[string, string], GroundRow>(
    'SELECT * FROM grounds WHERE user_id = ? AND name_key = ?',
  );
  return {
    async listGrounds(userId) {
      return listGrounds.all(userId).map(toGroundView);
    },
    async getGround(userId, id) {
      const row = getGround.get(userId, id);
      return row && toGroundView(row);
    },
    async groundOwner(id) {
      return groundOwner.get(id);
    },
    async groundNamed(userId, name) {
      const row = groundNamed.get(userId, groundNameKey(name));
      return row && toGroundView(row);
    },
  };
}
