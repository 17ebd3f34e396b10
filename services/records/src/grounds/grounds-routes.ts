import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  AmendGroundRequest,
  CreateGroundRequest,
  EVENT_POSITION_HEADER,
  MANAGEMENT_MESSAGES,
  teamOwnerId,
  type ListGroundsResponse,
} from '@cull-log/contracts';
import { groundDecider, toGround, type GroundDecisionError } from '@cull-log/domain';
import { HttpError } from '@cull-log/service-kit';
import { groundNotFound, idOf, refused } from '../kit/management-requests';
import { streamCommands, type StreamRoutesOptions } from '../kit/stream-routes';
import {
  membershipOf,
  permittedGrounds,
  requireRole,
  scopeOf,
  teamParamOf,
  type Scope,
} from '../teams/team-scope';

const groundInTeam = () => new HttpError(409, 'in_team', MANAGEMENT_MESSAGES.groundInTeam);

/** The ground rules' own reasons as the API answers them. */
function groundRefusal(reason: GroundDecisionError): HttpError | undefined {
  switch (reason.code) {
    case 'archived':
      return new HttpError(409, 'archived', MANAGEMENT_MESSAGES.groundArchived);
    case 'in_team':
      return groundInTeam();
    case 'too_large':
      return refused('boundary', reason.message);
    default:
      return undefined;
  }
}

/**
 * GET/POST /grounds, GET/PATCH/DELETE /grounds/:id (DELETE archives; PATCH { archived: false } restores): the caller's
 * own grounds, or with `?team=` (`team_id` in a new ground's body) a team's, which its managers make and change and
 * its members read (a guest only those of their permits). A team's ground is owned by the team, not the manager.
 * PATCH { team_id } moves the caller's own ground into a team they manage: the ground and its culls become the team's.
 */
export function groundsRoutes<Tx>(): FastifyPluginAsync<StreamRoutesOptions<Tx>> {
  return async (app, deps) => {
    const { readModel, newId } = deps;
    const { run, metaOf } = streamCommands(deps, {
      decider: groundDecider,
      prefix: 'ground.',
      streamOf: (command) => command.groundId,
      notFound: groundNotFound,
      ruleBroken: (reason) => groundRefusal(reason as GroundDecisionError),
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

    /**
     * Moves the caller's own ground into a team they manage: 404 for a ground not theirs or a team they are not in,
     * 403 for a team they do not manage, 409 for a ground archived or already a team's.
     */
    async function moveIntoTeam(
      request: FastifyRequest,
      groundId: string,
      teamParam: string,
      expectedVersion: number | undefined,
    ) {
      const from = await scopeFor(request, teamParamOf(request), true);
      const ground = await groundIn(from, groundId);
      if (from.membership !== undefined) throw groundInTeam();
      const into = await membershipOf(readModel, request.identity.uid, teamParam);
      if (into.role !== 'manager')
        throw new HttpError(403, 'forbidden', MANAGEMENT_MESSAGES.moveManagersOnly);
      await refuseTakenName(teamOwnerId(into.teamId), ground.name, groundId);
      return run(
        { type: 'MoveGround', groundId, teamId: into.teamId, expectedVersion, meta: metaOf(request) },
        expectedVersion !== undefined,
      );
    }

    app.patch<{ Params: { id: string } }>('/grounds/:id', async (request, reply) => {
      const groundId = idOf(request.params.id, groundNotFound);
      const {
        expected_version: expectedVersion,
        team_id: teamId,
        ...changes
      } = AmendGroundRequest.parse(request.body);
      if (teamId !== undefined) {
        const outcome = await moveIntoTeam(request, groundId, teamId, expectedVersion);
        request.log.info({ groundId, teamId, position: outcome.position }, 'ground moved into a team');
        return reply
          .header(EVENT_POSITION_HEADER, String(outcome.position))
          .send(toGround(outcome.state, groundId));
      }
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
