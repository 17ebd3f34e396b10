export { defineProjectionService } from './projection-service';
export type { ProjectionRoutes } from './projection-app';
export { followsCulls, followsEverything } from './projection-store';
export type { ApplyOutcome, EventFilter, ProjectionStore } from './projection-store';
export { openSqliteProjection } from './sqlite-projection';
export { connectMongoProjection, type MongoProjection, type MongoTarget } from './mongo-projection';
// The steps of a read model's schema, as `openSqliteProjection` and `connectMongoProjection` take them.
export type { MongoMigration, SqliteMigration } from '@cull-log/storage-kit';
export { applyGroundOrSettingsEvent, type GroundsAndSettingsRows } from './grounds-and-settings';
export {
  GROUND_NAMES_TABLE,
  sqliteGroundsAndSettings,
  sqliteSeasonStart,
  USER_SETTINGS_TABLE,
} from './sqlite-grounds-and-settings';
export {
  groundsAndSettingsCollections,
  mongoGroundsAndSettings,
  mongoSeasonStart,
} from './mongo-grounds-and-settings';
export { replaceOrDelete } from './mongo-bulk';
export { applyDelivery } from './apply-delivery';
export { startProjection } from './start-projection';
export { rebuildProjection } from './rebuild-projection';
