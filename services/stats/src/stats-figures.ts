import type { StatsResponse } from '@cull-log/contracts';
import { lastTwelveMonths, seasonFor, statsFromTally, type StatsTally } from '@cull-log/domain';
import type { StatsAggregates, StatsWindow } from './store/stats-store';

/** The buckets the dashboard shows at `now` for one user: the last twelve months and the current season. */
export function statsWindow(userId: string, now: Date): StatsWindow {
  return { userId, months: lastTwelveMonths(now), season: seasonFor(now).label };
}

/**
 * The response from the store's aggregates. They are shaped into the domain's tally (holding only the
 * window's months and season, all the figures at `now` read), so ranking, rounding and labels are the
 * domain's own and cannot drift from `computeStats`.
 */
export function statsResponse(aggregates: StatsAggregates, now: Date): StatsResponse {
  const tally: StatsTally = {
    total: aggregates.total,
    bySpecies: aggregates.speciesCounts,
    byMonth: aggregates.perMonth,
    bySeason:
      Object.keys(aggregates.seasonSpeciesBySex).length === 0
        ? {}
        : { [seasonFor(now).label]: aggregates.seasonSpeciesBySex },
    weighed: aggregates.weighed,
    weightGrams: aggregates.weightGrams,
  };
  return { ...statsFromTally(tally, now), position: aggregates.position };
}
