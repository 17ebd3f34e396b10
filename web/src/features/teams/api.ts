import type {
  CreateInviteRequest,
  CreateTeamRequest,
  GrantPermitRequest,
  Ground,
  InviteCreated,
  Team,
  TeamKind,
  TeamRole,
} from '@cull-log/contracts';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../api/client';
import { sendForAnswer, sendJson } from '../../api/commands';
import { queryKeys } from '../../api/keys';

/**
 * Teams: the user's teams, a team's members, invitations and grounds, and joining by a link. These writes go straight
 * to the server, as a team is run from a desk or a phone with a signal.
 */

const teamPath = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}`;

export const teamsQuery = () =>
  queryOptions({
    queryKey: queryKeys.teams,
    queryFn: async ({ signal }) => (await getJson('/api/teams', 'ListTeamsResponse', signal)).items,
  });

export const teamQuery = (teamId: string) =>
  queryOptions({
    queryKey: [...queryKeys.teams, teamId],
    queryFn: ({ signal }) => getJson(teamPath(teamId), 'Team', signal),
  });

export const membersQuery = (teamId: string) =>
  queryOptions({
    queryKey: [...queryKeys.teams, teamId, 'members'],
    queryFn: async ({ signal }) =>
      (await getJson(`${teamPath(teamId)}/members`, 'TeamMembersResponse', signal)).members,
  });

export const invitesQuery = (teamId: string) =>
  queryOptions({
    queryKey: [...queryKeys.teams, teamId, 'invites'],
    queryFn: async ({ signal }) =>
      (await getJson(`${teamPath(teamId)}/invites`, 'TeamInvitesResponse', signal)).invites,
  });

/** The guests' permits not ended (managers only), by first day. */
export const permitsQuery = (teamId: string) =>
  queryOptions({
    queryKey: [...queryKeys.teams, teamId, 'permits'],
    queryFn: async ({ signal }) =>
      (await getJson(`${teamPath(teamId)}/permits`, 'TeamPermitsResponse', signal)).permits,
  });

export const teamGroundsQuery = (teamId: string) =>
  queryOptions({
    queryKey: [...queryKeys.grounds, 'team', teamId],
    queryFn: async ({ signal }) =>
      (await getJson(`/api/grounds?team=${encodeURIComponent(teamId)}`, 'ListGroundsResponse', signal)).items,
  });

/**
 * The grounds a screen names: a team's, or, without one, the user's own (the same read, and key, as the grounds
 * screen's).
 */
export const scopeGroundsQuery = (teamId: string | undefined) =>
  queryOptions({
    queryKey: (teamId === undefined
      ? queryKeys.grounds
      : [...queryKeys.grounds, 'team', teamId]) as readonly string[],
    queryFn: async ({ signal }) =>
      (
        await getJson(
          teamId === undefined ? '/api/grounds' : `/api/grounds?team=${encodeURIComponent(teamId)}`,
          'ListGroundsResponse',
          signal,
        )
      ).items,
  });

/** A page of the team's records, newest first, as its member may read them (each with who culled it). */
export const teamRecordsQuery = (teamId: string, page: number) =>
  queryOptions({
    queryKey: [...queryKeys.culls, 'team', teamId, page],
    queryFn: ({ signal }) =>
      getJson(
        `/api/culls?team=${encodeURIComponent(teamId)}&sort=date&order=desc&page=${page}&page_size=${TEAM_RECORDS_PAGE}`,
        'ListCullsResponse',
        signal,
      ),
  });

export const TEAM_RECORDS_PAGE = 20;

/** What an invitation link offers; its refusal (expired, withdrawn, used up) says which. */
export const inviteOfferQuery = (token: string) =>
  queryOptions({
    queryKey: ['invites', token],
    queryFn: ({ signal }) => getJson(`/api/invites/${encodeURIComponent(token)}`, 'InviteOffer', signal),
    retry: false,
  });

export function createTeam(body: CreateTeamRequest): Promise<Team> {
  return sendForAnswer('POST', '/api/teams', body, 'Team');
}

export function createInvite(teamId: string, body: CreateInviteRequest): Promise<InviteCreated> {
  return sendForAnswer('POST', `${teamPath(teamId)}/invites`, body, 'InviteCreated');
}

export async function revokeInvite(teamId: string, inviteId: string): Promise<void> {
  await sendJson('DELETE', `${teamPath(teamId)}/invites/${encodeURIComponent(inviteId)}`, undefined);
}

export async function changeRole(teamId: string, uid: string, role: TeamRole): Promise<void> {
  await sendJson('PATCH', `${teamPath(teamId)}/members/${encodeURIComponent(uid)}`, { role });
}

/** Removes a member, or, for the user's own id, leaves the team. */
export async function removeMember(teamId: string, uid: string): Promise<void> {
  await sendJson('DELETE', `${teamPath(teamId)}/members/${encodeURIComponent(uid)}`, undefined);
}

/** Grants a guest already in the team a permit for some of its grounds between two days. */
export async function grantPermit(teamId: string, body: GrantPermitRequest): Promise<void> {
  await sendJson('POST', `${teamPath(teamId)}/permits`, body);
}

/** Ends a guest's permit before its last day. */
export async function endPermit(teamId: string, permitId: string): Promise<void> {
  await sendJson('DELETE', `${teamPath(teamId)}/permits/${encodeURIComponent(permitId)}`, undefined);
}

export function acceptInvite(token: string): Promise<Team> {
  return sendForAnswer('POST', `/api/invites/${encodeURIComponent(token)}/accept`, undefined, 'Team');
}

export function createTeamGround(teamId: string, name: string): Promise<Ground> {
  return sendForAnswer('POST', '/api/grounds', { team_id: teamId, name }, 'Ground');
}

export const KIND_LABELS: Record<TeamKind, string> = {
  syndicate: 'Syndicate',
  estate: 'Estate',
  deer_management_group: 'Deer management group',
  other: 'Other group',
};

export const ROLE_LABELS: Record<TeamRole, string> = {
  manager: 'Manager',
  stalker: 'Stalker',
  viewer: 'Viewer',
  guest: 'Guest',
};

/** What each role may do, in a line, for the one choosing it. */
export const ROLE_MEANINGS: Record<TeamRole, string> = {
  manager: 'runs the team: members, invitations, grounds and the plan',
  stalker: 'records culls on the team’s grounds and reads its figures',
  viewer: 'reads the team’s figures, map and larder book; writes nothing (a landowner or agent)',
  guest: 'records on named grounds between two dates',
};
