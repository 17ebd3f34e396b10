import type { CulledBy } from '@cull-log/contracts';
import { FORMER_MEMBER, LEFT_WITH_FORMER_MEMBER, withoutFields } from '@cull-log/domain';

/**
 * The shooter of a cull on a team's ground as a team's read finds them: their name in the team (null when they have
 * none, as a row the team kept after its shooter's erasure), and whether the member id they have there is in the team
 * now.
 */
export interface TeamShooter {
  userId: string;
  name: string | null;
  current: boolean;
}

/**
 * Who culled a team's carcass: its shooter by their name in the team, or "Former member" and no uid for a row the
 * team kept (owned by the team's owner id) after its shooter erased their account, or a shooter the team knows no
 * name of.
 */
export function culledBy(teamOwner: string, userId: string, name: string | null): CulledBy {
  if (userId === teamOwner) return { name: FORMER_MEMBER };
  return { uid: userId, name: name ?? FORMER_MEMBER };
}

/**
 * A cull on a team's ground as the team reads it, with who culled it: whole while its shooter is in the team; once
 * they have left or been removed, still theirs by name but without what left with them. A row the team kept after its
 * shooter's erasure holds only the kept facts already.
 */
export function teamCopy<Fields extends object>(
  teamOwner: string,
  shooter: TeamShooter,
  fields: Fields,
): { fields: Fields; culledBy: CulledBy } {
  const named = culledBy(teamOwner, shooter.userId, shooter.name);
  if (shooter.userId === teamOwner || shooter.current) return { fields, culledBy: named };
  return { fields: withoutFields(fields, LEFT_WITH_FORMER_MEMBER), culledBy: named };
}
