import type { FastifyPluginAsync } from 'fastify';
import {
  CullSuggestionQuery,
  DEER_MANAGEMENT_MESSAGES,
  MANAGEMENT_MESSAGES,
  SeasonKey,
  seasonLabelOf,
  type CullSuggestionResponse,
} from '@cull-log/contracts';
import { groundAreaKm2, groundDensities, groundSuggestion, toCount } from '@cull-log/domain';
import { groundNotFound, refused } from '../kit/management-requests';
import type { StreamRoutesOptions } from '../kit/stream-routes';
import { countStateOf } from './stored-count';

/**
 * GET /plans/:season/suggestion?ground=<id>: a suggested cull for each species counted on one of the caller's own
 * grounds, from its latest density, with the working. Values the query leaves out are the defaults (the saved ones
 * come with the settings that keep them).
 */
export function cullSuggestionRoutes<Tx>(): FastifyPluginAsync<StreamRoutesOptions<Tx>> {
  return async (app, { readModel }) => {
    app.get<{ Params: { season: string } }>(
      '/plans/:season/suggestion',
      async (request): Promise<CullSuggestionResponse> => {
        const season = SeasonKey.safeParse(request.params.season);
        if (!season.success) throw refused('season', MANAGEMENT_MESSAGES.season);
        const { ground: groundParam, ...asked } = CullSuggestionQuery.parse(request.query);
        const userId = request.identity.uid;
        const groundId = groundParam.toLowerCase();
        const ground = await readModel.getGround(userId, groundId);
        if (ground === undefined) throw groundNotFound();
        const areaKm2 = groundAreaKm2(ground.boundary);
        if (areaKm2 === undefined) throw refused('boundary', DEER_MANAGEMENT_MESSAGES.noBoundary);
        const counts = (await readModel.listCounts(userId, groundId)).map((count) =>
          toCount(countStateOf(count), count.id, areaKm2)!,
        );
        const answer = groundSuggestion(
          groundDensities(counts, areaKm2),
          areaKm2,
          asked,
          seasonLabelOf(season.data),
        );
        if ('ok' in answer) throw refused(answer.field, answer.message);
        return answer;
      },
    );
  };
}
