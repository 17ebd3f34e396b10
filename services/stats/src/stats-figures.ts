import type { PlanProgressResponse, SeasonKey, SeasonStart, StatsResponse } from '@cull-log/contracts';
import {
  FORMER_MEMBER,
  currentSeason,
  destinationsOf,
  warningsOf,
  memberProgressFromCounts,
  londonDate,
  monthKey,
  outingFiguresOf,
  progressFromCounts,
  seasonMonths,
  seasonOfKey,
  statsFromTally,
  type Season,
  type MemberNaming,
  type StatsTally,
} from '@cull-log/domain';
import type { PlanMemberProgressRow, Plan } from '@cull-log/contracts';
import type { SeasonRead, StatsAggregates, StatsWindow, TeamSeasonRead } from './store/stats-store';

/** The season asked for, or the one containing `now`, by the user's start. */
export function chosenSeason(now: Date, start: SeasonStart, key: SeasonKey | undefined): Season {
  return key === undefined ? currentSeason(now, start) : seasonOfKey(key, start);
}

/**
 * The buckets the dashboard shows at `now` for one user: the season's months (its chart) and this month (another
 * season's, when one before is chosen).
 */
export function statsWindow(userId: string, now: Date, season: Season = currentSeason(now)): StatsWindow {
  const months = seasonMonths(season);
  const thisMonth = monthKey(londonDate(now));
  return {
    userId,
    months: months.includes(thisMonth) ? months : [...months, thisMonth].sort(),
    seasonMonths: months,
  };
}

/**
 * The response from the store's aggregates. They are shaped into the domain's tally (holding only the
 * window's months and season, all the figures at `now` read), so ranking, rounding and labels are the
 * domain's own and cannot drift from `computeStats`.
 */
export function statsResponse(
  aggregates: StatsAggregates,
  now: Date,
  start: SeasonStart,
  season: Season = currentSeason(now, start),
): StatsResponse {
  const tally: StatsTally = {
    total: aggregates.total,
    bySpecies: aggregates.speciesCounts,
    byMonth: aggregates.perMonth,
    bySeason:
      Object.keys(aggregates.seasonSpeciesBySex).length === 0
        ? {}
        : { [season.label]: aggregates.seasonSpeciesBySex },
    weighed: aggregates.weighed,
    weightGrams: aggregates.weightGrams,
  };
  const figures = statsFromTally(tally, now, { start, season: season.key });
  const seasonTotal = Object.values(aggregates.seasonSpeciesBySex)
    .flatMap((bySex) => Object.values(bySex))
    .reduce((sum, count) => sum + count, 0);
  return {
    ...figures,
    season: {
      ...figures.season,
      outings: outingFiguresOf(aggregates.seasonOutings),
      destinations: destinationsOf(aggregates.seasonDestinations, seasonTotal),
      warnings: warningsOf(aggregates.seasonWarnings),
    },
    season_start: start,
    position: aggregates.position,
  };
}

/** Plan progress of a season from what the store read of it. */
export function planProgressResponse(season: Season, read: SeasonRead): PlanProgressResponse {
  return {
    season: season.label,
    from: season.from,
    to: season.to,
    rows: progressFromCounts(read.counts, read.plans),
    ground_culls: groundCullsOf(read.counts),
    position: read.position,
  };
}

/** The season's culls on each ground, by ground id; records on no ground are left out. */
function groundCullsOf(counts: SeasonRead['counts']): PlanProgressResponse['ground_culls'] {
  const byGround = new Map<string, number>();
  for (const { ground_id: groundId, count } of counts)
    if (groundId !== null && count > 0) byGround.set(groundId, (byGround.get(groundId) ?? 0) + count);
  return [...byGround]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([ground_id, culls]) => ({ ground_id, culls }));
}

/** How a team's figures name its members: by their name in the team while linked, else "Former member". */
export function memberNames(team: Pick<TeamSeasonRead, 'links'>): (memberId: string) => MemberNaming {
  const links = new Map(team.links.map((link) => [link.memberId, link]));
  return (memberId) => {
    const link = links.get(memberId);
    return link === undefined ? { uid: null, name: FORMER_MEMBER } : { uid: link.userId, name: link.name };
  };
}

/** A team's progress per member, against its plans and each member's share. */
export function membersProgress(team: TeamSeasonRead, plans: readonly Plan[]): PlanMemberProgressRow[] {
  return memberProgressFromCounts(team.members, team.allocations, plans, memberNames(team));
}
