import type Database from 'better-sqlite3';
import { Plan } from '@cull-log/contracts';
import { sqliteSeasonStart } from '@cull-log/projection';
import { z } from 'zod';
import { nestCounts } from '../nest-counts';
import { seasonCountOf, type ClassCounter } from '../stats-counters';
import type { SeasonRead, StatsAggregates, StatsStore, StatsWindow } from '../stats-store';

const StoredPlans = z.array(Plan);

/** What the stats store reads: the user's season start and their figures. */
export type StatsQueries = Pick<StatsStore, 'seasonStart' | 'aggregates' | 'season'>;

/**
 * The stats store's reads, each in one transaction with the projection's position, so the figures and the position
 * they answer with are read together.
 */
export function statsQueries(db: Database.Database, readPosition: () => number): StatsQueries {
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
  const selectPlans = db.prepare<[string, string], { plans: string }>(
    'SELECT plans FROM season_plans WHERE user_id = ? AND season = ?',
  );
  // The user's own grounds, and the teams' grounds their culls are on (a team's owner id is `team-<id>`).
  const selectGroundNames = db.prepare<[string, string], { stream_id: string; name: string }>(
    `SELECT stream_id, name FROM ground_names WHERE user_id = ? OR (user_id LIKE 'team-%'
       AND stream_id IN (SELECT DISTINCT ground_id FROM culls WHERE user_id = ? AND ground_id IS NOT NULL))`,
  );

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

  const readAggregates = db.transaction(({ userId, months, seasonMonths }: StatsWindow): StatsAggregates => {
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
      position: readPosition(),
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
        outings: outingSums(userId, first, last),
        plans: plans === undefined ? [] : StoredPlans.parse(JSON.parse(plans.plans)),
        groundNames: Object.fromEntries(
          selectGroundNames.all(userId, userId).map((row) => [row.stream_id, row.name]),
        ),
        position: readPosition(),
      };
    },
  );

  return {
    async seasonStart(userId) {
      return readSeasonStart(userId);
    },
    async aggregates(window) {
      return readAggregates(window);
    },
    async season(userId, season) {
      return readSeason(userId, season);
    },
  };
}
