export {
  defineProjectionService,
  type ProjectionService,
  type ProjectionServiceConfig,
  type ProjectionServiceDefinition,
} from './projection-service';
export type {
  ProjectionApp,
  ProjectionAppDeps,
  ProjectionRoutes,
  ProjectionRoutesOptions,
} from './projection-app';
export type { ApplyOutcome, ProjectionStore } from './projection-store';
export { openSqliteProjection, type SqliteProjection } from './sqlite-projection';
export { connectMongoProjection, type MongoProjection } from './mongo-projection';
export { applyDelivery } from './apply-delivery';
export { startProjection, type ProjectionOptions } from './start-projection';
export { rebuildProjection, type RebuildResult } from './rebuild-projection';
