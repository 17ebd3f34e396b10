import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  CullSuggestionQuery,
  DEER_MANAGEMENT_MESSAGES,
  DEFAULT_SEASON_START,
  EVENT_POSITION_HEADER,
  MANAGEMENT_MESSAGES,
  SeasonKey,
  seasonLabelOf,
  type CullSuggestionResponse,
  type Ground,
  type PlansResponse,
} from '@cull-log/contracts';
import {
  groundAreaKm2,
  groundDensities,
  groundSuggestion,
  plansDecider,
  plansWithSuggestion,
  planTargetsOf,
  seasonOfKey,
  toCount,
} from '@cull-log/domain';
import { HttpError } from '@cull-log/service-kit';
import { groundNotFound, refused } from '../kit/management-requests';
import { plansStreamId } from '../kit/stream-ids';
import { streamCommands, type StreamRoutesOptions } from '../kit/stream-routes';
import { countStateOf } from './stored-count';

/**
 * GET /plans/:season/suggestion?ground=<id>: a suggested cull for each species counted on one of the caller's own
 * grounds, from its latest density, with the working; POST to the same address accepts it into the season's plan.
 * Values the query leaves out are the defaults (the saved ones come with the settings that keep them).
 */
export function cullSuggestionRoutes<Tx>(): FastifyPluginAsync<StreamRoutesOptions<Tx>> {
  return async (app, deps) => {
    const { readModel } = deps;
    const plansOfSeason = streamCommands(deps, {
      decider: plansDecider,
      prefix: 'plans.',
      streamOf: (command) => command.streamId,
      notFound: () => new HttpError(404, 'not_found', 'Not found'),
    });

    /** The season, the ground and the suggestion a request asks for, or the refusal that answers it. */
    async function suggestionFor(
      request: FastifyRequest<{ Params: { season: string } }>,
    ): Promise<{ season: string; ground: Ground; answer: CullSuggestionResponse }> {
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
      return { season: season.data, ground, answer };
    }

    async function plansResponse(userId: string, season: string): Promise<PlansResponse> {
      const dates = seasonOfKey(season, (await readModel.seasonStart(userId)) ?? DEFAULT_SEASON_START);
      const stored = await readModel.plans(userId, season);
      return {
        season: dates.label,
        from: dates.from,
        to: dates.to,
        plans: stored?.plans ?? [],
        updated_at: stored?.updated_at ?? null,
      };
    }

    app.get<{ Params: { season: string } }>(
      '/plans/:season/suggestion',
      async (request): Promise<CullSuggestionResponse> => (await suggestionFor(request)).answer,
    );

    // Accepting writes the suggested targets into the ground's plan of the season, as PUT /plans/:season would.
    app.post<{ Params: { season: string } }>('/plans/:season/suggestion', async (request, reply) => {
      const { season, ground, answer } = await suggestionFor(request);
      const userId = request.identity.uid;
      const before = (await readModel.plans(userId, season))?.plans ?? [];
      if (ground.archived && !before.some((plan) => plan.ground_id === ground.id))
        throw refused('ground', MANAGEMENT_MESSAGES.groundArchived);
      const outcome = await plansOfSeason.run({
        type: 'SetPlans',
        streamId: plansStreamId(userId, season),
        season,
        plans: plansWithSuggestion(before, ground.id, planTargetsOf(answer.rows)),
        meta: plansOfSeason.metaOf(request),
      });
      request.log.info({ position: outcome.position }, 'suggested cull accepted into the plans');
      return reply
        .header(EVENT_POSITION_HEADER, String(outcome.position))
        .send(await plansResponse(userId, season));
    });
  };
}
