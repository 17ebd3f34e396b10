import type Database from 'better-sqlite3';
import type { Outing, OutingEvent, StoredLogEvent } from '@cull-log/contracts';
import { outingDecider, toOuting } from '@cull-log/domain';
import type { SqliteMigration } from '@cull-log/storage-kit';
import type { ManagementReadModel } from '../read-model/management-read-model';
import { preparedPerDatabase } from '../read-model/prepared-per-database';
import { nextStateOf } from '../read-model/stream-state';
import { outingStateOf, type StoredOuting } from './stored-outing';

type SqliteDatabase = Database.Database;

const OUTINGS_SCHEMA = `
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
`;

/** The outings' table in the records database, step by step; a change is a new step at the end. */
export const SQLITE_OUTING_MIGRATIONS: readonly SqliteMigration[] = [
  {
    version: 1,
    does: 'the outings table, listed by user, newest started first',
    up: (db) => db.exec(OUTINGS_SCHEMA),
  },
  {
    version: 2,
    does: "an outing's people out (1 until told) and its sightings (JSON, null while none were recorded)",
    up(db) {
      // A file from before numbering runs every step, this one on a table that may already have the columns.
      const columns = new Set(
        db
          .prepare<[], { name: string }>("SELECT name FROM pragma_table_info('outings')")
          .all()
          .map((column) => column.name),
      );
      if (!columns.has('hunters'))
        db.exec('ALTER TABLE outings ADD COLUMN hunters INTEGER NOT NULL DEFAULT 1');
      if (!columns.has('sightings')) db.exec('ALTER TABLE outings ADD COLUMN sightings TEXT');
    },
  },
  {
    version: 3,
    does: "the outings on a ground, newest started first (a team's ground's trends read its members' in one go)",
    up: (db) =>
      db.exec(
        'CREATE INDEX IF NOT EXISTS outings_by_ground_start ON outings (ground_id, started_ms DESC, id DESC)',
      ),
  },
];

/** An outing's row: its sightings as JSON text. */
type OutingRow = Omit<StoredOuting, 'sightings'> & { id: string; sightings: string | null };

/** The outing a row keeps, its sightings read back from their JSON. */
const storedOf = ({ sightings, ...row }: OutingRow): StoredOuting & { id: string } => ({
  ...row,
  sightings: sightings === null ? null : (JSON.parse(sightings) as StoredOuting['sightings']),
});

const statementsOf = preparedPerDatabase((db) => ({
  selectOuting: db.prepare<[string], OutingRow>('SELECT * FROM outings WHERE id = ?'),
  upsertOuting: db.prepare<[Record<string, unknown>]>(
    `INSERT INTO outings (id, user_id, ground_id, started_at, started_ms, ended_at, notes, hunters, sightings, version,
       created_at, updated_at)
     VALUES (@id, @user_id, @ground_id, @started_at, @started_ms, @ended_at, @notes, @hunters, @sightings, @version,
       @created_at, @updated_at)
     ON CONFLICT (id) DO UPDATE SET ground_id = excluded.ground_id, started_at = excluded.started_at,
       started_ms = excluded.started_ms, ended_at = excluded.ended_at, notes = excluded.notes,
       hunters = excluded.hunters, sightings = excluded.sightings,
       version = excluded.version, updated_at = excluded.updated_at`,
  ),
  deleteOuting: db.prepare<[string]>('DELETE FROM outings WHERE id = ?'),
}));

/** Applies an outing's event to its row through `db`, passing over a version already applied. */
export function applyOutingToSqlite(db: SqliteDatabase, event: StoredLogEvent & OutingEvent): void {
  const statements = statementsOf(db);
  const row = statements.selectOuting.get(event.streamId);
  const state = nextStateOf(outingDecider, outingStateOf, row && storedOf(row), event);
  if (state === undefined) return;
  const outing = toOuting(state, event.streamId, 0);
  if (outing === undefined) {
    statements.deleteOuting.run(event.streamId);
    return;
  }
  const { cull_count: _count, ...kept } = outing;
  statements.upsertOuting.run({
    ...kept,
    sightings: kept.sightings === null ? null : JSON.stringify(kept.sightings),
    user_id: event.userId,
    started_ms: Date.parse(outing.started_at),
  });
}

/** The queries of a user's outings on the records database, with their numbers of culls. */
export function openSqliteOutingsReadModel(
  db: SqliteDatabase,
): Pick<ManagementReadModel, 'listOutings' | 'groundOutings' | 'getOuting' | 'openOuting'> {
  const groundOutings = db.prepare<[string, string], OutingRow>(
    `SELECT * FROM outings WHERE ground_id = ? AND user_id IN (SELECT value FROM json_each(?))
     ORDER BY started_ms DESC, id DESC`,
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

  const outingOf = (row: OutingRow, count: number): Outing =>
    toOuting(outingStateOf(storedOf(row)), row.id, count)!;

  return {
    async listOutings(userId) {
      const counts = new Map(cullCounts.all(userId).map((row) => [row.outing_id, row.count]));
      return listOutings.all(userId).map((row) => outingOf(row, counts.get(row.id) ?? 0));
    },
    async groundOutings(userIds, groundId) {
      // Each outing's culls are its stalker's: counted by their index, one outing at a time.
      return groundOutings
        .all(groundId, JSON.stringify(userIds))
        .map((row) => outingOf(row, cullCount.get(row.user_id, row.id) ?? 0));
    },
    async getOuting(userId, id) {
      const row = getOuting.get(userId, id);
      return row && outingOf(row, cullCount.get(userId, id) ?? 0);
    },
    async openOuting(userId) {
      const row = openOuting.get(userId);
      return row && outingOf(row, cullCount.get(userId, row.id) ?? 0);
    },
  };
}
