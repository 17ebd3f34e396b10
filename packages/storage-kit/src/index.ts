export {
  openMongoCheckpoints,
  openSqliteCheckpoints,
  type Checkpoints,
  type MongoCheckpoints,
  type MongoCheckpointsOptions,
  type SqliteCheckpoints,
  type SqliteCheckpointsOptions,
} from './checkpoint';
export { reportingOutages, StoreUnavailableError, type OutageTest } from './store-outage';
export { isSqliteOutage } from './sqlite-outage';
export { isMongoOutage } from './mongo-outage';
export { rebuildAfterErasure, truncateWriteAheadLog, type TruncateOptions } from './write-ahead-log';
export { rebuildInWorker, type RebuildInWorkerOptions } from './rebuild-in-worker';
export { startCheckpointWorker, type CheckpointWorker } from './checkpoint-worker';
export { checkpointInWorker, type CheckpointInWorker } from './checkpoint-in-worker';
export { durably } from './durably';
export { syncFolder } from './sync-folder';
export {
  fsyncOnThreadPool,
  WriteAheadLogSync,
  type SyncFile,
  type ThreadPoolSync,
} from './write-ahead-log-sync';
export { deleteSome } from './mongo-batches';
export { ERASE_BATCH_SIZE, inBatches, nextTurn } from './in-batches';
export { createWakeSignal, retryWithBackoff, type RetryOptions, type WakeSignal } from './timing';
export {
  migrateMongo,
  migrateSqlite,
  MIGRATIONS_TABLE,
  SchemaTooNewError,
  type Migration,
  type MongoMigration,
  type SqliteMigration,
} from './migrations';
export {
  openSqliteIdentityIds,
  IDENTITY_ID_SWEEP_BATCH,
  IDENTITY_ID_SWEEP_EVERY_SECONDS,
  IDENTITY_ID_SWEEP_MARGIN_SECONDS,
  IDENTITY_IDS_TABLE,
  type IdentityIds,
  type IdentityIdTake,
} from './identity-ids';
export { openMongoIdentityIds, connectMongoIdentityIds } from './mongo-identity-ids';
