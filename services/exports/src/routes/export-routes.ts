import { ExportQuery } from '@cull-log/contracts';
import type { ProjectionRoutes } from '@cull-log/projection';
import { csvStream } from '../csv-stream';
import type { ExportStore } from '../store/export-store';

export const exportRoutes: ProjectionRoutes<ExportStore> = async (app, { store }) => {
  app.get('/exports/culls.csv', async (request, reply) => {
    const filter = ExportQuery.parse(request.query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="culls.csv"')
      .header('cache-control', 'no-store')
      .send(csvStream(store.rows(request.identity.uid, filter)));
  });
};
