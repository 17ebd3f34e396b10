import type Database from 'better-sqlite3';
import type { Db } from 'mongodb';

/** Where the relay remembers the global position of the last event the bus acknowledged. */
export interface RelayCheckpoint {
  /** 0 when nothing has been published yet. */
  load(): Promise<number>;
  save(position: number): Promise<void>;
}

const DEFAULT_NAME = 'bus';

export interface SqliteRelayCheckpointOptions {
  /** The records database (the event store's connection). */
  database: Database.Database;
  /** Which relay this is, should one log ever feed more than one bus. */
  name?: string;
}

export function openSqliteRelayCheckpoint({
  database,
  name = DEFAULT_NAME,
}: SqliteRelayCheckpointOptions): RelayCheckpoint {
  database.exec(
    'CREATE TABLE IF NOT EXISTS relay_checkpoint (name TEXT PRIMARY KEY, position INTEGER NOT NULL)',
  );
  const select = database.prepare<[string], { position: number }>(
    'SELECT position FROM relay_checkpoint WHERE name = ?',
  );
  const upsert = database.prepare<[string, number]>(
    `INSERT INTO relay_checkpoint (name, position) VALUES (?, ?)
     ON CONFLICT (name) DO UPDATE SET position = excluded.position`,
  );
  return {
    async load() {
      return select.get(name)?.position ?? 0;
    },
    async save(position) {
      upsert.run(name, position);
    },
  };
}

export interface MongoRelayCheckpointOptions {
  /** The records database (the event store's). */
  db: Db;
  name?: string;
}

export function openMongoRelayCheckpoint({
  db,
  name = DEFAULT_NAME,
}: MongoRelayCheckpointOptions): RelayCheckpoint {
  const checkpoints = db.collection<{ _id: string; position: number }>('relay_checkpoint');
  return {
    async load() {
      return (await checkpoints.findOne({ _id: name }))?.position ?? 0;
    },
    async save(position) {
      await checkpoints.updateOne({ _id: name }, { $set: { position } }, { upsert: true });
    },
  };
}
