import type Database from 'better-sqlite3';
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

type SqliteDatabase = Database.Database;
const T = MANAGEMENT_EVENT_TYPES;

export const MANAGEMENT_SCHEMA = `
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
CREATE TABLE IF NOT EXISTS outings (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  ground_id TEXT NOT NULL,
  started_at TEXT NOT NULL,
  -- The start as milliseconds since the epoch: times come with their offsets, so the text does not sort.
  started_ms INTEGER NOT NULL,
  ended_at TEXT,
  notes TEXT,
  version INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS outings_by_user_start ON outings (user_id, started_ms DESC, id DESC);
CREATE TABLE IF NOT EXISTS user_settings (
  user_id TEXT PRIMARY KEY,
  season_start TEXT NOT NULL,
  version INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS cull_plans (
  user_id TEXT NOT NULL,
  season TEXT NOT NULL,
  plans TEXT NOT NULL,
  version INTEGER NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (user_id, season)
) WITHOUT ROWID;
`;

/** The tables a user's grounds, outings, settings and plans are kept in, each with the owner's user_id. */
export const MANAGEMENT_TABLES = ['grounds', 'outings', 'user_settings', 'cull_plans'] as const;

interface GroundRow {
  id: string;
  user_id: string;
  name: string;
  notes: string | null;
  boundary: string | null;
  centre: string | null;
  archived: number;
  version: number;
  created_at: string;
  updated_at: string;
}

interface OutingRow {
  id: string;
  user_id: string;
  ground_id: string;
  started_at: string;
  ended_at: string | null;
  notes: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

function groundStateOf(row: GroundRow | undefined): GroundState {
  if (row === undefined) return groundDecider.initialState;
  return {
    status: 'active',
    version: row.version,
    ownerId: row.user_id,
    name: row.name,
    notes: row.notes,
    boundary: row.boundary === null ? null : (JSON.parse(row.boundary) as Ground['boundary']),
    centre: row.centre === null ? null : (JSON.parse(row.centre) as Ground['centre']),
    archived: row.archived === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function outingStateOf(row: OutingRow | undefined): OutingState {
  if (row === undefined) return outingDecider.initialState;
  return {
    status: 'active',
    version: row.version,
    ownerId: row.user_id,
    groundId: row.ground_id,
    startedAt: row.started_at,
    endedAt: row.ended_at,
    notes: row.notes,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const isGroundEvent = (event: StoredLogEvent): event is StoredLogEvent & GroundEvent =>
  event.type.startsWith('ground.');
const isOutingEvent = (event: StoredLogEvent): event is StoredLogEvent & OutingEvent =>
  event.type.startsWith('outing.');

/**
 * Whether to apply an event with this version to a row at `current`: the next version is applied, an earlier one
 * (a redelivery) passed over; a later one means the table and the log disagree, so the append is refused.
 */
function isNext(streamId: string, current: number, version: number): boolean {
  if (version <= current) return false;
  if (version !== current + 1)
    throw new Error(`Read model has ${streamId} at version ${current}, not ${version - 1}`);
  return true;
}

interface Statements {
  selectGround: Database.Statement<[string], GroundRow>;
  upsertGround: Database.Statement<[Record<string, unknown>]>;
  selectOuting: Database.Statement<[string], OutingRow>;
  upsertOuting: Database.Statement<[Record<string, unknown>]>;
  deleteOuting: Database.Statement<[string]>;
  selectSettings: Database.Statement<[string], { version: number }>;
  upsertSettings: Database.Statement<[string, string, number]>;
  selectPlans: Database.Statement<[string, string], { version: number }>;
  upsertPlans: Database.Statement<[string, string, string, number, string]>;
}

const statementsByDb = new WeakMap<SqliteDatabase, Statements>();

function statementsOf(db: SqliteDatabase): Statements {
  let statements = statementsByDb.get(db);
  if (statements !== undefined) return statements;
  statements = {
    selectGround: db.prepare<[string], GroundRow>('SELECT * FROM grounds WHERE id = ?'),
    upsertGround: db.prepare(
      `INSERT INTO grounds (id, user_id, name, name_key, notes, boundary, centre, archived, version, created_at, updated_at)
       VALUES (@id, @user_id, @name, @name_key, @notes, @boundary, @centre, @archived, @version, @created_at, @updated_at)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, name_key = excluded.name_key, notes = excluded.notes,
         boundary = excluded.boundary, centre = excluded.centre, archived = excluded.archived,
         version = excluded.version, updated_at = excluded.updated_at`,
    ),
    selectOuting: db.prepare<[string], OutingRow>('SELECT * FROM outings WHERE id = ?'),
    upsertOuting: db.prepare(
      `INSERT INTO outings (id, user_id, ground_id, started_at, started_ms, ended_at, notes, version, created_at, updated_at)
       VALUES (@id, @user_id, @ground_id, @started_at, @started_ms, @ended_at, @notes, @version, @created_at, @updated_at)
       ON CONFLICT (id) DO UPDATE SET ground_id = excluded.ground_id, started_at = excluded.started_at,
         started_ms = excluded.started_ms, ended_at = excluded.ended_at, notes = excluded.notes,
         version = excluded.version, updated_at = excluded.updated_at`,
    ),
    deleteOuting: db.prepare<[string]>('DELETE FROM outings WHERE id = ?'),
    selectSettings: db.prepare<[string], { version: number }>(
      'SELECT version FROM user_settings WHERE user_id = ?',
    ),
    upsertSettings: db.prepare<[string, string, number]>(
      `INSERT INTO user_settings (user_id, season_start, version) VALUES (?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET season_start = excluded.season_start, version = excluded.version`,
    ),
    selectPlans: db.prepare<[string, string], { version: number }>(
      'SELECT version FROM cull_plans WHERE user_id = ? AND season = ?',
    ),
    upsertPlans: db.prepare<[string, string, string, number, string]>(
      `INSERT INTO cull_plans (user_id, season, plans, version, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (user_id, season) DO UPDATE SET plans = excluded.plans, version = excluded.version,
         updated_at = excluded.updated_at`,
    ),
  };
  statementsByDb.set(db, statements);
  return statements;
}

/** A renamed ground: its records to show the new name and be found by it. */
export type GroundRenamedHook = (db: SqliteDatabase, userId: string, groundId: string, name: string) => void;

/**
 * Applies the events of grounds, outings, settings and plans to their tables through `db`, passing over the rest
 * and over a version already applied; `onRenamed` is told of each ground whose name changed.
 */
export function applyManagementToSqlite(
  db: SqliteDatabase,
  events: readonly StoredLogEvent[],
  onRenamed: GroundRenamedHook,
): void {
  const statements = statementsOf(db);
  for (const event of events) {
    if (isGroundEvent(event)) {
      const row = statements.selectGround.get(event.streamId);
      if (!isNext(event.streamId, row?.version ?? 0, event.version)) continue;
      const ground = toGround(groundDecider.evolve(groundStateOf(row), event), event.streamId);
      if (ground === undefined) continue;
      statements.upsertGround.run({
        ...ground,
        user_id: event.userId,
        name_key: groundNameKey(ground.name),
        boundary: ground.boundary === null ? null : JSON.stringify(ground.boundary),
        centre: ground.centre === null ? null : JSON.stringify(ground.centre),
        archived: ground.archived ? 1 : 0,
      });
      if (row !== undefined && row.name !== ground.name) onRenamed(db, event.userId, ground.id, ground.name);
    } else if (isOutingEvent(event)) {
      const row = statements.selectOuting.get(event.streamId);
      if (!isNext(event.streamId, row?.version ?? 0, event.version)) continue;
      const outing = toOuting(outingDecider.evolve(outingStateOf(row), event), event.streamId, 0);
      if (outing === undefined) {
        statements.deleteOuting.run(event.streamId);
        continue;
      }
      const { cull_count: _count, ...kept } = outing;
      statements.upsertOuting.run({
        ...kept,
        user_id: event.userId,
        started_ms: Date.parse(outing.started_at),
      });
    } else if (event.type === T.settingsChanged) {
      const current = statements.selectSettings.get(event.userId)?.version ?? 0;
      if (event.version <= current) continue;
      statements.upsertSettings.run(event.userId, event.data.season_start, event.version);
    } else if (event.type === T.plansSet) {
      const current = statements.selectPlans.get(event.userId, event.data.season)?.version ?? 0;
      if (event.version <= current) continue;
      const plans = JSON.stringify(event.data.plans);
      statements.upsertPlans.run(event.userId, event.data.season, plans, event.version, event.occurredAt);
    }
  }
}

/** Deletes the user's grounds, outings, settings and plans through `db` (the erasure's transaction). */
export function eraseManagementFromSqlite(db: SqliteDatabase, userId: string): void {
  for (const table of MANAGEMENT_TABLES) db.prepare(`DELETE FROM ${table} WHERE user_id = ?`).run(userId);
}

function toGroundView(row: GroundRow): Ground {
  return toGround(groundStateOf(row), row.id)!;
}

/** The queries of grounds, outings, settings and plans on the records database. */
export function openSqliteManagementReadModel(db: SqliteDatabase): ManagementReadModel {
  db.exec(MANAGEMENT_SCHEMA);
  const listGrounds = db.prepare<[string], GroundRow>(
    'SELECT * FROM grounds WHERE user_id = ? ORDER BY name_key, id',
  );
  const getGround = db.prepare<[string, string], GroundRow>(
    'SELECT * FROM grounds WHERE user_id = ? AND id = ?',
  );
  const groundNamed = db.prepare<[string, string], GroundRow>(
    'SELECT * FROM grounds WHERE user_id = ? AND name_key = ?',
  );
  const listOutings = db.prepare<[string], OutingRow>(
    'SELECT * FROM outings WHERE user_id = ? ORDER BY started_ms DESC, id DESC',
  );
  const getOuting = db.prepare<[string, string], OutingRow>(
    'SELECT * FROM outings WHERE user_id = ? AND id = ?',
  );
  const openOuting = db.prepare<[string], OutingRow>(
    'SELECT * FROM outings WHERE user_id = ? AND ended_at IS NULL ORDER BY started_ms DESC LIMIT 1',
  );
  const cullCounts = db.prepare<[string], { outing_id: string; count: number }>(
    'SELECT outing_id, COUNT(*) AS count FROM culls WHERE user_id = ? AND outing_id IS NOT NULL GROUP BY outing_id',
  );
  const cullCount = db
    .prepare<[string, string], number>('SELECT COUNT(*) FROM culls WHERE user_id = ? AND outing_id = ?')
    .pluck();
  const seasonStart = db
    .prepare<[string], SeasonStart>('SELECT season_start FROM user_settings WHERE user_id = ?')
    .pluck();
  const plans = db.prepare<[string, string], { plans: string; updated_at: string }>(
    'SELECT plans, updated_at FROM cull_plans WHERE user_id = ? AND season = ?',
  );

  const outingOf = (row: OutingRow, count: number): Outing => toOuting(outingStateOf(row), row.id, count)!;

  return {
    async listGrounds(userId) {
      return listGrounds.all(userId).map(toGroundView);
    },
    async getGround(userId, id) {
      const row = getGround.get(userId, id);
      return row && toGroundView(row);
    },
    async groundNamed(userId, name) {
      const row = groundNamed.get(userId, groundNameKey(name));
      return row && toGroundView(row);
    },
    async listOutings(userId) {
      const counts = new Map(cullCounts.all(userId).map((row) => [row.outing_id, row.count]));
      return listOutings.all(userId).map((row) => outingOf(row, counts.get(row.id) ?? 0));
    },
    async getOuting(userId, id) {
      const row = getOuting.get(userId, id);
      return row && outingOf(row, cullCount.get(userId, id) ?? 0);
    },
    async openOuting(userId) {
      const row = openOuting.get(userId);
      return row && outingOf(row, cullCount.get(userId, row.id) ?? 0);
    },
    async seasonStart(userId) {
      return seasonStart.get(userId);
    },
    async plans(userId, season): Promise<StoredPlans | undefined> {
      const row = plans.get(userId, season);
      return row && { plans: JSON.parse(row.plans) as Plan[], updated_at: row.updated_at };
    },
  };
}
