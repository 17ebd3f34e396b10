import type { StoredLogEvent } from '@cull-log/contracts';
import type { Decider } from '@cull-log/domain';

/**
 * What the row (SQLite) or document (MongoDB) of every stream kept as one row holds besides the stream's own fields:
 * its owner, its version and its times, as the API names them.
 */
export interface StreamRow {
  user_id: string;
  version: number;
  created_at: string;
  updated_at: string;
}

/** The part of a live stream's state that its row holds whatever the stream: its version, owner and times. */
export function liveStateOf(row: StreamRow) {
  return {
    status: 'active' as const,
    version: row.version,
    ownerId: row.user_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Throws unless `version` follows `current`: the table and the log disagree, so the append is refused. */
export function expectNext(streamId: string, current: number, version: number): void {
  if (version !== current + 1)
    throw new Error(`Read model has ${streamId} at version ${current}, not ${version - 1}`);
}

/**
 * Whether to apply an event with this version to a row at `current`: the next version is applied, an earlier one
 * (a redelivery) passed over; a later one means the table and the log disagree, so the append is refused.
 */
export function isNext(streamId: string, current: number, version: number): boolean {
  if (version <= current) return false;
  expectNext(streamId, current, version);
  return true;
}

/**
 * The state `event` moves a stream kept as one row on to: the row read back as its decider's state (the initial
 * state when there is no row), then the event applied. Undefined when the row already holds the event's version,
 * which is passed over (see isNext).
 */
export function nextStateOf<Row extends StreamRow, State extends { version: number }, Event>(
  decider: Pick<Decider<unknown, Event, State, never>, 'evolve' | 'initialState'>,
  stateOf: (row: Row) => State,
  row: Row | null | undefined,
  event: StoredLogEvent & Event,
): State | undefined {
  if (!isNext(event.streamId, row?.version ?? 0, event.version)) return undefined;
  return decider.evolve(row === null || row === undefined ? decider.initialState : stateOf(row), event);
}
