import type { FastifyRequest } from 'fastify';
import { teamOwnerId, type TeamAccess } from '@cull-log/contracts';
import { teamAccessOf } from '@cull-log/service-kit';
import { memberCounterKey } from '../store/stats-counters';

/**
 * Whose figures a request reads: the caller's own (`key` their user id), or a team's through the caller's place in it
 * as the gateway signed it into the identity. A guest's team figures are their own within the team (`key` their member
 * counters); anyone else in the team reads the team's (`key` the team's owner id).
 */
export type FiguresScope = { key: string; team?: undefined } | { key: string; team: TeamAccess };

/** The scope of a request, and its query without `team` for the route's own parsing (see teamAccessOf). */
export function figuresScopeOf(request: FastifyRequest): {
  scope: FiguresScope;
  query: Record<string, unknown>;
} {
  const { access: team, query } = teamAccessOf(request);
  if (team === undefined) return { scope: { key: request.identity.uid }, query };
  const key =
    team.role === 'guest' ? memberCounterKey(team.team_id, team.member_id) : teamOwnerId(team.team_id);
  return { scope: { key, team }, query };
}
