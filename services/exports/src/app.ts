import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { EventBus, Subscription } from '@cull-log/bus';
import { buildServiceApp, internalAuth } from '@cull-log/service-kit';
import { startExportProjection } from './projection';
import { exportRoutes } from './routes/export-routes';
import type { ExportStore } from './store/export-store';

export { openSqliteExportStore } from './store/sqlite-export-store';
export { connectMongoExportStore } from './store/mongo-export-store';
export { startExportProjection, applyDelivery, readStoredEvent, EXPORTS_DURABLE_NAME } from './projection';
export { rebuildExportProjection } from './rebuild-projection';
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
  const app = buildServiceApp({
    name: 'exports',
    logger,
    readiness: async () => {
      await projectionStore.position();
    },
  });

  if (bus !== undefined) {
    let subscription: Subscription | undefined;
    app.addHook('onReady', async () => {
      subscription = await startExportProjection({ bus, store: projectionStore, logger: app.log });
    });
    app.addHook('onClose', async () => {
      await subscription?.stop();
    });
  }

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
