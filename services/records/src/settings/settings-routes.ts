import type { FastifyPluginAsync } from 'fastify';
import {
  DEFAULT_SEASON_START,
  EVENT_POSITION_HEADER,
  MANAGEMENT_MESSAGES,
  PutPlansRequest,
  SeasonKey,
  UpdateSettingsRequest,
  type PlansResponse,
  type Settings,
} from '@cull-log/contracts';
import { plansDecider, seasonOfKey, settingsDecider } from '@cull-log/domain';
import { HttpError } from '@cull-log/service-kit';
import { plansStreamId, settingsStreamId } from '../kit/stream-ids';
import { refused } from '../kit/management-requests';
import { streamCommands, type StreamRoutesOptions } from '../kit/stream-routes';

// The streams are the user's own by their ids: there is nothing of another user's to find, so never answered.
const notFound = () => new HttpError(404, 'not_found', 'Not found');

/** The season in the path, `2026-27`, or 400. */
function seasonOf(season: string) {
  const parsed = SeasonKey.safeParse(season);
  if (!parsed.success) throw refused('season', MANAGEMENT_MESSAGES.season);
  return parsed.data;
}

/** GET/PATCH /settings and GET/PUT /plans/:season. */
export function settingsRoutes<Tx>(): FastifyPluginAsync<StreamRoutesOptions<Tx>> {
  return async (app, deps) => {
    const { readModel } = deps;
    const settings = streamCommands(deps, {
      decider: settingsDecider,
      prefix: 'settings.',
      streamOf: (command) => command.streamId,
      notFound,
    });
    const plansOfSeason = streamCommands(deps, {
      decider: plansDecider,
      prefix: 'plans.',
      streamOf: (command) => command.streamId,
      notFound,
    });

    const seasonStartOf = async (userId: string) =>
      (await readModel.seasonStart(userId)) ?? DEFAULT_SEASON_START;

    async function plansResponse(userId: string, season: string): Promise<PlansResponse> {
      const dates = seasonOfKey(season, await seasonStartOf(userId));
      const stored = await readModel.plans(userId, season);
      return {
        season: dates.label,
        from: dates.from,
        to: dates.to,
        plans: stored?.plans ?? [],
        updated_at: stored?.updated_at ?? null,
      };
    }

    app.get('/settings', async (request): Promise<Settings> => ({
      season_start: await seasonStartOf(request.identity.uid),
    }));

    app.patch('/settings', async (request, reply) => {
      const body = UpdateSettingsRequest.parse(request.body);
      const userId = request.identity.uid;
      const outcome = await settings.run({
        type: 'ChangeSettings',
        streamId: settingsStreamId(userId),
        seasonStart: body.season_start,
        meta: settings.metaOf(request),
      });
      request.log.info({ position: outcome.position }, 'settings changed');
      return reply
        .header(EVENT_POSITION_HEADER, String(outcome.position))
        .send({ season_start: outcome.state.seasonStart } satisfies Settings);
    });

    app.get<{ Params: { season: string } }>('/plans/:season', async (request) =>
      plansResponse(request.identity.uid, seasonOf(request.params.season)),
    );

    app.put<{ Params: { season: string } }>('/plans/:season', async (request, reply) => {
      const season = seasonOf(request.params.season);
      const plans = PutPlansRequest.parse(request.body).plans.map((plan) => ({
        ...plan,
        ground_id: plan.ground_id?.toLowerCase() ?? null,
      }));
      const userId = request.identity.uid;
      const before = (await readModel.plans(userId, season))?.plans ?? [];
      const planned = new Set(before.map((plan) => plan.ground_id));
      // Each plan's ground must be the user's; an archived one only where the season's plans already had it.
      for (const [index, plan] of plans.entries()) {
        if (plan.ground_id === null) continue;
        const ground = await readModel.getGround(userId, plan.ground_id);
        const field = `plans.${index}.ground_id`;
        if (ground === undefined) throw refused(field, MANAGEMENT_MESSAGES.groundUnknown);
        if (ground.archived && !planned.has(ground.id))
          throw refused(field, MANAGEMENT_MESSAGES.groundArchived);
      }
      const streamId = plansStreamId(userId, season);
      const outcome = await plansOfSeason.run({
        type: 'SetPlans',
        streamId,
        season,
        plans,
        meta: plansOfSeason.metaOf(request),
      });
      request.log.info({ position: outcome.position }, 'plans set');
      return reply
        .header(EVENT_POSITION_HEADER, String(outcome.position))
        .send(await plansResponse(userId, season));
    });
  };
}
