import type Database from 'better-sqlite3';
import { GROUND_NAMES_TABLE, USER_SETTINGS_TABLE, type SqliteMigration } from '@cull-log/projection';
import { countersOf, weightCountersOf, type CounterName } from '../stats-counters';
import { CULL_COLUMNS, counterMoves, factsOf, type CullRow } from './writes';

// `culls` and `outings` hold each live cull's and outing's counted facts, read only by the writes that move them.
// Season figures are kept by month (`class_months`, `outing_months`, `destination_months`): a season is the sum of
// its twelve months by the user's start at the time of the read.
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS culls (
    stream_id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    species TEXT NOT NULL,
    sex TEXT NOT NULL,
    date TEXT NOT NULL,
    weight_grams INTEGER
  ) WITHOUT ROWID;
  DROP INDEX IF EXISTS culls_by_user_date;
  DROP TABLE IF EXISTS season_counts;
  CREATE TABLE IF NOT EXISTS user_totals (
    user_id TEXT PRIMARY KEY,
    total INTEGER NOT NULL,
    weighed INTEGER NOT NULL,
    weight_grams INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS species_counts (
    user_id TEXT NOT NULL,
    species TEXT NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (user_id, species)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS month_counts (
    user_id TEXT NOT NULL,
    month TEXT NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (user_id, month)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS class_months (
    user_id TEXT NOT NULL,
    month TEXT NOT NULL,
    ground_id TEXT NOT NULL,
    species TEXT NOT NULL,
    sex TEXT NOT NULL,
    young INTEGER NOT NULL,
    count INTEGER NOT NULL,
    weighed INTEGER NOT NULL,
    weight_grams INTEGER NOT NULL,
    PRIMARY KEY (user_id, month, ground_id, species, sex, young)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS destination_months (
    user_id TEXT NOT NULL,
    month TEXT NOT NULL,
    destination TEXT NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (user_id, month, destination)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS outings (
    stream_id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    started_at TEXT NOT NULL,
    ended_at TEXT,
    cull_count INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS outing_months (
    user_id TEXT NOT NULL,
    month TEXT NOT NULL,
    outings INTEGER NOT NULL,
    blank INTEGER NOT NULL,
    duration_ms INTEGER NOT NULL,
    deer INTEGER NOT NULL,
    PRIMARY KEY (user_id, month)
  ) WITHOUT ROWID;
  ${USER_SETTINGS_TABLE}
  CREATE TABLE IF NOT EXISTS season_plans (
    user_id TEXT NOT NULL,
    season TEXT NOT NULL,
    plans TEXT NOT NULL,
    PRIMARY KEY (user_id, season)
  ) WITHOUT ROWID;
  ${GROUND_NAMES_TABLE}
`;

/**
 * The stats tables, step by step; a change is a new step at the end. Step 1 is the schema as it stood when numbering
 * began, and brings a file from any earlier version up to it: a file that has no version yet runs it once.
 */
export const SQLITE_STATS_MIGRATIONS: readonly SqliteMigration[] = [
  {
    version: 1,
    does: "the stats tables; an older file gets the culls' later columns and the counters its culls were missing",
    up(db) {
      db.exec(SCHEMA);
      addCullColumns(db);
      countKeptCulls(db);
    },
  },
  {
    version: 2,
    does: "teams: the team and member each cull counted for, members' links and names, teams' names, plans' shares; culls by user and ground",
    up(db) {
      db.exec(TEAM_SCHEMA);
      const columns = cullColumnsOf(db);
      for (const column of ['team_id', 'member_id']) {
        if (!columns.has(column)) db.exec(`ALTER TABLE culls ADD COLUMN ${column} TEXT`);
      }
    },
  },
  {
    version: 3,
    does:
      "the season's legal warnings by month, and each cull's warning inputs (culls kept before count none until " +
      '`npm run rebuild -w services/stats`); a weight of 0 taken out of the averages',
    up(db) {
      db.exec(WARNINGS_SCHEMA);
      if (!cullColumnsOf(db).has('warning_facts')) db.exec('ALTER TABLE culls ADD COLUMN warning_facts TEXT');
      recountWeights(db);
    },
  },
];

const WARNINGS_SCHEMA = `
  CREATE TABLE IF NOT EXISTS warning_months (
    user_id TEXT NOT NULL,
    month TEXT NOT NULL,
    code TEXT NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (user_id, month, code)
  ) WITHOUT ROWID;
`;

/**
 * Culls of 0 kg were counted as weighed: every weighed count and weight is counted again from the culls kept, by the
 * rule that 0 is not a weight (whatever rule step 1 counted a file's kept culls by).
 */
function recountWeights(db: Database.Database): void {
  db.exec(
    'UPDATE user_totals SET weighed = 0, weight_grams = 0; UPDATE class_months SET weighed = 0, weight_grams = 0',
  );
  const culls = db
    .prepare<[], CullRow>(`SELECT ${CULL_COLUMNS}, team_id, member_id FROM culls`)
    .all()
    .map(factsOf);
  counterMoves(db)(weightCountersOf(culls));
}

// A member link's row is its person's (user_id, erased with them); a team's name and a plan's shares are the team's
// (user_id its owner id, `team-<id>`), and name members by member id only.
const TEAM_SCHEMA = `
  CREATE TABLE IF NOT EXISTS member_links (
    user_id TEXT NOT NULL,
    team_id TEXT NOT NULL,
    member_id TEXT NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (user_id, team_id)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS member_links_by_team ON member_links (team_id);
  CREATE TABLE IF NOT EXISTS team_names (
    user_id TEXT PRIMARY KEY,
    name TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS plan_allocations (
    user_id TEXT NOT NULL,
    season TEXT NOT NULL,
    allocations TEXT NOT NULL,
    PRIMARY KEY (user_id, season)
  ) WITHOUT ROWID;
  -- The teams' grounds a user's culls are on, for the names of a season read: without it, a scan of every cull.
  CREATE INDEX IF NOT EXISTS culls_by_user_ground ON culls (user_id, ground_id) WHERE ground_id IS NOT NULL;
`;

/** Columns `culls` gained with grounds, outings and plans: a file from before gets them, empty. */
const CULL_COLUMNS_ADDED = {
  age_estimate: "TEXT NOT NULL DEFAULT ''",
  destination: 'TEXT',
  ground_id: 'TEXT',
  outing_id: 'TEXT',
};

const cullColumnsOf = (db: Database.Database) =>
  new Set(
    db
      .prepare<[], { name: string }>("SELECT name FROM pragma_table_info('culls')")
      .all()
      .map((row) => row.name),
  );

/** Gives `culls` in a file from before grounds, outings and plans its later columns, and indexes culls by outing. */
function addCullColumns(db: Database.Database): void {
  const cullColumns = cullColumnsOf(db);
  for (const [column, type] of Object.entries(CULL_COLUMNS_ADDED)) {
    if (!cullColumns.has(column)) db.exec(`ALTER TABLE culls ADD COLUMN ${column} ${type}`);
  }
  db.exec('CREATE INDEX IF NOT EXISTS culls_by_outing ON culls (outing_id) WHERE outing_id IS NOT NULL');
}

/**
 * A file written before a kind of counter existed holds culls but not those counters: count them. (Culls kept before
 * the age estimate was, count as not young until a rebuild reads their events again.)
 */
function countKeptCulls(db: Database.Database): void {
  const hasTotals = db.prepare('SELECT 1 FROM user_totals LIMIT 1').get() !== undefined;
  const hasClasses = db.prepare('SELECT 1 FROM class_months LIMIT 1').get() !== undefined;
  if (hasTotals && hasClasses) return;
  const culls = db.prepare<[], CullRow>(`SELECT ${CULL_COLUMNS} FROM culls`).all().map(factsOf);
  const wanted = new Set<CounterName>(
    hasTotals ? ['classes', 'destinations'] : ['totals', 'species', 'months', 'classes', 'destinations'],
  );
  counterMoves(db)(countersOf(culls).filter((change) => wanted.has(change.counter)));
}
