import type { StoredEvent } from '@cull-log/contracts';

/** What applying one event did: applied, already applied (a redelivery), or arrived before an earlier version. */
export type ApplyOutcome = 'applied' | 'duplicate' | 'gap';

/** A read model kept from the event stream, with a version per stream and one global checkpoint. */
export interface ProjectionStore {
  /** Applies one event and moves the checkpoint, in one transaction, guarded by the stream version. */
  apply(event: StoredEvent): Promise<ApplyOutcome>;
  /** Global position of the newest applied event, 0 when none. */
  position(): Promise<number>;
  /** Forgets the read model, every version and the checkpoint (the first step of a rebuild). */
  clear(): Promise<void>;
  close(): Promise<void>;
}

/** Applies an event only when it is the next version of its stream; earlier ones are redeliveries. */
export function versionCheck(storedVersion: number, eventVersion: number): ApplyOutcome {
  if (eventVersion <= storedVersion) return 'duplicate';
  if (eventVersion > storedVersion + 1) return 'gap';
  return 'applied';
}
