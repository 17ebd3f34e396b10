import {
  PlanProgressQuery,
  SeasonReportQuery,
  SeasonKey,
  StatsQuery,
  type PlanProgressResponse,
  type StatsResponse,
} from '@cull-log/contracts';
import { londonDate, seasonMonths, seasonOfKey } from '@cull-log/domain';
import type { ProjectionRoutes } from '@cull-log/projection';
import { seasonReport } from '../report/season-report';
import { seasonReportPdf } from '../report/season-report-pdf';
import { chosenSeason, planProgressResponse, statsResponse, statsWindow } from '../stats-figures';
import type { StatsStore } from '../store/stats-store';

export const statsRoutes: ProjectionRoutes<StatsStore> = async (app, { store, now, waitForPosition }) => {
  app.get('/stats', async (request): Promise<StatsResponse> => {
    const { after, season: key } = StatsQuery.parse(request.query);
    if (after !== undefined) await waitForPosition(after);
    const at = now();
    const userId = request.identity.uid;
    const start = await store.seasonStart(userId);
    const season = chosenSeason(at, start, key);
    return statsResponse(await store.aggregates(statsWindow(userId, at, season)), at, start, season);
  });

  app.get<{ Params: { season: string } }>(
    '/plans/:season/progress',
    async (request): Promise<PlanProgressResponse> => {
      const key = SeasonKey.parse(request.params.season);
      const { after } = PlanProgressQuery.parse(request.query);
      if (after !== undefined) await waitForPosition(after);
      const userId = request.identity.uid;
      const season = seasonOfKey(key, await store.seasonStart(userId));
      return planProgressResponse(season, await store.season(userId, { key, months: seasonMonths(season) }));
    },
  );

  app.get('/reports/season.pdf', async (request, reply) => {
    const { season: key } = SeasonReportQuery.parse(request.query);
    const at = now();
    const { uid, display_name: name, email } = request.identity;
    const start = await store.seasonStart(uid);
    const season = chosenSeason(at, start, key);
    const read = await store.season(uid, { key: season.key, months: seasonMonths(season) });
    const pdf = await seasonReportPdf(
      seasonReport({
        season,
        seasonStart: start,
        stalker: name ?? email ?? 'Not named',
        madeOn: londonDate(at),
        read,
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
