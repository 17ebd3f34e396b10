import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { ClientSession, Db } from 'mongodb';

/**
 * How far each named reader of the event log has got: the global position of the last event it is done
 * with (published by the relay, acknowledged by a bus consumer, applied by a projection); 0 before any.
 */
export interface Checkpoints {
  load(name: string): Promise<number>;
  save(name: string, position: number): Promise<void>;
}

export interface SqliteCheckpoints extends Checkpoints {
  /** `load` inside a better-sqlite3 transaction on the same database (which cannot await). */
  loadNow(name: string): number;
  /** `save` inside a transaction on the same database, so the checkpoint commits with the caller's writes. */
  saveNow(name: string, position: number): void;
  /** Closes the connection when it was opened from a file; a database handed in stays open. */
  close(): Promise<void>;
}

/**
 * `table` holds one row per name; each owner names its own, so two never share positions by accident. The
 * rows live either on a connection the caller owns (`database`: the event store's, a projection's) or on a
 * connection of their own to `file` (or ':memory:').
 */
export type SqliteCheckpointsOptions = { table: string } & (
  { database: BetterSqlite3.Database } | { file: string }
);

export function openSqliteCheckpoints(options: SqliteCheckpointsOptions): SqliteCheckpoints {
  const { table } = options;
  const database = 'database' in options ? options.database : openOwnConnection(options.file);
  const owned = !('database' in options);
  database.exec(`CREATE TABLE IF NOT EXISTS "${table}" (name TEXT PRIMARY KEY, position INTEGER NOT NULL)`);
  const select = database.prepare<[string], { position: number }>(
    `SELECT position FROM "${table}" WHERE name = ?`,
  );
  const upsert = database.prepare<[string, number]>(
    `INSERT INTO "${table}" (name, position) VALUES (?, ?)
     ON CONFLICT (name) DO UPDATE SET position = excluded.position`,
  );
  const loadNow = (name: string) => select.get(name)?.position ?? 0;
  const saveNow = (name: string, position: number) => void upsert.run(name, position);
  return {
    loadNow,
    saveNow,
    load: async (name) => loadNow(name),
    save: async (name, position) => saveNow(name, position),
    async close() {
      if (owned && database.open) database.close();
    },
  };
}

function openOwnConnection(file: string): BetterSqlite3.Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new BetterSqlite3(file);
  database.pragma('journal_mode = WAL');
  // A position lost to a power cut only means redelivery, which every reader of the log tolerates.
  database.pragma('synchronous = NORMAL');
  return database;
}

export interface MongoCheckpoints extends Checkpoints {
  /** With `session`, the read joins the caller's transaction. */
  load(name: string, session?: ClientSession): Promise<number>;
  /** With `session`, the write commits (or aborts) with the caller's transaction. */
  save(name: string, position: number, session?: ClientSession): Promise<void>;
}

export interface MongoCheckpointsOptions {
  db: Db;
  /** The collection, one document per name. */
  collection: string;
}

export function openMongoCheckpoints({ db, collection }: MongoCheckpointsOptions): MongoCheckpoints {
  const checkpoints = db.collection<{ _id: string; position: number }>(collection);
  return {
    async load(name, session) {
      return (await checkpoints.findOne({ _id: name }, { session }))?.position ?? 0;
    },
    async save(name, position, session) {
      await checkpoints.updateOne({ _id: name }, { $set: { position } }, { upsert: true, session });
    },
  };
}
