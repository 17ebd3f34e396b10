import type { FastifyRequest } from 'fastify';
import { teamOwnerId, type TeamRole } from '@cull-log/contracts';
import { idOf } from '../kit/management-requests';
import { managersOnly, teamNotFound } from './team-stream';
import { roleIn, type LiveTeam, type TeamsReadModel } from './teams-read-model';

/** A member's place in a team, read at the request: a removal or a demotion holds from the next request on. */
export interface Membership {
  teamId: string;
  team: LiveTeam;
  memberId: string;
  role: TeamRole;
}

/**
 * Whose things a request reads or writes: the caller's own (`ownerId` their user id), or a team's (`ownerId` the
 * team's owner id) through the caller's membership.
 */
export type Scope = { ownerId: string; membership?: undefined } | { ownerId: string; membership: Membership };

/** The caller's membership of a team, or 404: a team they are not in is answered as one that does not exist. */
export async function membershipOf(
  readModel: Pick<TeamsReadModel, 'team' | 'memberLinkOf'>,
  uid: string,
  teamIdParam: string,
): Promise<Membership> {
  const teamId = idOf(teamIdParam, teamNotFound);
  const [team, memberId] = await Promise.all([readModel.team(teamId), readModel.memberLinkOf(uid, teamId)]);
  const role = roleIn(team, memberId);
  if (team === undefined || memberId === undefined || role === undefined) throw teamNotFound();
  return { teamId, team, memberId, role };
}

/** The scope `team` names (a query's `?team=` or a body's `team_id`), or the caller's own without one. */
export async function scopeOf(
  readModel: Pick<TeamsReadModel, 'team' | 'memberLinkOf'>,
  uid: string,
  team: unknown,
): Promise<Scope> {
  if (team === undefined) return { ownerId: uid };
  if (typeof team !== 'string') throw teamNotFound();
  const membership = await membershipOf(readModel, uid, team);
  return { ownerId: teamOwnerId(membership.teamId), membership };
}

/** `?team=` of a request's query, unparsed. */
export const teamParamOf = (request: FastifyRequest) =>
  (request.query as { team?: unknown } | undefined)?.team;

/** Refuses (403) a team scope whose role is not among `roles`; the caller's own scope passes. */
export function requireRole(scope: Scope, roles: readonly TeamRole[]): void {
  if (scope.membership !== undefined && !roles.includes(scope.membership.role)) throw managersOnly();
}

/**
 * The team grounds a member may see and record on: every one, except that a guest has only those of their permits
 * (undefined: no limit).
 */
export function permittedGrounds(scope: Scope): ReadonlySet<string> | undefined {
  const membership = scope.membership;
  if (membership?.role !== 'guest') return undefined;
  const permits = Object.values(membership.team.permits).filter(
    (permit) => permit.memberId === membership.memberId,
  );
  return new Set(permits.flatMap((permit) => permit.groundIds));
}

/**
 * May the user record a cull of `date` (YYYY-MM-DD) on this ground of this team? A manager or a stalker may; a guest
 * while a permit of theirs for the ground runs on that date; a viewer, or anyone not in the team, may not.
 */
export async function mayRecordOn(
  readModel: Pick<TeamsReadModel, 'team' | 'memberLinkOf'>,
  uid: string,
  teamId: string,
  groundId: string,
  date: string,
): Promise<boolean> {
  const [team, memberId] = await Promise.all([readModel.team(teamId), readModel.memberLinkOf(uid, teamId)]);
  const role = roleIn(team, memberId);
  if (role === 'manager' || role === 'stalker') return true;
  if (role !== 'guest' || team === undefined) return false;
  return Object.values(team.permits).some(
    (permit) =>
      permit.memberId === memberId &&
      permit.groundIds.includes(groundId) &&
      permit.startsOn <= date &&
      date <= permit.endsOn,
  );
}
