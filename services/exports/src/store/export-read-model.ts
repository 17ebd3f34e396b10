import {
  isCullStreamEvent,
  MANAGEMENT_EVENT_TYPES,
  type SeasonStart,
  type StoredLogEvent,
} from '@cull-log/contracts';
import { monthKey } from '@cull-log/domain';
import { nextRow } from './export-row';
import type { ExportRow } from './export-store';

/**
 * The rows the export projection keeps, as the event logic reads and writes them. SQLite answers each from its
 * tables inside the write transaction; MongoDB from what it loaded for the batch.
 */
export interface ExportRows {
  row(streamId: string): ExportRow | undefined;
  /** Writes a record's export row and its larder entry (undefined: the record is gone). */
  putRow(streamId: string, row: ExportRow | undefined): void;
  /** Moves the count of the user's carcasses killed in a month (YYYY-MM). */
  countMonth(userId: string, month: string, by: 1 | -1): void;
  putGroundName(streamId: string, userId: string, name: string): void;
  putSeasonStart(userId: string, seasonStart: SeasonStart): void;
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
    switch (event.type) {
      case MANAGEMENT_EVENT_TYPES.groundCreated:
      case MANAGEMENT_EVENT_TYPES.groundRenamed:
        rows.putGroundName(event.streamId, event.userId, event.data.name);
        break;
      case MANAGEMENT_EVENT_TYPES.settingsChanged:
        rows.putSeasonStart(event.userId, event.data.season_start);
        break;
      default:
        break;
    }
  }
}
