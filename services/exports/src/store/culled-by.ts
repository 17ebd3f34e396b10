import type { CulledBy } from '@cull-log/contracts';
import { FORMER_MEMBER } from './kept-facts';

/**
 * Who culled a team's carcass: its shooter by their name in the team, or "Former member" and no uid for a row the
 * team kept (owned by the team's owner id) after its shooter erased their account, or a shooter the team knows no
 * name of.
 */
export function culledBy(teamOwner: string, userId: string, name: string | null): CulledBy {
  if (userId === teamOwner) return { name: FORMER_MEMBER };
  return { uid: userId, name: name ?? FORMER_MEMBER };
}
