import { createContext, useContext } from 'react';

/**
 * Where a record made or changed on this device stands with the server: `waiting` (queued, not yet accepted),
 * `refused` (the server said no: the reason is kept with the queued change), `conflict` (changed elsewhere first).
 * Records with no entry are as the server last sent them.
 */
export type SyncState = 'waiting' | 'refused' | 'conflict';

export const SYNC_STATE_LABELS: Record<SyncState, string> = {
  waiting: 'Waiting to sync',
  refused: 'Not saved: needs a fix',
  conflict: 'Changed elsewhere: choose a version',
};

/** Sync state by record id, provided by the outbox. */
export const SyncStatusContext = createContext<ReadonlyMap<string, SyncState>>(new Map());

export function useSyncState(recordId: string): SyncState | undefined {
  return useContext(SyncStatusContext).get(recordId);
}
