import { ExportQuery } from '@cull-log/contracts';
import { seasonOfKey } from '@cull-log/domain';
import type { ProjectionRoutes } from '@cull-log/projection';
import { csvStream } from '../csv-stream';
import type { ExportStore } from '../store/export-store';

const later = (a: string | undefined, b: string) => (a === undefined || a < b ? b : a);
const earlier = (a: string | undefined, b: string) => (a === undefined || a > b ? b : a);

export const exportRoutes: ProjectionRoutes<ExportStore> = async (app, { store }) => {
  app.get('/exports/culls.csv', async (request, reply) => {
    const { season: key, ...filter } = ExportQuery.parse(request.query);
    const userId = request.identity.uid;
    // A season is its dates by the user's start, within `from` and `to` when those are given too.
    if (key !== undefined) {
      const season = seasonOfKey(key, await store.seasonStart(userId));
      filter.from = later(filter.from, season.from);
      filter.to = earlier(filter.to, season.to);
    }
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="culls.csv"')
      .header('cache-control', 'no-store')
      .send(csvStream(store.rows(userId, filter)));
  });
};
