import { DEFAULT_SEASON_START, type CullFields, type StatsResponse } from '@cull-log/contracts';
import { cullWarnings, inSeason, type DashboardStats } from '@cull-log/domain';
import { destinationsOf, warningsOf } from '../report/season-tallies';

/**
 * The season's carcass destinations and legal warnings as GET /stats answers them, counted straight from the live
 * records of the user: the warnings by the domain's rules, as the records service shows them on each record.
 */
export function seasonSummaryOf(
  records: readonly Partial<CullFields>[],
  season: { from: string; to: string },
): Pick<StatsResponse['season'], 'destinations' | 'warnings'> {
  const inTheSeason = records.filter((record) => record.date !== undefined && inSeason(record.date, season));
  const destinations: Record<string, number> = {};
  const warnings: Record<string, number> = {};
  for (const record of inTheSeason) {
    if (record.carcass_destination !== undefined)
      destinations[record.carcass_destination] = (destinations[record.carcass_destination] ?? 0) + 1;
    for (const { code } of cullWarnings(record as CullFields)) warnings[code] = (warnings[code] ?? 0) + 1;
  }
  return { destinations: destinationsOf(destinations, inTheSeason.length), warnings: warningsOf(warnings) };
}

/**
 * The answer of GET /stats for a user with the default season start and no outings, from the domain's figures and
 * the live records they were counted from.
 */
export function withoutOutings(
  stats: DashboardStats,
  position: number,
  records: readonly Partial<CullFields>[],
): StatsResponse {
  return {
    ...stats,
    season: {
      ...stats.season,
      outings: { outings: 0, blank_outings: 0, hours_out: 0, hours_per_deer: null },
      ...seasonSummaryOf(records, stats.season),
    },
    season_start: DEFAULT_SEASON_START,
    position,
  };
}
