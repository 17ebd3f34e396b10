import { teamOwnerId, type Cull, type CullView } from '@cull-log/contracts';
import { FORMER_MEMBER, HIDDEN_FROM_VIEWERS, LEFT_WITH_FORMER_MEMBER, withoutFields } from '@cull-log/domain';
import type { CullReadModel, RecordScope } from '../read-model/cull-read-model';
import { membershipOf } from './team-scope';

/** What a team's read of records needs of the read model. */
export type TeamRecordsReadModel = Pick<CullReadModel<unknown>, 'team' | 'memberLinkOf' | 'memberLinks'>;

/** A record as a team reads it: who culled it, by their name in the team (no uid once they have erased their account). */
export type TeamRecord<R> = R & { culled_by: { uid?: string; name: string } };

/**
 * The records a member may read of their team, at this request, and how each is shown to them. `scope` is every
 * cull made on its grounds by anyone who has been a member (a guest: only their own), and the culls the team kept of
 * those who have since erased their account; `mapScope` is its current members' alone, since the exact place of a
 * former member's cull left with them. `member` (a uid) narrows both to one person's.
 *
 * A current member's record is shown whole, but to a viewer without notes or photos; a former member's without notes,
 * photos, coordinates or grid reference (the ground and the place's name stay), to every role.
 */
export async function teamRecordScope(
  readModel: TeamRecordsReadModel,
  uid: string,
  teamParam: string,
  member?: string,
) {
  const { teamId, team, role } = await membershipOf(readModel, uid, teamParam);
  const links = await readModel.memberLinks(teamId);
  const names = new Map(links.map((link) => [link.userId, link.name]));
  const current = new Set(
    links.filter((link) => team.members[link.memberId] !== undefined).map((link) => link.userId),
  );
  const keptOwner = teamOwnerId(teamId);
  const narrowed = (userIds: readonly string[]) =>
    member === undefined ? userIds : userIds.filter((userId) => userId === member);
  // Everyone's on the team's grounds (only those who have been members record there), or only some people's.
  const scope: RecordScope =
    role === 'guest' || member !== undefined
      ? { teamOwnerId: keptOwner, userIds: narrowed(role === 'guest' ? [uid] : [...names.keys()]) }
      : { teamOwnerId: keptOwner };
  const mapScope: RecordScope = {
    teamOwnerId: keptOwner,
    userIds: narrowed(role === 'guest' ? [uid] : [...current]),
  };
  const shown = <R extends Cull | CullView>(record: R): TeamRecord<R> => {
    const shooter = record.created_by;
    if (shooter === keptOwner) return { ...record, culled_by: { name: FORMER_MEMBER } };
    const hidden = !current.has(shooter)
      ? LEFT_WITH_FORMER_MEMBER
      : role === 'viewer'
        ? HIDDEN_FROM_VIEWERS
        : [];
    return {
      ...withoutFields(record, hidden),
      culled_by: { uid: shooter, name: names.get(shooter) ?? FORMER_MEMBER },
    };
  };
  return { scope, mapScope, role, shown };
}
