import { DEFAULT_HUNTERS, type Outing } from '@cull-log/contracts';
import type { OutingState } from '@cull-log/domain';
import { liveStateOf, type StreamRow } from '../read-model/stream-state';

/**
 * An outing as both read models keep it: the fields the API answers with but its number of culls, and its owner.
 * One kept before sightings may lack its people and sightings: one out, none recorded.
 */
export type StoredOuting = Omit<Outing, 'id' | 'cull_count' | 'hunters' | 'sightings'> &
  Partial<Pick<Outing, 'hunters' | 'sightings'>> &
  StreamRow;

/** The state of the outing's stream that a kept outing stands for: the inverse of toOuting. */
export function outingStateOf(outing: StoredOuting): OutingState {
  return {
    ...liveStateOf(outing),
    groundId: outing.ground_id,
    startedAt: outing.started_at,
    endedAt: outing.ended_at,
    notes: outing.notes,
    hunters: outing.hunters ?? DEFAULT_HUNTERS,
    sightings: outing.sightings ?? null,
  };
}
