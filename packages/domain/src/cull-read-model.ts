import { EVENT_TYPES, type Cull, type CullEvent, type CullFields } from '@cull-log/contracts';
import { applyChanges, type CullState } from './cull-decider';

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
  };
}

/** Same as toCull, named for call sites that read "cull from state". */
export const cullFromState = toCull;

/** The user-entered fields of a read-back record. */
export function fieldsOf(record: Cull): CullFields {
  const {
    id: _id,
    created_by: _by,
    created_at: _at,
    updated_at: _updated,
    version: _version,
    ...fields
  } = record;
  return fields;
}

/**
 * Moves a read-model record on by one event, for projections that keep records rather than streams.
 * An event at or below the record's version is a redelivery and changes nothing; a deleted record leaves
 * nothing behind, so a projection that may see redeliveries after a delete keeps the version itself.
 */
export function applyEventToCull(record: Cull | undefined, event: CullEvent): Cull | undefined {
  if (record !== undefined && event.version <= record.version) return record;
  switch (event.type) {
    case EVENT_TYPES.recorded:
      return {
        ...event.data,
        id: event.streamId,
        created_by: event.userId,
        created_at: event.occurredAt,
        updated_at: event.occurredAt,
        version: event.version,
      };
    case EVENT_TYPES.amended:
      if (record === undefined) return undefined;
      return {
        ...applyChanges(fieldsOf(record), event.data.changes),
        id: record.id,
        created_by: record.created_by,
        created_at: record.created_at,
        updated_at: event.occurredAt,
        version: event.version,
      };
    case EVENT_TYPES.deleted:
      return undefined;
  }
}
