import type { FastifyPluginAsync } from 'fastify';
import {
  AmendGroundRequest,
  CreateGroundRequest,
  EVENT_POSITION_HEADER,
  MANAGEMENT_MESSAGES,
  type ListGroundsResponse,
} from '@cull-log/contracts';
import { groundDecider, toGround } from '@cull-log/domain';
import { groundNotFound, idOf, refused } from '../kit/management-requests';
import { streamCommands, type StreamRoutesOptions } from '../kit/stream-routes';

/** GET/POST /grounds, GET/PATCH/DELETE /grounds/:id (DELETE archives; PATCH { archived: false } restores). */
export function groundsRoutes<Tx>(): FastifyPluginAsync<StreamRoutesOptions<Tx>> {
  return async (app, deps) => {
    const { readModel, newId } = deps;
    const { run, metaOf } = streamCommands(deps, {
      decider: groundDecider,
      prefix: 'ground.',
      streamOf: (command) => command.groundId,
      notFound: groundNotFound,
    });

    /** A name another of the user's grounds has is refused. */
    async function refuseTakenName(userId: string, name: string | undefined, groundId: string) {
      if (name === undefined) return;
      const holder = await readModel.groundNamed(userId, name);
      if (holder !== undefined && holder.id !== groundId)
        throw refused('name', MANAGEMENT_MESSAGES.groundNameTaken);
    }

    app.get('/grounds', async (request): Promise<ListGroundsResponse> => ({
      items: await readModel.listGrounds(request.identity.uid),
    }));

    app.post('/grounds', async (request, reply) => {
      const { id, ...fields } = CreateGroundRequest.parse(request.body);
      const groundId = (id ?? newId()).toLowerCase();
      await refuseTakenName(request.identity.uid, fields.name, groundId);
      const outcome = await run({ type: 'CreateGround', groundId, fields, meta: metaOf(request) });
      request.log.info({ groundId, position: outcome.position }, 'ground created');
      return reply
        .status(201)
        .header(EVENT_POSITION_HEADER, String(outcome.position))
        .send(toGround(outcome.state, groundId));
    });

    app.get<{ Params: { id: string } }>('/grounds/:id', async (request) => {
      const ground = await readModel.getGround(request.identity.uid, idOf(request.params.id, groundNotFound));
      if (ground === undefined) throw groundNotFound();
      return ground;
    });

    app.patch<{ Params: { id: string } }>('/grounds/:id', async (request, reply) => {
      const groundId = idOf(request.params.id, groundNotFound);
      const { expected_version: expectedVersion, ...changes } = AmendGroundRequest.parse(request.body);
      if ((await readModel.getGround(request.identity.uid, groundId)) === undefined) throw groundNotFound();
      await refuseTakenName(request.identity.uid, changes.name, groundId);
      const outcome = await run(
        { type: 'AmendGround', groundId, changes, expectedVersion, meta: metaOf(request) },
        expectedVersion !== undefined,
      );
      request.log.info({ groundId, position: outcome.position }, 'ground amended');
      return reply
        .header(EVENT_POSITION_HEADER, String(outcome.position))
        .send(toGround(outcome.state, groundId));
    });

    app.delete<{ Params: { id: string } }>('/grounds/:id', async (request, reply) => {
      const groundId = idOf(request.params.id, groundNotFound);
      const outcome = await run({
        type: 'AmendGround',
        groundId,
        changes: { archived: true },
        meta: metaOf(request),
      });
      request.log.info({ groundId, position: outcome.position }, 'ground archived');
      return reply
        .header(EVENT_POSITION_HEADER, String(outcome.position))
        .send(toGround(outcome.state, groundId));
    });
  };
}
