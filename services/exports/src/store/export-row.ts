import {
  EVENT_TYPES,
  MANAGEMENT_EVENT_TYPES,
  type CullFields,
  type CullStreamEvent,
  type KeptCull,
} from '@cull-log/contracts';
import { applyChanges, CSV_COLUMNS, keptRecordOf } from '@cull-log/domain';
import type { CsvFields, ExportRow } from './export-store';

function csvFields(fields: Partial<CullFields>): CsvFields {
  const picked: Record<string, unknown> = {};
  for (const { field } of CSV_COLUMNS) if (fields[field] !== undefined) picked[field] = fields[field];
  return picked as CsvFields;
}

/** The row after an event of the record's stream, or undefined when the cull is gone. */
export function nextRow(current: ExportRow | undefined, event: CullStreamEvent): ExportRow | undefined {
  switch (event.type) {
    case EVENT_TYPES.recorded:
      return {
        userId: event.userId,
        createdAt: event.occurredAt,
        fields: csvFields(event.data),
        groundId: current?.groundId ?? null,
        outingId: current?.outingId ?? null,
      };
    case MANAGEMENT_EVENT_TYPES.cullPlaced:
      return current && { ...current, groundId: event.data.ground_id, outingId: event.data.outing_id };
    case EVENT_TYPES.amended:
      if (current === undefined) return undefined;
      // The row holds only the CSV fields, which is all applyChanges needs to keep antler details consistent.
      return {
        ...current,
        fields: csvFields(applyChanges(current.fields as CullFields, event.data.changes)),
      };
    case EVENT_TYPES.deleted:
      return undefined;
    // The CSV has no photo columns; the event only moves the record's version on.
    case EVENT_TYPES.photoAdded:
    case EVENT_TYPES.photoRemoved:
      return current;
  }
}

/**
 * A cull a team kept of a member who erased their account (team.culls_kept.v1), as the team's own row: the facts it
 * kept, placed on its ground, its shooter the team (its owner id), named "Former member" by the team's reads.
 */
export function keptRow(kept: KeptCull, ownerId: string, keptAt: string): ExportRow {
  return {
    userId: ownerId,
    createdAt: kept.recorded_at,
    fields: csvFields(keptRecordOf(kept, ownerId, keptAt)),
    groundId: kept.ground_id,
    // The outing went with its stalker's account.
    outingId: null,
  };
}
