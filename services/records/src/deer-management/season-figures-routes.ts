import type { FastifyPluginAsync } from 'fastify';
import {
  DEFAULT_SEASON_START,
  SeasonReportQuery,
  type Count,
  type SeasonDeerManagement,
} from '@cull-log/contracts';
import { currentSeason, groundAreaKm2, groundSeasonFigures, seasonOfKey, toCount } from '@cull-log/domain';
import { countStateOf } from '../counts/stored-count';
import type { ManagementReadModel } from '../read-model/management-read-model';

/**
 * GET /reports/deer-management?season=: the season's deer management on each of the caller's own grounds (counts,
 * densities, effort, the suggested cull with the user's values saved for the ground), for the season report. Not public: the gateway asks it while making
 * GET /api/reports/season.pdf and hands the answer to the stats service, which draws the report. Without a season,
 * the one containing today by the user's start, named in the answer.
 */
export const seasonFiguresRoutes: FastifyPluginAsync<{
  readModel: ManagementReadModel;
  now: () => Date;
}> = async (app, { readModel, now }) => {
  app.get('/reports/deer-management', async (request): Promise<SeasonDeerManagement> => {
    const { season: key } = SeasonReportQuery.parse(request.query);
    const userId = request.identity.uid;
    const [start, grounds, outings, counts] = await Promise.all([
      readModel.seasonStart(userId),
      readModel.listGrounds(userId),
      readModel.listOutings(userId),
      readModel.listCounts(userId),
    ]);
    const season =
      key === undefined
        ? currentSeason(now(), start ?? DEFAULT_SEASON_START)
        : seasonOfKey(key, start ?? DEFAULT_SEASON_START);
    const saved = await Promise.all(grounds.map((ground) => readModel.deerValues(userId, ground.id)));
    const figures = grounds.flatMap((ground, index) => {
      const areaKm2 = groundAreaKm2(ground.boundary);
      const groundCounts: Count[] = counts
        .filter((count) => count.ground_id === ground.id)
        .map((count) => toCount(countStateOf(count), count.id, areaKm2)!);
      const groundOutings = outings.filter((outing) => outing.ground_id === ground.id);
      return groundSeasonFigures(ground, groundOutings, groundCounts, season, saved[index]) ?? [];
    });
    return { season: season.key, grounds: figures };
  });
};
