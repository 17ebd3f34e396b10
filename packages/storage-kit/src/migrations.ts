import type Database from 'better-sqlite3';
import type { Db } from 'mongodb';

/**
 * One numbered step of a store's schema. Steps are numbered 1, 2, 3… in the order they were written and are
 * never edited once released: a change to the schema is a new step at the end. Step 1 of each store is the
 * schema as it stood when numbering began, written so that it also brings any older file or database up to
 * that point (tables and indexes only when missing, columns added when absent, rows filled in).
 */
export interface Migration {
  readonly version: number;
  /** What the step does, for a reader of the list. */
  readonly does: string;
}

export interface SqliteMigration extends Migration {
  readonly up: (db: Database.Database) => void;
}

export interface MongoMigration extends Migration {
  readonly up: (db: Db) => Promise<void>;
}

/** The table, and the collection, holding each store's version: several stores may share one file. */
export const MIGRATIONS_TABLE = 'schema_migrations';

/** A file or database written by a newer build than this one: running on would misread it. */
export class SchemaTooNewError extends Error {
  constructor(store: string, found: number, known: number) {
    super(
      `The ${store} store is at schema version ${found}, newer than the ${known} this build knows: ` +
        'run a build at least as new as the one that wrote it.',
    );
    this.name = 'SchemaTooNewError';
  }
}

function checkNumbering(store: string, migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(
        `The ${store} store's migrations must be numbered 1, 2, 3… in order; found ${migration.version} at place ${index + 1}`,
      );
    }
  });
}

/**
 * Brings `store`'s part of a SQLite file up to the last of `migrations`, each step in its own IMMEDIATE
 * transaction with the version it reaches, so a crash leaves the file at a whole step and another process
 * opening the same file waits rather than running a step twice. Answers the version reached.
 */
export function migrateSqlite(
  db: Database.Database,
  store: string,
  migrations: readonly SqliteMigration[],
): number {
  checkNumbering(store, migrations);
  db.exec(
    `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (store TEXT PRIMARY KEY, version INTEGER NOT NULL) WITHOUT ROWID`,
  );
  const read = db.prepare<[string], { version: number }>(
    `SELECT version FROM ${MIGRATIONS_TABLE} WHERE store = ?`,
  );
  const write = db.prepare(
    `INSERT INTO ${MIGRATIONS_TABLE} (store, version) VALUES (?, ?)
     ON CONFLICT (store) DO UPDATE SET version = excluded.version`,
  );
  const versionNow = () => read.get(store)?.version ?? 0;
  const found = versionNow();
  if (found > migrations.length) throw new SchemaTooNewError(store, found, migrations.length);
  const step = db.transaction((migration: SqliteMigration) => {
    // Read again inside the lock: another process may have run this step while this one waited.
    if (versionNow() >= migration.version) return;
    migration.up(db);
    write.run(store, migration.version);
  });
  for (const migration of migrations.slice(found)) step.immediate(migration);
  return versionNow();
}

const DUPLICATE_KEY = 11000;

interface VersionDocument {
  _id: string;
  version: number;
}

/**
 * Brings `store`'s part of a MongoDB database up to the last of `migrations`, recording each step's version
 * after it runs. MongoDB has no lock to hold across a step's index builds, so two replicas starting together
 * may both run a step: each step must be safe to run twice (`createIndex` is; an update must match only rows
 * not yet changed). The recorded version only ever rises. Answers the version reached.
 */
export async function migrateMongo(
  db: Db,
  store: string,
  migrations: readonly MongoMigration[],
): Promise<number> {
  checkNumbering(store, migrations);
  const versions = db.collection<VersionDocument>(MIGRATIONS_TABLE);
  const versionNow = async () => (await versions.findOne({ _id: store }))?.version ?? 0;
  const found = await versionNow();
  if (found > migrations.length) throw new SchemaTooNewError(store, found, migrations.length);
  for (const migration of migrations.slice(found)) {
    await migration.up(db);
    const record = () =>
      versions.updateOne({ _id: store }, { $max: { version: migration.version } }, { upsert: true });
    // Two first upserts at once: one inserts, the other fails on the key and, run again, updates.
    await record().catch((error: unknown) => {
      if ((error as { code?: unknown }).code === DUPLICATE_KEY) return record();
      throw error;
    });
  }
  return versionNow();
}
