import type Database from 'better-sqlite3';
import {
  teamOfOwner,
  type Cull,
  type CullStreamEvent,
  type StoredLogEvent,
  type TeamCullsKept,
} from '@cull-log/contracts';
import { keptRecordOf } from '@cull-log/domain';
import { preparedPerDatabase } from '../../../read-model/prepared-per-database';
import { nextRecord } from '../next-record';
import { trigramsOf } from '../search-trigrams';
import {
  ALL_COLUMNS,
  COUNT_TRIGRAMS_IN_SQL,
  COUNT_TRIGRAMS_OUT_SQL,
  INDEX_SEARCH_SQL,
  NEXT_SEARCH_ROWID_SQL,
  quote,
  toRecord,
  toRow,
  type Row,
} from './rows';

type SqliteDatabase = Database.Database;

/** Statements prepared on the event store's connection, once per connection. */
const statementsOf = preparedPerDatabase((db) => {
  const columns = ALL_COLUMNS.map(quote).join(', ');
  const values = ALL_COLUMNS.map((column) => `@${column}`).join(', ');
  const updates = ALL_COLUMNS.filter((column) => column !== 'id')
    .map((column) => `${quote(column)} = excluded.${quote(column)}`)
    .join(', ');
  return {
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
    nextSearchRowid: db.prepare<[string], bigint>(NEXT_SEARCH_ROWID_SQL).pluck().safeIntegers(),
    indexSearch: db.prepare<[bigint, string]>(INDEX_SEARCH_SQL),
    unindexSearch: db.prepare<[bigint]>('DELETE FROM culls_search_trigrams WHERE rowid = ?'),
    countTrigramsIn: db.prepare<[bigint, string]>(COUNT_TRIGRAMS_IN_SQL),
    countTrigramsOut: COUNT_TRIGRAMS_OUT_SQL.map((sql) => db.prepare<[bigint, string]>(sql)),
    groundOwner: db.prepare<[string], string>('SELECT user_id FROM grounds WHERE id = ?').pluck(),
    setTeamOwner: db.prepare<[string | null, string]>('UPDATE culls SET team_owner = ? WHERE id = ?'),
    countDownBy: db.prepare<[number, string]>('UPDATE cull_totals SET total = total - ? WHERE user_id = ?'),
    groundRecords: db.prepare<[string], { id: string; team_owner: string | null }>(
      'SELECT id, team_owner FROM culls INDEXED BY culls_by_ground WHERE ground_id = ?',
    ),
  };
});

type WriteStatements = ReturnType<typeof statementsOf>;

/**
 * Moves a record's search rowid in the trigram index and its user's trigram counts from the text `before` (none for a
 * new record) to `after` (none for a record removed); a trigram in both is counted as it was.
 */
function reindexSearch(
  statements: WriteStatements,
  searchRowid: bigint,
  before: string | undefined,
  after: string | undefined,
): void {
  const was = new Set(before === undefined ? [] : trigramsOf(before));
  const is = new Set(after === undefined ? [] : trigramsOf(after));
  if (before !== undefined) statements.unindexSearch.run(searchRowid);
  if (after !== undefined) statements.indexSearch.run(searchRowid, after);
  const gone = [...was].filter((trigram) => !is.has(trigram));
  const added = [...is].filter((trigram) => !was.has(trigram));
  if (gone.length > 0) {
    for (const statement of statements.countTrigramsOut) statement.run(searchRowid, JSON.stringify(gone));
  }
  if (added.length > 0) statements.countTrigramsIn.run(searchRowid, JSON.stringify(added));
}

/** Writes a record's row and keeps its search index row and trigram counts in step; `row` is what the table held before. */
function writeRecord(statements: WriteStatements, row: Row | undefined, record: Cull): void {
  const searchRowid = row === undefined ? undefined : (row.search_rowid as bigint);
  const nextRow = toRow(record, searchRowid ?? statements.nextSearchRowid.get(record.created_by)!);
  statements.upsert.run(nextRow);
  if (nextRow.search_text !== row?.search_text) {
    reindexSearch(
      statements,
      nextRow.search_rowid as bigint,
      searchRowid === undefined ? undefined : (row?.search_text as string),
      nextRow.search_text as string,
    );
  }
}

/**
 * A ground moved into a team takes its records with it, whoever made them: the team reads them by team_owner, which
 * leads the team's indexes, and counts them in its total. (A rename writes none of them: a read joins the name.)
 */
export function groundRecordsFollow(db: SqliteDatabase, ground: { id: string; owner: string }): void {
  const statements = statementsOf(db);
  const teamOwner = teamOfOwner(ground.owner) === undefined ? null : ground.owner;
  for (const row of statements.groundRecords.all(ground.id)) {
    const wasTeamOwner = row.team_owner ?? null;
    if (wasTeamOwner === teamOwner) continue;
    statements.setTeamOwner.run(teamOwner, row.id);
    if (wasTeamOwner !== null) statements.countDown.run(wasTeamOwner);
    if (teamOwner !== null) statements.countUp.run(teamOwner);
  }
}

/** Applies a record's event to its row, its search index row and its user's total, through `db`. */
export function applyCullToSqlite(db: SqliteDatabase, event: StoredLogEvent & CullStreamEvent): void {
  const statements = statementsOf(db);
  const row = statements.select.get(event.streamId);
  const current = row === undefined ? undefined : toRecord(row);
  const next = nextRecord(current, event);
  if (next === undefined) {
    statements.remove.run(event.streamId);
    if (row?.search_rowid != null) {
      reindexSearch(statements, row.search_rowid as bigint, row.search_text as string, undefined);
    }
  } else {
    writeRecord(statements, row, next);
  }
  if (current === undefined && next !== undefined) statements.countUp.run(next.created_by);
  if (current !== undefined && next === undefined) statements.countDown.run(current.created_by);
  // The team whose ground the record is on reads it by team_owner, and counts it in the team's total.
  const owner = next?.ground_id === undefined ? undefined : statements.groundOwner.get(next.ground_id);
  const teamOwner = owner !== undefined && teamOfOwner(owner) !== undefined ? owner : null;
  const wasTeamOwner = (row?.team_owner as string | null | undefined) ?? null;
  if (teamOwner === wasTeamOwner) return;
  if (next !== undefined) statements.setTeamOwner.run(teamOwner, event.streamId);
  if (wasTeamOwner !== null) statements.countDown.run(wasTeamOwner);
  if (teamOwner !== null) statements.countUp.run(teamOwner);
}

/**
 * Writes the culls a team keeps of an erased member as the team's own records (its owner id as their user); one
 * already written (the event applied again) is left as it is.
 */
export function applyKeptCullsToSqlite(db: SqliteDatabase, event: StoredLogEvent & TeamCullsKept): void {
  const statements = statementsOf(db);
  for (const kept of event.data.culls) {
    if (statements.select.get(kept.id) !== undefined) continue;
    const record = keptRecordOf(kept, event.userId, event.occurredAt);
    writeRecord(statements, undefined, record);
    // The team's own record: its total is the team's, and the team reads it by team_owner.
    statements.setTeamOwner.run(record.created_by, kept.id);
    statements.countUp.run(record.created_by);
  }
}

/**
 * Deletes at most `limit` of the user's records with their search index rows (and, once none is left, their total,
 * their search number and the trigram counts kept under it) through `db` (a batch of the erasure's transactions);
 * answers how many records went, fewer than `limit` only when none is left. The trigram index keeps a deleted row's
 * postings until its segments merge, so once the records are gone each batch merges a few of its pages, answering
 * `limit` while there is merging left: nothing of the erased records stays in the file, and no batch holds the event
 * loop for a whole merge.
 */
export function eraseCullsFromSqlite(db: SqliteDatabase, userId: string, limit: number): number {
  const { unindexSearch, countDownBy } = statementsOf(db);
  const rows = db
    .prepare<[string, number], { position: bigint; search_rowid: bigint | null; team_owner: string | null }>(
      'SELECT rowid AS position, search_rowid, team_owner FROM culls WHERE user_id = ? LIMIT ?',
    )
    .safeIntegers()
    .all(userId, limit);
  const onTeams = new Map<string, number>();
  const deleteRow = db.prepare<[bigint]>('DELETE FROM culls WHERE rowid = ?');
  for (const row of rows) {
    if (row.search_rowid !== null) unindexSearch.run(row.search_rowid);
    if (row.team_owner !== null) onTeams.set(row.team_owner, (onTeams.get(row.team_owner) ?? 0) + 1);
    deleteRow.run(row.position);
  }
  for (const [teamOwner, records] of onTeams) countDownBy.run(records, teamOwner);
  if (rows.length < limit) {
    // The counts go with the number they are kept under.
    db.prepare<[string]>(
      `DELETE FROM cull_search_trigram_counts
        WHERE user_number = (SELECT number FROM cull_search_users WHERE user_id = ?)`,
    ).run(userId);
    for (const table of ['cull_totals', 'cull_search_users']) {
      db.prepare(`DELETE FROM ${table} WHERE user_id = ?`).run(userId);
    }
    if (mergeSearchIndexStep(db)) return limit;
  }
  return rows.length;
}

/** Pages of the trigram index one merge step rewrites at most. */
const MERGE_STEP_PAGES = 16;

/**
 * One step of merging every segment of the trigram index into one (what 'optimize' does at once), dropping the
 * postings of deleted rows on the way; answers whether it found anything to merge (SQLite counts two or more changes).
 */
function mergeSearchIndexStep(db: SqliteDatabase): boolean {
  const changes = () => db.prepare<[], number>('SELECT total_changes()').pluck().get() ?? 0;
  const before = changes();
  db.prepare<[number]>(
    "INSERT INTO culls_search_trigrams (culls_search_trigrams, rank) VALUES ('merge', ?)",
  ).run(-MERGE_STEP_PAGES);
  return changes() - before >= 2;
}

/**
 * Deletes these records of the user's (another user's named here stay), their search index rows and trigram counts,
 * and their part of the user's total and of the total of the team whose ground each is on, through `db` (the
 * transaction erasing their events). The trigram index keeps a deleted row's postings until its segments merge, so a
 * call with records answers true, and is then called again with none, merging a step of the index each time, until
 * there is nothing left to merge (as after an erasure): no posting of theirs stays in the file, and no call holds the
 * event loop for a whole merge. Merging only once every batch is done: a merge step at each batch cost more than the
 * batch at 100,000 rows.
 */
export function eraseRecordsFromSqlite(
  db: SqliteDatabase,
  userId: string,
  recordIds: readonly string[],
): boolean {
  if (recordIds.length === 0) return mergeSearchIndexStep(db);
  deleteRecordsFromSqlite(db, userId, recordIds);
  return true;
}

function deleteRecordsFromSqlite(db: SqliteDatabase, userId: string, recordIds: readonly string[]): void {
  const statements = statementsOf(db);
  const ids = JSON.stringify(recordIds);
  const rows = db
    .prepare<
      [string, string],
      { search_rowid: bigint | null; search_text: string; team_owner: string | null }
    >(
      'SELECT search_rowid, search_text, team_owner FROM culls WHERE id IN (SELECT value FROM json_each(?)) AND user_id = ?',
    )
    .safeIntegers()
    .all(ids, userId);
  if (rows.length === 0) return;
  const { countDownBy } = statements;
  const onTeams = new Map<string, number>();
  for (const { search_rowid: searchRowid, search_text: searchText, team_owner: teamOwner } of rows) {
    if (searchRowid !== null) reindexSearch(statements, searchRowid, searchText, undefined);
    // A team's kept cull is its own record, counted once in its total (see applyKeptCullsToSqlite).
    if (teamOwner !== null && teamOwner !== userId) onTeams.set(teamOwner, (onTeams.get(teamOwner) ?? 0) + 1);
  }
  countDownBy.run(rows.length, userId);
  for (const [teamOwner, records] of onTeams) countDownBy.run(records, teamOwner);
  db.prepare<[string, string]>(
    'DELETE FROM culls WHERE id IN (SELECT value FROM json_each(?)) AND user_id = ?',
  ).run(ids, userId);
}
