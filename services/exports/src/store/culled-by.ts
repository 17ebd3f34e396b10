import type { CulledBy } from '@cull-log/contracts';
import { FORMER_MEMBER } from '@cull-log/domain';

/**
 * What a team's read leaves out of a cull by someone no longer in the team (left, or removed), as the records
 * service's team read does: their notes and their exact place went with them. The ground and the place's name stay.
 * (Photos are in no export.)
 */
const LEFT_WITH_THEM = ['notes', 'condition_notes', 'grid_ref', 'latitude', 'longitude'] as const;

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
  const kept = Object.fromEntries(
    Object.entries(fields).filter(([field]) => !(LEFT_WITH_THEM as readonly string[]).includes(field)),
  );
  return { fields: kept as Fields, culledBy: named };
}
