import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import {
  ChangeRoleRequest,
  CreateInviteRequest,
  CreateTeamRequest,
  GrantPermitRequest,
  InviteCreated,
  InviteOffer,
  ListTeamsResponse,
  Permit,
  Team,
  TeamAccess,
  TeamInvitesResponse,
  TeamMember,
  TeamMembersResponse,
  TeamPermitsResponse,
  UpdateTeamRequest,
} from '@cull-log/contracts';
import { idPath, json, jsonBody, operation, written } from '../operation-kit';

const tag = 'Teams';
const memberPath = idPath.extend({ uid: z.string().meta({ description: 'The member’s user id.' }) });
const invitePath = idPath.extend({ inviteId: z.string().meta({ description: 'The invitation’s id.' }) });
const permitPath = idPath.extend({ permitId: z.string().meta({ description: 'The permit’s id.' }) });
const tokenPath = z.object({ token: z.string().meta({ description: 'The invitation link’s token.' }) });

/** Teams (syndicates, estates, deer management groups), their members, invitations and guests’ permits. */
export const teamPaths: ZodOpenApiPathsObject = {
  '/api/teams': {
    get: operation({
      operationId: 'listTeams',
      summary: 'The caller’s teams',
      tag,
      access: 'read',
      responses: { 200: json(ListTeamsResponse, 'The teams, with the caller’s role in each.') },
    }),
    post: operation({
      operationId: 'createTeam',
      summary: 'Create a team',
      description: 'The caller becomes its first manager.',
      tag,
      access: 'write',
      requestBody: jsonBody(CreateTeamRequest),
      responses: { 201: written(Team, 'The team.') },
      refusals: [400, 409],
    }),
  },
  '/api/teams/{id}': {
    get: operation({
      operationId: 'getTeam',
      summary: 'Read a team',
      tag,
      access: 'read',
      requestParams: { path: idPath },
      responses: { 200: json(Team, 'The team, with the caller’s role.') },
      refusals: [404],
    }),
    patch: operation({
      operationId: 'updateTeam',
      summary: 'Rename a team or change its kind',
      tag,
      access: 'write',
      requestParams: { path: idPath },
      requestBody: jsonBody(UpdateTeamRequest),
      responses: { 200: written(Team, 'The team as it now is.') },
      refusals: [400, 403, 404],
    }),
  },
  '/api/teams/{id}/access': {
    get: operation({
      operationId: 'getTeamAccess',
      summary: 'The caller’s place in a team',
      description:
        'The caller’s role and member id in the team at this moment; 404 for a team they are not in.',
      tag,
      access: 'read',
      requestParams: { path: idPath },
      responses: { 200: json(TeamAccess, 'The caller’s role and member id.') },
      refusals: [404],
    }),
  },
  '/api/teams/{id}/members': {
    get: operation({
      operationId: 'listTeamMembers',
      summary: 'A team’s members',
      tag,
      access: 'read',
      requestParams: { path: idPath },
      responses: { 200: json(TeamMembersResponse, 'The members and their roles.') },
      refusals: [403, 404],
    }),
  },
  '/api/teams/{id}/members/{uid}': {
    patch: operation({
      operationId: 'changeMemberRole',
      summary: 'Change a member’s role',
      tag,
      access: 'write',
      requestParams: { path: memberPath },
      requestBody: jsonBody(ChangeRoleRequest),
      responses: { 200: written(TeamMember.pick({ uid: true, role: true }), 'The member’s new role.') },
      refusals: [400, 403, 404, 409],
    }),
    delete: operation({
      operationId: 'removeMember',
      summary: 'Remove a member, or leave the team',
      tag,
      access: 'write',
      requestParams: { path: memberPath },
      responses: { 204: written(undefined, 'Removed.') },
      refusals: [403, 404, 409],
    }),
  },
  '/api/teams/{id}/invites': {
    get: operation({
      operationId: 'listInvites',
      summary: 'A team’s open invitations',
      tag,
      access: 'read',
      requestParams: { path: idPath },
      responses: { 200: json(TeamInvitesResponse, 'The invitations still open.') },
      refusals: [403, 404],
    }),
    post: operation({
      operationId: 'createInvite',
      summary: 'Make an invitation link',
      description: 'Managers only. The link’s token is answered here once.',
      tag,
      access: 'write',
      requestParams: { path: idPath },
      requestBody: jsonBody(CreateInviteRequest),
      responses: { 201: written(InviteCreated, 'The invitation, with its link.') },
      refusals: [400, 403, 404],
    }),
  },
  '/api/teams/{id}/invites/{inviteId}': {
    delete: operation({
      operationId: 'revokeInvite',
      summary: 'Withdraw an invitation',
      tag,
      access: 'write',
      requestParams: { path: invitePath },
      responses: { 204: written(undefined, 'Withdrawn.') },
      refusals: [403, 404],
    }),
  },
  '/api/teams/{id}/permits': {
    get: operation({
      operationId: 'listPermits',
      summary: 'A team’s guests’ permits',
      tag,
      access: 'read',
      requestParams: { path: idPath },
      responses: { 200: json(TeamPermitsResponse, 'The permits.') },
      refusals: [403, 404],
    }),
    post: operation({
      operationId: 'grantPermit',
      summary: 'Grant a guest a permit',
      tag,
      access: 'write',
      requestParams: { path: idPath },
      requestBody: jsonBody(GrantPermitRequest),
      responses: { 201: written(Permit, 'The permit.') },
      refusals: [400, 403, 404],
    }),
  },
  '/api/teams/{id}/permits/{permitId}': {
    delete: operation({
      operationId: 'endPermit',
      summary: 'End a guest’s permit early',
      tag,
      access: 'write',
      requestParams: { path: permitPath },
      responses: { 204: written(undefined, 'Ended.') },
      refusals: [403, 404],
    }),
  },
  '/api/invites/{token}': {
    get: operation({
      operationId: 'getInvite',
      summary: 'What an invitation link offers',
      tag,
      access: 'read',
      requestParams: { path: tokenPath },
      responses: { 200: json(InviteOffer, 'The team and the role offered.') },
      refusals: [404, 409],
    }),
  },
  '/api/invites/{token}/accept': {
    post: operation({
      operationId: 'acceptInvite',
      summary: 'Join a team with an invitation link',
      tag,
      access: 'write',
      requestParams: { path: tokenPath },
      responses: { 200: written(Team, 'The team joined, with the caller’s role.') },
      refusals: [404, 409],
    }),
  },
};
