import { randomUUID } from 'node:crypto';
import { teamOwnerId, type TeamAccess, type TeamRole } from '@cull-log/contracts';
import type { createSampleEventLog } from '@cull-log/eventstore/testing';
import { IDENTITY_HEADER } from '@cull-log/service-kit';
import { signedIdentity } from '@cull-log/service-kit/testing';
import type { ExportStore } from '../store/export-store';
import { teamKeeps, type KeptSource } from './kept-culls';

/** Headers the gateway would send for a read of a team (`?team=`): the caller's place in it, signed. */
export function teamIdentityHeaders(uid: string, team: TeamAccess | undefined, url: string, now: Date) {
  return {
    [IDENTITY_HEADER]: signedIdentity(
      'exports',
      { uid, display_name: uid, email: `${uid}@example.org`, ...(team !== undefined && { team }) },
      { url, now },
    ),
  };
}

/** The team's members in the API suites: one of each role, each with the name the team knows them by. */
export const MEMBERS = {
  ann: { role: 'manager', name: 'Ann Archer' },
  bob: { role: 'stalker', name: 'Bob Bell' },
  vic: { role: 'viewer', name: 'Vic Vale' },
  gus: { role: 'guest', name: 'Gus Guest' },
} as const satisfies Record<string, { role: TeamRole; name: string }>;
export type Member = keyof typeof MEMBERS;

/** A member's place in the team, as the gateway would sign it. */
export const accessOf = (teamId: string, uid: Member): TeamAccess => ({
  team_id: teamId,
  role: MEMBERS[uid].role,
  member_id: `member-${uid}`,
});

/**
 * A team with two grounds, made by Ann, the others joined; culls of Ann, Bob and Gus on its grounds (in the 2026/27
 * season, Ann's and Bob's with notes and their exact place), Ann's on her own ground and Bob's on another team's.
 * Answers the team and the culls' ids.
 */
export async function seedTeam(store: ExportStore, log: ReturnType<typeof createSampleEventLog>) {
  const teamId = randomUUID();
  const wood = log.groundCreated(teamOwnerId(teamId), 'Team Wood');
  const moor = log.groundCreated(teamOwnerId(teamId), 'Team Moor');
  const annsOwn = log.groundCreated('ann', 'Ann’s Own');
  const otherTeams = log.groundCreated(teamOwnerId(randomUUID()), 'Elsewhere');
  // Ann made the team; the others joined with invitations in their roles.
  log.teamCreated(teamId, 'The Syndicate', 'member-ann');
  for (const [uid, { role, name }] of Object.entries(MEMBERS)) {
    log.memberLinked(uid, teamId, `member-${uid}`, name);
    if (uid !== 'ann') log.memberJoined(teamId, `member-${uid}`, role);
  }
  const onTeamGrounds = new Map<string, KeptSource[]>();
  const placed = (
    uid: string,
    groundId: string,
    fields: Parameters<ReturnType<typeof createSampleEventLog>['recorded']>[1],
  ) => {
    const recorded = log.recorded(uid, fields);
    log.placed(uid, recorded.streamId, groundId);
    const teamGround = [wood, moor].find((ground) => ground.streamId === groundId);
    if (teamGround !== undefined) {
      const source = { recorded, groundId, groundName: teamGround.data.name };
      onTeamGrounds.set(uid, [...(onTeamGrounds.get(uid) ?? []), source]);
    }
    return recorded.streamId;
  };
  const ids = {
    annsOnWood: placed('ann', wood.streamId, {
      date: '2026-06-02',
      time: '05:10',
      carcass_tag: 'A-1',
      carcass_destination: 'Game dealer',
      game_dealer: 'Vale Game',
      notes: 'Ann’s notes',
      condition_notes: 'Ann’s condition notes',
      grid_ref: 'SU 1234 5678',
      latitude: 51.25,
      longitude: -1.5,
      shooter: 'Ann Archer',
    }),
    bobsOnMoor: placed('bob', moor.streamId, {
      date: '2026-06-01',
      time: '20:00',
      carcass_tag: 'B-1',
      carcass_destination: 'Own use',
      notes: 'Bob’s notes',
      condition_notes: 'Bob’s condition notes',
      location_name: 'Bob’s bank',
      grid_ref: 'SU 2222 3333',
      latitude: 51.3,
      longitude: -1.4,
    }),
    gussOnWood: placed('gus', wood.streamId, { date: '2026-06-03', carcass_tag: 'G-1' }),
    annsOnHerOwn: placed('ann', annsOwn.streamId, { date: '2026-06-04', carcass_tag: 'A-2' }),
    bobsElsewhere: placed('bob', otherTeams.streamId, { date: '2026-06-05', carcass_tag: 'E-1' }),
  };
  await store.applyBatch(log.events.splice(0));
  /** As the records service erases a member: the team keeps the facts of their culls on its grounds, then theirs go. */
  const erase = async (uid: Member) => {
    await store.applyBatch([teamKeeps(log, teamId, `member-${uid}`, onTeamGrounds.get(uid) ?? [])]);
    log.events.splice(0);
    await store.eraseUser(uid);
  };
  return { teamId, ids, erase };
}
