import { TEAM_MESSAGES, type UserErased } from '@cull-log/contracts';
import { teamDecider, type TeamCommand } from '@cull-log/domain';
import { HttpError } from '@cull-log/service-kit';
import { streamCommands, type StreamRoutesOptions } from '../kit/stream-routes';

export const teamNotFound = () => new HttpError(404, 'not_found', TEAM_MESSAGES.notFound);
export const memberNotFound = () => new HttpError(404, 'not_found', TEAM_MESSAGES.memberNotFound);
export const inviteNotFound = () => new HttpError(404, 'not_found', TEAM_MESSAGES.inviteNotFound);
export const managersOnly = () => new HttpError(403, 'forbidden', TEAM_MESSAGES.managersOnly);

/** The team rules' reasons as the API answers them: who may not (403), what is gone (404), what no longer holds (409). */
export const TEAM_REFUSALS: Record<string, () => HttpError> = {
  managers_only: managersOnly,
  last_manager: () => new HttpError(409, 'last_manager', TEAM_MESSAGES.lastManager),
  member_not_found: memberNotFound,
  already_member: () => new HttpError(409, 'already_member', TEAM_MESSAGES.alreadyMember),
  invite_not_found: inviteNotFound,
  invite_expired: () => new HttpError(409, 'invite_expired', TEAM_MESSAGES.inviteExpired),
  invite_revoked: () => new HttpError(409, 'invite_revoked', TEAM_MESSAGES.inviteRevoked),
  invite_used_up: () => new HttpError(409, 'invite_used_up', TEAM_MESSAGES.inviteUsedUp),
  permit_not_found: () => new HttpError(404, 'not_found', TEAM_MESSAGES.permitNotFound),
};

/** A team's stream as its commands run on the shared runner. */
export const TEAM_STREAM = {
  decider: teamDecider,
  prefix: 'team.',
  streamOf: (command: TeamCommand) => command.teamId,
  notFound: teamNotFound,
  ruleBroken: (reason: { code: string }) => TEAM_REFUSALS[reason.code]?.(),
} as const;

/**
 * Takes a user who is erasing their account out of every team they are in, before their own streams go: the teams'
 * histories stay whole and name them only by member ids, and a last manager hands their team on (see LeaveTeam).
 */
export function leavingEveryTeam<Tx>(deps: StreamRoutesOptions<Tx>) {
  const teams = streamCommands(deps, TEAM_STREAM);
  return async (erasure: UserErased): Promise<void> => {
    for (const team of await deps.readModel.teamsOf(erasure.userId)) {
      const memberId = await deps.readModel.memberLinkOf(erasure.userId, team.id);
      if (memberId === undefined) continue;
      await teams.run({
        type: 'LeaveTeam',
        teamId: team.id,
        actor: memberId,
        memberId,
        erasing: true,
        meta: {
          userId: erasure.userId,
          eventId: deps.newId(),
          occurredAt: erasure.occurredAt,
          correlationId: erasure.meta.correlationId,
        },
      });
    }
  };
}
