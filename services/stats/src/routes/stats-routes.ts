import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  MANAGEMENT_MESSAGES,
  PlanProgressQuery,
  SeasonDeerManagement,
  SeasonReportQuery,
  SeasonKey,
  StatsQuery,
  teamOwnerId,
  type PlanProgressResponse,
  type StatsResponse,
} from '@cull-log/contracts';
import { HttpError } from '@cull-log/service-kit';
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

/** The season's deer-management figures the gateway posts with a season report, at their largest. */
const DEER_MANAGEMENT_BODY_LIMIT = 1024 * 1024;

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

  /** The season report as a PDF; with the records service's figures of the season's deer management, when given. */
  async function sendSeasonReport(
    request: FastifyRequest,
    reply: FastifyReply,
    deerManagement?: SeasonDeerManagement,
  ) {
    const { scope, query } = figuresScopeOf(request);
    const { season: key } = SeasonReportQuery.parse(query);
    const at = now();
    const { display_name: name, email } = request.identity;
    const start = await store.seasonStart(scope.key);
    const season = chosenSeason(at, start, key);
    // The figures are of the season the records service chose; the gateway names it in the query.
    if (deerManagement !== undefined && deerManagement.season !== season.key)
      throw new HttpError(400, 'validation_failed', MANAGEMENT_MESSAGES.season, {
        season: MANAGEMENT_MESSAGES.season,
      });
    const { read, team } = await seasonOf(scope, season);
    const pdf = await seasonReportPdf(
      seasonReport({
        season,
        seasonStart: start,
        stalker: name ?? email ?? 'Not named',
        madeOn: londonDate(at),
        read,
        ...(team !== undefined && { team: teamOfReport(team) }),
        ...(deerManagement !== undefined && { deerManagement }),
      }),
    );
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="season-report-${season.key}.pdf"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(pdf);
  }

  app.get('/reports/season.pdf', (request, reply) => sendSeasonReport(request, reply));

  // Not public: the gateway posts the season's deer management it read from the records service as the user.
  // A season of many grounds and counts is more than the service's small bodies.
  app.post('/reports/season.pdf', { bodyLimit: DEER_MANAGEMENT_BODY_LIMIT }, (request, reply) =>
    sendSeasonReport(request, reply, SeasonDeerManagement.parse(request.body)),
  );
};
