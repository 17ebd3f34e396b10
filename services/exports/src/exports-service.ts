import { defineProjectionService } from '@cull-log/projection';
import { SERVICES } from '@cull-log/service-kit';
import { exportRoutes } from './routes/export-routes';
import { connectMongoExportStore } from './store/mongo-export-store';
import { openSqliteExportStore } from './store/sqlite-export-store';

/** The caller's culls as a CSV file, streamed from a projection of the cull events. */
export const exportsService = defineProjectionService({
  name: 'exports',
  durableName: 'exports',
  ...SERVICES.exports,
  openSqlite: openSqliteExportStore,
  connectMongo: connectMongoExportStore,
  routes: exportRoutes,
});
