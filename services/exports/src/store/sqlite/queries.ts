import Database from 'better-sqlite3';
import { sqliteSeasonStart } from '@cull-log/projection';
import type { LarderFields } from '@cull-log/domain';
import type { CsvFields, ExportStore, LarderBook, LarderRow } from '../export-store';
import { seasonsOfMonths } from '../larder-seasons';

const LARDER_ORDER = 'ORDER BY date, time, stream_id';

/** What the export store reads: the larder book, the CSV rows and the user's season start. */
export type ExportQueries = LarderBook & Pick<ExportStore, 'rows' | 'seasonStart'>;

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
        const statement = reader.prepare<Record<string, string>, { fields: string; ground: string | null }>(
          `SELECT culls.fields AS fields, ground_names.name AS ground FROM culls
           LEFT JOIN ground_names ON ground_names.stream_id = culls.ground_id
             AND (ground_names.user_id = culls.user_id OR ground_names.user_id LIKE 'team-%')
           WHERE ${conditions.join(' AND ')}
           ORDER BY created_at DESC, culls.stream_id DESC`,
        );
        for (const row of statement.iterate({ userId, ...filter })) {
          yield { fields: JSON.parse(row.fields) as CsvFields, ground: row.ground };
        }
      } finally {
        reader.close();
      }
    },
  };
}
