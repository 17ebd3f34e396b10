import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { LarderQuery, seasonKeyOf, type LarderEntry, type LarderResponse } from '@cull-log/contracts';
import {
  CSV_BOM,
  cullWarnings,
  currentSeason,
  larderCsvHeader,
  larderCsvLine,
  larderEntry,
  seasonOfKey,
  teamLarderCsvHeader,
  teamLarderCsvLine,
} from '@cull-log/domain';
import type { ProjectionRoutes } from '@cull-log/projection';
import type { ExportStore } from '../store/export-store';
import { teamReadOf } from './team-read';

/**
 * The larder book: the season's carcasses in the order they were killed, as JSON or as a CSV file; the caller's
 * own, or with `?team=` those on the team's grounds (a guest's own among them), each with who culled it.
 */
export const larderRoutes: ProjectionRoutes<ExportStore> = async (app, { store, now, waitForPosition }) => {
  async function larderOf(request: FastifyRequest) {
    const userId = request.identity.uid;
    const { team, query } = teamReadOf(request);
    const { season: label, destination, after } = LarderQuery.parse(query);
    if (after !== undefined) await waitForPosition(after);
    // The caller's season start decides a season's dates: 2026/27 is April to March, or August to July.
    const start = await store.seasonStart(userId);
    const chosen = label === undefined ? currentSeason(now(), start) : seasonOfKey(seasonKeyOf(label), start);
    const season = { label: chosen.label, from: chosen.from, to: chosen.to };
    let entries: LarderEntry[];
    if (team === undefined) {
      const rows = await store.larder(userId, season, destination);
      entries = rows.map((row) => larderEntry(row.id, row.fields));
    } else {
      const rows = await store.teamLarder(team.scope, season, destination);
      entries = rows.map((row) => ({ ...larderEntry(row.id, row.fields), culled_by: row.culledBy }));
    }
    // Each carcass with the legal warnings its record bears, as on its card (the law's, not a tag used twice).
    const fields = await store.recordFields(entries.map((entry) => entry.id));
    const items = entries.map((entry) => {
      const record = fields.get(entry.id);
      const warnings = record === undefined ? [] : cullWarnings(record);
      return warnings.length === 0 ? entry : { ...entry, warnings };
    });
    return { team, userId, season, start, items };
  }

  app.get('/larder', async (request): Promise<LarderResponse> => {
    const { team, userId, season, start, items } = await larderOf(request);
    const [seasons, position] = await Promise.all([
      team === undefined ? store.larderSeasons(userId, start) : store.teamLarderSeasons(team.scope, start),
      store.position(),
    ]);
    return { season, seasons, items, position };
  });

  app.get('/larder.csv', async (request, reply) => {
    const { team, season, items } = await larderOf(request);
    const [header, line] =
      team === undefined ? [larderCsvHeader, larderCsvLine] : [teamLarderCsvHeader, teamLarderCsvLine];
    const lines = function* () {
      // A byte-order mark first, as in the other downloads: a spreadsheet then reads "°" and "ë" as written.
      yield CSV_BOM + header;
      for (const entry of items) yield line(entry);
    };
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="larder-book-${season.label.replace('/', '-')}.csv"`,
      )
      .header('cache-control', 'no-store')
      .send(Readable.from(lines(), { objectMode: false }));
  });
};
