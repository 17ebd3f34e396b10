import type Database from 'better-sqlite3';
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
import type { SqliteMigration } from '@cull-log/storage-kit';
import type { ManagementReadModel, StoredPlans } from '../read-model/management-read-model';
import { preparedPerDatabase } from '../read-model/prepared-per-database';

type SqliteDatabase = Database.Database;

const SETTINGS_SCHEMA = `
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

/** The settings' and plans' tables in the records database, step by step; a change is a new step at the end. */
export const SQLITE_SETTINGS_MIGRATIONS: readonly SqliteMigration[] = [
  {
    version: 1,
    does: "each user's settings, and their plans by season",
    up: (db) => db.exec(SETTINGS_SCHEMA),
  },
  {
    version: 2,
    does: "a team plan's allocations to its members, beside its plans",
    up(db) {
      // A file from before numbering runs every step, this one on a table that may already have the column.
      const columns = db
        .prepare<[], { name: string }>("SELECT name FROM pragma_table_info('cull_plans')")
        .all();
      if (columns.some((column) => column.name === 'allocations')) return;
      db.exec("ALTER TABLE cull_plans ADD COLUMN allocations TEXT NOT NULL DEFAULT '[]'");
    },
  },
  {
    version: 3,
    does: "each user's deer-management values by ground",
    up: (db) =>
      db.exec(`CREATE TABLE IF NOT EXISTS deer_values (
        user_id TEXT NOT NULL,
        ground_id TEXT NOT NULL,
        species TEXT NOT NULL,
        seasons INTEGER,
        version INTEGER NOT NULL,
        PRIMARY KEY (user_id, ground_id)
      ) WITHOUT ROWID`),
  },
];

const statementsOf = preparedPerDatabase((db) => ({
  selectSettings: db.prepare<[string], { version: number }>(
    'SELECT version FROM user_settings WHERE user_id = ?',
  ),
  upsertSettings: db.prepare<[string, string, number]>(
    `INSERT INTO user_settings (user_id, season_start, version) VALUES (?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET season_start = excluded.season_start, version = excluded.version`,
  ),
  selectDeerValues: db.prepare<[string, string], { version: number }>(
    'SELECT version FROM deer_values WHERE user_id = ? AND ground_id = ?',
  ),
  upsertDeerValues: db.prepare<[string, string, string, number | null, number]>(
    `INSERT INTO deer_values (user_id, ground_id, species, seasons, version) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (user_id, ground_id) DO UPDATE SET species = excluded.species, seasons = excluded.seasons,
       version = excluded.version`,
  ),
  selectPlans: db.prepare<[string, string], { version: number }>(
    'SELECT version FROM cull_plans WHERE user_id = ? AND season = ?',
  ),
  upsertPlans: db.prepare<[string, string, string, number, string]>(
    `INSERT INTO cull_plans (user_id, season, plans, version, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (user_id, season) DO UPDATE SET plans = excluded.plans, version = excluded.version,
       updated_at = excluded.updated_at`,
  ),
  // A plans stream's first event is always its plans.set.v1, so the row is there for its allocations.
  updateAllocations: db.prepare<[string, number, string, string, string]>(
    `UPDATE cull_plans SET allocations = ?, version = ?, updated_at = ? WHERE user_id = ? AND season = ?`,
  ),
}));

/** Applies a change of the user's settings through `db`, passing over a version already applied. */
export function applySettingsToSqlite(db: SqliteDatabase, event: StoredLogEvent & SettingsChanged): void {
  const statements = statementsOf(db);
  const current = statements.selectSettings.get(event.userId)?.version ?? 0;
  if (event.version <= current) return;
  statements.upsertSettings.run(event.userId, event.data.season_start, event.version);
}

/**
 * Applies a ground's saved deer-management values through `db`, passing over a version of the settings stream already
 * applied to that ground's row (a later event of the stream on the ground wrote it, or this one did).
 */
export function applyDeerValuesToSqlite(db: SqliteDatabase, event: StoredLogEvent & DeerValuesSaved): void {
  const statements = statementsOf(db);
  const { ground_id: groundId, species, seasons } = event.data;
  const current = statements.selectDeerValues.get(event.userId, groundId)?.version ?? 0;
  if (event.version <= current) return;
  statements.upsertDeerValues.run(
    event.userId,
    groundId,
    JSON.stringify(species),
    seasons ?? null,
    event.version,
  );
}

/** Applies a season's plans through `db`, passing over a version already applied. */
export function applyPlansToSqlite(db: SqliteDatabase, event: StoredLogEvent & PlansSet): void {
  const statements = statementsOf(db);
  const current = statements.selectPlans.get(event.userId, event.data.season)?.version ?? 0;
  if (event.version <= current) return;
  const plans = JSON.stringify(event.data.plans);
  statements.upsertPlans.run(event.userId, event.data.season, plans, event.version, event.occurredAt);
}

/** Applies a team plan's allocations through `db`, passing over a version already applied. */
export function applyAllocationsToSqlite(db: SqliteDatabase, event: StoredLogEvent & PlansAllocated): void {
  const statements = statementsOf(db);
  const current = statements.selectPlans.get(event.userId, event.data.season)?.version ?? 0;
  if (event.version <= current) return;
  const allocations = JSON.stringify(event.data.allocations);
  statements.updateAllocations.run(
    allocations,
    event.version,
    event.occurredAt,
    event.userId,
    event.data.season,
  );
}

/** The queries of a user's settings and plans on the records database. */
export function openSqliteSettingsReadModel(
  db: SqliteDatabase,
): Pick<ManagementReadModel, 'seasonStart' | 'plans' | 'deerValues'> {
  const seasonStart = db
    .prepare<[string], SeasonStart>('SELECT season_start FROM user_settings WHERE user_id = ?')
    .pluck();
  const plans = db.prepare<[string, string], { plans: string; allocations: string; updated_at: string }>(
    'SELECT plans, allocations, updated_at FROM cull_plans WHERE user_id = ? AND season = ?',
  );
  const deerValues = db.prepare<[string, string], { species: string; seasons: number | null }>(
    'SELECT species, seasons FROM deer_values WHERE user_id = ? AND ground_id = ?',
  );
  return {
    async seasonStart(userId) {
      return seasonStart.get(userId);
    },
    async deerValues(userId, groundId): Promise<DeerValues | undefined> {
      const row = deerValues.get(userId, groundId);
      return (
        row && {
          species: JSON.parse(row.species) as DeerValues['species'],
          ...(row.seasons !== null && { seasons: row.seasons }),
        }
      );
    },
    async plans(userId, season): Promise<StoredPlans | undefined> {
      const row = plans.get(userId, season);
      return (
        row && {
          plans: JSON.parse(row.plans) as Plan[],
          allocations: JSON.parse(row.allocations) as MemberAllocation[],
          updated_at: row.updated_at,
        }
      );
    },
  };
}
