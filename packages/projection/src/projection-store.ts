import {
  isCullEvent,
  type CullEvent,
  type LogEvent,
  type StoredEvent,
  type StoredLogEvent,
} from '@cull-log/contracts';

/**
 * The events a read model follows. The version guard and the checkpoint pass over every event of the log (a
 * record's placement moves its stream's version too); only the followed ones reach the read model's `write`.
 */
export type EventFilter<E extends LogEvent> = (
  event: StoredLogEvent,
) => event is StoredLogEvent & StoredEvent<E>;

/** The cull events: what a read model follows unless it says otherwise. */
export const followsCulls: EventFilter<CullEvent> = (event): event is StoredEvent => isCullEvent(event);

/** Every event of the log. */
export const followsEverything: EventFilter<LogEvent> = (_event): _event is StoredLogEvent => true;

/** What applying one event did: applied, already applied (a redelivery), or arrived before an earlier version. */
export type ApplyOutcome = 'applied' | 'duplicate' | 'gap';

/** A read model kept from the event stream, with a version per stream and one global checkpoint. */
export interface ProjectionStore {
  /**
   * Applies events in order, in one transaction with one move of the checkpoint, each guarded by its
   * stream's version. Answers one outcome per event up to and including the first gap: nothing after a
   * gap is applied, so the caller hands it back for redelivery with the gap.
   */
  applyBatch(events: readonly StoredLogEvent[]): Promise<ApplyOutcome[]>;
  /** `applyBatch` of one event. */
  apply(event: StoredLogEvent): Promise<ApplyOutcome>;
  /** Global position of the newest applied event, 0 when none. */
  position(): Promise<number>;
  /**
   * Calls `onMoved` whenever the checkpoint moves, whichever process moved it; answers how to stop. Only
   * stores that several replicas share have it: for the others, the process's own commits are all there is.
   */
  watchPosition?(onMoved: () => void): () => Promise<void>;
  /**
   * Deletes every read model row of one user (their account was erased) in batches of a transaction each, other work
   * going on in between; idempotent, so an erasure interrupted is finished by running it again. The versions of their
   * streams stay, owner-less, so a late redelivery of an event already applied cannot bring a row back.
   */
  eraseUser(userId: string): Promise<void>;
  /**
   * Forgets what the read model keeps of these records of the user's, which the records service has removed past
   * retention with their events (so a rebuild from the log holds nothing of them either), in one transaction; a
   * record of another user's named here is left as it is. Idempotent: answers how many of the records it still kept
   * something of. Only the read models that keep records have it (`POST /account/retention`).
   */
  removeRecords?(userId: string, recordIds: readonly string[]): Promise<number>;
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

/** The version guard run over a batch, before anything is written. */
export interface BatchCheck {
  /** One per event up to and including the first gap. */
  outcomes: ApplyOutcome[];
  /** The events to write to the read model, in order. */
  applied: StoredLogEvent[];
  /** Each written stream's new version. */
  versions: Map<string, number>;
  /** The highest position among the applied events, 0 when none. */
  position: number;
}

/**
 * Checks a batch in order, stopping at the first gap. A stream met again later in the batch is checked
 * against the version the batch has already taken it to, not the stored one.
 */
export function checkBatch(
  events: readonly StoredLogEvent[],
  storedVersion: (streamId: string) => number,
): BatchCheck {
  const check: BatchCheck = { outcomes: [], applied: [], versions: new Map(), position: 0 };
  for (const event of events) {
    const current = check.versions.get(event.streamId) ?? storedVersion(event.streamId);
    const outcome = versionCheck(current, event.version);
    check.outcomes.push(outcome);
    if (outcome === 'gap') break;
    if (outcome === 'applied') {
      check.applied.push(event);
      check.versions.set(event.streamId, event.version);
      check.position = Math.max(check.position, event.position);
    }
  }
  return check;
}

/** The single-event `apply` every store offers, from its `applyBatch`. */
export async function applyOne(
  applyBatch: ProjectionStore['applyBatch'],
  event: StoredLogEvent,
): Promise<ApplyOutcome> {
  const [outcome] = await applyBatch([event]);
  if (outcome === undefined) throw new Error('applyBatch answered no outcome for its one event');
  return outcome;
}
