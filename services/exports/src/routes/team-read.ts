import type { FastifyRequest } from 'fastify';
import { TEAM_MESSAGES, type TeamRole } from '@cull-log/contracts';
import { HttpError } from '@cull-log/service-kit';
import type { TeamScope } from '../store/export-store';

/** A read of a team's (`?team=`): whose culls it holds, and the caller's role, which decides what is shown. */
export interface TeamRead {
  scope: TeamScope;
  role: TeamRole;
}

/**
 * A request's query without `team`, and the team read it names: the caller's place in the team as the gateway
 * signed it into the identity for this request (a guest reads only their own culls). A team the identity does not
 * carry is answered as one that does not exist.
 */
export function teamReadOf(request: FastifyRequest): { team?: TeamRead; query: Record<string, unknown> } {
  const { team, ...query } = (request.query ?? {}) as Record<string, unknown>;
  if (team === undefined) return { query };
  const access = request.identity.team;
  if (access === undefined || typeof team !== 'string' || access.team_id !== team) {
    throw new HttpError(404, 'not_found', TEAM_MESSAGES.notFound);
  }
  const scope: TeamScope = {
    teamId: access.team_id,
    ...(access.role === 'guest' && { onlyUserId: request.identity.uid }),
  };
  return { team: { scope, role: access.role }, query };
}
