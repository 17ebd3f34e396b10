import type Database from 'better-sqlite3';
import {
  MAP_POINTS_LIMIT,
  type Cull,
  type CullPage,
  type ListCullsQuery,
  type MapCullFields,
} from '@cull-log/contracts';
import type { TaggedRecord } from '@cull-log/domain';
import { listFiltersOf, narrowsByField, type ListFilters } from '../list-filters';
import type {
  CullQueryName,
  CullReadModel,
  GroundCullTally,
  RecordScope,
} from '../../../read-model/cull-read-model';
import { MAP_CULL_FIELDS, filtersSome, toMapPoints, type MapPointsFilter } from '../map-points';
import { pageWindow, readOrder, sortKeys, type PageWindow } from '../pages';
import { trigramPhrase, trigramsOf, usesTrigrams } from '../search-trigrams';
import { groundIdsOf, groundsNamedLike, withGroundName, type NamedGround } from '../ground-names';
import { USER_SHIFT, orderTerm, quote, toRecord, type Row } from './rows';

type SqliteDatabase = Database.Database;

/**
 * How a list finds its rows: all the user's, those whose text contains a term too short for trigrams (read from
 * the narrow search index), those the trigram index finds in the user's rowid range for the whole term, or (`rarest`)
 * those it finds for the term's rarest trigrams in that range whose text then holds the term.
 */
export type ListFilter = 'all' | 'contains' | 'trigrams' | 'rarest';

/** A team's list has no trigram counts of its own (they are each member's): it finds by the whole term. */
export type ScopedListFilter = Exclude<ListFilter, 'rarest'>;

/**
 * Candidates the rarest trigrams may bring at most for a search to start from them: each costs a lookup of its record
 * and a test of its text, which past this costs more than FTS5's walk of the whole term's postings.
 */
export const RAREST_CANDIDATES_MAX = 2_000;

/**
 * How many times the postings of the two rarest trigrams the whole term's must be for a search to start from them: a
 * term whose trigrams are all about as rare (a name) is found as cheaply by FTS5 from the whole term, untested.
 */
export const RAREST_GAIN_MIN = 8;

/** When a search starts from its rarest trigrams (see searchPlan). */
export interface RarestLimits {
  rarestCandidatesMax?: number;
  rarestGainMin?: number;
}

/**
 * How a search of `term` (a trigram or longer) reads the trigram index, from how many of the user's records hold each
 * of its trigrams (`counts`; one not there, none): `none` when a trigram is in no record, so nothing holds the term
 * (`match`, that trigram, finds nothing); `rarest` with the FTS5 query of its two rarest trigrams when the rarer brings
 * few candidates and the term's other trigrams are far commoner (see RarestLimits); otherwise `trigrams`, the whole
 * term. `total` is the count of the term's one trigram, when it has only one.
 */
export function searchPlan(
  term: string,
  counts: ReadonlyMap<string, number>,
  { rarestCandidatesMax = RAREST_CANDIDATES_MAX, rarestGainMin = RAREST_GAIN_MIN }: RarestLimits = {},
):
  | { kind: 'none'; match: string }
  | { kind: 'rarest'; match: string }
  | { kind: 'trigrams'; match: string; total?: number } {
  const byRarity = trigramsOf(term)
    .map((trigram) => ({ trigram, records: counts.get(trigram) ?? 0 }))
    .sort((one, other) => one.records - other.records);
  const [rarest, next] = byRarity;
  if (rarest === undefined) throw new Error('A search shorter than a trigram has no trigram plan');
  if (rarest.records === 0) return { kind: 'none', match: trigramPhrase(rarest.trigram) };
  if (next === undefined) return { kind: 'trigrams', match: trigramPhrase(term), total: rarest.records };
  const postings = byRarity.reduce((sum, { records }) => sum + records, 0);
  const fromRarest =
    rarest.records <= rarestCandidatesMax && postings >= rarestGainMin * (rarest.records + next.records);
  if (!fromRarest) return { kind: 'trigrams', match: trigramPhrase(term) };
  return { kind: 'rarest', match: `${trigramPhrase(rarest.trigram)} AND ${trigramPhrase(next.trigram)}` };
}

/** A record on one of the grounds a search's text names (their ids as a JSON array). */
const ON_NAMED_GROUNDS = 'ground_id IN (SELECT value FROM json_each(?))';

/** A record whose text holds the term, or, when `byGround`, that is on a ground named by it (then the ids follow). */
function holdsTerm(byGround: boolean): string {
  return byGround ? `(instr(search_text, ?) > 0 OR ${ON_NAMED_GROUNDS})` : 'instr(search_text, ?) > 0';
}

/**
 * The records a trigram search finds, as their culls rowids (`hit`): the index's hits within `whose`, and the records
 * within `whose` on the grounds it names. Parameters: the FTS5 phrase, then `hitsWhose`'s, `whose`'s, the ground ids.
 */
function hitsOrOnGrounds(hitsWhose: string, whose: string): string {
  return `SELECT culls.rowid AS hit FROM culls_search_trigrams CROSS JOIN culls ON culls.search_rowid = culls_search_trigrams.rowid
      WHERE culls_search_trigrams MATCH ? AND ${hitsWhose}
    UNION SELECT rowid FROM culls WHERE ${whose} AND ${ON_NAMED_GROUNDS}`;
}

/**
 * The page and total queries of a list. Parameters: for `all` the user id, for `contains` the user id and the
 * term, for `trigrams` the FTS5 phrase and the user's lowest and highest search rowid, for `rarest` the FTS5 query of
 * the rarest trigrams, the range and the term; with `byGround` (the search
 * names some of the user's grounds), `contains` then takes the grounds' ids as a JSON array, `trigrams` the user id and
 * the ids; then for the page LIMIT and OFFSET. Every filter keeps other users' rows out of the walk: by user_id first,
 * or by the rowid range.
 */
export function listSql(query: Pick<ListCullsQuery, 'sort' | 'order'>, filter: ListFilter, byGround = false) {
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const orderBy = [...sortKeys(query.sort), 'id'].map((column) => `${orderTerm(column)} ${direction}`);
  const page = `ORDER BY ${orderBy.join(', ')} LIMIT ? OFFSET ?`;
  const inRange = 'culls_search_trigrams.rowid BETWEEN ? AND ?';
  const hits = `culls_search_trigrams MATCH ? AND ${inRange}`;
  switch (filter) {
    case 'rarest': {
      // CROSS JOIN keeps the candidates the outer loop: each is one lookup, its text tested, and only hits sorted.
      const candidates = `culls_search_trigrams CROSS JOIN culls ON culls.search_rowid = culls_search_trigrams.rowid
        WHERE ${hits} AND instr(culls.search_text, ?) > 0`;
      if (byGround) {
        const matched = `SELECT culls.rowid AS hit FROM ${candidates}
          UNION SELECT rowid FROM culls WHERE user_id = ? AND ${ON_NAMED_GROUNDS}`;
        return {
          page: `SELECT culls.* FROM (${matched}) AS matched CROSS JOIN culls ON culls.rowid = matched.hit ${page}`,
          count: `SELECT COUNT(*) AS total FROM (${matched})`,
        };
      }
      return {
        page: `SELECT culls.* FROM ${candidates} ${page}`,
        count: `SELECT COUNT(*) AS total FROM ${candidates}`,
      };
    }
    case 'all':
      return {
        page: `SELECT * FROM culls WHERE user_id = ? ${page}`,
        count: 'SELECT total FROM cull_totals WHERE user_id = ?',
      };
    case 'contains': {
      const where = `user_id = ? AND ${holdsTerm(byGround)}`;
      return {
        page: `SELECT * FROM culls WHERE ${where} ${page}`,
        count: `SELECT COUNT(*) AS total FROM culls WHERE ${where}`,
      };
    }
    case 'trigrams': {
      if (byGround) {
        const matched = hitsOrOnGrounds(inRange, 'user_id = ?');
        return {
          // CROSS JOIN keeps the matches the outer loop: each is one lookup, and only they are sorted.
          page: `SELECT culls.* FROM (${matched}) AS matched CROSS JOIN culls ON culls.rowid = matched.hit ${page}`,
          count: `SELECT COUNT(*) AS total FROM (${matched})`,
        };
      }
      return {
        // CROSS JOIN keeps the index's hits the outer loop: each is one lookup, and only they are sorted.
        page: `SELECT culls.* FROM culls_search_trigrams CROSS JOIN culls ON culls.search_rowid = culls_search_trigrams.rowid
          WHERE ${hits} ${page}`,
        count: `SELECT COUNT(*) AS total FROM culls_search_trigrams WHERE ${hits}`,
      };
    }
  }
}

/**
 * A search's page read in one walk of the index, for the `rarest` plan (whose hits are at most its rarest trigram's
 * records, RAREST_CANDIDATES_MAX): `hits`, every matching record's rowid in the list's order (parameters as `rarest`'s
 * page without LIMIT and OFFSET), whose number is the total; then `rows`, the page's records by their rowids (a JSON
 * array), in the same order. The count and the page each walked the candidates before: this walks them once.
 */
export function rarestHitsSql(query: Pick<ListCullsQuery, 'sort' | 'order'>) {
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const orderBy = [...sortKeys(query.sort), 'id']
    .map((column) => `${orderTerm(column)} ${direction}`)
    .join(', ');
  return {
    hits: `SELECT culls.rowid FROM culls_search_trigrams CROSS JOIN culls ON culls.search_rowid = culls_search_trigrams.rowid
      WHERE culls_search_trigrams MATCH ? AND culls_search_trigrams.rowid BETWEEN ? AND ?
        AND instr(culls.search_text, ?) > 0
      ORDER BY ${orderBy}`,
    rows: `SELECT * FROM culls WHERE rowid IN (SELECT value FROM json_each(?)) ORDER BY ${orderBy}`,
  };
}

/**
 * A list filter's SQL terms and their values, in the same order; a record on one of `namedGrounds` (the grounds the
 * search's text names) passes the text's term.
 */
export function filterTerms(
  filters: ListFilters,
  namedGrounds: readonly string[] = [],
): { terms: string[]; values: unknown[] } {
  const terms: string[] = [];
  const values: unknown[] = [];
  const term = (sql: string, value: unknown) => {
    terms.push(sql);
    values.push(value);
  };
  if (filters.groundId !== undefined) term('ground_id = ?', filters.groundId);
  if (filters.outingId !== undefined) term('outing_id = ?', filters.outingId);
  if (filters.species !== undefined) term('species = ? COLLATE NOCASE', filters.species);
  if (filters.sex !== undefined) term('sex = ?', filters.sex);
  if (filters.destination !== undefined) term('carcass_destination = ?', filters.destination);
  const { words } = filters;
  if (words?.species !== undefined)
    term('species IN (SELECT value FROM json_each(?))', JSON.stringify(words.species));
  if (words?.sex !== undefined) term('sex = ?', words.sex);
  if (words?.ages !== undefined)
    term('age_estimate IN (SELECT value FROM json_each(?))', JSON.stringify(words.ages));
  if (filters.text !== '' && namedGrounds.length === 0) term(holdsTerm(false), filters.text);
  if (filters.text !== '' && namedGrounds.length > 0) {
    term(holdsTerm(true), filters.text);
    values.push(JSON.stringify(namedGrounds));
  }
  return { terms, values };
}

/**
 * The page and total queries of a list narrowed by its filters (see filterTerms) within `whose` (a user's records or a
 * team's scope): the planner chooses between the ground's or outing's index and the sort index. Parameters: whose's,
 * then the terms' values; then for the page LIMIT and OFFSET.
 */
export function filteredListSql(
  query: Pick<ListCullsQuery, 'sort' | 'order'>,
  whose: string,
  terms: readonly string[],
) {
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const orderBy = [...sortKeys(query.sort), 'id'].map((column) => `${orderTerm(column)} ${direction}`);
  const where = [whose, ...terms].join(' AND ');
  return {
    page: `SELECT * FROM culls WHERE ${where} ORDER BY ${orderBy.join(', ')} LIMIT ? OFFSET ?`,
    count: `SELECT COUNT(*) AS total FROM culls WHERE ${where}`,
  };
}

/** A map record's columns: its fields but its ground's name, which a read joins. */
const LOCATED_COLUMNS: readonly string[] = [
  'id',
  ...MAP_CULL_FIELDS.filter((field) => field !== 'ground_name'),
];
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
export function filteredMapPointsSql(filter: MapPointsFilter, whose = 'user_id = ?'): string {
  const terms = [
    ...(filter.from !== undefined ? ['"date" >= ?'] : []),
    ...(filter.to !== undefined ? ['"date" <= ?'] : []),
    ...(filter.species !== undefined ? ['species = ? COLLATE NOCASE'] : []),
    ...(filter.sex !== undefined ? ['sex = ?'] : []),
    ...(filter.groundId !== undefined ? ['ground_id = ?'] : []),
  ];
  return `SELECT latitude, longitude, species FROM culls
  WHERE ${whose} AND ${LOCATED} ${terms.map((term) => `AND ${term}`).join(' ')}
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

/** The user's records on a ground (the user id, then the ground's), counted by day, species, sex and outing. */
export const GROUND_CULL_TALLY_SQL = `SELECT "date", species, sex, outing_id, COUNT(*) AS count
  FROM culls INDEXED BY culls_by_user_ground
  WHERE user_id = ? AND ground_id = ?
  GROUP BY "date", species, sex, outing_id`;

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

type ListStatements = {
  page: Database.Statement<unknown[], Row>;
  count: Database.Statement<unknown[], { total: number }>;
};

/** The reads of a user's records, and of a team's. */
export type CullQueries = Pick<CullReadModel<SqliteDatabase>, CullQueryName>;

/** Whose of a team's records a read takes: everyone's, one person's (a guest, or one member's) or some people's. */
type ScopeShape = 'everyone' | 'one' | 'some';
const shapeOf = (scope: RecordScope): ScopeShape =>
  scope.userIds === undefined ? 'everyone' : scope.userIds.length === 1 ? 'one' : 'some';

/**
 * A team's records (see RecordScope) as SQL terms and their parameters: the team's owner id; one person's records by
 * their user id first, so a read walks their own slice of an index; some people's ids as a JSON array.
 */
function inScope(scope: RecordScope): { where: string; parameters: string[] } {
  switch (shapeOf(scope)) {
    case 'everyone':
      return { where: 'team_owner = ?', parameters: [scope.teamOwnerId] };
    case 'one':
      return { where: 'user_id = ? AND team_owner = ?', parameters: [scope.userIds![0]!, scope.teamOwnerId] };
    case 'some':
      return {
        where: 'team_owner = ? AND user_id IN (SELECT value FROM json_each(?))',
        parameters: [scope.teamOwnerId, JSON.stringify(scope.userIds)],
      };
  }
}

/**
 * The page and total queries of a team's list, as listSql's for a user's: `all` walks the team's sort index and
 * takes the total the team's records keep; `contains` tests each record in the walk; `trigrams` finds the matches in
 * the trigram index and keeps the team's. Parameters: the scope's, then for `contains` the term, for `trigrams` the
 * FTS5 phrase first; with `byGround` (the search names some of the team's grounds), `contains` then takes the grounds'
 * ids as a JSON array, `trigrams` the scope's again and the ids; then for the page LIMIT and OFFSET.
 */
export function scopedListSql(
  query: Pick<ListCullsQuery, 'sort' | 'order'>,
  filter: ScopedListFilter,
  scope: RecordScope,
  byGround = false,
) {
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const orderBy = [...sortKeys(query.sort), 'id'].map((column) => `${orderTerm(column)} ${direction}`);
  const page = `ORDER BY ${orderBy.join(', ')} LIMIT ? OFFSET ?`;
  const { where } = inScope(scope);
  const shape = shapeOf(scope);
  // One person's records are a walk of their own sort index, the team's of the team's.
  const walk = `culls INDEXED BY culls_by_${shape === 'one' ? 'user' : 'team'}_${query.sort}`;
  const counts = {
    everyone: 'SELECT total FROM cull_totals WHERE user_id = ?',
    one: `SELECT COUNT(*) AS total FROM culls INDEXED BY culls_by_user_team WHERE ${where}`,
    some: `SELECT COUNT(*) AS total FROM ${walk} WHERE ${where}`,
  };
  switch (filter) {
    case 'all':
      return { page: `SELECT * FROM ${walk} WHERE ${where} ${page}`, count: counts[shape] };
    case 'contains':
      return {
        page: `SELECT * FROM ${walk} WHERE ${where} AND ${holdsTerm(byGround)} ${page}`,
        count: `SELECT COUNT(*) AS total FROM ${walk} WHERE ${where} AND ${holdsTerm(byGround)}`,
      };
    case 'trigrams': {
      if (byGround) {
        const matched = hitsOrOnGrounds(where, where);
        return {
          page: `SELECT culls.* FROM (${matched}) AS matched CROSS JOIN culls ON culls.rowid = matched.hit ${page}`,
          count: `SELECT COUNT(*) AS total FROM (${matched})`,
        };
      }
      const hits = `culls_search_trigrams CROSS JOIN culls ON culls.search_rowid = culls_search_trigrams.rowid
        WHERE culls_search_trigrams MATCH ? AND ${where}`;
      return { page: `SELECT culls.* FROM ${hits} ${page}`, count: `SELECT COUNT(*) AS total FROM ${hits}` };
    }
  }
}

/** The names of the grounds whose ids are given as a JSON array. */
export const GROUND_NAMES_SQL = 'SELECT id, name FROM grounds WHERE id IN (SELECT value FROM json_each(?))';

/**
 * The grounds a user's records are on, with their names (the user id as @user): one seek per ground in the user's slice
 * of the ground index, rather than a walk of every placed record.
 */
export const USER_GROUNDS_SQL = `WITH RECURSIVE placed (ground_id) AS (
    SELECT (SELECT MIN(ground_id) FROM culls WHERE user_id = @user AND ground_id IS NOT NULL)
    UNION ALL
    SELECT (SELECT MIN(ground_id) FROM culls WHERE user_id = @user AND ground_id > placed.ground_id)
      FROM placed WHERE placed.ground_id IS NOT NULL
  )
  SELECT grounds.id, grounds.name FROM placed JOIN grounds ON grounds.id = placed.ground_id`;

/** A team's grounds, with their names (the team's owner id): every record of the team is on one of them. */
export const TEAM_GROUNDS_SQL = 'SELECT id, name FROM grounds WHERE user_id = ?';

/**
 * Prepares the reads of a user's records on the records database, whose tables (the grounds' too) must exist. A search
 * starts from its rarest trigrams within `limits` (see searchPlan).
 */
export function openSqliteCullQueries(db: SqliteDatabase, limits: RarestLimits = {}): CullQueries {
  const groundNamesStatement = db.prepare<[string], NamedGround>(GROUND_NAMES_SQL);
  const userGroundsStatement = db.prepare<[{ user: string }], NamedGround>(USER_GROUNDS_SQL);
  const teamGroundsStatement = db.prepare<[string], NamedGround>(TEAM_GROUNDS_SQL);
  const getStatement = db.prepare<[string, string], Row>('SELECT * FROM culls WHERE id = ? AND user_id = ?');
  // Rows as arrays: with thousands of records, building keyed rows costs more than reading them.
  const locatedStatement = db.prepare<[string, number], (string | number | null)[]>(LOCATED_SQL).raw();
  const mapPointsStatement = db.prepare<[string, number], [number, number, string]>(MAP_POINTS_SQL).raw();
  const atStatement = db.prepare<[string, number, number, number], (string | number | null)[]>(AT_SQL).raw();
  const sameTagStatement = db.prepare<[string, string], TaggedRecord>(SAME_TAG_SQL);
  const groundCullTallyStatement = db.prepare<[string, string], GroundCullTally>(GROUND_CULL_TALLY_SQL);
  const userRangeStatement = db
    .prepare<[string], bigint>(`SELECT number << ${USER_SHIFT} FROM cull_search_users WHERE user_id = ?`)
    .pluck()
    .safeIntegers();
  const trigramCountsStatement = db.prepare<[bigint, string], { trigram: string; records: number }>(
    `SELECT trigram, records FROM cull_search_trigram_counts
      WHERE user_number = ? AND trigram IN (SELECT value FROM json_each(?))`,
  );
  const listStatements = new Map<string, ListStatements>();

  /** The records with their grounds' names now, read in one query for them all. */
  function named<Item extends { ground_id?: string; ground_name?: string }>(records: Item[]): Item[] {
    const ids = groundIdsOf(records);
    if (ids.length === 0) return records;
    const names = new Map(groundNamesStatement.all(JSON.stringify(ids)).map(({ id, name }) => [id, name]));
    return records.map((record) => withGroundName(record, names));
  }

  function listStatementsFor(
    query: Pick<ListCullsQuery, 'sort' | 'order'>,
    filter: ListFilter,
    byGround = false,
  ) {
    const key = `${query.sort}:${query.order}:${filter}:${byGround}`;
    let statements = listStatements.get(key);
    if (statements === undefined) {
      const sql = listSql(query, filter, byGround);
      statements = {
        page: db.prepare<unknown[], Row>(sql.page),
        count: db.prepare<unknown[], { total: number }>(sql.count),
      };
      listStatements.set(key, statements);
    }
    return statements;
  }

  const rarestStatements = new Map<
    string,
    { hits: Database.Statement<unknown[], number>; rows: Database.Statement<[string], Row> }
  >();
  function rarestStatementsFor(query: Pick<ListCullsQuery, 'sort' | 'order'>) {
    const key = `${query.sort}:${query.order}`;
    let statements = rarestStatements.get(key);
    if (statements === undefined) {
      const sql = rarestHitsSql(query);
      statements = {
        hits: db.prepare<unknown[], number>(sql.hits).pluck(),
        rows: db.prepare<[string], Row>(sql.rows),
      };
      rarestStatements.set(key, statements);
    }
    return statements;
  }

  /**
   * The filter of a list, its parameters and, when the counts give it, its total; or undefined when the user has nothing
   * a search could find. A search naming some of the user's grounds (`namedGrounds`) finds their records too.
   */
  function filterOf(
    userId: string,
    search: string,
    namedGrounds: readonly string[],
  ): { filter: ListFilter; parameters: unknown[]; total?: number } | undefined {
    if (search === '') return { filter: 'all', parameters: [userId] };
    const byGround = namedGrounds.length > 0 ? [JSON.stringify(namedGrounds)] : [];
    // FTS5's query parser ends a string at a NUL character, so such a search is tested row by row.
    if (!usesTrigrams(search) || search.includes('\0')) {
      return { filter: 'contains', parameters: [userId, search, ...byGround] };
    }
    const low = userRangeStatement.get(userId);
    if (low === undefined) return undefined;
    const range = [low, low + (1n << USER_SHIFT) - 1n];
    const onGrounds = byGround.length > 0 ? [userId, ...byGround] : [];
    const counts = new Map(
      trigramCountsStatement
        .all(low >> USER_SHIFT, JSON.stringify(trigramsOf(search)))
        .map(({ trigram, records }) => [trigram, records]),
    );
    const plan = searchPlan(search, counts, limits);
    switch (plan.kind) {
      case 'none':
        // No record holds one of the term's trigrams: only the grounds it names can bring any.
        return byGround.length === 0
          ? undefined
          : { filter: 'rarest', parameters: [plan.match, ...range, search, ...onGrounds] };
      case 'rarest':
        return { filter: 'rarest', parameters: [plan.match, ...range, search, ...onGrounds] };
      case 'trigrams':
        return {
          filter: 'trigrams',
          parameters: [plan.match, ...range, ...onGrounds],
          ...(byGround.length === 0 && plan.total !== undefined && { total: plan.total }),
        };
    }
  }

  /** The ids of the grounds among `grounds` whose name holds the search's text; none for no text. */
  function namedBy(search: string, grounds: () => NamedGround[]): string[] {
    return search === '' ? [] : groundsNamedLike(grounds(), search);
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

  const filteredStatements = new Map<string, ListStatements>();

  /** A page of the records within `whose` (its SQL and parameters) that the filters let through. */
  function readFiltered(
    whose: { where: string; parameters: readonly unknown[] },
    filters: ListFilters,
    query: ListCullsQuery,
    namedGrounds: readonly string[],
  ): CullPage {
    const answer = { items: [] as Cull[], total: 0, page: query.page, page_size: query.page_size };
    const { terms, values } = filterTerms(filters, namedGrounds);
    const statementsFor = (order: 'asc' | 'desc') => {
      const key = `${query.sort}:${order}:${whose.where}:${terms.join(':')}`;
      let statements = filteredStatements.get(key);
      if (statements === undefined) {
        const sql = filteredListSql({ sort: query.sort, order }, whose.where, terms);
        statements = {
          page: db.prepare<unknown[], Row>(sql.page),
          count: db.prepare<unknown[], { total: number }>(sql.count),
        };
        filteredStatements.set(key, statements);
      }
      return statements;
    };
    const parameters = [...whose.parameters, ...values];
    answer.total = statementsFor(query.order).count.get(...parameters)?.total ?? 0;
    const window = pageWindow(query.page, query.page_size, answer.total);
    if (window.limit === 0) return answer;
    const rows = statementsFor(readOrder(window, query.order)).page.all(
      ...parameters,
      window.limit,
      window.offset,
    );
    if (window.reversed) rows.reverse();
    answer.items = named(rows.map(toRecord));
    return answer;
  }

  // One read transaction, so the page and the total describe the same moment.
  const readList = db.transaction((userId: string, query: ListCullsQuery): CullPage => {
    const answer = { items: [] as Cull[], total: 0, page: query.page, page_size: query.page_size };
    const filters = listFiltersOf(query);
    const search = filters.text;
    const namedGrounds = namedBy(search, () => userGroundsStatement.all({ user: userId }));
    const byGround = namedGrounds.length > 0;
    if (narrowsByField(filters))
      return readFiltered({ where: 'user_id = ?', parameters: [userId] }, filters, query, namedGrounds);
    const filter = filterOf(userId, search, namedGrounds);
    if (filter === undefined) return answer;
    if (filter.filter === 'rarest' && !byGround) {
      const hits = rarestStatementsFor(query).hits.all(...filter.parameters);
      answer.total = hits.length;
      const start = (query.page - 1) * query.page_size;
      const onPage = hits.slice(start, start + query.page_size);
      if (onPage.length === 0) return answer;
      answer.items = named(rarestStatementsFor(query).rows.all(JSON.stringify(onPage)).map(toRecord));
      return answer;
    }
    answer.total =
      filter.total ??
      listStatementsFor(query, filter.filter, byGround).count.get(...filter.parameters)?.total ??
      0;
    const window = pageWindow(query.page, query.page_size, answer.total);
    if (window.limit === 0) return answer;
    const [kind, parameters] =
      filter.filter !== 'all' && filter.filter !== 'contains' && walkIsShorter(userId, window, answer.total)
        ? ['contains' as const, [userId, search, ...(byGround ? [JSON.stringify(namedGrounds)] : [])]]
        : [filter.filter, filter.parameters];
    const order = readOrder(window, query.order);
    const rows = listStatementsFor({ sort: query.sort, order }, kind, byGround).page.all(
      ...parameters,
      window.limit,
      window.offset,
    );
    if (window.reversed) rows.reverse();
    answer.items = named(rows.map(toRecord));
    return answer;
  });

  const scopedStatements = new Map<string, ListStatements>();
  function scopedStatementsFor(
    query: Pick<ListCullsQuery, 'sort' | 'order'>,
    filter: ScopedListFilter,
    scope: RecordScope,
    byGround = false,
  ) {
    const key = `${query.sort}:${query.order}:${filter}:${shapeOf(scope)}:${byGround}`;
    let statements = scopedStatements.get(key);
    if (statements === undefined) {
      const sql = scopedListSql(query, filter, scope, byGround);
      statements = {
        page: db.prepare<unknown[], Row>(sql.page),
        count: db.prepare<unknown[], { total: number }>(sql.count),
      };
      scopedStatements.set(key, statements);
    }
    return statements;
  }

  // One read transaction, so the page and the total describe the same moment.
  const readScopedList = db.transaction((scope: RecordScope, query: ListCullsQuery): CullPage => {
    const answer = { items: [] as Cull[], total: 0, page: query.page, page_size: query.page_size };
    const filters = listFiltersOf(query);
    const search = filters.text;
    const namedGrounds = namedBy(search, () => teamGroundsStatement.all(scope.teamOwnerId));
    const byGround = namedGrounds.length > 0;
    if (narrowsByField(filters)) return readFiltered(inScope(scope), filters, query, namedGrounds);
    const { parameters } = inScope(scope);
    const filter: ScopedListFilter =
      search === '' ? 'all' : usesTrigrams(search) && !search.includes('\0') ? 'trigrams' : 'contains';
    const grounds = byGround ? [JSON.stringify(namedGrounds)] : [];
    const filterParameters = (kind: ScopedListFilter) =>
      kind === 'all'
        ? parameters
        : kind === 'contains'
          ? [...parameters, search, ...grounds]
          : [trigramPhrase(search), ...parameters, ...(byGround ? [...parameters, ...grounds] : [])];
    const countParameters =
      filter === 'all' && scope.userIds === undefined ? [scope.teamOwnerId] : filterParameters(filter);
    answer.total =
      scopedStatementsFor(query, filter, scope, byGround).count.get(...countParameters)?.total ?? 0;
    const window = pageWindow(query.page, query.page_size, answer.total);
    if (window.limit === 0) return answer;
    // As for a user's list: a common term's page is cheaper found by walking the sort index than by sorting every match.
    const records =
      filter === 'trigrams'
        ? (scopedStatementsFor(query, 'all', { teamOwnerId: scope.teamOwnerId }).count.get(scope.teamOwnerId)
            ?.total ?? 0)
        : 0;
    const kind =
      filter === 'trigrams' && (window.offset + window.limit) * records < answer.total ** 2
        ? 'contains'
        : filter;
    const order = readOrder(window, query.order);
    const rows = scopedStatementsFor({ sort: query.sort, order }, kind, scope, byGround).page.all(
      ...filterParameters(kind),
      window.limit,
      window.offset,
    );
    if (window.reversed) rows.reverse();
    answer.items = named(rows.map(toRecord));
    return answer;
  });

  const getScopedStatements = new Map<ScopeShape, Database.Statement<unknown[], Row>>();
  function getScopedStatement(scope: RecordScope) {
    const shape = shapeOf(scope);
    let statement = getScopedStatements.get(shape);
    if (statement === undefined) {
      statement = db.prepare<unknown[], Row>(`SELECT * FROM culls WHERE id = ? AND ${inScope(scope).where}`);
      getScopedStatements.set(shape, statement);
    }
    return statement;
  }
  const teamMapPointsSql = (scope: RecordScope, filter: MapPointsFilter) =>
    filtersSome(filter)
      ? filteredMapPointsSql(filter, inScope(scope).where)
      : `SELECT latitude, longitude, species FROM culls INDEXED BY culls_located_by_team
          WHERE ${inScope(scope).where} AND ${LOCATED} ORDER BY created_at DESC, id DESC LIMIT ?`;
  const atScopedSql = (scope: RecordScope) =>
    `SELECT ${LOCATED_COLUMNS.map(quote).join(', ')} FROM culls INDEXED BY culls_at_point_by_team
       WHERE ${inScope(scope).where} AND latitude = ? AND longitude = ? AND ${LOCATED}
       ORDER BY created_at DESC, id DESC LIMIT ?`;

  return {
    async get(userId, id) {
      const row = getStatement.get(id, userId);
      return row === undefined ? undefined : named([toRecord(row)])[0];
    },
    async getScoped(scope, id) {
      const row = getScopedStatement(scope).get(id, ...inScope(scope).parameters);
      return row === undefined ? undefined : named([toRecord(row)])[0];
    },
    async listScoped(scope, query) {
      return readScopedList.deferred(scope, query);
    },
    async mapPointsScoped(scope, filter = {}) {
      const statement = db
        .prepare<unknown[], [number, number, string]>(teamMapPointsSql(scope, filter))
        .raw();
      return toMapPoints(
        statement.iterate(...inScope(scope).parameters, ...filterValues(filter), MAP_POINTS_LIMIT + 1),
      );
    },
    async listAtScoped(scope, { latitude, longitude }) {
      const rows = db
        .prepare<unknown[], (string | number | null)[]>(atScopedSql(scope))
        .raw()
        .all(...inScope(scope).parameters, latitude, longitude, MAP_POINTS_LIMIT);
      return named(rows.map(toMapCull));
    },
    async list(userId, query) {
      return readList.deferred(userId, query);
    },
    async listLocated(userId) {
      return named(locatedStatement.all(userId, MAP_POINTS_LIMIT).map(toMapCull));
    },
    async mapPoints(userId, filter) {
      if (!filtersSome(filter)) return toMapPoints(mapPointsStatement.iterate(userId, MAP_POINTS_LIMIT + 1));
      const statement = db.prepare<unknown[], [number, number, string]>(filteredMapPointsSql(filter)).raw();
      return toMapPoints(statement.iterate(userId, ...filterValues(filter), MAP_POINTS_LIMIT + 1));
    },
    async listAt(userId, { latitude, longitude }) {
      return named(atStatement.all(userId, latitude, longitude, MAP_POINTS_LIMIT).map(toMapCull));
    },
    async sameTag(userId, tagKeys) {
      if (tagKeys.length === 0) return [];
      return sameTagStatement.all(userId, JSON.stringify(tagKeys));
    },
    async groundCullTally(userId, groundId) {
      return groundCullTallyStatement.all(userId, groundId);
    },
  };
}
