import type { FastifyRequest } from 'fastify';
import type { TeamRole } from '@cull-log/contracts';
import { teamAccessOf } from '@cull-log/service-kit';
import type { TeamScope } from '../store/export-store';

/** A read of a team's (`?team=`): whose culls it holds, and the caller's role, which decides what is shown. */
export interface TeamRead {
  scope: TeamScope;
  role: TeamRole;
}

/** A request's query without `team`, and the team read it names (see teamAccessOf); a guest reads only their own. */
export function teamReadOf(request: FastifyRequest): { team?: TeamRead; query: Record<string, unknown> } {
  const { access, query } = teamAccessOf(request);
  if (access === undefined) return { query };
  const scope: TeamScope = {
    teamId: access.team_id,
    ...(access.role === 'guest' && { onlyUserId: request.identity.uid }),
  };
  return { team: { scope, role: access.role }, query };
}
