import type Database from 'better-sqlite3';
import { teamOwnerId, type StoredLogEvent } from '@cull-log/contracts';
import { sqliteGroundsAndSettings } from '@cull-log/projection';
import { createCounterSum, type CounterChange, type CounterName } from '../stats-counters';
import { applyStatsEvents, removeCulls, type StatsRows } from '../stats-read-model';
import type { CullFacts, OutingFacts, WarningInputs } from '../stats-store';

export interface CullRow {
  user_id: string;
  species: string;
  sex: string;
  date: string;
  weight_grams: number | null;
  age_estimate: string;
  destination: string | null;
  ground_id: string | null;
  outing_id: string | null;
  /** Absent in a file read before its schema's step 2 (the repairs of step 1). */
  team_id?: string | null;
  member_id?: string | null;
  /** The warning inputs as JSON; null for a cull kept before step 3, absent in a file read before it. */
  warning_facts?: string | null;
}
/** The columns of a cull's facts as step 1 of the schema has them. */
export const CULL_COLUMNS =
  'user_id, species, sex, date, weight_grams, age_estimate, destination, ground_id, outing_id';
const CULL_TEAM_COLUMNS = `${CULL_COLUMNS}, team_id, member_id, warning_facts`;

interface OutingRow {
  user_id: string;
  started_at: string;
  ended_at: string | null;
  cull_count: number;
}

export const factsOf = (row: CullRow): CullFacts => ({
  userId: row.user_id,
  species: row.species,
  sex: row.sex,
  date: row.date,
  weightGrams: row.weight_grams,
  ageEstimate: row.age_estimate,
  destination: row.destination,
  groundId: row.ground_id,
  outingId: row.outing_id,
  teamId: row.team_id ?? null,
  memberId: row.member_id ?? null,
  warningFacts: row.warning_facts == null ? null : (JSON.parse(row.warning_facts) as WarningInputs),
});
const outingOf = (row: OutingRow): OutingFacts => ({
  userId: row.user_id,
  startedAt: row.started_at,
  endedAt: row.ended_at,
  cullCount: row.cull_count,
});

/** The culls' facts by stream, as factsByStream reads and writes them. */
const CULL_TABLE = {
  table: 'culls',
  columns: CULL_TEAM_COLUMNS,
  upsert: `INSERT INTO culls (stream_id, ${CULL_TEAM_COLUMNS})
    VALUES (@streamId, @userId, @species, @sex, @date, @weightGrams, @ageEstimate, @destination, @groundId,
      @outingId, @teamId, @memberId, @warningFacts)
    ON CONFLICT (stream_id) DO UPDATE SET user_id = excluded.user_id, species = excluded.species,
      sex = excluded.sex, date = excluded.date, weight_grams = excluded.weight_grams,
      age_estimate = excluded.age_estimate, destination = excluded.destination, ground_id = excluded.ground_id,
      outing_id = excluded.outing_id, team_id = excluded.team_id, member_id = excluded.member_id,
      warning_facts = excluded.warning_facts`,
  rowOf: (facts: CullFacts) => ({
    ...facts,
    warningFacts: facts.warningFacts === null ? null : JSON.stringify(facts.warningFacts),
  }),
};

/** The outings' facts by stream, as factsByStream reads and writes them. */
const OUTING_TABLE = {
  table: 'outings',
  columns: 'user_id, started_at, ended_at, cull_count',
  upsert: `INSERT INTO outings (stream_id, user_id, started_at, ended_at, cull_count)
    VALUES (@streamId, @userId, @startedAt, @endedAt, @cullCount)
    ON CONFLICT (stream_id) DO UPDATE SET user_id = excluded.user_id, started_at = excluded.started_at,
      ended_at = excluded.ended_at, cull_count = excluded.cull_count`,
};

/**
 * The stats projection's change for a batch of events, on the tables as they stand inside the batch's write
 * transaction. Each counter is written once per batch, with the sum of the batch's moves.
 */
export function statsWrites(
  db: Database.Database,
  moved?: (userId: string) => void,
): (events: readonly StoredLogEvent[]) => void {
  const culls = factsByStream(db, CULL_TABLE, factsOf);
  const countCullsOnOuting = db.prepare<[string], { count: number }>(
    'SELECT COUNT(*) AS count FROM culls WHERE outing_id = ?',
  );
  const selectCullsOnGround = db
    .prepare<[string], string>('SELECT stream_id FROM culls WHERE ground_id = ?')
    .pluck();
  const outings = factsByStream(db, OUTING_TABLE, outingOf);
  const upsertPlans = db.prepare(
    `INSERT INTO season_plans (user_id, season, plans) VALUES (?, ?, ?)
     ON CONFLICT (user_id, season) DO UPDATE SET plans = excluded.plans`,
  );

  const upsertAllocations = db.prepare(
    `INSERT INTO plan_allocations (user_id, season, allocations) VALUES (?, ?, ?)
     ON CONFLICT (user_id, season) DO UPDATE SET allocations = excluded.allocations`,
  );
  const selectGroundOwner = db
    .prepare<[string], string>('SELECT user_id FROM ground_names WHERE stream_id = ?')
    .pluck();
  const selectMemberLink = db
    .prepare<[string, string], string>('SELECT member_id FROM member_links WHERE user_id = ? AND team_id = ?')
    .pluck();
  const upsertMemberLink = db.prepare(
    `INSERT INTO member_links (user_id, team_id, member_id, name) VALUES (@userId, @teamId, @memberId, @name)
     ON CONFLICT (user_id, team_id) DO UPDATE SET member_id = excluded.member_id, name = excluded.name`,
  );
  const upsertTeamName = db.prepare(
    `INSERT INTO team_names (user_id, name) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET name = excluded.name`,
  );

  const rows: StatsRows = {
    ...sqliteGroundsAndSettings(db),
    cull: culls.read,
    putCull: culls.write,
    outing: outings.read,
    putOuting: outings.write,
    cullsOnOuting: (outingId) => countCullsOnOuting.get(outingId)?.count ?? 0,
    cullsOnGround: (groundId) => selectCullsOnGround.all(groundId),
    putPlans: (userId, season, plans) => upsertPlans.run(userId, season, JSON.stringify(plans)),
    putAllocations: (ownerId, season, allocations) =>
      upsertAllocations.run(ownerId, season, JSON.stringify(allocations)),
    groundOwner: (groundId) => selectGroundOwner.get(groundId),
    memberLink: (userId, teamId) => selectMemberLink.get(userId, teamId),
    putMemberLink: (link) => upsertMemberLink.run(link),
    putTeamName: (teamId, name) => upsertTeamName.run(teamOwnerId(teamId), name),
  };
  const moveCounters = counterMoves(db, moved);

  return (events) => {
    const counters = createCounterSum();
    applyStatsEvents(rows, counters, events);
    moveCounters(counters.changes());
  };
}

/**
 * Takes a user's culls on teams' grounds out of the teams' figures as their account is erased (the erasure deletes
 * their own): each team counts them again from the facts it kept (team.culls_kept.v1), so that the figures are the
 * same whether the projection followed the erasure or is rebuilt from the log after it. A batch of the erasure: at
 * most `limit` of those culls, deleted as they are taken out; answers how many.
 */
export function eraseTeamCulls(
  db: Database.Database,
  moved?: (userId: string) => void,
): (userId: string, limit: number) => number {
  const onTeams = db
    .prepare<[string, number], string>(
      'SELECT stream_id FROM culls WHERE user_id = ? AND team_id IS NOT NULL LIMIT ?',
    )
    .pluck();
  const deleteCull = db.prepare<[string]>('DELETE FROM culls WHERE stream_id = ?');
  const culls = factsByStream(db, CULL_TABLE, factsOf);
  const moveCounters = counterMoves(db, moved);
  return (userId, limit) => {
    const counters = createCounterSum();
    const streamIds = onTeams.all(userId, limit);
    for (const streamId of streamIds) counters.move(culls.read(streamId), undefined);
    moveCounters(counters.changes());
    // Gone with the move, so that an erasure run again does not take them out twice.
    for (const streamId of streamIds) deleteCull.run(streamId);
    return streamIds.length;
  };
}

/**
 * Takes the user's culls past retention out of the figures (see removeCulls), in one transaction of their own;
 * answers how many it took out.
 */
export function removeRetainedCulls(
  db: Database.Database,
  moved?: (userId: string) => void,
): (userId: string, streamIds: readonly string[]) => number {
  const culls = factsByStream(db, CULL_TABLE, factsOf);
  const outings = factsByStream(db, OUTING_TABLE, outingOf);
  const moveCounters = counterMoves(db, moved);
  const rows = { cull: culls.read, putCull: culls.write, outing: outings.read, putOuting: outings.write };
  const remove = db.transaction((userId: string, streamIds: readonly string[]) => {
    const counters = createCounterSum();
    const removed = removeCulls(rows, counters, userId, streamIds);
    moveCounters(counters.changes());
    return removed;
  });
  return (userId, streamIds) => remove.immediate(userId, streamIds);
}

/**
 * A table of facts by stream (`culls`, `outings`) as the event logic reads and writes it: a stream's row read as its
 * facts, written from them (`upsert` takes them by name, beside `streamId`), or deleted once they are gone.
 */
function factsByStream<Row extends object, Facts extends object>(
  db: Database.Database,
  {
    table,
    columns,
    upsert,
    rowOf = (facts) => facts,
  }: { table: string; columns: string; upsert: string; rowOf?: (facts: Facts) => object },
  factsOf: (row: Row) => Facts,
) {
  const select = db.prepare<[string], Row>(`SELECT ${columns} FROM ${table} WHERE stream_id = ?`);
  const write = db.prepare(upsert);
  const remove = db.prepare(`DELETE FROM ${table} WHERE stream_id = ?`);
  return {
    read(streamId: string): Facts | undefined {
      const row = select.get(streamId);
      return row === undefined ? undefined : factsOf(row);
    },
    write(streamId: string, facts: Facts | undefined): void {
      if (facts === undefined) remove.run(streamId);
      else write.run({ streamId, ...rowOf(facts) });
    },
  };
}

/**
 * Writes counter moves, each added to its counter's row (created at the move when the row is new), and tells `moved`
 * whose counter each was.
 */
export function counterMoves(
  db: Database.Database,
  moved?: (userId: string) => void,
): (changes: readonly CounterChange[]) => void {
  // Prepared when first moved: an earlier step of the schema moves counters whose tables a later step makes.
  const prepared = new Map<CounterName, Database.Statement>();
  const statementOf = (counter: CounterName) => {
    const statement = prepared.get(counter) ?? db.prepare(MOVE_COUNTER[counter]);
    prepared.set(counter, statement);
    return statement;
  };
  return (changes) => {
    for (const change of changes) {
      statementOf(change.counter).run({ ...change.key, ...change.by });
      moved?.(change.key.userId);
    }
  };
}

/** Each counter's move: added to its row, created at the move when the row is new. */
const MOVE_COUNTER: Record<CounterName, string> = {
  totals: `INSERT INTO user_totals (user_id, total, weighed, weight_grams)
       VALUES (@userId, @total, @weighed, @weightGrams)
       ON CONFLICT (user_id) DO UPDATE SET total = total + excluded.total,
         weighed = weighed + excluded.weighed, weight_grams = weight_grams + excluded.weight_grams`,
  species: `INSERT INTO species_counts (user_id, species, count) VALUES (@userId, @species, @count)
       ON CONFLICT (user_id, species) DO UPDATE SET count = count + excluded.count`,
  months: `INSERT INTO month_counts (user_id, month, count) VALUES (@userId, @month, @count)
       ON CONFLICT (user_id, month) DO UPDATE SET count = count + excluded.count`,
  classes: `INSERT INTO class_months (user_id, month, ground_id, species, sex, young, count, weighed, weight_grams)
       VALUES (@userId, @month, @groundId, @species, @sex, @young, @count, @weighed, @weightGrams)
       ON CONFLICT (user_id, month, ground_id, species, sex, young) DO UPDATE SET count = count + excluded.count,
         weighed = weighed + excluded.weighed, weight_grams = weight_grams + excluded.weight_grams`,
  destinations: `INSERT INTO destination_months (user_id, month, destination, count)
       VALUES (@userId, @month, @destination, @count)
       ON CONFLICT (user_id, month, destination) DO UPDATE SET count = count + excluded.count`,
  warnings: `INSERT INTO warning_months (user_id, month, code, count) VALUES (@userId, @month, @code, @count)
       ON CONFLICT (user_id, month, code) DO UPDATE SET count = count + excluded.count`,
  outings: `INSERT INTO outing_months (user_id, month, outings, blank, duration_ms, deer)
       VALUES (@userId, @month, @outings, @blank, @durationMs, @deer)
       ON CONFLICT (user_id, month) DO UPDATE SET outings = outings + excluded.outings,
         blank = blank + excluded.blank, duration_ms = duration_ms + excluded.duration_ms,
         deer = deer + excluded.deer`,
};
