import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { EventBus, Subscription } from '@cull-log/bus';
import { buildServiceApp, internalAuth } from '@cull-log/service-kit';
import { createPositionWatch } from './position-watch';
import { startStatsProjection } from './projection';
import { statsRoutes } from './routes/stats-routes';
import type { StatsStore } from './store/stats-store';

export { openSqliteStatsStore } from './store/sqlite-stats-store';
export { connectMongoStatsStore } from './store/mongo-stats-store';
export { startStatsProjection, applyDelivery, readStoredEvent, STATS_DURABLE_NAME } from './projection';
export { rebuildStatsProjection } from './rebuild-projection';
export type { StatsStore, ApplyOutcome } from './store/stats-store';

export interface StatsAppDeps {
  projectionStore: StatsStore;
  /** When given, the app consumes it (durable consumer 'stats') from ready until close. */
  bus?: EventBus;
  logger: FastifyBaseLogger;
  internalAuthSecret: string;
  now?: () => Date;
  /** Longest wait of `GET /stats?after=` for the projection to catch up. */
  afterWaitMs?: number;
}

export const DEFAULT_AFTER_WAIT_MS = 2000;

export function buildApp({
  projectionStore,
  bus,
  logger,
  internalAuthSecret,
  now = () => new Date(),
  afterWaitMs = DEFAULT_AFTER_WAIT_MS,
}: StatsAppDeps): FastifyInstance {
  const app = buildServiceApp({
    name: 'stats',
    logger,
    readiness: async () => {
      await projectionStore.position();
    },
  });
  const watch = createPositionWatch(() => projectionStore.position());

  if (bus !== undefined) {
    let subscription: Subscription | undefined;
    app.addHook('onReady', async () => {
      subscription = await startStatsProjection({
        bus,
        store: projectionStore,
        logger: app.log,
        onApplied: () => watch.notify(),
      });
    });
    app.addHook('onClose', async () => {
      await subscription?.stop();
    });
  }

  app.register(internalAuth, { secret: internalAuthSecret, now });
  app.register(statsRoutes, { store: projectionStore, watch, now, afterWaitMs });
  return app;
}
export {
  openStatsStore,
  readStatsConfig,
  statsConfigSchema,
  STATS_MONGO_DB,
  STATS_SQLITE_FILE,
} from './config';
export type { StatsConfig } from './config';
