import { Readable } from 'node:stream';
import { LarderQuery, seasonKeyOf, type LarderResponse } from '@cull-log/contracts';
import { currentSeason, larderCsvHeader, larderCsvLine, larderEntry, seasonOfKey } from '@cull-log/domain';
import type { ProjectionRoutes } from '@cull-log/projection';
import type { ExportStore } from '../store/export-store';

/** The larder book: the season's carcasses in the order they were killed, as JSON or as a CSV file. */
export const larderRoutes: ProjectionRoutes<ExportStore> = async (app, { store, now, waitForPosition }) => {
  async function larderOf(userId: string, query: unknown) {
    const { season: label, destination, after } = LarderQuery.parse(query);
    if (after !== undefined) await waitForPosition(after);
    // The user's season start decides a season's dates: 2026/27 is April to March, or August to July.
    const start = await store.seasonStart(userId);
    const chosen = label === undefined ? currentSeason(now(), start) : seasonOfKey(seasonKeyOf(label), start);
    const season = { label: chosen.label, from: chosen.from, to: chosen.to };
    const rows = await store.larder(userId, season, destination);
    return { season, start, items: rows.map((row) => larderEntry(row.id, row.fields)) };
  }

  app.get('/larder', async (request): Promise<LarderResponse> => {
    const userId = request.identity.uid;
    const { season, start, items } = await larderOf(userId, request.query);
    const [seasons, position] = await Promise.all([store.larderSeasons(userId, start), store.position()]);
    return { season, seasons, items, position };
  });

  app.get('/larder.csv', async (request, reply) => {
    const { season, items } = await larderOf(request.identity.uid, request.query);
    const lines = function* () {
      yield larderCsvHeader;
      for (const entry of items) yield larderCsvLine(entry);
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
