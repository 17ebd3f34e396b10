import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { EventBus } from '@cull-log/bus';
import { buildProjectionApp } from '@cull-log/projection';
import { internalAuth } from '@cull-log/service-kit';
import { createPositionWatch } from './position-watch';
import { STATS_DURABLE_NAME } from './projection';
import { statsRoutes } from './routes/stats-routes';
import type { StatsStore } from './store/stats-store';

export { openSqliteStatsStore } from './store/sqlite-stats-store';
export { connectMongoStatsStore } from './store/mongo-stats-store';
export { startStatsProjection, STATS_DURABLE_NAME } from './projection';
export {
  applyDelivery,
  readStoredEvent,
  rebuildProjection as rebuildStatsProjection,
} from '@cull-log/projection';
export type { StatsStore } from './store/stats-store';

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
  const watch = createPositionWatch(() => projectionStore.position());
  const app = buildProjectionApp({
    name: 'stats',
    logger,
    store: projectionStore,
    bus,
    durableName: STATS_DURABLE_NAME,
    onApplied: () => watch.notify(),
  });

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
