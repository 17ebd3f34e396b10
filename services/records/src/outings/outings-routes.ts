import type { FastifyPluginAsync } from 'fastify';
import {
  AmendOutingRequest,
  DEFAULT_SEASON_START,
  EVENT_POSITION_HEADER,
  ListOutingsQuery,
  MANAGEMENT_MESSAGES,
  SeasonKey,
  StartOutingRequest,
  type ListOutingsResponse,
} from '@cull-log/contracts';
import { londonDate, outingDecider, seasonOfDateBy, toOuting } from '@cull-log/domain';
import { idOf, outingNotFound, refused } from '../kit/management-requests';
import { streamCommands, type StreamRoutesOptions } from '../kit/stream-routes';
import { recordingGround } from '../teams/recording-ground';

/** GET/POST /outings, PATCH/DELETE /outings/:id. */
export function outingsRoutes<Tx>(): FastifyPluginAsync<StreamRoutesOptions<Tx>> {
  return async (app, deps) => {
    const { readModel, now, newId } = deps;
    const { run, metaOf } = streamCommands(deps, {
      decider: outingDecider,
      prefix: 'outing.',
      streamOf: (command) => command.outingId,
      notFound: outingNotFound,
    });

    /**
     * The ground must be one of the user's, or a team's they may record a cull on on the day the outing starts (by
     * Britain's calendar), and not archived unless the outing already had it.
     */
    async function checkGround(userId: string, groundId: string, startedAt: string, keeps?: string) {
      const date = londonDate(new Date(startedAt));
      const ground = await recordingGround(readModel, userId, groundId.toLowerCase(), date);
      if (ground === undefined) throw refused('ground_id', MANAGEMENT_MESSAGES.groundUnknown);
      if (ground.archived && ground.id !== keeps)
        throw refused('ground_id', MANAGEMENT_MESSAGES.groundArchived);
    }

    /** One outing under way at a time: another open one refuses this one's being open. */
    async function refuseSecondOpen(userId: string, outingId: string) {
      const open = await readModel.openOuting(userId);
      if (open !== undefined && open.id !== outingId)
        throw refused('ended_at', MANAGEMENT_MESSAGES.outingOpen);
    }

    app.get('/outings', async (request): Promise<ListOutingsResponse> => {
      const query = ListOutingsQuery.parse(request.query);
      const season = query.season === undefined ? undefined : SeasonKey.parse(query.season);
      const userId = request.identity.uid;
      const [outings, open, seasonStart] = await Promise.all([
        readModel.listOutings(userId),
        readModel.openOuting(userId),
        readModel.seasonStart(userId),
      ]);
      const start = seasonStart ?? DEFAULT_SEASON_START;
      const items =
        season === undefined
          ? outings
          : outings.filter(
              (outing) => seasonOfDateBy(londonDate(new Date(outing.started_at)), start).key === season,
            );
      return { items, open: open ?? null };
    });

    app.post('/outings', async (request, reply) => {
      const body = StartOutingRequest.parse(request.body);
      const userId = request.identity.uid;
      const outingId = (body.id ?? newId()).toLowerCase();
      const startedAt = body.started_at ?? now().toISOString();
      await checkGround(userId, body.ground_id, startedAt);
      if (body.ended_at === undefined) await refuseSecondOpen(userId, outingId);
      const outcome = await run({
        type: 'StartOuting',
        outingId,
        groundId: body.ground_id.toLowerCase(),
        startedAt,
        ...(body.ended_at !== undefined && { endedAt: body.ended_at }),
        ...(body.notes !== undefined && { notes: body.notes }),
        ...(body.hunters !== undefined && { hunters: body.hunters }),
        ...(body.sightings !== undefined && { sightings: body.sightings }),
        meta: metaOf(request),
      });
      request.log.info({ outingId, position: outcome.position }, 'outing started');
      const outing = await readModel.getOuting(userId, outingId);
      return reply
        .status(201)
        .header(EVENT_POSITION_HEADER, String(outcome.position))
        .send(outing ?? toOuting(outcome.state, outingId, 0));
    });

    app.patch<{ Params: { id: string } }>('/outings/:id', async (request, reply) => {
      const outingId = idOf(request.params.id, outingNotFound);
      const { expected_version: expectedVersion, ...changes } = AmendOutingRequest.parse(request.body);
      const userId = request.identity.uid;
      const existing = await readModel.getOuting(userId, outingId);
      if (existing === undefined) throw outingNotFound();
      // A new ground, or a new start on it (a guest's permit runs between dates), is checked as a new outing's is.
      if (changes.ground_id !== undefined || changes.started_at !== undefined)
        await checkGround(
          userId,
          changes.ground_id ?? existing.ground_id,
          changes.started_at ?? existing.started_at,
          existing.ground_id,
        );
      if (changes.ended_at === null) await refuseSecondOpen(userId, outingId);
      const outcome = await run(
        {
          type: 'AmendOuting',
          outingId,
          changes: {
            ...changes,
            ...(changes.ground_id !== undefined && { ground_id: changes.ground_id.toLowerCase() }),
          },
          expectedVersion,
          meta: metaOf(request),
        },
        expectedVersion !== undefined,
      );
      request.log.info({ outingId, position: outcome.position }, 'outing amended');
      return reply
        .header(EVENT_POSITION_HEADER, String(outcome.position))
        .send(toOuting(outcome.state, outingId, existing.cull_count));
    });

    app.delete<{ Params: { id: string } }>('/outings/:id', async (request, reply) => {
      const outingId = idOf(request.params.id, outingNotFound);
      const existing = await readModel.getOuting(request.identity.uid, outingId);
      if (existing === undefined) throw outingNotFound();
      if (existing.cull_count > 0) throw refused('outing', MANAGEMENT_MESSAGES.outingHasCulls);
      const outcome = await run({ type: 'DeleteOuting', outingId, meta: metaOf(request) });
      request.log.info({ outingId, position: outcome.position }, 'outing deleted');
      return reply.status(204).header(EVENT_POSITION_HEADER, String(outcome.position)).send();
    });
  };
}
