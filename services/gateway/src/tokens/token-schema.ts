import type { MongoMigration, SqliteMigration } from '@cull-log/storage-kit';

/** The access tokens table, step by step; a change is a new step at the end. */
export const SQLITE_TOKEN_MIGRATIONS: readonly SqliteMigration[] = [
  {
    version: 1,
    does: 'access tokens by id and by the hash of their secret, with indexes for a user’s list and the purge',
    up(db) {
      db.exec(`
        CREATE TABLE IF NOT EXISTS access_tokens (
          id TEXT PRIMARY KEY,
          secret_hash TEXT NOT NULL UNIQUE,
          uid TEXT NOT NULL,
          display_name TEXT,
          email TEXT,
          name TEXT NOT NULL,
          scope TEXT NOT NULL,
          team TEXT,
          created_at INTEGER NOT NULL,
          expires_at INTEGER NOT NULL,
          last_used_at INTEGER,
          revoked_at INTEGER
        ) STRICT;
        CREATE INDEX IF NOT EXISTS access_tokens_uid ON access_tokens (uid);
        CREATE INDEX IF NOT EXISTS access_tokens_expires_at ON access_tokens (expires_at);
      `);
    },
  },
];

/** The access tokens collection's indexes, step by step; each step is safe to run twice. */
export function mongoTokenMigrations(collectionName: string): readonly MongoMigration[] {
  return [
    {
      version: 1,
      does: 'a unique index on the hash of the secret, and one for a user’s list',
      async up(db) {
        const tokens = db.collection(collectionName);
        await tokens.createIndex({ secret_hash: 1 }, { unique: true, name: 'secret_hash' });
        await tokens.createIndex({ uid: 1 }, { name: 'uid' });
      },
    },
  ];
}
