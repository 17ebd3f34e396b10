export * from './event-store';
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
