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
  deerValuesToSave,
  groundAreaKm2,
  groundDensities,
  groundSuggestion,
  plansDecider,
  plansWithSuggestion,
  planTargetsOf,
  seasonOfKey,
  settingsDecider,
  toCount,
  type DeerValues,
  type SuggestionAsked,
} from '@cull-log/domain';
import { HttpError } from '@cull-log/service-kit';
import { groundNotFound, refused } from '../kit/management-requests';
import { plansStreamId, settingsStreamId } from '../kit/stream-ids';
import { streamCommands, type StreamRoutesOptions } from '../kit/stream-routes';
import { countStateOf } from './stored-count';

/**
 * GET /plans/:season/suggestion?ground=<id>: a suggested cull for each species counted on one of the caller's own
 * grounds, from its latest density, with the working; POST to the same address accepts it into the season's plan.
 * Values the query leaves out are the user's saved ones for the ground, else the defaults; accepting saves the values
 * it was worked out with (asked, else saved) on the user's settings stream.
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
    const settings = streamCommands(deps, {
      decider: settingsDecider,
      prefix: 'settings.',
      streamOf: (command) => command.streamId,
      notFound: () => new HttpError(404, 'not_found', 'Not found'),
    });

    /** The season, the ground and the suggestion a request asks for, or the refusal that answers it. */
    async function suggestionFor(request: FastifyRequest<{ Params: { season: string } }>): Promise<{
      season: string;
      ground: Ground;
      answer: CullSuggestionResponse;
      asked: SuggestionAsked;
      saved: DeerValues | undefined;
    }> {
      const season = SeasonKey.safeParse(request.params.season);
      if (!season.success) throw refused('season', MANAGEMENT_MESSAGES.season);
      const { ground: groundParam, ...asked } = CullSuggestionQuery.parse(request.query);
      const userId = request.identity.uid;
      const groundId = groundParam.toLowerCase();
      const ground = await readModel.getGround(userId, groundId);
      if (ground === undefined) throw groundNotFound();
      const areaKm2 = groundAreaKm2(ground.boundary);
      if (areaKm2 === undefined) throw refused('boundary', DEER_MANAGEMENT_MESSAGES.noBoundary);
      const [stored, saved] = await Promise.all([
        readModel.listCounts(userId, groundId),
        readModel.deerValues(userId, groundId),
      ]);
      const counts = stored.map((count) => toCount(countStateOf(count), count.id, areaKm2)!);
      const answer = groundSuggestion(
        groundDensities(counts, areaKm2),
        areaKm2,
        asked,
        seasonLabelOf(season.data),
        saved,
      );
      if ('ok' in answer) throw refused(answer.field, answer.message);
      return { season: season.data, ground, answer, asked, saved };
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

    // Accepting writes the suggested targets into the ground's plan of the season, as PUT /plans/:season would, then
    // saves the values it was worked out with for the ground (a retry after a failure between writes the plan again
    // as nothing, and saves them).
    app.post<{ Params: { season: string } }>('/plans/:season/suggestion', async (request, reply) => {
      const { season, ground, answer, asked, saved } = await suggestionFor(request);
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
      const values = await settings.run({
        type: 'SaveDeerValues',
        streamId: settingsStreamId(userId),
        groundId: ground.id,
        values: deerValuesToSave(
          answer.working.map((entry) => entry.species),
          asked,
          saved,
        ),
        meta: settings.metaOf(request),
      });
      const position = Math.max(outcome.position, values.position);
      request.log.info({ position }, 'suggested cull accepted into the plans, its values saved');
      return reply.header(EVENT_POSITION_HEADER, String(position)).send(await plansResponse(userId, season));
    });
  };
}
