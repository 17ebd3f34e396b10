import type { Team } from '@cull-log/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useSession } from '../../api/useSession';
import { keepStored, readStored, userKey } from '../../lib/stored';
import { teamsQuery } from './api';

/**
 * Whose records every screen reads: the user's own diary, or one of their teams. The choice is kept on this device,
 * per signed-in user (another user of the same browser starts in their own diary), and shared by every screen through
 * one small store, so the header's switcher and the screen under it change together.
 */

const keyOf = (uid: string) => userKey('team', uid);
const listeners = new Set<() => void>();
const readChoice = (uid: string) =>
  readStored('local', keyOf(uid), (value) => (typeof value === 'string' ? value : undefined));

/** Chooses a team (by id) for this user's screens, or, with undefined, their own diary. */
export function chooseTeam(uid: string, teamId: string | undefined): void {
  keepStored('local', keyOf(uid), teamId);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab's choice moves this one's screens too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The team id this user chose on this device, if any. */
function useChosenTeamId(uid: string | undefined): string | undefined {
  return useSyncExternalStore(subscribe, () => (uid === undefined ? undefined : readChoice(uid)));
}

export interface TeamScope {
  /** The signed-in user's id, if known. */
  uid: string | undefined;
  /** The team the screens read for, or undefined for the user's own diary. */
  teamId: string | undefined;
  /** That team with the user's role in it, once the list of their teams has been read. */
  team: Team | undefined;
}

/**
 * The team the screens read for. A remembered team the user is no longer in (removed, or the team left from another
 * device) falls back to their own diary as soon as their list of teams says so; until it is read, the screens ask
 * for the team and the server answers for what the user's role allows at that moment.
 */
export function useTeamScope(): TeamScope {
  const session = useSession();
  const uid = session.status === 'signed-in' ? session.user.uid : undefined;
  const chosen = useChosenTeamId(uid);
  const teams = useQuery({ ...teamsQuery(), enabled: chosen !== undefined });
  const team = teams.data?.find((each) => each.id === chosen);
  const gone = chosen !== undefined && teams.data !== undefined && team === undefined;
  return { uid, teamId: gone ? undefined : chosen, team };
}

/**
 * Whether the user may change a record as it is shown: any of their own diary's; of a team's, only one they culled
 * themselves (the shooter alone edits a record, whoever else reads it), and none where they are the team's viewer,
 * who writes nothing there (their own diary still shows them their own).
 */
export function mayChangeRecord(
  scope: Pick<TeamScope, 'teamId' | 'uid' | 'team'>,
  record: { created_by: string; culled_by?: { uid?: string | undefined } | undefined },
): boolean {
  if (scope.teamId === undefined) return true;
  if (scope.team?.role === 'viewer') return false;
  return scope.uid !== undefined && (record.culled_by?.uid ?? record.created_by) === scope.uid;
}

/** Whether the user may record culls in this scope: a team's viewer writes nothing. */
export const mayRecord = (scope: Pick<TeamScope, 'teamId' | 'team'>): boolean =>
  scope.teamId === undefined || scope.team?.role !== 'viewer';

/** Who culled a team's record, by their name in the team; "Former member" once they have erased their account. */
export const culledByName = (culledBy: { name: string } | undefined): string =>
  culledBy?.name ?? 'Former member';
