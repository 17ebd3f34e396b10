import { defineProjectionService } from '@cull-log/projection';
import { SERVICES } from '@cull-log/service-kit';
import type { ProjectionRoutes } from '@cull-log/projection';
import { declarationRoutes } from './routes/declaration-routes';
import { exportRoutes } from './routes/export-routes';
import { larderRoutes } from './routes/larder-routes';
import { connectMongoExportStore } from './store/mongo';
import { openSqliteExportStore } from './store/sqlite';
import type { ExportStore } from './store/export-store';

const routes: ProjectionRoutes<ExportStore> = async (app, options) => {
  await exportRoutes(app, options);
  await larderRoutes(app, options);
  await declarationRoutes(app, options);
};

/**
 * The caller's culls as a CSV file, the larder book and the trained-hunter declarations, from one projection of the
 * cull events.
 */
export const exportsService = defineProjectionService({
  name: 'exports',
  durableName: 'exports',
  ...SERVICES.exports,
  openSqlite: openSqliteExportStore,
  connectMongo: connectMongoExportStore,
  routes,
});
