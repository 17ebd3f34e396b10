import type Database from 'better-sqlite3';
import { teamOwnerId, type StoredLogEvent } from '@cull-log/contracts';
import { larderFields } from '@cull-log/domain';
import { sqliteGroundsAndSettings } from '@cull-log/projection';
import { applyExportEvents, type ExportRows } from '../export-read-model';
import type { CsvFields } from '../export-store';

/**
 * The export projection's change for a batch of events, on the tables as they stand inside the batch's write
 * transaction: each record's export row and larder entry, the monthly carcass counts, grounds' names, users'
 * season starts, members' links and who is in each team now.
 */
export function exportWrites(db: Database.Database): (events: readonly StoredLogEvent[]) => void {
  const exportRows = sqliteExportRows(db);
  return (events) => applyExportEvents(exportRows, events);
}

/** The export projection's rows as the event logic reads and writes them, on the tables of the file. */
export function sqliteExportRows(db: Database.Database): ExportRows {
  const selectRow = db.prepare<
    [string],
    {
      user_id: string;
      created_at: string;
      fields: string;
      ground_id: string | null;
      outing_id: string | null;
    }
  >('SELECT user_id, created_at, fields, ground_id, outing_id FROM culls WHERE stream_id = ?');
  const upsertRow = db.prepare(
    `INSERT INTO culls (stream_id, user_id, created_at, date, species, fields, ground_id, outing_id)
     VALUES (@streamId, @userId, @createdAt, @date, @species, @fields, @groundId, @outingId)
     ON CONFLICT (stream_id) DO UPDATE SET user_id = excluded.user_id, created_at = excluded.created_at,
       date = excluded.date, species = excluded.species, fields = excluded.fields, ground_id = excluded.ground_id,
       outing_id = excluded.outing_id`,
  );
  const upsertOuting = db.prepare(
    `INSERT INTO outings (stream_id, user_id, started_at) VALUES (?, ?, ?)
     ON CONFLICT (stream_id) DO UPDATE SET user_id = excluded.user_id, started_at = excluded.started_at`,
  );
  const deleteOuting = db.prepare('DELETE FROM outings WHERE stream_id = ?');
  const deleteRow = db.prepare('DELETE FROM culls WHERE stream_id = ?');
  const upsertLarder = db.prepare(
    `INSERT INTO larder (stream_id, user_id, date, time, destination, fields, ground_id)
     VALUES (@streamId, @userId, @date, @time, @destination, @fields, @groundId)
     ON CONFLICT (stream_id) DO UPDATE SET user_id = excluded.user_id, date = excluded.date,
       time = excluded.time, destination = excluded.destination, fields = excluded.fields,
       ground_id = excluded.ground_id`,
  );
  const deleteLarder = db.prepare('DELETE FROM larder WHERE stream_id = ?');
  const countMonth = db.prepare<{ userId: string; month: string; by: number }>(
    `INSERT INTO larder_months (user_id, month, carcasses) VALUES (@userId, @month, @by)
     ON CONFLICT (user_id, month) DO UPDATE SET carcasses = carcasses + excluded.carcasses`,
  );
  const dropEmptyMonth = db.prepare(
    'DELETE FROM larder_months WHERE user_id = ? AND month = ? AND carcasses <= 0',
  );
  const countGroundMonth = db.prepare<{ groundId: string; month: string; by: number }>(
    `INSERT INTO larder_ground_months (ground_id, month, carcasses) VALUES (@groundId, @month, @by)
     ON CONFLICT (ground_id, month) DO UPDATE SET carcasses = carcasses + excluded.carcasses`,
  );
  const dropEmptyGroundMonth = db.prepare(
    'DELETE FROM larder_ground_months WHERE ground_id = ? AND month = ? AND carcasses <= 0',
  );
  // A user is linked to a team once: the member id and name of the first link stand.
  const insertMemberLink = db.prepare(
    `INSERT INTO member_links (team_id, user_id, member_id, name) VALUES (?, ?, ?, ?)
     ON CONFLICT (team_id, user_id) DO NOTHING`,
  );
  const insertTeamMember = db.prepare(
    'INSERT OR IGNORE INTO team_members (user_id, team_id, member_id) VALUES (?, ?, ?)',
  );
  const deleteTeamMember = db.prepare('DELETE FROM team_members WHERE team_id = ? AND member_id = ?');

  const exportRows: ExportRows = {
    ...sqliteGroundsAndSettings(db),
    row(streamId) {
      const stored = selectRow.get(streamId);
      return (
        stored && {
          userId: stored.user_id,
          createdAt: stored.created_at,
          fields: JSON.parse(stored.fields) as CsvFields,
          groundId: stored.ground_id,
          outingId: stored.outing_id,
        }
      );
    },
    putRow(streamId, next) {
      if (next === undefined) {
        deleteRow.run(streamId);
        deleteLarder.run(streamId);
        return;
      }
      upsertRow.run({
        streamId,
        userId: next.userId,
        createdAt: next.createdAt,
        date: next.fields.date,
        species: next.fields.species,
        fields: JSON.stringify(next.fields),
        groundId: next.groundId,
        outingId: next.outingId,
      });
      const fields = larderFields(next.fields);
      upsertLarder.run({
        streamId,
        userId: next.userId,
        date: fields.date,
        time: fields.time,
        destination: fields.carcass_destination ?? null,
        fields: JSON.stringify(fields),
        groundId: next.groundId,
      });
    },
    countMonth(userId, month, by) {
      countMonth.run({ userId, month, by });
      if (by < 0) dropEmptyMonth.run(userId, month);
    },
    countGroundMonth(groundId, month, by) {
      countGroundMonth.run({ groundId, month, by });
      if (by < 0) dropEmptyGroundMonth.run(groundId, month);
    },
    putMemberLink(userId, teamId, memberId, name) {
      insertMemberLink.run(teamId, userId, memberId, name);
    },
    putTeamMember(teamId, memberId, current) {
      if (current) insertTeamMember.run(teamOwnerId(teamId), teamId, memberId);
      else deleteTeamMember.run(teamId, memberId);
    },
    putOutingStart(outingId, userId, startedAt) {
      if (startedAt === undefined) deleteOuting.run(outingId);
      else upsertOuting.run(outingId, userId, startedAt);
    },
  };

  return exportRows;
}
