import type Database from 'better-sqlite3';
import { applyEventToCull, cullSearchText, normaliseSearch } from '@cull-log/domain';
import { isSqliteOutage, reportingOutages } from '@cull-log/eventstore';
import {
  CULL_FIELD_NAMES,
  SORT_COLUMNS,
  type Cull,
  type ListCullsQuery,
  type ListCullsResponse,
  type MapCull,
  type StoredEvent,
} from '@cull-log/contracts';
import { CASE_INSENSITIVE_COLUMNS, MAP_CULL_FIELDS, sortKeys, type CullReadModel } from './cull-read-model';

type SqliteDatabase = Database.Database;
type Row = Record<string, string | number | null>;

const META_COLUMNS = ['id', 'user_id', 'version', 'created_at', 'updated_at'] as const;
const FIELD_COLUMNS: readonly string[] = CULL_FIELD_NAMES;
const ALL_COLUMNS = [...META_COLUMNS, ...FIELD_COLUMNS, 'search_text'];

const SCHEMA = `
CREATE TABLE IF NOT EXISTS culls (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  version INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  "date" TEXT NOT NULL,
  "time" TEXT NOT NULL,
  location_name TEXT NOT NULL,
  grid_ref TEXT,
  latitude REAL,
  longitude REAL,
  species TEXT NOT NULL,
  sex TEXT NOT NULL,
  age_estimate TEXT NOT NULL,
  weight REAL,
  "condition" TEXT NOT NULL,
  condition_notes TEXT,
  antlers_present INTEGER NOT NULL,
  antler_points INTEGER,
  antler_condition TEXT,
  shot_placement TEXT NOT NULL,
  shot_distance TEXT,
  notes TEXT,
  search_text TEXT NOT NULL
);
-- A search reads only this index, narrow and in one user's key range, rather than the records themselves.
CREATE INDEX IF NOT EXISTS culls_search ON culls (user_id, search_text);
-- The map's walk: only located rows are in it, already newest first, so records without coordinates cost nothing.
CREATE INDEX IF NOT EXISTS culls_located_by_user ON culls (user_id, created_at DESC, id DESC)
  WHERE latitude IS NOT NULL AND longitude IS NOT NULL;
-- Kept in step with culls, so an unfiltered total costs the same for 10 records as for 100,000.
CREATE TABLE IF NOT EXISTS cull_totals (user_id TEXT PRIMARY KEY, total INTEGER NOT NULL) WITHOUT ROWID;
${SORT_COLUMNS.map(
  (sort) =>
    `CREATE INDEX IF NOT EXISTS culls_by_user_${sort} ON culls (user_id, ${[...sortKeys(sort), 'id']
      .map(orderTerm)
      .join(', ')});`,
).join('\n')}
`;

function quote(column: string): string {
  return `"${column}"`;
}

/** How a column is compared in indexes and ORDER BY; both must say the same for a sort to walk the index. */
function orderTerm(column: string): string {
  return CASE_INSENSITIVE_COLUMNS.has(column) ? `${quote(column)} COLLATE NOCASE` : quote(column);
}

function toRow(record: Cull): Row {
  const row: Row = {};
  for (const column of ALL_COLUMNS) row[column] = null;
  const { created_by, antlers_present, ...rest } = record;
  for (const [column, value] of Object.entries(rest)) row[column] = value as string | number;
  row.user_id = created_by;
  row.antlers_present = antlers_present ? 1 : 0;
  row.search_text = cullSearchText(record);
  return row;
}

function toRecord(row: Row): Cull {
  const record: Record<string, unknown> = {
    id: row.id,
    created_by: row.user_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    version: row.version,
  };
  for (const column of FIELD_COLUMNS) {
    const value = row[column];
    if (value !== null && value !== undefined) record[column] = value;
  }
  record.antlers_present = row.antlers_present === 1;
  return record as Cull;
}

interface WriteStatements {
  select: Database.Statement<[string], Row>;
  upsert: Database.Statement<[Row]>;
  remove: Database.Statement<[string]>;
  countUp: Database.Statement<[string]>;
  countDown: Database.Statement<[string]>;
}

/** Statements prepared on the event store's connection, once per connection. */
const writeStatements = new WeakMap<SqliteDatabase, WriteStatements>();

function statementsOf(db: SqliteDatabase): WriteStatements {
  let statements = writeStatements.get(db);
  if (statements === undefined) {
    const columns = ALL_COLUMNS.map(quote).join(', ');
    const values = ALL_COLUMNS.map((column) => `@${column}`).join(', ');
    const updates = ALL_COLUMNS.filter((column) => column !== 'id')
      .map((column) => `${quote(column)} = excluded.${quote(column)}`)
      .join(', ');
    statements = {
      select: db.prepare<[string], Row>('SELECT * FROM culls WHERE id = ?'),
      upsert: db.prepare<[Row]>(
        `INSERT INTO culls (${columns}) VALUES (${values}) ON CONFLICT (id) DO UPDATE SET ${updates}`,
      ),
      remove: db.prepare<[string]>('DELETE FROM culls WHERE id = ?'),
      countUp: db.prepare<[string]>(
        'INSERT INTO cull_totals (user_id, total) VALUES (?, 1) ON CONFLICT (user_id) DO UPDATE SET total = total + 1',
      ),
      countDown: db.prepare<[string]>('UPDATE cull_totals SET total = total - 1 WHERE user_id = ?'),
    };
    writeStatements.set(db, statements);
  }
  return statements;
}

/** Applies events to the culls table through `db`, synchronously, as better-sqlite3 transactions require. */
export function applyToSqlite(db: SqliteDatabase, events: readonly StoredEvent[]): void {
  const statements = statementsOf(db);
  for (const event of events) {
    const row = statements.select.get(event.streamId);
    const current = row === undefined ? undefined : toRecord(row);
    const currentVersion = current?.version ?? 0;
    // The log guarantees the order; a gap here means the table and the log disagree, so refuse the append.
    if (currentVersion !== event.version - 1) {
      throw new Error(
        `Read model has ${event.streamId} at version ${currentVersion}, not ${event.version - 1}`,
      );
    }
    const next = applyEventToCull(current, event);
    if (next === undefined) statements.remove.run(event.streamId);
    else statements.upsert.run(toRow(next));
    if (current === undefined && next !== undefined) statements.countUp.run(next.created_by);
    if (current !== undefined && next === undefined) statements.countDown.run(current.created_by);
  }
}

/**
 * The page and total queries of a list: parameters are the user id, the search (when searching), then for the
 * page LIMIT and OFFSET. Filtering on user_id first keeps every other user's rows out of the walk.
 */
export function listSql(query: Pick<ListCullsQuery, 'sort' | 'order'>, searching: boolean) {
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const orderBy = [...sortKeys(query.sort), 'id'].map((column) => `${orderTerm(column)} ${direction}`);
  const where = searching ? 'user_id = ? AND instr(search_text, ?) > 0' : 'user_id = ?';
  return {
    page: `SELECT * FROM culls WHERE ${where} ORDER BY ${orderBy.join(', ')} LIMIT ? OFFSET ?`,
    count: searching
      ? `SELECT COUNT(*) AS total FROM culls WHERE ${where}`
      : 'SELECT total FROM cull_totals WHERE user_id = ?',
  };
}

const LOCATED_COLUMNS = ['id', ...MAP_CULL_FIELDS] as const;

/** The map's query: one parameter, the user id; its WHERE implies the partial index's, so SQLite may use it. */
export const LOCATED_SQL = `SELECT ${LOCATED_COLUMNS.map(quote).join(', ')} FROM culls
  WHERE user_id = ? AND latitude IS NOT NULL AND longitude IS NOT NULL
  ORDER BY created_at DESC, id DESC`;

/** Builds a map record from a row read as an array, in LOCATED_COLUMNS order. */
function toMapCull(values: readonly (string | number | null)[]): MapCull {
  const record: Record<string, unknown> = {};
  LOCATED_COLUMNS.forEach((column, index) => {
    const value = values[index];
    if (value !== null && value !== undefined) record[column] = value;
  });
  record.antlers_present = record.antlers_present === 1;
  return record as MapCull;
}

export interface SqliteReadModelOptions {
  /** The SQLite event store's connection: the table lives beside the log so one transaction covers both. */
  database: SqliteDatabase;
}

export type SqliteCullReadModel = CullReadModel<SqliteDatabase>;

export function openSqliteReadModel({ database: db }: SqliteReadModelOptions): SqliteCullReadModel {
  db.exec(SCHEMA);

  const getStatement = db.prepare<[string, string], Row>('SELECT * FROM culls WHERE id = ? AND user_id = ?');
  // Rows as arrays: with thousands of records, building keyed rows costs more than reading them.
  const locatedStatement = db.prepare<[string], (string | number | null)[]>(LOCATED_SQL).raw();
  const listStatements = new Map<
    string,
    { page: Database.Statement<unknown[], Row>; count: Database.Statement<unknown[], { total: number }> }
  >();

  function listStatementsFor(query: ListCullsQuery, searching: boolean) {
    const key = `${query.sort}:${query.order}:${searching}`;
    let statements = listStatements.get(key);
    if (statements === undefined) {
      const sql = listSql(query, searching);
      statements = {
        page: db.prepare<unknown[], Row>(sql.page),
        count: db.prepare<unknown[], { total: number }>(sql.count),
      };
      listStatements.set(key, statements);
    }
    return statements;
  }

  // One read transaction, so the page and the total describe the same moment.
  const readList = db.transaction((userId: string, query: ListCullsQuery): ListCullsResponse => {
    const search = normaliseSearch(query.q);
    const filter = search === '' ? [userId] : [userId, search];
    const statements = listStatementsFor(query, search !== '');
    const rows = statements.page.all(...filter, query.page_size, (query.page - 1) * query.page_size);
    const total = statements.count.get(...filter)?.total ?? 0;
    return { items: rows.map(toRecord), total, page: query.page, page_size: query.page_size };
  });

  return reportingOutages<SqliteCullReadModel>(
    {
      apply(tx, events) {
        applyToSqlite(tx, events);
      },
      async get(userId, id) {
        const row = getStatement.get(id, userId);
        return row === undefined ? undefined : toRecord(row);
      },
      async list(userId, query) {
        return readList.deferred(userId, query);
      },
      async listLocated(userId) {
        return locatedStatement.all(userId).map(toMapCull);
      },
    },
    isSqliteOutage,
  );
}
