import {
  MANAGEMENT_EVENT_TYPES,
  type Ground,
  type GroundEvent,
  type StoredLogEvent,
} from '@cull-log/contracts';
import { groundDecider, type GroundState } from '@cull-log/domain';
import { liveStateOf, nextStateOf, type StreamRow } from '../read-model/stream-state';

/** A ground as both read models keep it, once read back: the fields the API answers with, and its owner. */
export type StoredGround = Omit<Ground, 'id'> & StreamRow;

/** The state of the ground's stream that a kept ground stands for: the inverse of toGround. */
export function groundStateOf(ground: StoredGround): GroundState {
  const { name, notes, boundary, centre, archived } = ground;
  return { ...liveStateOf(ground), name, notes, boundary, centre, archived };
}

/**
 * The state a ground's event moves its kept row on to (see nextStateOf). A move into a team carries the whole ground,
 * so with no row kept (a read model rebuilt after the maker's erasure took the ground's first events) it starts one.
 */
export function nextGroundState<Row extends StreamRow>(
  stateOf: (row: Row) => GroundState,
  row: Row | null | undefined,
  event: StoredLogEvent & GroundEvent,
): GroundState | undefined {
  if (event.type === MANAGEMENT_EVENT_TYPES.groundMoved && (row === null || row === undefined))
    return groundDecider.evolve(groundDecider.initialState, event);
  return nextStateOf(groundDecider, stateOf, row, event);
}
