import type { FastifyRequest } from 'fastify';
import { TEAM_MESSAGES, teamOwnerId, type TeamAccess } from '@cull-log/contracts';
import { HttpError } from '@cull-log/service-kit';
import { memberCounterKey } from '../store/stats-counters';

/**
 * Whose figures a request reads: the caller's own (`key` their user id), or a team's through the caller's place in it
 * as the gateway signed it into the identity. A guest's team figures are their own within the team (`key` their member
 * counters); anyone else in the team reads the team's (`key` the team's owner id).
 */
export type FiguresScope = { key: string; team?: undefined } | { key: string; team: TeamAccess };

const teamNotFound = () => new HttpError(404, 'not_found', TEAM_MESSAGES.notFound);

/**
 * The scope of a request, and its query without `team` for the route's own parsing. A `?team=` the identity does not
 * carry (the gateway asks the records service for every one) is a team the caller is not in: 404.
 */
export function figuresScopeOf(request: FastifyRequest): {
  scope: FiguresScope;
  query: Record<string, unknown>;
} {
  const { team: teamParam, ...query } = (request.query ?? {}) as Record<string, unknown>;
  if (teamParam === undefined) return { scope: { key: request.identity.uid }, query };
  const team = request.identity.team;
  if (team === undefined || team.team_id !== teamParam) throw teamNotFound();
  const key =
    team.role === 'guest' ? memberCounterKey(team.team_id, team.member_id) : teamOwnerId(team.team_id);
  return { scope: { key, team }, query };
}
