import { SYNC_STATE_LABELS, useSyncState } from '../../api/outbox/sync-status';

/** Where a record changed on this device stands with the server; nothing once the server has it. */
export function SyncBadge({ recordId }: { recordId: string }) {
  const state = useSyncState(recordId);
  if (state === undefined) return null;
  return <span className={`sync-badge sync-badge--${state}`}>{SYNC_STATE_LABELS[state]}</span>;
}
