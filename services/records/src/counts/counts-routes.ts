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
import { recordingGround } from '../teams/recording-ground';
import { teamParamOf } from '../teams/team-scope';
import { countStateOf, type StoredCount } from './stored-count';
import { teamCountsOn, teamCountsShown, teamGroundsOf } from './team-ground-scope';

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
 * one of their own grounds or a team's they may record on; a team's members read every member's counts on its grounds
 * (`?team=`). A dung count's density and deer are worked out as it is read, over the ground's area.
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

    /**
     * The ground must be the user's own, or a team's they may record on at the count's date (as a cull: a manager's or
     * a stalker's, a guest's while a permit for it runs); anything else is refused as unknown. Not archived unless
     * the count already had it.
     */
    async function checkGround(userId: string, groundId: string, date: string, keeps?: string) {
      const ground = await recordingGround(readModel, userId, groundId, date);
      if (ground === undefined) throw refused('ground_id', MANAGEMENT_MESSAGES.groundUnknown);
      if (ground.archived && ground.id !== keeps)
        throw refused('ground_id', MANAGEMENT_MESSAGES.groundArchived);
    }

    /** A count is of a day that has come, by Britain's calendar. */
    function checkDate(date: string | undefined) {
      if (date !== undefined && date > londonDate(now())) throw refused('date', M.countDateFuture);
    }

    /**
     * The areas (km²) of the user's grounds, and of the other grounds (a team's) their counts are on, for working out
     * what dung counts stand for.
     */
    async function areasOf(
      userId: string,
      counts: readonly StoredCount[],
    ): Promise<Map<string, number | undefined>> {
      const grounds = await readModel.listGrounds(userId);
      const areas = new Map(grounds.map((ground) => [ground.id, groundAreaKm2(ground.boundary)]));
      for (const groundId of new Set(counts.map((count) => count.ground_id))) {
        if (areas.has(groundId)) continue;
        const owner = await readModel.groundOwner(groundId);
        const ground = owner === undefined ? undefined : await readModel.getGround(owner, groundId);
        areas.set(groundId, ground && groundAreaKm2(ground.boundary));
      }
      return areas;
    }

    const countOf = (stored: StoredCount, areas: Map<string, number | undefined>): Count =>
      toCount(countStateOf(stored), stored.id, areas.get(stored.ground_id))!;

    async function answer(userId: string, countId: string): Promise<Count> {
      const stored = await readModel.getCount(userId, countId);
      if (stored === undefined) throw countNotFound();
      return countOf(stored, await areasOf(userId, [stored]));
    }

    app.get('/counts', async (request): Promise<ListCountsResponse> => {
      const query = ListCountsQuery.parse(request.query);
      const userId = request.identity.uid;
      const groundId = query.ground?.toLowerCase();
      if (query.team !== undefined) return teamCounts(userId, query.team, groundId);
      if (groundId !== undefined && (await readModel.getGround(userId, groundId)) === undefined)
        throw groundNotFound();
      const counts = await readModel.listCounts(userId, groundId);
      const areas = await areasOf(userId, counts);
      return { items: counts.map((count) => countOf(count, areas)) };
    });

    /** Every member's counts on the team's grounds (or one of them) that the caller may read, with who counted. */
    async function teamCounts(userId: string, team: string, groundId?: string): Promise<ListCountsResponse> {
      const { membership, grounds } = await teamGroundsOf(readModel, userId, team);
      const read = groundId === undefined ? grounds : grounds.filter((ground) => ground.id === groundId);
      if (groundId !== undefined && read.length === 0) throw groundNotFound();
      const areas = new Map(read.map((ground) => [ground.id, groundAreaKm2(ground.boundary)]));
      const stored = await teamCountsOn(readModel, membership, userId, [...areas.keys()]);
      const counts = stored.map((count) => ({ stored: count, count: countOf(count, areas) }));
      return { items: await teamCountsShown(readModel, membership, counts) };
    }

    app.get<{ Params: { id: string } }>('/counts/:id', async (request): Promise<Count> =>
      answer(request.identity.uid, idOf(request.params.id, countNotFound)),
    );

    app.post('/counts', async (request, reply) => {
      const body = RecordCountRequest.parse(request.body);
      const userId = request.identity.uid;
      const countId = (body.id ?? newId()).toLowerCase();
      const groundId = body.ground_id.toLowerCase();
      checkDate(body.date);
      await checkGround(userId, groundId, body.date);
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
      checkDate(changes.date);
      // A new ground, or a new day on it (a guest's permit runs between dates), is checked as a new count's would be.
      if (groundId !== undefined || changes.date !== undefined)
        await checkGround(
          userId,
          groundId ?? existing.ground_id,
          changes.date ?? existing.date,
          existing.ground_id,
        );
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
        const team = teamParamOf(request);
        const inTeam = team === undefined ? undefined : await teamGroundsOf(readModel, userId, team);
        const ground =
          inTeam === undefined
            ? await readModel.getGround(userId, groundId)
            : inTeam.grounds.find((each) => each.id === groundId);
        if (ground === undefined) throw groundNotFound();
        const areaKm2 = groundAreaKm2(ground.boundary);
        if (areaKm2 === undefined) throw refused('boundary', M.noBoundary);
        const areas = new Map([[groundId, areaKm2]]);
        // A team's ground: from every member's counts on it (a guest's, their own).
        const stored =
          inTeam === undefined
            ? await readModel.listCounts(userId, groundId)
            : await teamCountsOn(readModel, inTeam.membership, userId, [groundId]);
        const counts = stored.map((count) => countOf(count, areas));
        return { area_km2: areaKm2, species: groundDensities(counts, areaKm2) };
      },
    );
  };
}
