import type Database from 'better-sqlite3';
import { Plan, PlansAllocated, teamOwnerId } from '@cull-log/contracts';
import { sqliteSeasonStart } from '@cull-log/projection';
import { z } from 'zod';
import { nestCounts } from '../nest-counts';
import { type aggregatesCache, type UserAggregates } from './aggregates-cache';
import { memberCounterPrefix, seasonCountOf, type ClassCounter } from '../stats-counters';
import type { MemberSeasonCounts, SeasonRead, StatsStore, StatsWindow, TeamSeasonRead } from '../stats-store';

const StoredPlans = z.array(Plan);
const StoredAllocations = PlansAllocated.shape.data.shape.allocations;

/** What the stats store reads: the user's season start and their figures. */
export type StatsQueries = Pick<StatsStore, 'seasonStart' | 'aggregates' | 'season' | 'teamSeason'>;

/**
 * The stats store's reads, each in one transaction with the projection's position, so the figures and the position
 * they answer with are read together.
 */
export function statsQueries(
  db: Database.Database,
  readPosition: () => number,
  cache: ReturnType<typeof aggregatesCache>,
): StatsQueries {
  const readSeasonStart = sqliteSeasonStart(db);

  const selectTotals = db.prepare<[string], { total: number; weighed: number; weight_grams: number }>(
    'SELECT total, weighed, weight_grams FROM user_totals WHERE user_id = ?',
  );
  const selectSpecies = db.prepare<[string], { species: string; count: number }>(
    'SELECT species, count FROM species_counts WHERE user_id = ? AND count > 0',
  );
  const selectMonths = db.prepare<[string, string, string], { month: string; count: number }>(
    'SELECT month, count FROM month_counts WHERE user_id = ? AND month BETWEEN ? AND ? AND count > 0',
  );
  const selectSeasonBySex = db.prepare<
    [string, string, string],
    { species: string; sex: string; count: number }
  >(
    `SELECT species, sex, SUM(count) AS count FROM class_months WHERE user_id = ? AND month BETWEEN ? AND ?
     GROUP BY species, sex HAVING SUM(count) > 0`,
  );
  const selectOutingMonths = db.prepare<
    [string, string, string],
    { outings: number | null; blank: number | null; duration_ms: number | null; deer: number | null }
  >(
    `SELECT SUM(outings) AS outings, SUM(blank) AS blank, SUM(duration_ms) AS duration_ms, SUM(deer) AS deer
     FROM outing_months WHERE user_id = ? AND month BETWEEN ? AND ?`,
  );
  const selectClassMonths = db.prepare<[string, string, string], ClassCounter>(
    `SELECT month, ground_id AS groundId, species, sex, young, count, weighed, weight_grams AS weightGrams
     FROM class_months WHERE user_id = ? AND month BETWEEN ? AND ? AND count > 0`,
  );
  const selectDestinations = db.prepare<[string, string, string], { destination: string; count: number }>(
    `SELECT destination, SUM(count) AS count FROM destination_months WHERE user_id = ? AND month BETWEEN ? AND ?
     GROUP BY destination HAVING SUM(count) > 0`,
  );
  const selectWarnings = db.prepare<[string, string, string], { code: string; count: number }>(
    `SELECT code, SUM(count) AS count FROM warning_months WHERE user_id = ? AND month BETWEEN ? AND ?
     GROUP BY code HAVING SUM(count) > 0`,
  );
  const selectPlans = db.prepare<[string, string], { plans: string }>(
    'SELECT plans FROM season_plans WHERE user_id = ? AND season = ?',
  );
  // The user's own grounds, and the teams' grounds their culls are on (a team's owner id is `team-<id>`).
  const selectGroundNames = db.prepare<[string, string], { stream_id: string; name: string }>(
    `SELECT stream_id, name FROM ground_names WHERE user_id = ? OR (user_id LIKE 'team-%'
       AND stream_id IN (SELECT DISTINCT ground_id FROM culls WHERE user_id = ? AND ground_id IS NOT NULL))`,
  );

  // Every member's counters of a team, in one range of the key (`team-<id>/` then the member id).
  const selectMemberClassMonths = db.prepare<
    [string, string, string, string],
    ClassCounter & { userId: string }
  >(
    `SELECT user_id AS userId, month, ground_id AS groundId, species, sex, young, count, weighed,
       weight_grams AS weightGrams
     FROM class_months WHERE user_id >= ? AND user_id < ? AND month BETWEEN ? AND ? AND count > 0`,
  );
  const selectAllocations = db
    .prepare<[string, string], string>(
      'SELECT allocations FROM plan_allocations WHERE user_id = ? AND season = ?',
    )
    .pluck();
  const selectLinks = db.prepare<[string], { memberId: string; userId: string; name: string }>(
    'SELECT member_id AS memberId, user_id AS userId, name FROM member_links WHERE team_id = ? ORDER BY member_id',
  );
  const selectTeamName = db
    .prepare<[string], string>('SELECT name FROM team_names WHERE user_id = ?')
    .pluck();

  const outingSums = (userId: string, first: string, last: string) => {
    const sums = selectOutingMonths.get(userId, first, last);
    return {
      outings: sums?.outings ?? 0,
      blank: sums?.blank ?? 0,
      durationMs: sums?.duration_ms ?? 0,
      deer: sums?.deer ?? 0,
    };
  };
  const span = (months: readonly string[]) => [months[0] ?? '', months[months.length - 1] ?? ''] as const;

  const readAggregates = db.transaction(({ userId, months, seasonMonths }: StatsWindow): UserAggregates => {
    const totals = selectTotals.get(userId);
    return {
      total: totals?.total ?? 0,
      weightGrams: totals?.weight_grams ?? 0,
      weighed: totals?.weighed ?? 0,
      speciesCounts: Object.fromEntries(selectSpecies.all(userId).map((row) => [row.species, row.count])),
      perMonth: Object.fromEntries(
        selectMonths.all(userId, ...span(months)).map((row) => [row.month, row.count]),
      ),
      seasonSpeciesBySex: nestCounts(selectSeasonBySex.all(userId, ...span(seasonMonths))),
      seasonOutings: outingSums(userId, ...span(seasonMonths)),
      seasonDestinations: Object.fromEntries(
        selectDestinations.all(userId, ...span(seasonMonths)).map((row) => [row.destination, row.count]),
      ),
      seasonWarnings: Object.fromEntries(
        selectWarnings.all(userId, ...span(seasonMonths)).map((row) => [row.code, row.count]),
      ),
    };
  });

  const readSeason = db.transaction(
    (userId: string, season: { key: string; months: readonly string[] }): SeasonRead => {
      const [first, last] = span(season.months);
      const plans = selectPlans.get(userId, season.key);
      return {
        counts: selectClassMonths.all(userId, first, last).map(seasonCountOf),
        destinations: Object.fromEntries(
          selectDestinations.all(userId, first, last).map((row) => [row.destination, row.count]),
        ),
        warnings: Object.fromEntries(
          selectWarnings.all(userId, first, last).map((row) => [row.code, row.count]),
        ),
        outings: outingSums(userId, first, last),
        plans: plans === undefined ? [] : StoredPlans.parse(JSON.parse(plans.plans)),
        groundNames: Object.fromEntries(
          selectGroundNames.all(userId, userId).map((row) => [row.stream_id, row.name]),
        ),
        position: readPosition(),
      };
    },
  );

  const readTeamSeason = db.transaction(
    (teamId: string, season: { key: string; months: readonly string[] }): TeamSeasonRead => {
      const [first, last] = span(season.months);
      const prefix = memberCounterPrefix(teamId);
      // '0' is the character after '/': the range holds exactly the keys that start with the prefix.
      const end = `${prefix.slice(0, -1)}0`;
      const byMember = new Map<string, MemberSeasonCounts>();
      for (const { userId, ...counter } of selectMemberClassMonths.all(prefix, end, first, last)) {
        const memberId = userId.slice(prefix.length);
        const member = byMember.get(memberId) ?? { memberId, counts: [] };
        member.counts.push(seasonCountOf(counter));
        byMember.set(memberId, member);
      }
      const allocations = selectAllocations.get(teamOwnerId(teamId), season.key);
      return {
        name: selectTeamName.get(teamOwnerId(teamId)),
        members: [...byMember.values()].sort((a, b) => (a.memberId < b.memberId ? -1 : 1)),
        allocations: allocations === undefined ? [] : StoredAllocations.parse(JSON.parse(allocations)),
        links: selectLinks.all(teamId),
      };
    },
  );

  return {
    async seasonStart(userId) {
      return readSeasonStart(userId);
    },
    async aggregates(window) {
      // The position after the figures: a kept user's figures stand at every position since they were read.
      const aggregates = cache.read(window, () => readAggregates(window));
      return { ...aggregates, position: readPosition() };
    },
    async season(userId, season) {
      return readSeason(userId, season);
    },
    async teamSeason(teamId, season) {
      return readTeamSeason(teamId, season);
    },
  };
}
