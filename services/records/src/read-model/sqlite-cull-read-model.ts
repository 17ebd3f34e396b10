import type Database from 'better-sqlite3';
import {
  applyEventToCull,
  carcassTagKey,
  cullSearchText,
  normaliseSearch,
  type TaggedRecord,
} from '@cull-log/domain';
import { isSqliteOutage, reportingOutages } from '@cull-log/storage-kit';
import {
  CULL_FIELD_NAMES,
  MAP_POINTS_LIMIT,
  NESTED_FIELD_NAMES,
  SORT_COLUMNS,
  type Cull,
  type ListCullsQuery,
  type CullPage,
  type MapCullFields,
  isCullStreamEvent,
  type StoredLogEvent,
} from '@cull-log/contracts';
import {
  CASE_INSENSITIVE_COLUMNS,
  MAP_CULL_FIELDS,
  pageWindow,
  readOrder,
  type PageWindow,
  sortKeys,
  toMapPoints,
  filtersSome,
  type CullReadModel,
  type MapPointsFilter,
} from './cull-read-model';
import { trigramPhrase, usesTrigrams } from './search-trigrams';
import {
  applyManagementToSqlite,
  eraseManagementFromSqlite,
  openSqliteManagementReadModel,
} from './sqlite-management-read-model';

type SqliteDatabase = Database.Database;
type Row = Record<string, string | number | bigint | null>;

const META_COLUMNS = ['id', 'user_id', 'version', 'created_at', 'updated_at'] as const;
/** The record's fields, its photos and where it belongs: every column that reads back as a property of the record. */
const FIELD_COLUMNS: readonly string[] = [
  ...CULL_FIELD_NAMES,
  'photos',
  'ground_id',
  'ground_name',
  'outing_id',
];
/** Fields holding an object or a list, kept as JSON text. */
const JSON_COLUMNS: ReadonlySet<string> = new Set([...NESTED_FIELD_NAMES, 'photos']);
const ALL_COLUMNS = [...META_COLUMNS, ...FIELD_COLUMNS, 'search_text', 'search_rowid', 'carcass_tag_key'];

/** A user's records hold rowids from `number << USER_SHIFT` up: one user's postings sit together in the index. */
const USER_SHIFT = 32n;

const TABLE = `
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
  search_text TEXT NOT NULL,
  -- The record's row in culls_search_trigrams; NULL only in a database from before the index, until opened.
  search_rowid INTEGER
);
`;

/** Columns added after the table was first made, with their types: a database from before them gains them on open. */
const ADDED_COLUMNS = {
  calibre: 'TEXT',
  bullet_weight_gr: 'REAL',
  bullet_type: 'TEXT',
  muzzle_velocity_fps: 'REAL',
  muzzle_energy_j: 'REAL',
  shooter: 'TEXT',
  carcass_tag: 'TEXT',
  carcass_destination: 'TEXT',
  game_dealer: 'TEXT',
  inspection: 'TEXT',
  weather: 'TEXT',
  // The tag as the duplicate-tag rule compares it, for the index that finds a user's records by tag.
  carcass_tag_key: 'TEXT',
  // The photos' descriptions (never their bytes), as JSON; NULL when the record has none.
  photos: 'TEXT',
  // The ground and outing the record belongs to (cull.placed.v1); NULL for none.
  ground_id: 'TEXT',
  outing_id: 'TEXT',
  // The ground's name as it is now, kept in step by a rename, so the table, the map and search show it.
  ground_name: 'TEXT',
} as const;

const SCHEMA = `
-- A search shorter than a trigram reads only this index, narrow and in one user's key range.
CREATE INDEX IF NOT EXISTS culls_search ON culls (user_id, search_text);
-- Every search_text by trigram, case as stored (already lower-cased, as a search is), keyed by search_rowid.
CREATE VIRTUAL TABLE IF NOT EXISTS culls_search_trigrams USING fts5(
  search_text, content='', contentless_delete=1, tokenize='trigram case_sensitive 1'
);
-- Each user's number, the high bits of their search rowids, and how many rowids they have been given.
CREATE TABLE IF NOT EXISTS cull_search_users (
  number INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL UNIQUE,
  records INTEGER NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS culls_by_search_rowid ON culls (search_rowid);
-- The map's walk: only located rows are in it, already newest first, so records without coordinates cost nothing;
-- the points' columns ride along, so the map's points never touch the records.
CREATE INDEX IF NOT EXISTS culls_located_by_user ON culls (user_id, created_at DESC, id DESC, latitude, longitude, species)
  WHERE latitude IS NOT NULL AND longitude IS NOT NULL;
-- A marker's records: one user's records at one point, newest first.
CREATE INDEX IF NOT EXISTS culls_at_point ON culls (user_id, latitude, longitude, created_at DESC, id DESC)
  WHERE latitude IS NOT NULL AND longitude IS NOT NULL;
-- A user's records by carcass tag, for the duplicate-tag warning; only tagged records are in it.
CREATE INDEX IF NOT EXISTS culls_by_user_tag ON culls (user_id, carcass_tag_key) WHERE carcass_tag_key IS NOT NULL;
-- A ground's records, for a rename and the map's filter; an outing's, for its number of culls.
CREATE INDEX IF NOT EXISTS culls_by_user_ground ON culls (user_id, ground_id) WHERE ground_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS culls_by_user_outing ON culls (user_id, outing_id) WHERE outing_id IS NOT NULL;
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

function toRow(record: Cull, searchRowid: bigint): Row {
  const row: Row = {};
  for (const column of ALL_COLUMNS) row[column] = null;
  const { created_by, antlers_present, ...rest } = record;
  for (const [column, value] of Object.entries(rest)) {
    row[column] = JSON_COLUMNS.has(column) ? JSON.stringify(value) : (value as string | number);
  }
  row.user_id = created_by;
  row.antlers_present = antlers_present ? 1 : 0;
  row.search_text = cullSearchText(record);
  row.search_rowid = searchRowid;
  row.carcass_tag_key = record.carcass_tag === undefined ? null : carcassTagKey(record.carcass_tag);
  return row;
}

/** A row as a record; the write path reads rows with safe integers, so numbers may come as bigints. */
function toRecord(row: Row): Cull {
  const record: Record<string, unknown> = {
    id: row.id,
    created_by: row.user_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    version: Number(row.version),
  };
  for (const column of FIELD_COLUMNS) {
    const value = row[column];
    if (value === null || value === undefined) continue;
    if (JSON_COLUMNS.has(column)) record[column] = JSON.parse(String(value)) as unknown;
    else record[column] = typeof value === 'bigint' ? Number(value) : value;
  }
  record.antlers_present = Number(row.antlers_present) === 1;
  return record as Cull;
}

interface WriteStatements {
  select: Database.Statement<[string], Row>;
  upsert: Database.Statement<[Row]>;
  remove: Database.Statement<[string]>;
  countUp: Database.Statement<[string]>;
  countDown: Database.Statement<[string]>;
  nextSearchRowid: Database.Statement<[string], bigint>;
  indexSearch: Database.Statement<[bigint, string]>;
  unindexSearch: Database.Statement<[bigint]>;
  groundName: Database.Statement<[string], string>;
  groundRecords: Database.Statement<[string, string], Row>;
  renameRecord: Database.Statement<[string, string, string]>;
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
      // Safe integers: a search rowid passes 2^53 from the user numbered 2^21 on.
      select: db.prepare<[string], Row>('SELECT * FROM culls WHERE id = ?').safeIntegers(),
      upsert: db.prepare<[Row]>(
        `INSERT INTO culls (${columns}) VALUES (${values}) ON CONFLICT (id) DO UPDATE SET ${updates}`,
      ),
      remove: db.prepare<[string]>('DELETE FROM culls WHERE id = ?'),
      countUp: db.prepare<[string]>(
        'INSERT INTO cull_totals (user_id, total) VALUES (?, 1) ON CONFLICT (user_id) DO UPDATE SET total = total + 1',
      ),
      countDown: db.prepare<[string]>('UPDATE cull_totals SET total = total - 1 WHERE user_id = ?'),
      nextSearchRowid: db
        .prepare<[string], bigint>(
          `INSERT INTO cull_search_users (user_id, records) VALUES (?, 1)
           ON CONFLICT (user_id) DO UPDATE SET records = records + 1
           RETURNING (number << ${USER_SHIFT}) + records`,
        )
        .pluck()
        .safeIntegers(),
      indexSearch: db.prepare<[bigint, string]>(
        'INSERT INTO culls_search_trigrams (rowid, search_text) VALUES (?, ?)',
      ),
      unindexSearch: db.prepare<[bigint]>('DELETE FROM culls_search_trigrams WHERE rowid = ?'),
      groundName: db.prepare<[string], string>('SELECT name FROM grounds WHERE id = ?').pluck(),
      groundRecords: db
        .prepare<[string, string], Row>('SELECT * FROM culls WHERE user_id = ? AND ground_id = ?')
        .safeIntegers(),
      renameRecord: db.prepare<[string, string, string]>(
        'UPDATE culls SET ground_name = ?, search_text = ? WHERE id = ?',
      ),
    };
    writeStatements.set(db, statements);
  }
  return statements;
}

/** Writes a record's row and keeps its search index row in step; `row` is what the table held before. */
function writeRecord(statements: WriteStatements, row: Row | undefined, record: Cull): void {
  const searchRowid = row === undefined ? undefined : (row.search_rowid as bigint);
  const nextRow = toRow(record, searchRowid ?? statements.nextSearchRowid.get(record.created_by)!);
  statements.upsert.run(nextRow);
  if (nextRow.search_text !== row?.search_text) {
    if (searchRowid !== undefined) statements.unindexSearch.run(searchRowid);
    statements.indexSearch.run(nextRow.search_rowid as bigint, nextRow.search_text as string);
  }
}

/**
 * A renamed ground's records take its new name: only their name and search text change, so only those are written,
 * with their search index rows.
 */
function renameGroundRecords(db: SqliteDatabase, userId: string, groundId: string, name: string): void {
  const statements = statementsOf(db);
  for (const row of statements.groundRecords.all(userId, groundId)) {
    const searchText = cullSearchText({ ...toRecord(row), ground_name: name });
    // Every row has its search rowid once the read model is open.
    const searchRowid = row.search_rowid as bigint;
    statements.renameRecord.run(name, searchText, row.id as string);
    statements.unindexSearch.run(searchRowid);
    statements.indexSearch.run(searchRowid, searchText);
  }
}

/**
 * Applies events through `db`, synchronously, as better-sqlite3 transactions require: a record's to the culls table,
 * and those of grounds, outings, settings and plans to theirs.
 */
export function applyToSqlite(db: SqliteDatabase, events: readonly StoredLogEvent[]): void {
  const statements = statementsOf(db);
  for (const event of events) {
    if (!isCullStreamEvent(event)) {
      applyManagementToSqlite(db, [event], renameGroundRecords);
      continue;
    }
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
    if (next === undefined) {
      statements.remove.run(event.streamId);
      if (row?.search_rowid != null) statements.unindexSearch.run(row.search_rowid as bigint);
    } else {
      const groundName = next.ground_id === undefined ? undefined : statements.groundName.get(next.ground_id);
      writeRecord(statements, row, { ...next, ...(groundName !== undefined && { ground_name: groundName }) });
    }
    if (current === undefined && next !== undefined) statements.countUp.run(next.created_by);
    if (current !== undefined && next === undefined) statements.countDown.run(current.created_by);
  }
}

/**
 * Deletes the user's records, their search index rows, their total and their search number, through `db`
 * (the erasure's transaction). The trigram index keeps a deleted row's postings until its segments merge, so it
 * is merged at once: nothing of the erased records stays in the file.
 */
export function eraseFromSqlite(db: SqliteDatabase, userId: string): void {
  const { unindexSearch } = statementsOf(db);
  const searchRowids = db
    .prepare<[string], bigint>(
      'SELECT search_rowid FROM culls WHERE user_id = ? AND search_rowid IS NOT NULL',
    )
    .pluck()
    .safeIntegers()
    .all(userId);
  for (const searchRowid of searchRowids) unindexSearch.run(searchRowid);
  for (const table of ['culls', 'cull_totals', 'cull_search_users']) {
    db.prepare(`DELETE FROM ${table} WHERE user_id = ?`).run(userId);
  }
  eraseManagementFromSqlite(db, userId);
  if (searchRowids.length > 0) {
    db.exec("INSERT INTO culls_search_trigrams (culls_search_trigrams) VALUES ('optimize')");
  }
}

/**
 * Prepares a database from before the search index or the carcass fields for the schema: adds their columns, and
 * drops a map index without the points' columns so that the schema builds it again.
 */
function migrate(db: SqliteDatabase): void {
  const columns = db.prepare<[], string>("SELECT name FROM pragma_table_info('culls')").pluck().all();
  if (!columns.includes('search_rowid')) db.exec('ALTER TABLE culls ADD COLUMN search_rowid INTEGER');
  for (const [column, type] of Object.entries(ADDED_COLUMNS)) {
    if (!columns.includes(column)) db.exec(`ALTER TABLE culls ADD COLUMN ${quote(column)} ${type}`);
  }
  const mapIndex = db
    .prepare<[], string>("SELECT name FROM pragma_index_info('culls_located_by_user')")
    .pluck()
    .all();
  if (mapIndex.length > 0 && !mapIndex.includes('species')) db.exec('DROP INDEX culls_located_by_user');
}

/** Gives every record without a search rowid (an older database's) its rowid and its index row, in one transaction. */
function indexUnindexedRecords(db: SqliteDatabase): void {
  const statements = statementsOf(db);
  const unindexed = db.prepare<[], { id: string; user_id: string; search_text: string }>(
    'SELECT id, user_id, search_text FROM culls WHERE search_rowid IS NULL ORDER BY user_id, created_at, id',
  );
  const setSearchRowid = db.prepare<[bigint, string]>('UPDATE culls SET search_rowid = ? WHERE id = ?');
  db.transaction(() => {
    for (const record of unindexed.all()) {
      const searchRowid = statements.nextSearchRowid.get(record.user_id)!;
      setSearchRowid.run(searchRowid, record.id);
      statements.indexSearch.run(searchRowid, record.search_text);
    }
  })();
}

/**
 * How a list finds its rows: all the user's, those whose text contains a term too short for trigrams (read from
 * the narrow search index), or those the trigram index finds in the user's rowid range.
 */
export type ListFilter = 'all' | 'contains' | 'trigrams';

/**
 * The page and total queries of a list. Parameters: for `all` the user id, for `contains` the user id and the
 * term, for `trigrams` the FTS5 phrase and the user's lowest and highest search rowid; then for the page LIMIT
 * and OFFSET. Every filter keeps other users' rows out of the walk: by user_id first, or by the rowid range.
 */
export function listSql(query: Pick<ListCullsQuery, 'sort' | 'order'>, filter: ListFilter) {
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const orderBy = [...sortKeys(query.sort), 'id'].map((column) => `${orderTerm(column)} ${direction}`);
  const page = `ORDER BY ${orderBy.join(', ')} LIMIT ? OFFSET ?`;
  const hits = 'culls_search_trigrams MATCH ? AND culls_search_trigrams.rowid BETWEEN ? AND ?';
  switch (filter) {
    case 'all':
      return {
        page: `SELECT * FROM culls WHERE user_id = ? ${page}`,
        count: 'SELECT total FROM cull_totals WHERE user_id = ?',
      };
    case 'contains': {
      const where = 'user_id = ? AND instr(search_text, ?) > 0';
      return {
        page: `SELECT * FROM culls WHERE ${where} ${page}`,
        count: `SELECT COUNT(*) AS total FROM culls WHERE ${where}`,
      };
    }
    case 'trigrams':
      return {
        // CROSS JOIN keeps the index's hits the outer loop: each is one lookup, and only they are sorted.
        page: `SELECT culls.* FROM culls_search_trigrams CROSS JOIN culls ON culls.search_rowid = culls_search_trigrams.rowid
          WHERE ${hits} ${page}`,
        count: `SELECT COUNT(*) AS total FROM culls_search_trigrams WHERE ${hits}`,
      };
  }
}

const LOCATED_COLUMNS = ['id', ...MAP_CULL_FIELDS] as const;
const LOCATED = 'latitude IS NOT NULL AND longitude IS NOT NULL';

/**
 * The map's query: the user id, then the most rows. Its WHERE implies the partial index's, and the index is named,
 * so a user whose records mostly lack coordinates never gets a plan that walks them all.
 */
export const LOCATED_SQL = `SELECT ${LOCATED_COLUMNS.map(quote).join(', ')} FROM culls INDEXED BY culls_located_by_user
  WHERE user_id = ? AND ${LOCATED}
  ORDER BY created_at DESC, id DESC LIMIT ?`;

/** The map's points: the same walk, reading only the index (user id, then the most rows). */
export const MAP_POINTS_SQL = `SELECT latitude, longitude, species FROM culls INDEXED BY culls_located_by_user
  WHERE user_id = ? AND ${LOCATED}
  ORDER BY created_at DESC, id DESC LIMIT ?`;

/** The map's points through a filter: the user id, then the filter's values in the order of its terms, then the most rows. */
export function filteredMapPointsSql(filter: MapPointsFilter): string {
  const terms = [
    ...(filter.from !== undefined ? ['"date" >= ?'] : []),
    ...(filter.to !== undefined ? ['"date" <= ?'] : []),
    ...(filter.species !== undefined ? ['species = ? COLLATE NOCASE'] : []),
    ...(filter.sex !== undefined ? ['sex = ?'] : []),
    ...(filter.groundId !== undefined ? ['ground_id = ?'] : []),
  ];
  return `SELECT latitude, longitude, species FROM culls
  WHERE user_id = ? AND ${LOCATED} ${terms.map((term) => `AND ${term}`).join(' ')}
  ORDER BY created_at DESC, id DESC LIMIT ?`;
}

/** The values of a filter's terms, in filteredMapPointsSql's order. */
function filterValues(filter: MapPointsFilter): string[] {
  return [filter.from, filter.to, filter.species, filter.sex, filter.groundId].filter(
    (value): value is string => value !== undefined,
  );
}

/** A marker's records: the user id, latitude and longitude, then the most rows. */
export const AT_SQL = `SELECT ${LOCATED_COLUMNS.map(quote).join(', ')} FROM culls
  WHERE user_id = ? AND latitude = ? AND longitude = ?
  ORDER BY created_at DESC, id DESC LIMIT ?`;

/** The user's records with any of the tag keys (a JSON array): the user id, then the keys. */
export const SAME_TAG_SQL = `SELECT id, "date", carcass_tag FROM culls INDEXED BY culls_by_user_tag
  WHERE user_id = ? AND carcass_tag_key IN (SELECT value FROM json_each(?)) AND carcass_tag_key IS NOT NULL`;

/** Builds a map record from a row read as an array, in LOCATED_COLUMNS order. */
function toMapCull(values: readonly (string | number | null)[]): MapCullFields {
  const record: Record<string, unknown> = {};
  LOCATED_COLUMNS.forEach((column, index) => {
    const value = values[index];
    if (value !== null && value !== undefined) record[column] = value;
  });
  record.antlers_present = record.antlers_present === 1;
  return record as MapCullFields;
}

export interface SqliteReadModelOptions {
  /** The SQLite event store's connection: the table lives beside the log so one transaction covers both. */
  database: SqliteDatabase;
}

export type SqliteCullReadModel = CullReadModel<SqliteDatabase>;

type ListStatements = {
  page: Database.Statement<unknown[], Row>;
  count: Database.Statement<unknown[], { total: number }>;
};

export function openSqliteReadModel({ database: db }: SqliteReadModelOptions): SqliteCullReadModel {
  db.exec(TABLE);
  migrate(db);
  db.exec(SCHEMA);
  // Before anything prepares the write statements, which read the grounds' names.
  const management = openSqliteManagementReadModel(db);
  indexUnindexedRecords(db);

  const getStatement = db.prepare<[string, string], Row>('SELECT * FROM culls WHERE id = ? AND user_id = ?');
  // Rows as arrays: with thousands of records, building keyed rows costs more than reading them.
  const locatedStatement = db.prepare<[string, number], (string | number | null)[]>(LOCATED_SQL).raw();
  const mapPointsStatement = db.prepare<[string, number], [number, number, string]>(MAP_POINTS_SQL).raw();
  const atStatement = db.prepare<[string, number, number, number], (string | number | null)[]>(AT_SQL).raw();
  const sameTagStatement = db.prepare<[string, string], TaggedRecord>(SAME_TAG_SQL);
  const userRangeStatement = db
    .prepare<[string], bigint>(`SELECT number << ${USER_SHIFT} FROM cull_search_users WHERE user_id = ?`)
    .pluck()
    .safeIntegers();
  const listStatements = new Map<string, ListStatements>();

  function listStatementsFor(query: Pick<ListCullsQuery, 'sort' | 'order'>, filter: ListFilter) {
    const key = `${query.sort}:${query.order}:${filter}`;
    let statements = listStatements.get(key);
    if (statements === undefined) {
      const sql = listSql(query, filter);
      statements = {
        page: db.prepare<unknown[], Row>(sql.page),
        count: db.prepare<unknown[], { total: number }>(sql.count),
      };
      listStatements.set(key, statements);
    }
    return statements;
  }

  /** The filter of a list and its parameters, or undefined when the user has nothing a search could find. */
  function filterOf(userId: string, search: string): [ListFilter, unknown[]] | undefined {
    if (search === '') return ['all', [userId]];
    // FTS5's query parser ends a string at a NUL character, so such a search is tested row by row.
    if (!usesTrigrams(search) || search.includes('\0')) return ['contains', [userId, search]];
    const low = userRangeStatement.get(userId);
    if (low === undefined) return undefined;
    return ['trigrams', [trigramPhrase(search), low, low + (1n << USER_SHIFT) - 1n]];
  }

  /**
   * Whether a page of a search is cheaper to read by walking the sort index and testing each record, which passes
   * about (rows up to the page's end) × records / matches rows, than by fetching and sorting every match: true
   * for a common term (on page 1 of 100,000 records, from about 1,000 matches).
   */
  function walkIsShorter(userId: string, window: PageWindow, matches: number): boolean {
    const records =
      listStatementsFor({ sort: 'created_at', order: 'desc' }, 'all').count.get(userId)?.total ?? 0;
    return (window.offset + window.limit) * records < matches * matches;
  }

  // One read transaction, so the page and the total describe the same moment.
  const readList = db.transaction((userId: string, query: ListCullsQuery): CullPage => {
    const answer = { items: [] as Cull[], total: 0, page: query.page, page_size: query.page_size };
    const search = normaliseSearch(query.q);
    const filter = filterOf(userId, search);
    if (filter === undefined) return answer;
    answer.total = listStatementsFor(query, filter[0]).count.get(...filter[1])?.total ?? 0;
    const window = pageWindow(query.page, query.page_size, answer.total);
    if (window.limit === 0) return answer;
    const [kind, parameters] =
      filter[0] === 'trigrams' && walkIsShorter(userId, window, answer.total)
        ? ['contains' as const, [userId, search]]
        : filter;
    const order = readOrder(window, query.order);
    const rows = listStatementsFor({ sort: query.sort, order }, kind).page.all(
      ...parameters,
      window.limit,
      window.offset,
    );
    if (window.reversed) rows.reverse();
    answer.items = rows.map(toRecord);
    return answer;
  });

  return reportingOutages<SqliteCullReadModel>(
    {
      ...management,
      apply(tx, events) {
        applyToSqlite(tx, events);
      },
      eraseUser(tx, userId) {
        eraseFromSqlite(tx, userId);
      },
      async get(userId, id) {
        const row = getStatement.get(id, userId);
        return row === undefined ? undefined : toRecord(row);
      },
      async list(userId, query) {
        return readList.deferred(userId, query);
      },
      async listLocated(userId) {
        return locatedStatement.all(userId, MAP_POINTS_LIMIT).map(toMapCull);
      },
      async mapPoints(userId, filter) {
        if (!filtersSome(filter))
          return toMapPoints(mapPointsStatement.iterate(userId, MAP_POINTS_LIMIT + 1));
        const statement = db.prepare<unknown[], [number, number, string]>(filteredMapPointsSql(filter)).raw();
        return toMapPoints(statement.iterate(userId, ...filterValues(filter), MAP_POINTS_LIMIT + 1));
      },
      async listAt(userId, { latitude, longitude }) {
        return atStatement.all(userId, latitude, longitude, MAP_POINTS_LIMIT).map(toMapCull);
      },
      async sameTag(userId, tagKeys) {
        if (tagKeys.length === 0) return [];
        return sameTagStatement.all(userId, JSON.stringify(tagKeys));
      },
    },
    isSqliteOutage,
  );
}
