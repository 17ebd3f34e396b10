import {
  isCullStreamEvent,
  MANAGEMENT_EVENT_TYPES,
  TEAM_EVENT_TYPES,
  type StoredLogEvent,
} from '@cull-log/contracts';
import { monthKey } from '@cull-log/domain';
import { applyGroundOrSettingsEvent, type GroundsAndSettingsRows } from '@cull-log/projection';
import { keptRow, nextRow } from './export-row';
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
  /** Moves the count of the carcasses killed on a ground in a month (YYYY-MM), which a team's seasons sum. */
  countGroundMonth(groundId: string, month: string, by: 1 | -1): void;
  /** The user is this member of this team under this name (member.linked), until they erase their account. */
  putMemberLink(userId: string, teamId: string, memberId: string, name: string): void;
  /**
   * The member is in the team now (joined, or made it), or is no longer (left, was removed): kept under the team's
   * owner id by member id alone, naming no person, so it outlives any member's erasure.
   */
  putTeamMember(teamId: string, memberId: string, current: boolean): void;
  /** When the user's outing started (ISO), which the CSV names it by; undefined: the outing was deleted. */
  putOutingStart(outingId: string, userId: string, startedAt: string | undefined): void;
}

/**
 * Applies a batch's events in order: records and their placement, the culls teams kept of erased members, grounds'
 * names, users' season starts, members' links to teams, who is in each team now and when each outing started.
 */
export function applyExportEvents(rows: ExportRows, events: readonly StoredLogEvent[]): void {
  for (const event of events) {
    if (isCullStreamEvent(event)) {
      const current = rows.row(event.streamId);
      const next = nextRow(current, event);
      if (current !== undefined) countRow(rows, current, -1);
      if (next !== undefined) countRow(rows, next, 1);
      rows.putRow(event.streamId, next);
      continue;
    }
    if (event.type === TEAM_EVENT_TYPES.cullsKept) {
      // The facts the team kept of an erased member's culls on its grounds: its own rows from now on, also when the
      // projection is rebuilt from a log that no longer holds the member's events.
      for (const kept of event.data.culls) {
        if (rows.row(kept.id) !== undefined) continue;
        const row = keptRow(kept, event.userId, event.occurredAt);
        countRow(rows, row, 1);
        rows.putRow(kept.id, row);
      }
      continue;
    }
    if (event.type === TEAM_EVENT_TYPES.keptCullsRemoved) {
      // Past retention: the team's rows, larder entries and counts of them go, as a rebuild from the log (which no
      // longer holds them) has them.
      removeRows(rows, event.userId, event.data.ids);
      continue;
    }
    if (event.type === TEAM_EVENT_TYPES.memberLinked) {
      const { team_id: teamId, member_id: memberId, name } = event.data;
      rows.putMemberLink(event.userId, teamId, memberId, name);
      continue;
    }
    if (event.type === TEAM_EVENT_TYPES.teamCreated || event.type === TEAM_EVENT_TYPES.memberJoined) {
      rows.putTeamMember(event.streamId, event.data.member_id, true);
      continue;
    }
    if (event.type === TEAM_EVENT_TYPES.memberLeft) {
      rows.putTeamMember(event.streamId, event.data.member_id, false);
      continue;
    }
    if (event.type === MANAGEMENT_EVENT_TYPES.outingStarted) {
      rows.putOutingStart(event.streamId, event.userId, event.data.started_at);
      continue;
    }
    if (event.type === MANAGEMENT_EVENT_TYPES.outingAmended) {
      const startedAt = event.data.changes.started_at;
      if (startedAt !== undefined) rows.putOutingStart(event.streamId, event.userId, startedAt);
      continue;
    }
    if (event.type === MANAGEMENT_EVENT_TYPES.outingDeleted) {
      rows.putOutingStart(event.streamId, event.userId, undefined);
      continue;
    }
    applyGroundOrSettingsEvent(rows, event);
  }
}

/**
 * Forgets these records of the user's (their export rows, larder entries and their part of the monthly carcass counts,
 * the user's and their grounds'), as if they had never been recorded: the records service removed them past retention
 * with their events, so a rebuild from the log holds the same. Another user's record, or one no longer kept, is left
 * alone. Answers the ids it forgot.
 */
export function removeRows(
  rows: Pick<ExportRows, 'row' | 'putRow' | 'countMonth' | 'countGroundMonth'>,
  userId: string,
  streamIds: readonly string[],
): string[] {
  const removed: string[] = [];
  for (const streamId of new Set(streamIds)) {
    const current = rows.row(streamId);
    if (current === undefined || current.userId !== userId) continue;
    countRow(rows, current, -1);
    rows.putRow(streamId, undefined);
    removed.push(streamId);
  }
  return removed;
}

function countRow(
  rows: Pick<ExportRows, 'countMonth' | 'countGroundMonth'>,
  row: ExportRow,
  by: 1 | -1,
): void {
  const month = monthKey(row.fields.date);
  rows.countMonth(row.userId, month, by);
  if (row.groundId !== null) rows.countGroundMonth(row.groundId, month, by);
}
