import Database from 'better-sqlite3';
import { teamOwnerId } from '@cull-log/contracts';
import { sqliteSeasonStart } from '@cull-log/projection';
import type { LarderFields } from '@cull-log/domain';
import type { CsvFields, ExportStore, LarderBook, LarderRow, TeamLarderBook } from '../export-store';
import { teamCopy, type TeamShooter } from '../culled-by';
import { seasonsOfMonths } from '../larder-seasons';

const LARDER_ORDER = 'ORDER BY date, time, stream_id';

/** What the export store reads: the larder book, the CSV rows and the user's season start. */
export type ExportQueries = LarderBook & TeamLarderBook & Pick<ExportStore, 'rows' | 'seasonStart'>;

/**
 * A team's culls: those on the grounds its owner id owns, each with its shooter's name in the team (null when they
 * have none, as a row the team kept after its shooter's erasure) and whether their member id is in the team now.
 */
const TEAM_CULLS = `ground_names AS team_ground
  JOIN culls ON culls.ground_id = team_ground.stream_id
  LEFT JOIN outings ON outings.stream_id = culls.outing_id
  LEFT JOIN member_links ON member_links.team_id = @teamId AND member_links.user_id = culls.user_id
  LEFT JOIN team_members ON team_members.team_id = @teamId AND team_members.member_id = member_links.member_id`;
const TEAM_LARDER = `ground_names AS team_ground
  JOIN larder ON larder.ground_id = team_ground.stream_id
  LEFT JOIN member_links ON member_links.team_id = @teamId AND member_links.user_id = larder.user_id
  LEFT JOIN team_members ON team_members.team_id = @teamId AND team_members.member_id = member_links.member_id`;
/** The columns naming a team cull's shooter: their name in the team and whether they are in it now (1 or 0). */
const SHOOTER = 'member_links.name AS member, team_members.member_id IS NOT NULL AS current';

/** A line of the CSV as read: the record's id and fields, its ground's name and its outing's start. */
interface CsvRow {
  id: string;
  fields: string;
  ground: string | null;
  outing_started_at: string | null;
}

/** A line of a team's CSV as read: its shooter too (see SHOOTER). */
interface TeamCsvRow extends CsvRow {
  ground: string;
  user_id: string;
  member: string | null;
  current: number;
}

/** A team cull's shooter from the columns of SHOOTER. */
const shooterOf = (row: { user_id: string; member: string | null; current: number }): TeamShooter => ({
  userId: row.user_id,
  name: row.member,
  current: row.current === 1,
});

/**
 * The export store's reads from the projection's connection, except the CSV rows: those stream from a connection of
 * their own on `file`.
 */
export function exportQueries(db: Database.Database, file: string): ExportQueries {
  const selectLarder = db.prepare<
    { userId: string; from: string; to: string },
    { stream_id: string; fields: string }
  >(
    `SELECT stream_id, fields FROM larder WHERE user_id = @userId AND date BETWEEN @from AND @to ${LARDER_ORDER}`,
  );
  const selectLarderOf = db.prepare<
    { userId: string; from: string; to: string; destination: string },
    { stream_id: string; fields: string }
  >(
    `SELECT stream_id, fields FROM larder WHERE user_id = @userId AND destination = @destination
     AND date BETWEEN @from AND @to ${LARDER_ORDER}`,
  );
  const selectMonths = db.prepare<[string], { month: string; carcasses: number }>(
    'SELECT month, carcasses FROM larder_months WHERE user_id = ? AND carcasses > 0',
  );
  const selectTeamLarder = db.prepare<
    {
      teamId: string;
      owner: string;
      from: string;
      to: string;
      destination: string | null;
      only: string | null;
    },
    { stream_id: string; fields: string; user_id: string; member: string | null; current: number }
  >(
    `SELECT larder.stream_id, larder.fields, larder.user_id, ${SHOOTER} FROM ${TEAM_LARDER}
     WHERE team_ground.user_id = @owner AND larder.date BETWEEN @from AND @to
       AND (@destination IS NULL OR larder.destination = @destination)
       AND (@only IS NULL OR larder.user_id = @only)
     ORDER BY larder.date, larder.time, larder.stream_id`,
  );
  const selectTeamMonths = db.prepare<[string], { month: string; carcasses: number }>(
    `SELECT month, SUM(carcasses) AS carcasses FROM ground_names
     JOIN larder_ground_months ON larder_ground_months.ground_id = ground_names.stream_id
     WHERE ground_names.user_id = ? GROUP BY month`,
  );
  // A guest's own carcasses on the team's grounds are few: counted from their larder rows.
  const selectGuestMonths = db.prepare<[string, string], { month: string; carcasses: number }>(
    `SELECT substr(larder.date, 1, 7) AS month, COUNT(*) AS carcasses FROM ground_names
     JOIN larder ON larder.ground_id = ground_names.stream_id
     WHERE ground_names.user_id = ? AND larder.user_id = ? GROUP BY month`,
  );
  const readSeasonStart = sqliteSeasonStart(db);
  const larderRow = (row: { stream_id: string; fields: string }): LarderRow => ({
    id: row.stream_id,
    fields: JSON.parse(row.fields) as LarderFields,
  });

  return {
    async larder(userId, { from, to }, destination) {
      const rows =
        destination === undefined
          ? selectLarder.all({ userId, from, to })
          : selectLarderOf.all({ userId, from, to, destination });
      return rows.map(larderRow);
    },
    async teamLarder({ teamId, onlyUserId }, { from, to }, destination) {
      const owner = teamOwnerId(teamId);
      const rows = selectTeamLarder.all({
        teamId,
        owner,
        from,
        to,
        destination: destination ?? null,
        only: onlyUserId ?? null,
      });
      return rows.map((row) => {
        const { id, fields } = larderRow(row);
        return { id, ...teamCopy(owner, shooterOf(row), fields) };
      });
    },
    async teamLarderSeasons({ teamId, onlyUserId }, start) {
      const owner = teamOwnerId(teamId);
      const months =
        onlyUserId === undefined ? selectTeamMonths.all(owner) : selectGuestMonths.all(owner, onlyUserId);
      return seasonsOfMonths(months, start);
    },
    async *teamRows({ teamId, onlyUserId }, filter) {
      const owner = teamOwnerId(teamId);
      const reader = new Database(file, { readonly: true, fileMustExist: true });
      try {
        const conditions = ['team_ground.user_id = @owner'];
        if (onlyUserId !== undefined) conditions.push('culls.user_id = @only');
        if (filter.from !== undefined) conditions.push('culls.date >= @from');
        if (filter.to !== undefined) conditions.push('culls.date <= @to');
        if (filter.species !== undefined) conditions.push('culls.species = @species');
        const statement = reader.prepare<Record<string, string>, TeamCsvRow>(
          `SELECT culls.stream_id AS id, culls.fields AS fields, team_ground.name AS ground,
             outings.started_at AS outing_started_at, culls.user_id AS user_id, ${SHOOTER}
           FROM ${TEAM_CULLS}
           WHERE ${conditions.join(' AND ')}
           ORDER BY culls.created_at DESC, culls.stream_id DESC`,
        );
        const parameters = {
          teamId,
          owner,
          ...(onlyUserId !== undefined && { only: onlyUserId }),
          ...filter,
        };
        for (const row of statement.iterate(parameters)) {
          const fields = JSON.parse(row.fields) as CsvFields;
          yield {
            id: row.id,
            ground: row.ground,
            outingStartedAt: row.outing_started_at,
            ...teamCopy(owner, shooterOf(row), fields),
          };
        }
      } finally {
        reader.close();
      }
    },
    async larderSeasons(userId, start) {
      return seasonsOfMonths(selectMonths.all(userId), start);
    },
    async seasonStart(userId) {
      return readSeasonStart(userId);
    },
    async larderRows(userId, ids) {
      if (ids.length === 0) return [];
      const rows = db
        .prepare<unknown[], { stream_id: string; fields: string }>(
          `SELECT stream_id, fields FROM larder WHERE user_id = ? AND stream_id IN (${ids.map(() => '?').join(', ')})
           ${LARDER_ORDER}`,
        )
        .all(userId, ...ids);
      return rows.map(larderRow);
    },
    async recordFields(ids) {
      const found = new Map<string, CsvFields>();
      // In slices, as SQLite takes a bounded number of parameters.
      for (let start = 0; start < ids.length; start += 500) {
        const slice = ids.slice(start, start + 500);
        const rows = db
          .prepare<unknown[], { stream_id: string; fields: string }>(
            `SELECT stream_id, fields FROM culls WHERE stream_id IN (${slice.map(() => '?').join(', ')})`,
          )
          .all(...slice);
        for (const row of rows) found.set(row.stream_id, JSON.parse(row.fields) as CsvFields);
      }
      return found;
    },
    async *rows(userId, filter) {
      // A connection of its own: a better-sqlite3 connection is busy while an iterator is open, and the
      // projection must keep writing during a long download. WAL gives this reader a stable snapshot.
      const reader = new Database(file, { readonly: true, fileMustExist: true });
      try {
        const conditions = ['culls.user_id = @userId'];
        if (filter.from !== undefined) conditions.push('date >= @from');
        if (filter.to !== undefined) conditions.push('date <= @to');
        if (filter.species !== undefined) conditions.push('species = @species');
        // The ground's name as it is now: a renamed ground is named anew in every later export.
        const statement = reader.prepare<Record<string, string>, CsvRow>(
          `SELECT culls.stream_id AS id, culls.fields AS fields, ground_names.name AS ground,
             outings.started_at AS outing_started_at FROM culls
           LEFT JOIN ground_names ON ground_names.stream_id = culls.ground_id
             AND (ground_names.user_id = culls.user_id OR ground_names.user_id LIKE 'team-%')
           LEFT JOIN outings ON outings.stream_id = culls.outing_id AND outings.user_id = culls.user_id
           WHERE ${conditions.join(' AND ')}
           ORDER BY created_at DESC, culls.stream_id DESC`,
        );
        for (const row of statement.iterate({ userId, ...filter })) {
          yield {
            id: row.id,
            fields: JSON.parse(row.fields) as CsvFields,
            ground: row.ground,
            outingStartedAt: row.outing_started_at,
          };
        }
      } finally {
        reader.close();
      }
    },
  };
}
