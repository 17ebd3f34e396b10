import Database from 'better-sqlite3';
import type { StoredEvent } from '@cull-log/contracts';
import { versionCheck, type ProjectionStore } from './projection-store';

const BOOKKEEPING_SCHEMA = `
  CREATE TABLE IF NOT EXISTS stream_versions (
    stream_id TEXT PRIMARY KEY,
    version INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS checkpoint (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    position INTEGER NOT NULL
  );
`;

export interface SqliteProjection {
  /** The projection's database, for the read model's own statements. */
  readonly db: Database.Database;
  /** Global position of the newest applied event, 0 when none; usable inside the read model's transactions. */
  readPosition(): number;
  /**
   * The ProjectionStore methods. `apply` runs, in one immediate transaction, the version guard and, for the
   * next version of a stream only, `write` (the read model's change), the stream's new version and the
   * checkpoint.
   */
  projectionStore(write: (event: StoredEvent) => void): ProjectionStore;
}

/**
 * Opens (creating when needed) a projection's SQLite file: the read model's `schema`, plus the tables every
 * projection keeps beside it, `stream_versions` and the one-row `checkpoint`.
 */
export function openSqliteProjection({
  file,
  schema,
  readModelTables,
}: {
  file: string;
  schema: string;
  /** Emptied by `clear`, together with the versions and the checkpoint. */
  readModelTables: readonly string[];
}): SqliteProjection {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.exec(BOOKKEEPING_SCHEMA);
  db.exec(schema);

  const selectVersion = db.prepare<[string], { version: number }>(
    'SELECT version FROM stream_versions WHERE stream_id = ?',
  );
  const upsertVersion = db.prepare(
    `INSERT INTO stream_versions (stream_id, version) VALUES (?, ?)
     ON CONFLICT (stream_id) DO UPDATE SET version = excluded.version`,
  );
  // MAX keeps the checkpoint from moving back if streams are ever delivered out of global order.
  const advanceCheckpoint = db.prepare(
    `INSERT INTO checkpoint (id, position) VALUES (1, ?)
     ON CONFLICT (id) DO UPDATE SET position = MAX(position, excluded.position)`,
  );
  const selectPosition = db.prepare<[], { position: number }>('SELECT position FROM checkpoint WHERE id = 1');
  const readPosition = () => selectPosition.get()?.position ?? 0;

  const clearAll = db.transaction(() => {
    for (const table of [...readModelTables, 'stream_versions', 'checkpoint'])
      db.exec(`DELETE FROM ${table}`);
  });

  return {
    db,
    readPosition,
    projectionStore(write) {
      const applyInTransaction = db.transaction((event: StoredEvent) => {
        const outcome = versionCheck(selectVersion.get(event.streamId)?.version ?? 0, event.version);
        if (outcome !== 'applied') return outcome;
        write(event);
        upsertVersion.run(event.streamId, event.version);
        advanceCheckpoint.run(event.position);
        return outcome;
      });
      return {
        async apply(event) {
          return applyInTransaction.immediate(event);
        },
        async position() {
          return readPosition();
        },
        async clear() {
          clearAll.immediate();
        },
        async close() {
          db.close();
        },
      };
    },
  };
}
