import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
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
import { permittedGrounds, requireRole, scopeOf, teamParamOf, type Scope } from '../teams/team-scope';

/**
 * GET/POST /grounds, GET/PATCH/DELETE /grounds/:id (DELETE archives; PATCH { archived: false } restores): the caller's
 * own grounds, or with `?team=` (`team_id` in a new ground's body) a team's, which its managers make and change and
 * its members read (a guest only those of their permits). A team's ground is owned by the team, not the manager.
 */
export function groundsRoutes<Tx>(): FastifyPluginAsync<StreamRoutesOptions<Tx>> {
  return async (app, deps) => {
    const { readModel, newId } = deps;
    const { run, metaOf } = streamCommands(deps, {
      decider: groundDecider,
      prefix: 'ground.',
      streamOf: (command) => command.groundId,
      notFound: groundNotFound,
    });

    /** The scope of a request on grounds; a change to a team's grounds is its managers'. */
    async function scopeFor(request: FastifyRequest, team: unknown, writes: boolean): Promise<Scope> {
      const scope = await scopeOf(readModel, request.identity.uid, team);
      if (writes) requireRole(scope, ['manager']);
      return scope;
    }

    /** A command's meta, made by the scope's owner: a team's ground is written as the team's. */
    const metaIn = (scope: Scope, request: FastifyRequest) => ({ ...metaOf(request), userId: scope.ownerId });

    /** The scope's ground, or 404 (for a guest, one of their permits' grounds only). */
    async function groundIn(scope: Scope, groundId: string) {
      const ground = await readModel.getGround(scope.ownerId, groundId);
      if (ground === undefined || permittedGrounds(scope)?.has(groundId) === false) throw groundNotFound();
      return ground;
    }

    /** A name another of the owner's grounds has is refused. */
    async function refuseTakenName(ownerId: string, name: string | undefined, groundId: string) {
      if (name === undefined) return;
      const holder = await readModel.groundNamed(ownerId, name);
      if (holder !== undefined && holder.id !== groundId)
        throw refused('name', MANAGEMENT_MESSAGES.groundNameTaken);
    }

    app.get('/grounds', async (request): Promise<ListGroundsResponse> => {
      const scope = await scopeFor(request, teamParamOf(request), false);
      const permitted = permittedGrounds(scope);
      const items = await readModel.listGrounds(scope.ownerId);
      return { items: permitted === undefined ? items : items.filter((ground) => permitted.has(ground.id)) };
    });

    app.post('/grounds', async (request, reply) => {
      const { id, team_id: team, ...fields } = CreateGroundRequest.parse(request.body);
      const scope = await scopeFor(request, team, true);
      const groundId = (id ?? newId()).toLowerCase();
      await refuseTakenName(scope.ownerId, fields.name, groundId);
      const outcome = await run({ type: 'CreateGround', groundId, fields, meta: metaIn(scope, request) });
      request.log.info({ groundId, position: outcome.position }, 'ground created');
      return reply
        .status(201)
        .header(EVENT_POSITION_HEADER, String(outcome.position))
        .send(toGround(outcome.state, groundId));
    });

    app.get<{ Params: { id: string } }>('/grounds/:id', async (request) => {
      const scope = await scopeFor(request, teamParamOf(request), false);
      return groundIn(scope, idOf(request.params.id, groundNotFound));
    });

    app.patch<{ Params: { id: string } }>('/grounds/:id', async (request, reply) => {
      const groundId = idOf(request.params.id, groundNotFound);
      const { expected_version: expectedVersion, ...changes } = AmendGroundRequest.parse(request.body);
      const scope = await scopeFor(request, teamParamOf(request), true);
      await groundIn(scope, groundId);
      await refuseTakenName(scope.ownerId, changes.name, groundId);
      const outcome = await run(
        { type: 'AmendGround', groundId, changes, expectedVersion, meta: metaIn(scope, request) },
        expectedVersion !== undefined,
      );
      request.log.info({ groundId, position: outcome.position }, 'ground amended');
      return reply
        .header(EVENT_POSITION_HEADER, String(outcome.position))
        .send(toGround(outcome.state, groundId));
    });

    app.delete<{ Params: { id: string } }>('/grounds/:id', async (request, reply) => {
      const groundId = idOf(request.params.id, groundNotFound);
      const scope = await scopeFor(request, teamParamOf(request), true);
      const outcome = await run({
        type: 'AmendGround',
        groundId,
        changes: { archived: true },
        meta: metaIn(scope, request),
      });
      request.log.info({ groundId, position: outcome.position }, 'ground archived');
      return reply
        .header(EVENT_POSITION_HEADER, String(outcome.position))
        .send(toGround(outcome.state, groundId));
    });
  };
}
