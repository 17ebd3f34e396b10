import type { MongoMigration, SqliteMigration } from '@cull-log/storage-kit';

/** The sessions table, step by step; a change is a new step at the end. */
export const SQLITE_SESSION_MIGRATIONS: readonly SqliteMigration[] = [
  {
    version: 1,
    does: 'sessions by hashed id, with indexes for the sweep and for a user’s list',
    up(db) {
      db.exec(`
        CREATE TABLE IF NOT EXISTS sessions (
          id_hash TEXT PRIMARY KEY,
          uid TEXT NOT NULL,
          display_name TEXT,
          email TEXT,
          created_at INTEGER NOT NULL,
          last_seen_at INTEGER NOT NULL,
          expires_at INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX IF NOT EXISTS sessions_expires_at ON sessions (expires_at);
        CREATE INDEX IF NOT EXISTS sessions_uid ON sessions (uid);
      `);
      // Files written before sessions were listed have no user agent; their sessions show as an unknown device.
      const columns = db
        .prepare<[], { name: string }>("SELECT name FROM pragma_table_info('sessions')")
        .all();
      if (!columns.some(({ name }) => name === 'user_agent'))
        db.exec('ALTER TABLE sessions ADD COLUMN user_agent TEXT');
    },
  },
  {
    version: 2,
    does: 'when the user last signed in again to prove who they are (before erasing their account)',
    up(db) {
      db.exec('ALTER TABLE sessions ADD COLUMN reauthenticated_at INTEGER');
    },
  },
  {
    version: 3,
    does: 'the notice of erasure for want of use in force when the session began',
    up(db) {
      db.exec(`
        ALTER TABLE sessions ADD COLUMN notice_due_at INTEGER;
        ALTER TABLE sessions ADD COLUMN notice_erase_at INTEGER;
      `);
    },
  },
];

/** The sessions collection's indexes, step by step; each step is safe to run twice. */
export function mongoSessionMigrations(collectionName: string): readonly MongoMigration[] {
  return [
    {
      version: 1,
      does: 'a TTL index that purges expired sessions, and one for a user’s list',
      async up(db) {
        const sessions = db.collection(collectionName);
        await sessions.createIndex({ expires_at: 1 }, { expireAfterSeconds: 0, name: 'expires_at_ttl' });
        await sessions.createIndex({ uid: 1 }, { name: 'uid' });
      },
    },
  ];
}
