import type Database from 'better-sqlite3';
import { teamOwnerId } from '@cull-log/contracts';
import { larderFields, monthKey } from '@cull-log/domain';
import { GROUND_NAMES_TABLE, USER_SETTINGS_TABLE, type SqliteMigration } from '@cull-log/projection';
import type { CsvFields } from '../export-store';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS culls (
    stream_id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    created_at TEXT NOT NULL,
    date TEXT NOT NULL,
    species TEXT NOT NULL,
    fields TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS culls_by_user_created ON culls (user_id, created_at DESC, stream_id DESC);
  CREATE TABLE IF NOT EXISTS larder (
    stream_id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    date TEXT NOT NULL,
    time TEXT NOT NULL,
    destination TEXT,
    fields TEXT NOT NULL
  );
  DROP INDEX IF EXISTS larder_by_user_season;
  DROP TABLE IF EXISTS larder_seasons;
  CREATE TABLE IF NOT EXISTS larder_months (
    user_id TEXT NOT NULL,
    month TEXT NOT NULL,
    carcasses INTEGER NOT NULL,
    PRIMARY KEY (user_id, month)
  ) WITHOUT ROWID;
  ${GROUND_NAMES_TABLE}
  ${USER_SETTINGS_TABLE}
  CREATE TABLE IF NOT EXISTS declarations (
    user_id TEXT NOT NULL,
    number INTEGER NOT NULL,
    key TEXT NOT NULL,
    record_ids TEXT NOT NULL,
    dealer TEXT NOT NULL,
    issued_at TEXT NOT NULL,
    PRIMARY KEY (user_id, number),
    UNIQUE (user_id, key)
  );
`;

/**
 * The export tables, step by step; a change is a new step at the end. Step 1 is the schema as it stood when
 * numbering began, and brings a file from any earlier version up to it: a file that has no version yet runs it once.
 */
export const SQLITE_EXPORT_MIGRATIONS: readonly SqliteMigration[] = [
  {
    version: 1,
    does: 'the export tables; an older file gets its ground column, loses its larder seasons, is filled in',
    up(db) {
      db.exec(SCHEMA);
      upgradeTables(db);
      fillLarderFromCulls(db);
    },
  },
  {
    version: 2,
    does: "teams: each carcass's ground, counts by ground and month, members' names, reads by ground",
    up: readByGround,
  },
  {
    version: 3,
    does: "teams: who is in each team now, by member id, so a team's read leaves out what left with a former member",
    up: keepTeamMembers,
  },
  {
    version: 4,
    does:
      "the CSV's Outing column: each record's outing and each outing's start (a file from before fills them in " +
      'on a rebuild; until then its records show no outing)',
    up: keepOutings,
  },
  {
    version: 5,
    does: 'the indexes by ground hold only the rows on a ground',
    up: indexOnlyRowsOnGrounds,
  },
];

/**
 * Step 5: a team reads its culls and carcasses by ground (`ground_id = …`, which a partial index answers), and
 * most rows are on none. Indexed whole, the larder's index by ground (which holds the carcass's fields) was a sixth
 * of the file and a third of the cost of writing each record, for rows no read finds through it.
 */
function indexOnlyRowsOnGrounds(db: Database.Database): void {
  db.exec(`
    DROP INDEX IF EXISTS larder_by_ground_date;
    CREATE INDEX larder_by_ground_date ON larder (ground_id, date, time, stream_id, user_id, destination, fields)
      WHERE ground_id IS NOT NULL;
    DROP INDEX IF EXISTS culls_by_ground_created;
    CREATE INDEX culls_by_ground_created ON culls (ground_id, created_at DESC, stream_id DESC)
      WHERE ground_id IS NOT NULL;
  `);
}

/** Step 4: the outing each record belongs to, and when each outing started, which the CSV names it by. */
function keepOutings(db: Database.Database): void {
  const columns = db.prepare<[], string>("SELECT name FROM pragma_table_info('culls')").pluck().all();
  if (!columns.includes('outing_id')) db.exec('ALTER TABLE culls ADD COLUMN outing_id TEXT');
  db.exec(`
    CREATE TABLE IF NOT EXISTS outings (
      stream_id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL,
      started_at TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS outings_by_user ON outings (user_id);
  `);
}

/**
 * Step 3: who is in each team now, by member id under the team's owner id (naming no person, so it outlives a
 * member's erasure). A file that followed teams before has its links but not the joins and departures: every linked
 * member is taken as in the team, as its reads showed them until now, and a rebuild reads who has left since.
 */
function keepTeamMembers(db: Database.Database): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS team_members (
      user_id TEXT NOT NULL,
      team_id TEXT NOT NULL,
      member_id TEXT NOT NULL,
      PRIMARY KEY (team_id, member_id)
    ) WITHOUT ROWID;
  `);
  if (db.prepare('SELECT 1 FROM team_members LIMIT 1').get() !== undefined) return;
  const insert = db.prepare(
    'INSERT OR IGNORE INTO team_members (user_id, team_id, member_id) VALUES (?, ?, ?)',
  );
  const links = db.prepare<[], { team_id: string; member_id: string }>(
    'SELECT team_id, member_id FROM member_links',
  );
  for (const link of links.all()) insert.run(teamOwnerId(link.team_id), link.team_id, link.member_id);
}

/**
 * Step 2: a team reads the culls on its grounds, so the larder keeps each carcass's ground (filled from the export
 * rows), the carcasses are counted by ground and month (filled while empty) and both are indexed by ground; the
 * members' names in each team come from their links. The larder's index by ground holds every column a team's read
 * takes: a team's season is one run of the index, not a page of the table for each member's carcass.
 */
function readByGround(db: Database.Database): void {
  const larderColumns = db.prepare<[], string>("SELECT name FROM pragma_table_info('larder')").pluck().all();
  if (!larderColumns.includes('ground_id')) {
    db.exec(`
      ALTER TABLE larder ADD COLUMN ground_id TEXT;
      UPDATE larder SET ground_id = (SELECT ground_id FROM culls WHERE culls.stream_id = larder.stream_id);
    `);
  }
  db.exec(`
    CREATE TABLE IF NOT EXISTS larder_ground_months (
      ground_id TEXT NOT NULL,
      month TEXT NOT NULL,
      carcasses INTEGER NOT NULL,
      PRIMARY KEY (ground_id, month)
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS member_links (
      team_id TEXT NOT NULL,
      user_id TEXT NOT NULL,
      member_id TEXT NOT NULL,
      name TEXT NOT NULL,
      PRIMARY KEY (team_id, user_id)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS member_links_by_user ON member_links (user_id);
    CREATE INDEX IF NOT EXISTS larder_by_ground_date
      ON larder (ground_id, date, time, stream_id, user_id, destination, fields);
    CREATE INDEX IF NOT EXISTS culls_by_ground_created ON culls (ground_id, created_at DESC, stream_id DESC);
    CREATE INDEX IF NOT EXISTS ground_names_by_user ON ground_names (user_id);
  `);
  if (db.prepare('SELECT 1 FROM larder_ground_months LIMIT 1').get() === undefined) {
    db.exec(`
      INSERT INTO larder_ground_months (ground_id, month, carcasses)
      SELECT ground_id, substr(date, 1, 7), COUNT(*) FROM larder WHERE ground_id IS NOT NULL
      GROUP BY ground_id, substr(date, 1, 7)
    `);
  }
}

/**
 * A file from an earlier version: the record's ground gets a column, the larder loses its season (seasons are now
 * the user's, counted by month) and its indexes go by date.
 */
function upgradeTables(db: Database.Database): void {
  const columns = (table: string) =>
    new Set(
      db
        .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${table}')`)
        .all()
        .map((column) => column.name),
    );
  if (!columns('culls').has('ground_id')) db.exec('ALTER TABLE culls ADD COLUMN ground_id TEXT');
  if (columns('larder').has('season')) db.exec('ALTER TABLE larder DROP COLUMN season');
  db.exec(`
    CREATE INDEX IF NOT EXISTS larder_by_user_date ON larder (user_id, date, time, stream_id);
    CREATE INDEX IF NOT EXISTS larder_by_user_destination ON larder (user_id, destination, date, time, stream_id);
  `);
}

/**
 * A file from before the larder book has export rows but no larder rows: the larder is filled from them, in the
 * step's transaction, so upgrading needs no rebuild (the export rows hold every field the larder lists). A file from
 * before the monthly counts has its months counted from its larder.
 */
function fillLarderFromCulls(db: Database.Database): void {
  const hasLarder = db.prepare('SELECT 1 FROM larder LIMIT 1').get() !== undefined;
  const hasCulls = db.prepare('SELECT 1 FROM culls LIMIT 1').get() !== undefined;
  const hasMonths = db.prepare('SELECT 1 FROM larder_months LIMIT 1').get() !== undefined;
  const culls = db.prepare<[], { stream_id: string; user_id: string; fields: string }>(
    'SELECT stream_id, user_id, fields FROM culls',
  );
  const insert = db.prepare(
    `INSERT INTO larder (stream_id, user_id, date, time, destination, fields)
     VALUES (@streamId, @userId, @date, @time, @destination, @fields)`,
  );
  const count = db.prepare(
    `INSERT INTO larder_months (user_id, month, carcasses) VALUES (?, ?, 1)
     ON CONFLICT (user_id, month) DO UPDATE SET carcasses = carcasses + 1`,
  );
  if (!hasLarder && hasCulls) {
    for (const cull of culls.all()) {
      const fields = larderFields(JSON.parse(cull.fields) as CsvFields);
      insert.run({
        streamId: cull.stream_id,
        userId: cull.user_id,
        date: fields.date,
        time: fields.time,
        destination: fields.carcass_destination ?? null,
        fields: JSON.stringify(fields),
      });
    }
  }
  if (!hasMonths) {
    for (const row of db
      .prepare<[], { user_id: string; date: string }>('SELECT user_id, date FROM larder')
      .all()) {
      count.run(row.user_id, monthKey(row.date));
    }
  }
}
