import { EVENT_TYPES, type CullEvent, type CullFields } from '@cull-log/contracts';
import { applyChanges, CSV_COLUMNS } from '@cull-log/domain';
import type { CsvFields, ExportRow } from './export-store';

function csvFields(fields: Partial<CullFields>): CsvFields {
  const picked: Record<string, unknown> = {};
  for (const { field } of CSV_COLUMNS) if (fields[field] !== undefined) picked[field] = fields[field];
  return picked as CsvFields;
}

/** The row after an event, or undefined when the cull is gone. */
export function nextRow(current: ExportRow | undefined, event: CullEvent): ExportRow | undefined {
  switch (event.type) {
    case EVENT_TYPES.recorded:
      return { userId: event.userId, createdAt: event.occurredAt, fields: csvFields(event.data) };
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
