import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { EventBus } from '@cull-log/bus';
import { buildProjectionApp } from '@cull-log/projection';
import { internalAuth } from '@cull-log/service-kit';
import { EXPORTS_DURABLE_NAME } from './projection';
import { exportRoutes } from './routes/export-routes';
import type { ExportStore } from './store/export-store';

export { openSqliteExportStore } from './store/sqlite-export-store';
export { connectMongoExportStore } from './store/mongo-export-store';
export { startExportProjection, EXPORTS_DURABLE_NAME } from './projection';
export {
  applyDelivery,
  readStoredEvent,
  rebuildProjection as rebuildExportProjection,
} from '@cull-log/projection';
export type { ExportStore, ApplyOutcome, CsvFields } from './store/export-store';

export interface ExportsAppDeps {
  projectionStore: ExportStore;
  /** When given, the app consumes it (durable consumer 'exports') from ready until close. */
  bus?: EventBus;
  logger: FastifyBaseLogger;
  internalAuthSecret: string;
  now?: () => Date;
}

export function buildApp({
  projectionStore,
  bus,
  logger,
  internalAuthSecret,
  now = () => new Date(),
}: ExportsAppDeps): FastifyInstance {
  const app = buildProjectionApp({
    name: 'exports',
    logger,
    store: projectionStore,
    bus,
    durableName: EXPORTS_DURABLE_NAME,
  });

  app.register(internalAuth, { secret: internalAuthSecret, now });
  app.register(exportRoutes, { store: projectionStore });
  return app;
}
export {
  openExportStore,
  readExportsConfig,
  exportsConfigSchema,
  EXPORTS_MONGO_DB,
  EXPORTS_SQLITE_FILE,
} from './config';
export type { ExportsConfig } from './config';
