export * from './event-store';
export { ErasuresInProgress } from './erasures-in-progress';
export {
  openSqliteEventStore,
  type SqliteDatabase,
  type SqliteEventStore,
  type SqliteEventStoreOptions,
} from './sqlite-event-store';
export {
  connectMongoEventStore,
  type MongoEventStore,
  type MongoEventStoreOptions,
  type MongoTx,
} from './mongo-event-store';
