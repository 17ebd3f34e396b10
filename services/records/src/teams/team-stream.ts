import { createHash } from 'node:crypto';
import {
  LIMITS,
  LIST_CULLS_QUERY_DEFAULTS,
  TEAM_MESSAGES,
  teamOwnerId,
  type Cull,
  type KeptCull,
  type UserErased,
} from '@cull-log/contracts';
import { keptCullOf, teamDecider, type TeamCommand } from '@cull-log/domain';
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
 * The team's id for its copy of a record: the same for the same record and team, so an erasure asked for again keeps
 * nothing twice, and shaped as a record id (a UUID) without being the record's.
 */
function keptIdOf(teamId: string, recordId: string): string {
  const hex = createHash('sha256').update(`kept:${teamId}:${recordId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Kept culls per event: a member with years of records on a team's grounds is kept in several events. */
const KEPT_CULLS_PER_EVENT = 200;

/**
 * Takes a user who is erasing their account out of every team they are in, before their own streams go: the teams'
 * histories stay whole and name them only by member ids, and a last manager hands their team on (see LeaveTeam).
 * Then every team they were ever in keeps the facts of their culls on its grounds as its own (team.culls_kept.v1),
 * naming nobody, since their records go with them.
 */
export function leavingEveryTeam<Tx>(deps: StreamRoutesOptions<Tx>) {
  const teams = streamCommands(deps, TEAM_STREAM);
  const { readModel } = deps;

  /** The user's records on the team's grounds, a page at a time. */
  async function recordsOn(teamId: string, userId: string): Promise<Cull[]> {
    const scope = { teamOwnerId: teamOwnerId(teamId), userIds: [userId] };
    const records: Cull[] = [];
    for (let page = 1; ; page += 1) {
      const query = { ...LIST_CULLS_QUERY_DEFAULTS, page, page_size: LIMITS.pageSizeMax };
      const { items } = await readModel.listScoped(scope, query);
      records.push(...items);
      if (items.length < LIMITS.pageSizeMax) return records;
    }
  }

  return async (erasure: UserErased): Promise<void> => {
    const meta = () => ({
      userId: erasure.userId,
      eventId: deps.newId(),
      occurredAt: erasure.occurredAt,
      correlationId: erasure.meta.correlationId,
    });
    for (const team of await readModel.teamsOf(erasure.userId)) {
      const memberId = await readModel.memberLinkOf(erasure.userId, team.id);
      if (memberId === undefined) continue;
      await teams.run({
        type: 'LeaveTeam',
        teamId: team.id,
        actor: memberId,
        memberId,
        erasing: true,
        meta: meta(),
      });
    }
    // One member id per team: someone who left and came back has a link of each time.
    const linked = new Map(
      (await readModel.linksOf(erasure.userId)).map((link) => [link.teamId, link.memberId]),
    );
    for (const [teamId, memberId] of linked) {
      const grounds = await readModel.listGrounds(teamOwnerId(teamId));
      const names = new Map(grounds.map((ground) => [ground.id, ground.name]));
      const records = (await recordsOn(teamId, erasure.userId)).reverse();
      const keptScope = { teamOwnerId: teamOwnerId(teamId), userIds: [teamOwnerId(teamId)] };
      const kept: KeptCull[] = [];
      for (const record of records) {
        const facts = keptCullOf(
          record,
          keptIdOf(teamId, record.id),
          names.get(record.ground_id ?? '') ?? '',
        );
        // An erasure asked for again after a failure keeps nothing twice.
        if (facts !== undefined && (await readModel.getScoped(keptScope, facts.id)) === undefined)
          kept.push(facts);
      }
      for (let start = 0; start < kept.length; start += KEPT_CULLS_PER_EVENT) {
        const culls: KeptCull[] = kept.slice(start, start + KEPT_CULLS_PER_EVENT);
        await teams.run({ type: 'KeepCulls', teamId, memberId, culls, meta: meta() });
      }
    }
  };
}
