import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  CullSuggestionQuery,
  DEER_MANAGEMENT_MESSAGES,
  EVENT_POSITION_HEADER,
  MANAGEMENT_MESSAGES,
  SeasonKey,
  seasonLabelOf,
  teamOwnerId,
  type CullSuggestionResponse,
  type Ground,
} from '@cull-log/contracts';
import {
  deerValuesToSave,
  groundAreaKm2,
  groundDensities,
  groundSuggestion,
  plansDecider,
  plansWithSuggestion,
  planTargetsOf,
  settingsDecider,
  toCount,
  type DeerValues,
  type SuggestionAsked,
} from '@cull-log/domain';
import { HttpError } from '@cull-log/service-kit';
import { groundNotFound, refused } from '../kit/management-requests';
import { plansStreamId, settingsStreamId } from '../kit/stream-ids';
import { streamCommands, type StreamRoutesOptions } from '../kit/stream-routes';
import { plansResponseOf } from '../settings/settings-routes';
import { requireRole, type Scope } from '../teams/team-scope';
import { countStateOf } from './stored-count';
import { teamCountsOn, teamGroundsOf } from './team-ground-scope';

/**
 * GET /plans/:season/suggestion?ground=<id>: a suggested cull for each species counted on one of the caller's own
 * grounds, from its latest density, with the working; POST to the same address accepts it into the season's plan.
 * Values the query leaves out are the user's saved ones for the ground, else the defaults; accepting saves the values
 * it was worked out with (asked, else saved) on the user's settings stream. With `&team=`, a team's ground: from its
 * members' counts and the team's saved values, read by its members; accepted by a manager alone, into the team's plan
 * with the values saved as the team's.
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
      scope: Scope;
    }> {
      const season = SeasonKey.safeParse(request.params.season);
      if (!season.success) throw refused('season', MANAGEMENT_MESSAGES.season);
      const { ground: groundParam, team, ...asked } = CullSuggestionQuery.parse(request.query);
      const userId = request.identity.uid;
      const groundId = groundParam.toLowerCase();
      const inTeam = team === undefined ? undefined : await teamGroundsOf(readModel, userId, team);
      const ground =
        inTeam === undefined
          ? await readModel.getGround(userId, groundId)
          : inTeam.grounds.find((each) => each.id === groundId);
      if (ground === undefined) throw groundNotFound();
      const scope: Scope =
        inTeam === undefined
          ? { ownerId: userId }
          : { ownerId: teamOwnerId(inTeam.membership.teamId), membership: inTeam.membership };
      const areaKm2 = groundAreaKm2(ground.boundary);
      if (areaKm2 === undefined) throw refused('boundary', DEER_MANAGEMENT_MESSAGES.noBoundary);
      // A team's ground: from its members' counts, with the values the team saved for it.
      const [stored, saved] = await Promise.all([
        inTeam === undefined
          ? readModel.listCounts(userId, groundId)
          : teamCountsOn(readModel, inTeam.membership, userId, [groundId]),
        readModel.deerValues(scope.ownerId, groundId),
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
      return { season: season.data, ground, answer, asked, saved, scope };
    }

    app.get<{ Params: { season: string } }>(
      '/plans/:season/suggestion',
      async (request): Promise<CullSuggestionResponse> => (await suggestionFor(request)).answer,
    );

    // Accepting writes the suggested targets into the ground's plan of the season, as PUT /plans/:season would, then
    // saves the values it was worked out with for the ground (a retry after a failure between writes the plan again
    // as nothing, and saves them).
    app.post<{ Params: { season: string } }>('/plans/:season/suggestion', async (request, reply) => {
      const { season, ground, answer, asked, saved, scope } = await suggestionFor(request);
      // A team's plan is its managers' to set, as with PUT /plans/:season?team=; written as the team's.
      requireRole(scope, ['manager']);
      const ownerId = scope.ownerId;
      const before = (await readModel.plans(ownerId, season))?.plans ?? [];
      if (ground.archived && !before.some((plan) => plan.ground_id === ground.id))
        throw refused('ground', MANAGEMENT_MESSAGES.groundArchived);
      const outcome = await plansOfSeason.run({
        type: 'SetPlans',
        streamId: plansStreamId(ownerId, season),
        season,
        plans: plansWithSuggestion(before, ground.id, planTargetsOf(answer.rows)),
        meta: { ...plansOfSeason.metaOf(request), userId: ownerId },
      });
      const values = await settings.run({
        type: 'SaveDeerValues',
        streamId: settingsStreamId(ownerId),
        groundId: ground.id,
        values: deerValuesToSave(
          answer.working.map((entry) => entry.species),
          asked,
          saved,
        ),
        meta: { ...settings.metaOf(request), userId: ownerId },
      });
      const position = Math.max(outcome.position, values.position);
      request.log.info({ position }, 'suggested cull accepted into the plans, its values saved');
      return reply
        .header(EVENT_POSITION_HEADER, String(position))
        .send(await plansResponseOf(readModel, scope, season));
    });
  };
}
