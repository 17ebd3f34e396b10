import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

/** Where each durable consumer's acknowledged log position is kept (0 when it has none yet). */
export interface ConsumerPositions {
  get(durableName: string): Promise<number>;
  set(durableName: string, position: number): Promise<void>;
  close(): Promise<void>;
}

/** For tests: positions that live as long as the object. */
export function createMemoryConsumerPositions(): ConsumerPositions {
  const positions = new Map<string, number>();
  return {
    async get(durableName) {
      return positions.get(durableName) ?? 0;
    },
    async set(durableName, position) {
      positions.set(durableName, position);
    },
    async close() {},
  };
}

/** Positions in a SQLite file (may be the event log's own file: the table name is the bus's). */
export function createSqliteConsumerPositions({ file }: { file: string }): ConsumerPositions {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new Database(file);
  database.pragma('journal_mode = WAL');
  // A position lost to a power cut only means redelivery, which consumers already tolerate.
  database.pragma('synchronous = NORMAL');
  database.exec(
    'CREATE TABLE IF NOT EXISTS bus_consumer_positions (durable_name TEXT PRIMARY KEY, position INTEGER NOT NULL)',
  );
  const select = database.prepare<[string], { position: number }>(
    'SELECT position FROM bus_consumer_positions WHERE durable_name = ?',
  );
  const upsert = database.prepare<[string, number]>(
    `INSERT INTO bus_consumer_positions (durable_name, position) VALUES (?, ?)
     ON CONFLICT (durable_name) DO UPDATE SET position = excluded.position`,
  );
  return {
    async get(durableName) {
      return select.get(durableName)?.position ?? 0;
    },
    async set(durableName, position) {
      upsert.run(durableName, position);
    },
    async close() {
      if (database.open) database.close();
    },
  };
}
