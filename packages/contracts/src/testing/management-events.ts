import { MANAGEMENT_EVENT_TYPES } from '../grounds';
import { EVENT_LOG_V1, type StoredEventRow } from './event-log-v1';

const T = MANAGEMENT_EVENT_TYPES;

/** Each user's ground and outing in the management events added to the v1 log, by user id. */
export interface ManagementPlacement {
  groundId: string;
  groundName: string;
  outingId: string;
  /** The record placed in that ground and outing (its last live record in the log). */
  cullId: string;
  /** The record's version once placed: one more than the log gave it. */
  version: number;
  placedAt: string;
}

/**
 * The v1 log fixture followed by events of every new family, as the records service writes them: for each user a
 * ground (created, renamed, redrawn, notes, archived, restored), an outing (started, amended, ended) and one
 * deleted, the season start, a season's plans, and one live record placed in the ground and outing (cull.placed.v1
 * as the next version of its stream). The figures and every record's fields stay as the v1 log had them.
 */
export function eventLogWithManagementEvents(): {
  rows: StoredEventRow[];
  placements: Map<string, ManagementPlacement>;
} {
  const rows: StoredEventRow[] = [...EVENT_LOG_V1.events];
  let position = rows.length;
  let clock = Date.parse('2026-06-01T06:00:00.000Z');
  const versions = new Map<string, number>();
  for (const row of rows) versions.set(row.stream_id, row.version);

  const append = (streamId: string, userId: string, type: string, data: unknown) => {
    const version = (versions.get(streamId) ?? 0) + 1;
    versions.set(streamId, version);
    position += 1;
    clock += 60_000;
    const occurredAt = new Date(clock).toISOString();
    rows.push({
      position,
      id: `00000000-0000-4000-8000-${position.toString().padStart(12, '0')}`,
      stream_id: streamId,
      version,
      type,
      user_id: userId,
      occurred_at: occurredAt,
      data: JSON.stringify(data),
      meta: JSON.stringify({ correlationId: `management-${position}` }),
    });
    return { version, occurredAt };
  };

  const placements = new Map<string, ManagementPlacement>();
  const users = [...new Set(EVENT_LOG_V1.events.map((row) => row.user_id))];
  users.forEach((userId, index) => {
    const n = index + 1;
    const groundId = `0a000000-0000-4000-8000-00000000000${n}`;
    const outingId = `0b000000-0000-4000-8000-00000000000${n}`;
    const blankOutingId = `0c000000-0000-4000-8000-00000000000${n}`;
    const boundary = {
      type: 'Polygon',
      coordinates: [
        [
          [-1.3, 51.4],
          [-1.2, 51.4],
          [-1.2, 51.5],
          [-1.3, 51.4],
        ],
      ],
    };
    append(groundId, userId, T.groundCreated, { name: `Ground ${n}`, notes: 'Keys at the farm' });
    append(groundId, userId, T.groundRenamed, { name: `Ground ${n}, renamed` });
    append(groundId, userId, T.groundRedrawn, { boundary, centre: { latitude: 51.45, longitude: -1.25 } });
    append(groundId, userId, T.groundNotesChanged, { notes: null });
    append(groundId, userId, T.groundArchived, {});
    append(groundId, userId, T.groundRestored, {});
    append(outingId, userId, T.outingStarted, {
      ground_id: groundId,
      started_at: '2026-06-01T05:00:00.000Z',
    });
    append(outingId, userId, T.outingAmended, { changes: { notes: 'Wind from the west' } });
    append(outingId, userId, T.outingEnded, { ended_at: '2026-06-01T08:30:00.000+01:00' });
    append(blankOutingId, userId, T.outingStarted, {
      ground_id: groundId,
      started_at: '2026-06-02T05:00:00.000Z',
      ended_at: '2026-06-02T07:00:00.000Z',
    });
    append(blankOutingId, userId, T.outingDeleted, {});
    append(`settings-test-${n}`, userId, T.settingsChanged, { season_start: '08-01' });
    append(`plans-test-${n}`, userId, T.plansSet, {
      season: '2026-27',
      plans: [{ ground_id: groundId, targets: [{ species: 'Roe Deer', class: 'Female', target: 4 }] }],
    });

    const cullId = Object.values(EVENT_LOG_V1.records)
      .filter((record) => record.created_by === userId)
      .map((record) => record.id)
      .at(-1);
    if (cullId === undefined) return;
    const placed = append(cullId, userId, T.cullPlaced, { ground_id: groundId, outing_id: outingId });
    placements.set(userId, {
      groundId,
      groundName: `Ground ${n}, renamed`,
      outingId,
      cullId,
      version: placed.version,
      placedAt: placed.occurredAt,
    });
  });
  return { rows, placements };
}
