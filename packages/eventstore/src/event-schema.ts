import { MongoServerError, type Db } from 'mongodb';
import type { MongoMigration, SqliteMigration } from '@cull-log/storage-kit';

/** The name under which the log's schema version is kept, beside those of read models sharing its file. */
export const EVENT_STORE = 'events';

/** The log in SQLite, step by step; a change is a new step at the end. */
export const SQLITE_EVENT_MIGRATIONS: readonly SqliteMigration[] = [
  {
    version: 1,
    does: 'the events table: one row an event, unique by id and by stream and version, listed per user',
    up(db) {
      db.exec(`
        CREATE TABLE IF NOT EXISTS events (
          position INTEGER PRIMARY KEY AUTOINCREMENT,
          id TEXT NOT NULL UNIQUE,
          stream_id TEXT NOT NULL,
          version INTEGER NOT NULL CHECK (version >= 1),
          type TEXT NOT NULL,
          user_id TEXT NOT NULL,
          occurred_at TEXT NOT NULL,
          data TEXT NOT NULL CHECK (json_valid(data)),
          meta TEXT NOT NULL CHECK (json_valid(meta)),
          UNIQUE (stream_id, version)
        );
        CREATE INDEX IF NOT EXISTS events_by_user ON events (user_id, position);`);
    },
  },
];

export const EVENTS = 'events';
export const COUNTERS = 'counters';
export const POSITION_COUNTER = 'events';
/** The index whose duplicate-key error is a version conflict. */
export const STREAM_VERSION_INDEX = 'stream_version';
export const DUPLICATE_KEY = 11000;

/** The log's indexes and position counter in MongoDB, step by step; each step is safe to run twice. */
export const MONGO_EVENT_MIGRATIONS: readonly MongoMigration[] = [
  {
    version: 1,
    does: 'events unique by stream and version and by id, listed per user; the position counter',
    async up(db) {
      await db.collection(EVENTS).createIndexes([
        { key: { streamId: 1, version: 1 }, name: STREAM_VERSION_INDEX, unique: true },
        { key: { id: 1 }, name: 'event_id', unique: true },
        { key: { userId: 1, _id: 1 }, name: 'user_position' },
      ]);
      await createPositionCounter(db);
    },
  },
];

/** Created outside any transaction, so concurrent first appends never race to insert it. */
async function createPositionCounter(db: Db): Promise<void> {
  try {
    await db
      .collection<{ _id: string; position: number }>(COUNTERS)
      .updateOne({ _id: POSITION_COUNTER }, { $setOnInsert: { position: 0 } }, { upsert: true });
  } catch (error) {
    // Another process created it at the same moment: it exists, which is all we need.
    if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
  }
}
