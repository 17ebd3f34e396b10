import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  ChangeRoleRequest,
  CreateInviteRequest,
  CreateTeamRequest,
  EVENT_POSITION_HEADER,
  GrantPermitRequest,
  TEAM_LIMITS,
  TEAM_MESSAGES,
  teamOwnerId,
  UpdateTeamRequest,
  type InviteCreated,
  type InviteOffer,
  type ListTeamsResponse,
  type OpenInvite,
  type Permit,
  type Team,
  type TeamAccess,
  type TeamMembersResponse,
  type TeamPermitsResponse,
  type TeamRole,
  type TeamInvitesResponse,
} from '@cull-log/contracts';
import { inviteClosed, memberLinksDecider } from '@cull-log/domain';
import { idOf, refused } from '../kit/management-requests';
import { teamLinksStreamId } from '../kit/stream-ids';
import { streamCommands, type StreamRoutesOptions } from '../kit/stream-routes';
import { inviteTokens } from './invite-tokens';
import {
  inviteNotFound,
  managersOnly,
  memberNotFound,
  TEAM_REFUSALS,
  TEAM_STREAM,
  teamNotFound,
} from './team-stream';
import { membershipOf as teamMembership } from './team-scope';
import { roleIn, type LiveTeam } from './teams-read-model';

export interface TeamsRoutesOptions<Tx> extends StreamRoutesOptions<Tx> {
  /** Keys the invitation links (see inviteTokens). */
  invitationSecret: string;
  /** Where the app is reached, for the links a manager sends. */
  publicUrl: string;
}

const DAY_MS = 86_400_000;
const ROLE_ORDER: readonly TeamRole[] = ['manager', 'stalker', 'viewer', 'guest'];

/** A write's answer: its status, the log position it reached (for `x-event-position`) and its body. */
const answered = (reply: FastifyReply, status: number, outcome: { position: number }, body?: unknown) =>
  reply.status(status).header(EVENT_POSITION_HEADER, String(outcome.position)).send(body);

/**
 * The teams: GET/POST /teams, GET/PATCH /teams/:id, its members (GET, PATCH/DELETE /:uid), invitations (GET, POST,
 * DELETE /:inviteId) and guests' permits (GET, POST, DELETE /:permitId); GET /invites/:token and POST …/accept for
 * whoever holds a link. The caller's role is read at every request from the read model the last command updated.
 */
export function teamsRoutes<Tx>(): FastifyPluginAsync<TeamsRoutesOptions<Tx>> {
  return async (app, deps) => {
    const { readModel, now, newId } = deps;
    const tokens = inviteTokens(deps.invitationSecret);
    const teams = streamCommands(deps, TEAM_STREAM);
    const links = streamCommands(deps, {
      decider: memberLinksDecider,
      prefix: 'member.',
      streamOf: (command) => command.streamId,
      notFound: teamNotFound,
    });
    const { metaOf } = teams;

    /** The member id the caller is known to the team by, linking them first if they never were. */
    async function linkCaller(request: FastifyRequest, teamId: string): Promise<string> {
      const { uid, display_name } = request.identity;
      const streamId = teamLinksStreamId(uid);
      const { state } = await links.run({
        type: 'LinkMember',
        streamId,
        teamId,
        memberId: newId(),
        name: display_name ?? 'Unnamed member',
        meta: metaOf(request),
      });
      const memberId = state.links[teamId];
      if (memberId === undefined) throw new Error(`No link to team ${teamId} after linking`);
      return memberId;
    }

    /** The caller's place in the team now, or 404 (see membershipOf). */
    const membershipOf = (request: FastifyRequest<{ Params: { id: string } }>) =>
      teamMembership(readModel, request.identity.uid, request.params.id);

    async function managerOf(request: FastifyRequest<{ Params: { id: string } }>) {
      const membership = await membershipOf(request);
      if (membership.role !== 'manager') throw managersOnly();
      return membership;
    }

    /** The member id of a user of the team, or 404. */
    async function memberIdOf(teamId: string, team: LiveTeam, uid: string): Promise<string> {
      const memberId = await readModel.memberLinkOf(uid, teamId);
      if (memberId === undefined || team.members[memberId] === undefined) throw memberNotFound();
      return memberId;
    }

    const teamAnswer = (teamId: string, team: LiveTeam, role: TeamRole): Team => ({
      id: teamId,
      name: team.name,
      kind: team.kind,
      role,
    });

    /** Every ground id must be one of the team's own grounds (owned by the team, not archived). */
    async function checkTeamGrounds(teamId: string, groundIds: readonly string[], field: string) {
      const grounds = await readModel.listGrounds(teamOwnerId(teamId));
      const open = new Set(grounds.filter((ground) => !ground.archived).map((ground) => ground.id));
      groundIds.forEach((id, index) => {
        if (!open.has(id.toLowerCase())) throw refused(`${field}.${index}`, TEAM_MESSAGES.groundNotTeams);
      });
    }

    app.get('/teams', async (request): Promise<ListTeamsResponse> => ({
      items: await readModel.teamsOf(request.identity.uid),
    }));

    // The caller's place in a team at this request, for the gateway to hand to the services that read a team's
    // figures and documents; 404 for a team they are not in.
    app.get<{ Params: { id: string } }>('/teams/:id/access', async (request): Promise<TeamAccess> => {
      const { teamId, role, memberId } = await membershipOf(request);
      return { team_id: teamId, role, member_id: memberId };
    });

    app.post('/teams', async (request, reply) => {
      const body = CreateTeamRequest.parse(request.body);
      const teamId = (body.id ?? newId()).toLowerCase();
      const memberId = await linkCaller(request, teamId);
      const outcome = await teams.run({
        type: 'CreateTeam',
        teamId,
        name: body.name,
        kind: body.kind,
        memberId,
        meta: metaOf(request),
      });
      request.log.info({ teamId, position: outcome.position }, 'team created');
      return answered(reply, 201, outcome, teamAnswer(teamId, outcome.state as LiveTeam, 'manager'));
    });

    app.get<{ Params: { id: string } }>('/teams/:id', async (request): Promise<Team> => {
      const { teamId, team, role } = await membershipOf(request);
      return teamAnswer(teamId, team, role);
    });

    app.patch<{ Params: { id: string } }>('/teams/:id', async (request, reply) => {
      const body = UpdateTeamRequest.parse(request.body);
      const { teamId, memberId, role } = await membershipOf(request);
      const outcome = await teams.run({
        type: 'RenameTeam',
        teamId,
        actor: memberId,
        ...body,
        meta: metaOf(request),
      });
      return answered(reply, 200, outcome, teamAnswer(teamId, outcome.state as LiveTeam, role));
    });

    app.get<{ Params: { id: string } }>(
      '/teams/:id/members',
      async (request): Promise<TeamMembersResponse> => {
        const { teamId, team, role } = await membershipOf(request);
        // A guest's permit lets them record on named grounds; the team's people are not theirs to see.
        if (role === 'guest') throw managersOnly();
        const linked = new Map((await readModel.memberLinks(teamId)).map((link) => [link.memberId, link]));
        const members = Object.entries(team.members).flatMap(([memberId, memberRole]) => {
          const link = linked.get(memberId);
          return link === undefined ? [] : [{ uid: link.userId, name: link.name, role: memberRole }];
        });
        members.sort(
          (a, b) =>
            ROLE_ORDER.indexOf(a.role) - ROLE_ORDER.indexOf(b.role) ||
            a.name.localeCompare(b.name, 'en-GB') ||
            a.uid.localeCompare(b.uid),
        );
        return { members };
      },
    );

    app.patch<{ Params: { id: string; uid: string } }>('/teams/:id/members/:uid', async (request, reply) => {
      const { role } = ChangeRoleRequest.parse(request.body);
      const { teamId, team, memberId: actor } = await membershipOf(request);
      const memberId = await memberIdOf(teamId, team, request.params.uid);
      const outcome = await teams.run({
        type: 'ChangeRole',
        teamId,
        actor,
        memberId,
        role,
        meta: metaOf(request),
      });
      request.log.info({ teamId, position: outcome.position }, 'team role changed');
      return answered(reply, 200, outcome, { uid: request.params.uid, role });
    });

    app.delete<{ Params: { id: string; uid: string } }>('/teams/:id/members/:uid', async (request, reply) => {
      const { teamId, team, memberId: actor } = await membershipOf(request);
      const memberId = await memberIdOf(teamId, team, request.params.uid);
      const outcome = await teams.run({ type: 'LeaveTeam', teamId, actor, memberId, meta: metaOf(request) });
      request.log.info(
        { teamId, position: outcome.position, removed: memberId !== actor },
        'team member left',
      );
      return answered(reply, 204, outcome);
    });

    const inviteUrl = (inviteId: string) => `${deps.publicUrl}/invites/${tokens.tokenOf(inviteId)}`;

    app.get<{ Params: { id: string } }>(
      '/teams/:id/invites',
      async (request): Promise<TeamInvitesResponse> => {
        const { team } = await managerOf(request);
        const invites: OpenInvite[] = Object.entries(team.invites)
          .filter(([, invite]) => inviteClosed(invite, now().toISOString()) === undefined)
          .map(([id, invite]) => ({
            id,
            role: invite.role,
            url: inviteUrl(id),
            expires_at: invite.expiresAt,
            uses: invite.uses,
            max_uses: invite.maxUses,
            ground_ids: invite.permit?.groundIds ?? null,
            starts_on: invite.permit?.startsOn ?? null,
            ends_on: invite.permit?.endsOn ?? null,
          }))
          .sort((a, b) => a.expires_at.localeCompare(b.expires_at));
        return { invites };
      },
    );

    app.post<{ Params: { id: string } }>('/teams/:id/invites', async (request, reply) => {
      const body = CreateInviteRequest.parse(request.body);
      const { teamId, memberId } = await managerOf(request);
      if (body.ground_ids !== undefined) await checkTeamGrounds(teamId, body.ground_ids, 'ground_ids');
      const inviteId = newId();
      const days = body.expires_in_days ?? TEAM_LIMITS.inviteDaysDefault;
      const expiresAt = new Date(now().getTime() + days * DAY_MS).toISOString();
      const outcome = await teams.run({
        type: 'CreateInvite',
        teamId,
        actor: memberId,
        inviteId,
        role: body.role,
        expiresAt,
        maxUses: body.max_uses ?? TEAM_LIMITS.inviteUsesDefault,
        permit:
          body.ground_ids === undefined || body.starts_on === undefined || body.ends_on === undefined
            ? null
            : {
                groundIds: body.ground_ids.map((id) => id.toLowerCase()),
                startsOn: body.starts_on,
                endsOn: body.ends_on,
              },
        meta: metaOf(request),
      });
      request.log.info({ teamId, inviteId, position: outcome.position }, 'team invitation made');
      const answer: InviteCreated = {
        id: inviteId,
        token: tokens.tokenOf(inviteId),
        url: inviteUrl(inviteId),
        expires_at: expiresAt,
      };
      return answered(reply, 201, outcome, answer);
    });

    app.delete<{ Params: { id: string; inviteId: string } }>(
      '/teams/:id/invites/:inviteId',
      async (request, reply) => {
        const { teamId, memberId: actor } = await membershipOf(request);
        const inviteId = idOf(request.params.inviteId, inviteNotFound);
        const outcome = await teams.run({
          type: 'RevokeInvite',
          teamId,
          actor,
          inviteId,
          meta: metaOf(request),
        });
        return answered(reply, 204, outcome);
      },
    );

    /** The invitation a link names and its team, or 404 for a link that names none. */
    async function invitationOf(token: string) {
      const inviteId = tokens.inviteIdOf(token);
      const teamId = inviteId === undefined ? undefined : await readModel.teamOfInvite(inviteId);
      const team = teamId === undefined ? undefined : await readModel.team(teamId);
      const invite = inviteId === undefined ? undefined : team?.invites[inviteId];
      if (inviteId === undefined || teamId === undefined || team === undefined || invite === undefined)
        throw inviteNotFound();
      return { inviteId, teamId, team, invite };
    }

    app.get<{ Params: { token: string } }>('/invites/:token', async (request): Promise<InviteOffer> => {
      const { teamId, team, invite } = await invitationOf(request.params.token);
      // Says which of expired, withdrawn or used up, as accepting would.
      const closed = inviteClosed(invite, now().toISOString());
      if (closed !== undefined) throw TEAM_REFUSALS[closed]!();
      return {
        team: { id: teamId, name: team.name, kind: team.kind },
        role: invite.role,
        expires_at: invite.expiresAt,
      };
    });

    app.post<{ Params: { token: string } }>('/invites/:token/accept', async (request, reply) => {
      const { inviteId, teamId, team } = await invitationOf(request.params.token);
      const linked = await readModel.memberLinkOf(request.identity.uid, teamId);
      const already = roleIn(team, linked);
      // Opening the link again once joined answers the team as it is, using nothing of the invitation.
      if (already !== undefined) return reply.send(teamAnswer(teamId, team, already));
      const memberId = await linkCaller(request, teamId);
      const outcome = await teams.run({
        type: 'JoinTeam',
        teamId,
        memberId,
        inviteId,
        permitId: newId(),
        meta: metaOf(request),
      });
      const joined = outcome.state as LiveTeam;
      const role = joined.members[memberId];
      if (role === undefined) throw new Error(`Member ${memberId} not in team ${teamId} after joining`);
      request.log.info({ teamId, position: outcome.position }, 'team member joined');
      return answered(reply, 200, outcome, teamAnswer(teamId, joined, role));
    });

    app.get<{ Params: { id: string } }>(
      '/teams/:id/permits',
      async (request): Promise<TeamPermitsResponse> => {
        const { teamId, team } = await managerOf(request);
        const people = new Map(
          (await readModel.memberLinks(teamId)).map((link) => [link.memberId, link.userId]),
        );
        const permits: Permit[] = Object.entries(team.permits).flatMap(([id, permit]) => {
          const uid = people.get(permit.memberId);
          return uid === undefined
            ? []
            : [{ id, uid, ground_ids: permit.groundIds, starts_on: permit.startsOn, ends_on: permit.endsOn }];
        });
        permits.sort((a, b) => a.starts_on.localeCompare(b.starts_on) || a.id.localeCompare(b.id));
        return { permits };
      },
    );

    app.post<{ Params: { id: string } }>('/teams/:id/permits', async (request, reply) => {
      const body = GrantPermitRequest.parse(request.body);
      const { teamId, team, memberId: actor } = await managerOf(request);
      const memberId = await memberIdOf(teamId, team, body.uid);
      if (team.members[memberId] !== 'guest') throw refused('uid', TEAM_MESSAGES.permitsForGuests);
      await checkTeamGrounds(teamId, body.ground_ids, 'ground_ids');
      const permitId = newId();
      const groundIds = body.ground_ids.map((id) => id.toLowerCase());
      const outcome = await teams.run({
        type: 'GrantPermit',
        teamId,
        actor,
        permitId,
        memberId,
        groundIds,
        startsOn: body.starts_on,
        endsOn: body.ends_on,
        meta: metaOf(request),
      });
      const permit: Permit = {
        id: permitId,
        uid: body.uid,
        ground_ids: groundIds,
        starts_on: body.starts_on,
        ends_on: body.ends_on,
      };
      return answered(reply, 201, outcome, permit);
    });

    app.delete<{ Params: { id: string; permitId: string } }>(
      '/teams/:id/permits/:permitId',
      async (request, reply) => {
        const { teamId, memberId: actor } = await membershipOf(request);
        const { permitId } = request.params;
        const outcome = await teams.run({
          type: 'EndPermit',
          teamId,
          actor,
          permitId,
          meta: metaOf(request),
        });
        return answered(reply, 204, outcome);
      },
    );
  };
}
