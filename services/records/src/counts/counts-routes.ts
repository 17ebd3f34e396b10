import type { FastifyPluginAsync } from 'fastify';
import {
  AmendCountRequest,
  DEER_MANAGEMENT_MESSAGES,
  EVENT_POSITION_HEADER,
  ListCountsQuery,
  MANAGEMENT_MESSAGES,
  RecordCountRequest,
  type Count,
  type GroundDensityResponse,
  type ListCountsResponse,
} from '@cull-log/contracts';
import {
  countDecider,
  groundAreaKm2,
  groundDensities,
  londonDate,
  toCount,
  type CountDecisionError,
} from '@cull-log/domain';
import { HttpError } from '@cull-log/service-kit';
import { groundNotFound, idOf, refused } from '../kit/management-requests';
import { streamCommands, type StreamRoutesOptions } from '../kit/stream-routes';
import { countStateOf, type StoredCount } from './stored-count';

const M = DEER_MANAGEMENT_MESSAGES;
const countNotFound = () => new HttpError(404, 'not_found', M.countNotFound);

/** The count's own rules, each answered on its field. */
function countRuleBroken(reason: { code: string }): HttpError | undefined {
  switch (reason.code as CountDecisionError['code']) {
    case 'dung_needed':
      return refused('dung', M.dungNeeded);
    case 'items_needed':
      return refused('items', M.countItemsNeeded);
    default:
      return undefined;
  }
}

/**
 * GET/POST /counts, GET/PATCH/DELETE /counts/:id, and GET /grounds/:id/density. A count is its counter's alone, on
 * one of their own grounds; a dung count's density and deer are worked out as it is read, over the ground's area.
 */
export function countsRoutes<Tx>(): FastifyPluginAsync<StreamRoutesOptions<Tx>> {
  return async (app, deps) => {
    const { readModel, now, newId } = deps;
    const { run, metaOf } = streamCommands(deps, {
      decider: countDecider,
      prefix: 'count.',
      streamOf: (command) => command.countId,
      notFound: countNotFound,
      ruleBroken: countRuleBroken,
    });

    /** The ground must be one of the user's own (another's is refused as unknown), and not archived unless kept. */
    async function checkGround(userId: string, groundId: string, keeps?: string) {
      const ground = await readModel.getGround(userId, groundId);
      if (ground === undefined) throw refused('ground_id', MANAGEMENT_MESSAGES.groundUnknown);
      if (ground.archived && ground.id !== keeps)
        throw refused('ground_id', MANAGEMENT_MESSAGES.groundArchived);
    }

    /** A count is of a day that has come, by Britain's calendar. */
    function checkDate(date: string | undefined) {
      if (date !== undefined && date > londonDate(now())) throw refused('date', M.countDateFuture);
    }

    /** The areas (km²) of the user's grounds, for working out what dung counts stand for. */
    async function areasOf(userId: string): Promise<Map<string, number | undefined>> {
      const grounds = await readModel.listGrounds(userId);
      return new Map(grounds.map((ground) => [ground.id, groundAreaKm2(ground.boundary)]));
    }

    const countOf = (stored: StoredCount, areas: Map<string, number | undefined>): Count =>
      toCount(countStateOf(stored), stored.id, areas.get(stored.ground_id))!;

    async function answer(userId: string, countId: string): Promise<Count> {
      const stored = await readModel.getCount(userId, countId);
      if (stored === undefined) throw countNotFound();
      return countOf(stored, await areasOf(userId));
    }

    app.get('/counts', async (request): Promise<ListCountsResponse> => {
      const query = ListCountsQuery.parse(request.query);
      const userId = request.identity.uid;
      const groundId = query.ground?.toLowerCase();
      if (groundId !== undefined && (await readModel.getGround(userId, groundId)) === undefined)
        throw groundNotFound();
      const [counts, areas] = await Promise.all([readModel.listCounts(userId, groundId), areasOf(userId)]);
      return { items: counts.map((count) => countOf(count, areas)) };
    });

    app.get<{ Params: { id: string } }>('/counts/:id', async (request): Promise<Count> =>
      answer(request.identity.uid, idOf(request.params.id, countNotFound)),
    );

    app.post('/counts', async (request, reply) => {
      const body = RecordCountRequest.parse(request.body);
      const userId = request.identity.uid;
      const countId = (body.id ?? newId()).toLowerCase();
      const groundId = body.ground_id.toLowerCase();
      await checkGround(userId, groundId);
      checkDate(body.date);
      const outcome = await run({
        type: 'RecordCount',
        countId,
        fields: {
          ground_id: groundId,
          date: body.date,
          method: body.method,
          items: body.items ?? [],
          ...(body.notes !== undefined && { notes: body.notes }),
          ...(body.dung !== undefined && { dung: body.dung }),
        },
        meta: metaOf(request),
      });
      request.log.info({ countId, position: outcome.position }, 'count recorded');
      return reply
        .status(201)
        .header(EVENT_POSITION_HEADER, String(outcome.position))
        .send(await answer(userId, countId));
    });

    app.patch<{ Params: { id: string } }>('/counts/:id', async (request, reply) => {
      const countId = idOf(request.params.id, countNotFound);
      const { expected_version: expectedVersion, ...changes } = AmendCountRequest.parse(request.body);
      const userId = request.identity.uid;
      const existing = await readModel.getCount(userId, countId);
      if (existing === undefined) throw countNotFound();
      const groundId = changes.ground_id?.toLowerCase();
      if (groundId !== undefined) await checkGround(userId, groundId, existing.ground_id);
      checkDate(changes.date);
      const outcome = await run(
        {
          type: 'AmendCount',
          countId,
          changes: { ...changes, ...(groundId !== undefined && { ground_id: groundId }) },
          ...(expectedVersion !== undefined && { expectedVersion }),
          meta: metaOf(request),
        },
        expectedVersion !== undefined,
      );
      request.log.info({ countId, position: outcome.position }, 'count amended');
      return reply
        .header(EVENT_POSITION_HEADER, String(outcome.position))
        .send(await answer(userId, countId));
    });

    app.delete<{ Params: { id: string } }>('/counts/:id', async (request, reply) => {
      const countId = idOf(request.params.id, countNotFound);
      if ((await readModel.getCount(request.identity.uid, countId)) === undefined) throw countNotFound();
      const outcome = await run({ type: 'DeleteCount', countId, meta: metaOf(request) });
      request.log.info({ countId, position: outcome.position }, 'count deleted');
      return reply.status(204).header(EVENT_POSITION_HEADER, String(outcome.position)).send();
    });

    app.get<{ Params: { id: string } }>(
      '/grounds/:id/density',
      async (request): Promise<GroundDensityResponse> => {
        const userId = request.identity.uid;
        const groundId = idOf(request.params.id, groundNotFound);
        const ground = await readModel.getGround(userId, groundId);
        if (ground === undefined) throw groundNotFound();
        const areaKm2 = groundAreaKm2(ground.boundary);
        if (areaKm2 === undefined) throw refused('boundary', M.noBoundary);
        const areas = new Map([[groundId, areaKm2]]);
        const counts = (await readModel.listCounts(userId, groundId)).map((count) => countOf(count, areas));
        return { area_km2: areaKm2, species: groundDensities(counts, areaKm2) };
      },
    );
  };
}
