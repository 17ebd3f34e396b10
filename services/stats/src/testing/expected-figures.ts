import { DEFAULT_SEASON_START, type CullFields, type StatsResponse } from '@cull-log/contracts';
import { seasonSummary, type DashboardStats } from '@cull-log/domain';

/**
 * The answer of GET /stats for a user with the default season start and no outings, from the domain's figures and
 * the live records they were counted from (for the season's destinations and warnings).
 */
export function withoutOutings(
  stats: DashboardStats,
  position: number,
  records: readonly CullFields[],
): StatsResponse {
  return {
    ...stats,
    season: {
      ...stats.season,
      outings: { outings: 0, blank_outings: 0, hours_out: 0, hours_per_deer: null },
      ...seasonSummary(records, stats.season),
    },
    season_start: DEFAULT_SEASON_START,
    position,
  };
}
