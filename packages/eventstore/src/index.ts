export * from './event-store';
export {
  openSqliteEventStore,
  type SqliteDatabase,
  type SqliteEventStore,
  type SqliteEventStoreOptions,
  type TruncateOptions,
  truncateWriteAheadLog,
} from './sqlite-event-store';
export {
  connectMongoEventStore,
  type MongoEventStore,
  type MongoEventStoreOptions,
  type MongoTx,
} from './mongo-event-store';
export {
  openMongoCheckpoints,
  openSqliteCheckpoints,
  type Checkpoints,
  type MongoCheckpoints,
  type MongoCheckpointsOptions,
  type SqliteCheckpoints,
  type SqliteCheckpointsOptions,
} from './checkpoint';
export { reportingOutages, type OutageTest } from './store-outage';
export { isSqliteOutage } from './sqlite-outage';
export { isMongoOutage } from './mongo-outage';
