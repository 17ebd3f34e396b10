import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { isSqliteOutage } from './sqlite-outage';
import { reportingOutages } from './store-outage';

/** What taking a header id answered: first use, a replay, or (a bounded memory only) no room left to remember it. */
export type IdentityIdTake = 'taken' | 'replayed' | 'full';

/**
 * The ids of the identity headers a service has taken, each until its header expires, so a header is taken once. A
 * shared adapter (SQLite file, MongoDB database) is one memory for every replica of the service that opens it.
 */
export interface IdentityIds {
  /** Takes `id`, whose header expires at `expiresAt` (seconds): `taken` the first time, `replayed` after. */
  take(id: string, expiresAt: number, nowSeconds: number): Promise<IdentityIdTake>;
  /**
   * Forgets every id whose header expired over IDENTITY_ID_SWEEP_MARGIN_SECONDS before `nowSeconds`; answers how many.
   * (A shared adapter also forgets them unasked: SQLite a batch at a take each second, MongoDB by its TTL index.)
   */
  sweep(nowSeconds: number): Promise<number>;
  close(): Promise<void>;
}

/**
 * How long an id is kept past its header's expiry: replicas' clocks differ by a few seconds, and one running behind
 * still takes a header another has already seen expire.
 */
export const IDENTITY_ID_SWEEP_MARGIN_SECONDS = 60;

/** How often (in the caller's seconds) a take also forgets some expired ids: often, so each sweep is small. */
export const IDENTITY_ID_SWEEP_EVERY_SECONDS = 1;

/** The most expired ids one take forgets: more than a second's requests, so the sweeps keep up, and never a long one. */
export const IDENTITY_ID_SWEEP_BATCH = 5_000;

/** The table (SQLite) or collection (MongoDB) each service keeps its taken ids in. */
export const IDENTITY_IDS_TABLE = 'identity_ids';

/**
 * The ids in a table of a SQLite file (one of the service's own, apart from its database, whose rebuild after an
 * erasure would hold every take meanwhile), on a connection of its own: every process that opens the file shares them. A commit is not forced to the disk: a power cut forgets at most the last moment's ids, each good
 * for seconds at most.
 */
export function openSqliteIdentityIds({ file }: { file: string }): IdentityIds {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new BetterSqlite3(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  // The service's own writes (and another process's) share the file: a take waits its turn rather than fails.
  database.pragma('busy_timeout = 5000');
  database.exec(`CREATE TABLE IF NOT EXISTS ${IDENTITY_IDS_TABLE} (
    id TEXT PRIMARY KEY,
    expires_at INTEGER NOT NULL
  ) WITHOUT ROWID`);
  database.exec(
    `CREATE INDEX IF NOT EXISTS ${IDENTITY_IDS_TABLE}_by_expiry ON ${IDENTITY_IDS_TABLE} (expires_at)`,
  );
  // One indexed insert per request: an id already there is a replay.
  const insert = database.prepare<[string, number]>(
    `INSERT INTO ${IDENTITY_IDS_TABLE} (id, expires_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING`,
  );
  const forgetExpired = database.prepare<[number]>(`DELETE FROM ${IDENTITY_IDS_TABLE} WHERE expires_at <= ?`);
  const forgetSomeExpired = database.prepare<[number, number]>(
    `DELETE FROM ${IDENTITY_IDS_TABLE} WHERE id IN
       (SELECT id FROM ${IDENTITY_IDS_TABLE} WHERE expires_at <= ? ORDER BY expires_at LIMIT ?)`,
  );
  let sweptAt = Number.NEGATIVE_INFINITY;
  const sweep = (nowSeconds: number) =>
    forgetExpired.run(nowSeconds - IDENTITY_ID_SWEEP_MARGIN_SECONDS).changes;
  return reportingOutages<IdentityIds>(
    {
      async take(id, expiresAt, nowSeconds) {
        if (nowSeconds - sweptAt >= IDENTITY_ID_SWEEP_EVERY_SECONDS) {
          sweptAt = nowSeconds;
          forgetSomeExpired.run(nowSeconds - IDENTITY_ID_SWEEP_MARGIN_SECONDS, IDENTITY_ID_SWEEP_BATCH);
        }
        return insert.run(id, expiresAt).changes === 1 ? 'taken' : 'replayed';
      },
      sweep: async (nowSeconds) => sweep(nowSeconds),
      async close() {
        if (database.open) database.close();
      },
    },
    isSqliteOutage,
  );
}
