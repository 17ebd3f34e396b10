export { versionCheck, type ApplyOutcome, type ProjectionStore } from './projection-store';
export type { ProjectionLogger } from './projection-logger';
export { readStoredEvent } from './stored-event';
export { applyDelivery, DEFAULT_GAP_RETRY_DELAY_MS } from './apply-delivery';
export { startProjection, type ProjectionOptions } from './start-projection';
export { buildProjectionApp, type ProjectionAppOptions } from './projection-app';
export { rebuildProjection, type RebuildResult } from './rebuild-projection';
export { openEventLog, readRebuildConfig, runProjectionRebuild, type RebuildConfig } from './rebuild-command';
export {
  readProjectionServiceConfig,
  runProjectionService,
  type ProjectionServiceConfig,
  type ProjectionServiceOptions,
} from './projection-service';
export { projectionStoreOpener, type ProjectionStoreConfig } from './projection-store-opener';
export { openSqliteProjection, type SqliteProjection } from './sqlite-projection';
export { connectMongoProjection, type MongoProjection } from './mongo-projection';
