import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { describeSessionStoreContract } from './session-store.contract';
import { openSqliteSessionStore } from './sqlite-session-store';

describeSessionStoreContract('SQLite (embedded file)', async () => {
  const directory = mkdtempSync(join(tmpdir(), 'gateway-sessions-'));
  const file = join(directory, 'nested', 'sessions.sqlite');
  return {
    open: async () => openSqliteSessionStore({ file }),
    dispose: async () => rmSync(directory, { recursive: true, force: true }),
  };
});

describe('SQLite session store opening a file from before sessions were listed', () => {
  it('adds the user agent and re-authentication columns and keeps the sessions it had, as unknown devices', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'gateway-sessions-old-'));
    const file = join(directory, 'sessions.sqlite');
    try {
      const old = new Database(file);
      old.exec(`
        CREATE TABLE sessions (
          id_hash TEXT PRIMARY KEY, uid TEXT NOT NULL, display_name TEXT, email TEXT,
          created_at INTEGER NOT NULL, last_seen_at INTEGER NOT NULL, expires_at INTEGER NOT NULL
        ) STRICT;
        INSERT INTO sessions VALUES ('old-hash', 'ann', 'Ann', 'ann@example.org', 1000, 2000, 3000);
      `);
      old.close();
      const store = openSqliteSessionStore({ file });
      expect(await store.find('old-hash')).toEqual({
        idHash: 'old-hash',
        user: { uid: 'ann', display_name: 'Ann', email: 'ann@example.org' },
        createdAt: new Date(1000),
        lastSeenAt: new Date(2000),
        expiresAt: new Date(3000),
        userAgent: null,
        reauthenticatedAt: null,
        inactivityNotice: null,
      });
      expect((await store.listByUser('ann')).map(({ idHash }) => idHash)).toEqual(['old-hash']);
      await store.close();
      // Opening it again finds the column already there.
      const reopened = openSqliteSessionStore({ file });
      expect((await reopened.find('old-hash'))?.userAgent).toBeNull();
      await reopened.close();
      // The repair is step 1 of the sessions' schema, step 2 the time of signing in again and step 3 the notice.
      const upgraded = new Database(file, { readonly: true });
      expect(
        upgraded.prepare("SELECT version FROM schema_migrations WHERE store = 'sessions'").get(),
      ).toEqual({
        version: 3,
      });
      upgraded.close();
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
