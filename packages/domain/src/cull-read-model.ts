import type { Cull, CullFields, CullStreamEvent } from '@cull-log/contracts';
import { cullDecider, type CullState } from './cull-decider';

/** The record as the API reads it back, or undefined when the stream holds no live record. */
export function toCull(state: CullState, id: string): Cull | undefined {
  if (state.status !== 'active') return undefined;
  return {
    ...state.fields,
    id,
    created_by: state.ownerId,
    created_at: state.createdAt,
    updated_at: state.updatedAt,
    version: state.version,
    ...(state.photos.length > 0 && { photos: [...state.photos] }),
    ...(state.groundId !== undefined && { ground_id: state.groundId }),
    ...(state.outingId !== undefined && { outing_id: state.outingId }),
  };
}

/** The user-entered fields of a read-back record (its photos and where it belongs are not fields). */
export function fieldsOf(record: Cull): CullFields {
  const {
    id: _id,
    created_by: _by,
    created_at: _at,
    updated_at: _updated,
    version: _version,
    photos: _photos,
    ground_id: _groundId,
    ground_name: _groundName,
    outing_id: _outingId,
    ...fields
  } = record;
  return fields;
}

/** The stream state a read-model record stands for: the inverse of toCull. */
function stateOf(record: Cull | undefined): CullState {
  if (record === undefined) return cullDecider.initialState;
  return {
    status: 'active',
    version: record.version,
    ownerId: record.created_by,
    fields: fieldsOf(record),
    photos: record.photos ?? [],
    createdAt: record.created_at,
    updatedAt: record.updated_at,
    ...(record.ground_id !== undefined && { groundId: record.ground_id }),
    ...(record.outing_id !== undefined && { outingId: record.outing_id }),
  };
}

/**
 * Moves a read-model record on by one event with the decider's own `evolve`, so the amend and delete rules
 * are written once; undefined when the stream holds no live record. The caller feeds each stream's events
 * in version order (the records read models refuse anything else), so there is no redelivery to guard.
 */
export function applyEventToCull(record: Cull | undefined, event: CullStreamEvent): Cull | undefined {
  return toCull(cullDecider.evolve(stateOf(record), event), event.streamId);
}
