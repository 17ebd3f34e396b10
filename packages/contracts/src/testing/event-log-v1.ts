import log from './event-log-v1.json';

/** An event as the SQLite event store keeps it: one row, with data and meta as JSON text. */
export interface StoredEventRow {
  position: number;
  id: string;
  stream_id: string;
  version: number;
  type: string;
  user_id: string;
  occurred_at: string;
  data: string;
  meta: string;
}

/**
 * A log written by the app before the carcass fields existed (v1 events only: records, amendments that set and
 * clear fields, deletions, two users), with what that code answered for it: each live record as GET /culls/:id
 * gave it, its CSV row, and each user's dashboard figures at `statsAt`. Replaying it must give the same answers.
 */
export const EVENT_LOG_V1 = log as {
  statsAt: string;
  events: StoredEventRow[];
  records: Record<string, Record<string, unknown> & { id: string; created_by: string }>;
  csv: Record<string, string[]>;
  stats: Record<string, unknown>;
};

/** The log's rows as events with their positions, exactly as written (no upcasting). */
export function eventLogV1Events(): (Record<string, unknown> & { type: string; position: number })[] {
  return EVENT_LOG_V1.events.map((row) => ({
    id: row.id,
    type: row.type,
    streamId: row.stream_id,
    version: row.version,
    userId: row.user_id,
    occurredAt: row.occurred_at,
    data: JSON.parse(row.data) as unknown,
    meta: JSON.parse(row.meta) as unknown,
    position: row.position,
  }));
}
