import { teamOwnerId, type Count, type Ground, type ListedCount } from '@cull-log/contracts';
import { FORMER_MEMBER } from '@cull-log/domain';
import type { ManagementReadModel } from '../read-model/management-read-model';
import { membershipOf, permittedGrounds, type Membership } from '../teams/team-scope';
import { teamNotFound } from '../teams/team-stream';
import type { StoredCount } from './stored-count';

/** What a read of a team's grounds needs of the read model. */
export type TeamGroundsReadModel = Pick<
  ManagementReadModel,
  'team' | 'memberLinkOf' | 'memberLinks' | 'listGrounds'
>;

/**
 * The team's grounds a member may read (`?team=`), read at the request: every one, a guest's only those of their
 * permits. Someone not in the team is answered 404, as for a team that does not exist.
 */
export async function teamGroundsOf(
  readModel: TeamGroundsReadModel,
  uid: string,
  teamParam: unknown,
): Promise<{ membership: Membership; grounds: Ground[] }> {
  if (typeof teamParam !== 'string') throw teamNotFound();
  const membership = await membershipOf(readModel, uid, teamParam);
  const ownerId = teamOwnerId(membership.teamId);
  const permitted = permittedGrounds({ ownerId, membership });
  const grounds = (await readModel.listGrounds(ownerId)).filter(
    (ground) => permitted === undefined || permitted.has(ground.id),
  );
  return { membership, grounds };
}

/** The counts on these grounds of a team a member reads: every member's, a guest only their own. */
export async function teamCountsOn(
  readModel: Pick<ManagementReadModel, 'listGroundCounts'>,
  membership: Membership,
  uid: string,
  groundIds: readonly string[],
): Promise<StoredCount[]> {
  const counts = await readModel.listGroundCounts(groundIds);
  return membership.role === 'guest' ? counts.filter((count) => count.user_id === uid) : counts;
}

/**
 * The counts on a team's grounds as a member reads them (see teamCountsOn), with who counted each by their name in the team, a
 * viewer without the notes.
 */
export async function teamCountsShown(
  readModel: TeamGroundsReadModel,
  membership: Membership,
  counts: readonly { stored: StoredCount; count: Count }[],
): Promise<ListedCount[]> {
  const links = await readModel.memberLinks(membership.teamId);
  const names = new Map(links.map((link) => [link.userId, link.name]));
  return counts.map(({ stored, count }) => {
    const name = names.get(stored.user_id);
    return {
      ...count,
      ...(membership.role === 'viewer' && { notes: null }),
      counted_by: name === undefined ? { name: FORMER_MEMBER } : { uid: stored.user_id, name },
    };
  });
}
