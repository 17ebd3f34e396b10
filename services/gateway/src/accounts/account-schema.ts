import type { MongoMigration, SqliteMigration } from '@cull-log/storage-kit';

/**
 * The accounts table, step by step; a change is a new step at the end. Its first step fills it from the sessions and
 * access tokens the file already holds (they share it), so the accounts signed in before it existed are known from
 * their last activity there.
 */
export const SQLITE_ACCOUNT_MIGRATIONS: readonly SqliteMigration[] = [
  {
    version: 1,
    does: 'each account’s last use and notice of erasure, filled from the sessions and tokens already kept',
    up(db) {
      db.exec(`
        CREATE TABLE IF NOT EXISTS accounts (
          uid TEXT PRIMARY KEY,
          last_used_at INTEGER NOT NULL,
          notice_due_at INTEGER,
          pending_record_ids TEXT NOT NULL DEFAULT '[]'
        ) STRICT, WITHOUT ROWID;
      `);
      const tables = new Set(
        db
          .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
          .all()
          .map(({ name }) => name),
      );
      const seed = (select: string) =>
        db.exec(`INSERT INTO accounts (uid, last_used_at) ${select}
          ON CONFLICT (uid) DO UPDATE SET last_used_at = max(last_used_at, excluded.last_used_at)`);
      if (tables.has('sessions')) seed('SELECT uid, MAX(last_seen_at) FROM sessions WHERE true GROUP BY uid');
      if (tables.has('access_tokens'))
        seed(
          'SELECT uid, MAX(COALESCE(last_used_at, created_at)) FROM access_tokens WHERE true GROUP BY uid',
        );
    },
  },
];

/**
 * The accounts collection, step by step; each step is safe to run twice (two replicas starting at once). Its first
 * step fills it from the sessions and access tokens the database already holds.
 */
export function mongoAccountMigrations(
  collectionName: string,
  { sessions, tokens }: { sessions: string; tokens: string },
): readonly MongoMigration[] {
  const into = {
    into: collectionName,
    on: '_id',
    whenMatched: [{ $set: { last_used_at: { $max: ['$last_used_at', '$$new.last_used_at'] } } }],
    whenNotMatched: 'insert',
  };
  return [
    {
      version: 1,
      does: 'each account’s last use, filled from the sessions and tokens already kept',
      async up(db) {
        await db
          .collection(sessions)
          .aggregate([
            { $group: { _id: '$uid', last_used_at: { $max: '$last_seen_at' } } },
            { $set: { notice_due_at: null } },
            { $merge: into },
          ])
          .toArray();
        await db
          .collection(tokens)
          .aggregate([
            {
              $group: { _id: '$uid', last_used_at: { $max: { $ifNull: ['$last_used_at', '$created_at'] } } },
            },
            { $set: { notice_due_at: null } },
            { $merge: into },
          ])
          .toArray();
      },
    },
  ];
}
