import { isCullStreamEvent, type StoredLogEvent } from '@cull-log/contracts';
import { monthKey } from '@cull-log/domain';
import { applyGroundOrSettingsEvent, type GroundsAndSettingsRows } from '@cull-log/projection';
import { nextRow } from './export-row';
import type { ExportRow } from './export-store';

/**
 * The rows the export projection keeps, as the event logic reads and writes them. SQLite answers each from its
 * tables inside the write transaction; MongoDB from what it loaded for the batch.
 */
export interface ExportRows extends GroundsAndSettingsRows {
  row(streamId: string): ExportRow | undefined;
  /** Writes a record's export row and its larder entry (undefined: the record is gone). */
  putRow(streamId: string, row: ExportRow | undefined): void;
  /** Moves the count of the user's carcasses killed in a month (YYYY-MM). */
  countMonth(userId: string, month: string, by: 1 | -1): void;
}

/** Applies a batch's events in order: records and their placement, grounds' names and users' season starts. */
export function applyExportEvents(rows: ExportRows, events: readonly StoredLogEvent[]): void {
  for (const event of events) {
    if (isCullStreamEvent(event)) {
      const current = rows.row(event.streamId);
      const next = nextRow(current, event);
      if (current !== undefined) rows.countMonth(current.userId, monthKey(current.fields.date), -1);
      if (next !== undefined) rows.countMonth(next.userId, monthKey(next.fields.date), 1);
      rows.putRow(event.streamId, next);
      continue;
    }
    applyGroundOrSettingsEvent(rows, event);
  }
}
