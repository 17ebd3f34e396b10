import { DEFAULT_SEASON_START, type StatsResponse } from '@cull-log/contracts';
import type { DashboardStats } from '@cull-log/domain';

/** The answer of GET /stats for a user with the default season start and no outings, from the domain's figures. */
export function withoutOutings(stats: DashboardStats, position: number): StatsResponse {
  return {
    ...stats,
    season: {
      ...stats.season,
      outings: { outings: 0, blank_outings: 0, hours_out: 0, hours_per_deer: null },
    },
    season_start: DEFAULT_SEASON_START,
    position,
  };
}
