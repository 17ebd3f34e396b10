import {
  PlanProgressQuery,
  SeasonReportQuery,
  SeasonKey,
  StatsQuery,
  teamOwnerId,
  type PlanProgressResponse,
  type StatsResponse,
} from '@cull-log/contracts';
import { londonDate, seasonMonths, seasonOfKey, type Season } from '@cull-log/domain';
import type { ProjectionRoutes } from '@cull-log/projection';
import { seasonReport, teamOfReport } from '../report/season-report';
import { seasonReportPdf } from '../report/season-report-pdf';
import {
  chosenSeason,
  membersProgress,
  planProgressResponse,
  statsResponse,
  statsWindow,
} from '../stats-figures';
import type { SeasonRead, StatsStore, TeamSeasonRead } from '../store/stats-store';
import { figuresScopeOf, type FiguresScope } from './team-scope';

export const statsRoutes: ProjectionRoutes<StatsStore> = async (app, { store, now, waitForPosition }) => {
  /**
   * One season as the scope reads it; a team's with its members'. A guest's counts are their own, against the
   * team's plan and grounds.
   */
  async function seasonOf(
    scope: FiguresScope,
    season: Season,
  ): Promise<{ read: SeasonRead; team?: TeamSeasonRead }> {
    const months = { key: season.key, months: seasonMonths(season) };
    if (scope.team === undefined) return { read: await store.season(scope.key, months) };
    const teamKey = teamOwnerId(scope.team.team_id);
    const [teamRead, team] = await Promise.all([
      store.season(teamKey, months),
      store.teamSeason(scope.team.team_id, months),
    ]);
    if (scope.key === teamKey) return { read: teamRead, team };
    const own = await store.season(scope.key, months);
    const memberId = scope.team.member_id;
    return {
      read: { ...own, plans: teamRead.plans, groundNames: teamRead.groundNames },
      team: {
        ...team,
        members: team.members.filter((member) => member.memberId === memberId),
        allocations: team.allocations.filter((share) => share.member_id === memberId),
      },
    };
  }

  app.get('/stats', async (request): Promise<StatsResponse> => {
    const { scope, query } = figuresScopeOf(request);
    const { after, season: key } = StatsQuery.parse(query);
    if (after !== undefined) await waitForPosition(after);
    const at = now();
    const start = await store.seasonStart(scope.key);
    const season = chosenSeason(at, start, key);
    return statsResponse(await store.aggregates(statsWindow(scope.key, at, season)), at, start, season);
  });

  app.get<{ Params: { season: string } }>(
    '/plans/:season/progress',
    async (request): Promise<PlanProgressResponse> => {
      const { scope, query } = figuresScopeOf(request);
      const key = SeasonKey.parse(request.params.season);
      const { after } = PlanProgressQuery.parse(query);
      if (after !== undefined) await waitForPosition(after);
      const season = seasonOfKey(key, await store.seasonStart(scope.key));
      const { read, team } = await seasonOf(scope, season);
      const progress = planProgressResponse(season, read);
      return team === undefined ? progress : { ...progress, members: membersProgress(team, read.plans) };
    },
  );

  app.get('/reports/season.pdf', async (request, reply) => {
    const { scope, query } = figuresScopeOf(request);
    const { season: key } = SeasonReportQuery.parse(query);
    const at = now();
    const { display_name: name, email } = request.identity;
    const start = await store.seasonStart(scope.key);
    const season = chosenSeason(at, start, key);
    const { read, team } = await seasonOf(scope, season);
    const pdf = await seasonReportPdf(
      seasonReport({
        season,
        seasonStart: start,
        stalker: name ?? email ?? 'Not named',
        madeOn: londonDate(at),
        read,
        ...(team !== undefined && { team: teamOfReport(team) }),
      }),
    );
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="season-report-${season.key}.pdf"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(pdf);
  });
};
