import { teamOwnerId, type Cull, type CullView, type TeamRole } from '@cull-log/contracts';
import type { CullReadModel, RecordScope } from '../read-model/cull-read-model';
import { membershipOf } from './team-scope';

/** What a team's read of records needs of the read model. */
export type TeamRecordsReadModel = Pick<CullReadModel<unknown>, 'team' | 'memberLinkOf' | 'memberLinks'>;

/** A record as a team reads it: who culled it, by their name in the team. */
export type TeamRecord<R> = R & { culled_by: { uid: string; name: string } };

/**
 * The records a member may read of their team, at this request: those its current members made on its grounds (a
 * guest, only their own); and how each is shown to them. A viewer (a landowner, an agent) never sees a member's
 * notes or photos.
 */
export async function teamRecordScope(readModel: TeamRecordsReadModel, uid: string, teamParam: string) {
  const { teamId, team, role } = await membershipOf(readModel, uid, teamParam);
  const links = await readModel.memberLinks(teamId);
  const members = links.filter((link) => team.members[link.memberId] !== undefined);
  const names = new Map(members.map((link) => [link.userId, link.name]));
  const scope: RecordScope = {
    teamOwnerId: teamOwnerId(teamId),
    userIds: role === 'guest' ? [uid] : members.map((link) => link.userId),
  };
  return { scope, role, shown: <R extends Cull | CullView>(record: R) => shownTo(role, names, record) };
}

function shownTo<R extends Cull | CullView>(
  role: TeamRole,
  names: ReadonlyMap<string, string>,
  record: R,
): TeamRecord<R> {
  const { notes: _notes, condition_notes: _conditionNotes, photos: _photos, ...facts } = record;
  const shown = role === 'viewer' ? (facts as R) : record;
  return {
    ...shown,
    culled_by: { uid: record.created_by, name: names.get(record.created_by) ?? 'Former member' },
  };
}
