import { teamOfOwner, type Ground } from '@cull-log/contracts';
import type { ManagementReadModel } from '../read-model/management-read-model';
import { mayRecordOn } from './team-scope';

/**
 * The ground the user may record on at `date` (YYYY-MM-DD): their own, or a team's on which they may record a cull
 * that day (a manager's or a stalker's, a guest's while a permit for it runs); undefined for any other.
 */
export async function recordingGround(
  readModel: Pick<ManagementReadModel, 'groundOwner' | 'getGround' | 'team' | 'memberLinkOf'>,
  userId: string,
  groundId: string,
  date: string,
): Promise<Ground | undefined> {
  const owner = await readModel.groundOwner(groundId);
  if (owner === undefined) return undefined;
  const teamId = teamOfOwner(owner);
  const mayRecord =
    owner === userId ||
    (teamId !== undefined && (await mayRecordOn(readModel, userId, teamId, groundId, date)));
  return mayRecord ? readModel.getGround(owner, groundId) : undefined;
}
