import type { Team, TeamRole } from '@cull-log/contracts';
import type { TeamState } from '@cull-log/domain';

/** A team as its stream has come to it. */
export type LiveTeam = Extract<TeamState, { status: 'active' }>;

/** Who a member id is: the user it is linked to and the name the team shows. */
export interface MemberLink {
  memberId: string;
  userId: string;
  name: string;
}

/**
 * Teams and who is in them, kept in step with the log in the append's transaction like the records, so a role
 * changed or a member removed is what the very next request reads, in every process.
 */
export interface TeamsReadModel {
  /** The teams the user is a member of now, each with their role, by name. */
  teamsOf(userId: string): Promise<Team[]>;
  /** The team as its stream has it; undefined when there is none. */
  team(teamId: string): Promise<LiveTeam | undefined>;
  /** The member id the user is linked to the team by (they may have left it since); undefined if never linked. */
  memberLinkOf(userId: string, teamId: string): Promise<string | undefined>;
  /** Every team the user was ever linked to, left ones too, with the member id of each link. */
  linksOf(userId: string): Promise<{ teamId: string; memberId: string }[]>;
  /** Every member id of the team still linked to a person; an erased person's link is gone. */
  memberLinks(teamId: string): Promise<MemberLink[]>;
  /** The team an invitation was made for; undefined for an id never made. */
  teamOfInvite(inviteId: string): Promise<string | undefined>;
  /** Up to `limit` team ids after `afterId` (exclusive; null from the first), in id order: every team, a page at a time. */
  teamIds(afterId: string | null, limit: number): Promise<string[]>;
}

/** The user's role in the team now; undefined when they are not in it. */
export function roleIn(team: LiveTeam | undefined, memberId: string | undefined): TeamRole | undefined {
  return team === undefined || memberId === undefined ? undefined : team.members[memberId];
}

/** Teams of a user from their links and the teams' states, by name (then id). */
export function teamsOfLinks(linked: readonly { memberId: string; team: LiveTeam; id: string }[]): Team[] {
  return linked
    .flatMap(({ memberId, team, id }) => {
      const role = team.members[memberId];
      return role === undefined ? [] : [{ id, name: team.name, kind: team.kind, role }];
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'en-GB') || a.id.localeCompare(b.id));
}
