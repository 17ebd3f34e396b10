import type Database from 'better-sqlite3';
import { SORT_COLUMNS, TEAM_OWNER_PREFIX } from '@cull-log/contracts';
import type { SqliteMigration } from '@cull-log/storage-kit';
import { sortKeys } from '../pages';
import { cullSearchText } from '@cull-log/domain';
import { trigramsOf } from '../search-trigrams';
import {
  COUNT_TRIGRAMS_IN_SQL,
  INDEX_SEARCH_SQL,
  NEXT_SEARCH_ROWID_SQL,
  orderTerm,
  quote,
  toRecord,
  type Row,
} from './rows';

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

/**
 * Columns added after the table was first made, with their types: step 1 gives them to a database from before them.
 * A column added from now on is a step of its own.
 */
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
  // A copy of the ground's name, which a rename rewrote on every record; step 4 drops it.
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
-- One per sort as the sorts stood at step 1: a sort added later needs a step for its index, or older files lack it.
${SORT_COLUMNS.map(
  (sort) =>
    `CREATE INDEX IF NOT EXISTS culls_by_user_${sort} ON culls (user_id, ${[...sortKeys(sort), 'id']
      .map(orderTerm)
      .join(', ')});`,
).join('\n')}
`;

/**
 * A team's indexes, the user's again with the team's owner id first; only records on a team's ground are in them.
 * Each carries user_id, so a guest's or one member's records are found in the team's order without the table.
 */
const TEAM_SCHEMA = `
${SORT_COLUMNS.map(
  (sort) =>
    `CREATE INDEX IF NOT EXISTS culls_by_team_${sort} ON culls (team_owner, ${[...sortKeys(sort), 'id']
      .map(orderTerm)
      .join(', ')}, user_id) WHERE team_owner IS NOT NULL;`,
).join('\n')}
CREATE INDEX IF NOT EXISTS culls_located_by_team ON culls (team_owner, created_at DESC, id DESC, latitude, longitude, species, user_id)
  WHERE team_owner IS NOT NULL AND latitude IS NOT NULL AND longitude IS NOT NULL;
CREATE INDEX IF NOT EXISTS culls_at_point_by_team ON culls (team_owner, latitude, longitude, created_at DESC, id DESC)
  WHERE team_owner IS NOT NULL AND latitude IS NOT NULL AND longitude IS NOT NULL;
-- One person's records on a team's grounds, counted without the table (a guest's, or one member's).
CREATE INDEX IF NOT EXISTS culls_by_user_team ON culls (user_id, team_owner) WHERE team_owner IS NOT NULL;
`;

/**
 * Prepares a database from before the search index or the carcass fields for the schema: adds their columns, and
 * drops a map index without the points' columns so that the schema builds it again.
 */
function migrate(db: Database.Database): void {
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
function indexUnindexedRecords(db: Database.Database): void {
  const nextSearchRowid = db.prepare<[string], bigint>(NEXT_SEARCH_ROWID_SQL).pluck().safeIntegers();
  const indexSearch = db.prepare<[bigint, string]>(INDEX_SEARCH_SQL);
  const unindexed = db.prepare<[], { id: string; user_id: string; search_text: string }>(
    'SELECT id, user_id, search_text FROM culls WHERE search_rowid IS NULL ORDER BY user_id, created_at, id',
  );
  const setSearchRowid = db.prepare<[bigint, string]>('UPDATE culls SET search_rowid = ? WHERE id = ?');
  db.transaction(() => {
    for (const record of unindexed.all()) {
      const searchRowid = nextSearchRowid.get(record.user_id)!;
      setSearchRowid.run(searchRowid, record.id);
      indexSearch.run(searchRowid, record.search_text);
    }
  })();
}

/** Records rewritten at a time by step 4, so a large file is never read into memory whole. */
const UNNAMING_BATCH = 1_000;

/**
 * Takes the copies of their ground's name out of the records (a database from before step 4): each placed record's
 * search text written and indexed again without it, then the column dropped. A read joins the name from then on.
 */
function dropGroundNameCopies(db: Database.Database): void {
  const columns = db.prepare<[], string>("SELECT name FROM pragma_table_info('culls')").pluck().all();
  if (!columns.includes('ground_name')) return;
  const batch = db
    .prepare<[bigint, number], Row & { position: bigint }>(
      `SELECT rowid AS position, * FROM culls WHERE rowid > ? AND ground_name IS NOT NULL ORDER BY rowid LIMIT ?`,
    )
    .safeIntegers();
  const setSearchText = db.prepare<[string, bigint]>('UPDATE culls SET search_text = ? WHERE rowid = ?');
  const unindexSearch = db.prepare<[bigint]>('DELETE FROM culls_search_trigrams WHERE rowid = ?');
  const indexSearch = db.prepare<[bigint, string]>(INDEX_SEARCH_SQL);
  for (let after = 0n; ;) {
    const rows = batch.all(after, UNNAMING_BATCH);
    if (rows.length === 0) break;
    for (const row of rows) {
      // A row reads back without the copy, so its search text is made without it.
      const searchText = cullSearchText(toRecord(row));
      if (searchText === row.search_text) continue;
      setSearchText.run(searchText, row.position);
      // Every row has its search rowid from step 1 on.
      unindexSearch.run(row.search_rowid as bigint);
      indexSearch.run(row.search_rowid as bigint, searchText);
    }
    after = rows[rows.length - 1]!.position;
  }
  db.exec('ALTER TABLE culls DROP COLUMN ground_name');
}

/**
 * How many of each user's records hold each trigram of their search text, under the user's search number: a search
 * starts from its rarest trigram. Kept in the transaction that writes the trigram index.
 */
const TRIGRAM_COUNTS = `
CREATE TABLE IF NOT EXISTS cull_search_trigram_counts (
  user_number INTEGER NOT NULL,
  trigram TEXT NOT NULL,
  records INTEGER NOT NULL,
  PRIMARY KEY (user_number, trigram)
) WITHOUT ROWID;
`;

/** Records counted at a time by step 5, so a large file is never read into memory whole. */
const COUNTING_BATCH = 1_000;

/**
 * Counts the trigrams of every record already indexed (a database from before step 5), a batch at a time, from none:
 * a file whose steps are run again is counted once.
 */
function countSearchTrigrams(db: Database.Database): void {
  db.exec(TRIGRAM_COUNTS);
  db.exec('DELETE FROM cull_search_trigram_counts');
  const batch = db
    .prepare<[bigint, number], { position: bigint; search_rowid: bigint; search_text: string }>(
      `SELECT rowid AS position, search_rowid, search_text FROM culls
        WHERE rowid > ? AND search_rowid IS NOT NULL ORDER BY rowid LIMIT ?`,
    )
    .safeIntegers();
  const countIn = db.prepare<[bigint, string]>(COUNT_TRIGRAMS_IN_SQL);
  for (let after = 0n; ;) {
    const rows = batch.all(after, COUNTING_BATCH);
    if (rows.length === 0) break;
    for (const row of rows) countIn.run(row.search_rowid, JSON.stringify(trigramsOf(row.search_text)));
    after = rows[rows.length - 1]!.position;
  }
}

/**
 * The records' tables in the records database, step by step; a change is a new step at the end. Step 1 is the schema
 * as it stood when numbering began, and brings a file from before any part of it up to it.
 */
export const SQLITE_CULL_MIGRATIONS: readonly SqliteMigration[] = [
  {
    version: 1,
    does:
      'the records table (an older one gains its added columns), its totals, search, map, tag, ground, outing and ' +
      "sort indexes, and the trigram index with each user's search number; an older file's records indexed",
    up(db) {
      db.exec(TABLE);
      migrate(db);
      db.exec(SCHEMA);
      indexUnindexedRecords(db);
    },
  },
  {
    version: 2,
    does: "a ground's records whoever made them (a team's ground has its members' records)",
    up: (db) =>
      db.exec('CREATE INDEX IF NOT EXISTS culls_by_ground ON culls (ground_id) WHERE ground_id IS NOT NULL'),
  },
  {
    version: 3,
    does:
      "the team whose ground a record is on (its owner id), the team's sort, map and marker indexes and its total, " +
      'so a team reads its records as a user reads their own',
    up(db) {
      const columns = db.prepare<[], string>("SELECT name FROM pragma_table_info('culls')").pluck().all();
      if (!columns.includes('team_owner')) db.exec('ALTER TABLE culls ADD COLUMN team_owner TEXT');
      db.exec(TEAM_SCHEMA);
      // The grounds' table is another store's: a new file has none yet, and no records to place in a team either.
      const grounds = db
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'grounds'")
        .get();
      if (grounds === undefined) return;
      db.exec(`UPDATE culls SET team_owner = (SELECT user_id FROM grounds WHERE grounds.id = culls.ground_id)
          WHERE ground_id IS NOT NULL
            AND (SELECT user_id FROM grounds WHERE grounds.id = culls.ground_id) LIKE '${TEAM_OWNER_PREFIX}%';
        INSERT OR REPLACE INTO cull_totals (user_id, total)
          SELECT team_owner, COUNT(*) FROM culls WHERE team_owner IS NOT NULL GROUP BY team_owner;`);
    },
  },
  {
    version: 4,
    does:
      "a ground's name kept in the ground's row alone, so a rename writes one row: the records' copies of it taken " +
      'out of their search text and dropped',
    up: dropGroundNameCopies,
  },
  {
    version: 5,
    does:
      "each user's count of records holding each trigram, so a search starts from its rarest; an older file's " +
      'records counted',
    up: countSearchTrigrams,
  },
];
