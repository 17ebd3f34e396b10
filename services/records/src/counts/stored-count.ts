import type { CountItem, CountMethod, DungCount } from '@cull-log/contracts';
import type { CountState } from '@cull-log/domain';
import { liveStateOf, type StreamRow } from '../read-model/stream-state';

/**
 * A count as both read models keep it: what was recorded, with its owner. What is worked out from it (a dung count's
 * density, its deer over the ground's area) is worked out as it is read, with the ground's area as it then is.
 */
export interface StoredCount extends StreamRow {
  id: string;
  ground_id: string;
  date: string;
  method: CountMethod;
  items: CountItem[];
  notes: string | null;
  dung: DungCount | null;
}

/** The state of the count's stream that a kept count stands for. */
export function countStateOf(count: StoredCount): CountState {
  return {
    ...liveStateOf(count),
    groundId: count.ground_id,
    date: count.date,
    method: count.method,
    items: count.items,
    notes: count.notes,
    dung: count.dung,
  };
}

/** The count a live state keeps, as both read models store it. */
export function storedCountOf(state: Extract<CountState, { status: 'active' }>, id: string): StoredCount {
  return {
    id,
    user_id: state.ownerId,
    ground_id: state.groundId,
    date: state.date,
    method: state.method,
    items: state.items,
    notes: state.notes,
    dung: state.dung,
    version: state.version,
    created_at: state.createdAt,
    updated_at: state.updatedAt,
  };
}
