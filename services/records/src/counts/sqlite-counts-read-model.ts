import type Database from 'better-sqlite3';
import type { CountEvent, StoredLogEvent } from '@cull-log/contracts';
import { countDecider } from '@cull-log/domain';
import type { SqliteMigration } from '@cull-log/storage-kit';
import type { ManagementReadModel } from '../read-model/management-read-model';
import { preparedPerDatabase } from '../read-model/prepared-per-database';
import { nextStateOf } from '../read-model/stream-state';
import { countStateOf, storedCountOf, type StoredCount } from './stored-count';

type SqliteDatabase = Database.Database;

const COUNTS_SCHEMA = `
CREATE TABLE IF NOT EXISTS counts (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  ground_id TEXT NOT NULL,
  date TEXT NOT NULL,
  method TEXT NOT NULL,
  -- The lines counted and a dung count's plots, as JSON.
  items TEXT NOT NULL,
  notes TEXT,
  dung TEXT,
  version INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS counts_by_user_date ON counts (user_id, date DESC, created_at DESC);
CREATE INDEX IF NOT EXISTS counts_by_user_ground_date ON counts (user_id, ground_id, date DESC, created_at DESC);
`;

/** The counts' table in the records database, step by step; a change is a new step at the end. */
export const SQLITE_COUNT_MIGRATIONS: readonly SqliteMigration[] = [
  {
    version: 1,
    does: 'the counts table, listed by user (and ground), newest day first',
    up: (db) => db.exec(COUNTS_SCHEMA),
  },
  {
    version: 2,
    does: 'counts listed by ground whoever counted (a team ground gathers its members’), newest day first',
    up: (db) =>
      db.exec(
        'CREATE INDEX IF NOT EXISTS counts_by_ground_date ON counts (ground_id, date DESC, created_at DESC)',
      ),
  },
];

type CountRow = Omit<StoredCount, 'items' | 'dung'> & { items: string; dung: string | null };

const storedOf = ({ items, dung, ...row }: CountRow): StoredCount => ({
  ...row,
  items: JSON.parse(items) as StoredCount['items'],
  dung: dung === null ? null : (JSON.parse(dung) as StoredCount['dung']),
});

const statementsOf = preparedPerDatabase((db) => ({
  selectCount: db.prepare<[string], CountRow>('SELECT * FROM counts WHERE id = ?'),
  upsertCount: db.prepare<[Record<string, unknown>]>(
    `INSERT INTO counts (id, user_id, ground_id, date, method, items, notes, dung, version, created_at, updated_at)
     VALUES (@id, @user_id, @ground_id, @date, @method, @items, @notes, @dung, @version, @created_at, @updated_at)
     ON CONFLICT (id) DO UPDATE SET ground_id = excluded.ground_id, date = excluded.date, method = excluded.method,
       items = excluded.items, notes = excluded.notes, dung = excluded.dung, version = excluded.version,
       updated_at = excluded.updated_at`,
  ),
  deleteCount: db.prepare<[string]>('DELETE FROM counts WHERE id = ?'),
}));

/** Applies a count's event to its row through `db`, passing over a version already applied. */
export function applyCountToSqlite(db: SqliteDatabase, event: StoredLogEvent & CountEvent): void {
  const statements = statementsOf(db);
  const row = statements.selectCount.get(event.streamId);
  const state = nextStateOf(countDecider, countStateOf, row && storedOf(row), event);
  if (state === undefined) return;
  if (state.status !== 'active') {
    statements.deleteCount.run(event.streamId);
    return;
  }
  const count = storedCountOf(state, event.streamId);
  statements.upsertCount.run({
    ...count,
    items: JSON.stringify(count.items),
    dung: count.dung === null ? null : JSON.stringify(count.dung),
  });
}

/** The queries of a user's counts, and of the counts on grounds, on the records database. */
export function openSqliteCountsReadModel(
  db: SqliteDatabase,
): Pick<ManagementReadModel, 'listCounts' | 'getCount' | 'listGroundCounts'> {
  const listAll = db.prepare<[string], CountRow>(
    'SELECT * FROM counts WHERE user_id = ? ORDER BY date DESC, created_at DESC, id DESC',
  );
  const listOnGround = db.prepare<[string, string], CountRow>(
    'SELECT * FROM counts WHERE user_id = ? AND ground_id = ? ORDER BY date DESC, created_at DESC, id DESC',
  );
  const getCount = db.prepare<[string, string], CountRow>(
    'SELECT * FROM counts WHERE user_id = ? AND id = ?',
  );
  const listOnGrounds = db.prepare<[string], CountRow>(
    `SELECT * FROM counts WHERE ground_id IN (SELECT value FROM json_each(?))
     ORDER BY date DESC, created_at DESC, id DESC`,
  );
  return {
    async listGroundCounts(groundIds) {
      return groundIds.length === 0 ? [] : listOnGrounds.all(JSON.stringify(groundIds)).map(storedOf);
    },
    async listCounts(userId, groundId) {
      const rows = groundId === undefined ? listAll.all(userId) : listOnGround.all(userId, groundId);
      return rows.map(storedOf);
    },
    async getCount(userId, id) {
      const row = getCount.get(userId, id);
      return row && storedOf(row);
    },
  };
}
