import type { Ground } from '@cull-log/contracts';
import type { GroundState } from '@cull-log/domain';
import { liveStateOf, type StreamRow } from '../read-model/stream-state';

/** A ground as both read models keep it, once read back: the fields the API answers with, and its owner. */
export type StoredGround = Omit<Ground, 'id'> & StreamRow;

/** The state of the ground's stream that a kept ground stands for: the inverse of toGround. */
export function groundStateOf(ground: StoredGround): GroundState {
  const { name, notes, boundary, centre, archived } = ground;
  return { ...liveStateOf(ground), name, notes, boundary, centre, archived };
}
