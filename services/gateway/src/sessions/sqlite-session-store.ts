import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { SessionStore, StoredSession } from './session-store';
import {
  isSqliteOutage,
  migrateSqlite,
  reportingOutages,
  truncateWriteAheadLog,
} from '@cull-log/storage-kit';
import { SQLITE_SESSION_MIGRATIONS } from './session-schema';

export interface SqliteSessionStoreOptions {
  /** Path of the database file; its folder is created when missing. */
  file: string;
}

interface SessionRow {
  id_hash: string;
  uid: string;
  display_name: string | null;
  email: string | null;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  user_agent: string | null;
  reauthenticated_at: number | null;
  notice_due_at: number | null;
  notice_erase_at: number | null;
}

/** Sessions in an embedded SQLite file (WAL), for the standalone app and a single gateway process. */
export function openSqliteSessionStore({ file }: SqliteSessionStoreOptions): SessionStore {
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // A logout must survive a crash just after it answered, so every commit reaches the disk.
  db.pragma('synchronous = FULL');
  // A session's user (id, name, e-mail) is overwritten with zeros when it goes, not left in free space.
  db.pragma('secure_delete = ON');
  migrateSqlite(db, 'sessions', SQLITE_SESSION_MIGRATIONS);

  const insert = db.prepare<[SessionRow]>(
    `INSERT INTO sessions (id_hash, uid, display_name, email, created_at, last_seen_at, expires_at, user_agent,
       reauthenticated_at, notice_due_at, notice_erase_at)
     VALUES (@id_hash, @uid, @display_name, @email, @created_at, @last_seen_at, @expires_at, @user_agent,
       @reauthenticated_at, @notice_due_at, @notice_erase_at)`,
  );
  const select = db.prepare<[string], SessionRow>('SELECT * FROM sessions WHERE id_hash = ?');
  const selectByUser = db.prepare<[string], SessionRow>('SELECT * FROM sessions WHERE uid = ?');
  const update = db.prepare<[number, number, string]>(
    'UPDATE sessions SET last_seen_at = ?, expires_at = ? WHERE id_hash = ?',
  );
  const remove = db.prepare<[string]>('DELETE FROM sessions WHERE id_hash = ?');
  const removeUser = db.prepare<[string]>('DELETE FROM sessions WHERE uid = ?');
  const removeExpired = db.prepare<[number]>('DELETE FROM sessions WHERE expires_at <= ?');
  const probe = db.prepare('SELECT 1');

  return reportingOutages<SessionStore>(
    {
      async create(session) {
        insert.run({
          id_hash: session.idHash,
          uid: session.user.uid,
          display_name: session.user.display_name,
          email: session.user.email,
          created_at: session.createdAt.getTime(),
          last_seen_at: session.lastSeenAt.getTime(),
          expires_at: session.expiresAt.getTime(),
          user_agent: session.userAgent,
          reauthenticated_at: session.reauthenticatedAt?.getTime() ?? null,
          notice_due_at: session.inactivityNotice?.dueAt.getTime() ?? null,
          notice_erase_at: session.inactivityNotice?.eraseAt.getTime() ?? null,
        });
      },
      async find(idHash) {
        const row = select.get(idHash);
        return row === undefined ? undefined : fromRow(row);
      },
      async listByUser(uid) {
        return selectByUser.all(uid).map(fromRow);
      },
      async touch(idHash, lastSeenAt, expiresAt) {
        update.run(lastSeenAt.getTime(), expiresAt.getTime(), idHash);
      },
      async destroy(idHash) {
        remove.run(idHash);
      },
      async destroyAllOfUser(uid) {
        const { changes } = removeUser.run(uid);
        truncateWriteAheadLog(db);
        return changes;
      },
      async destroyExpired(now) {
        return removeExpired.run(now.getTime()).changes;
      },
      async ping() {
        probe.get();
      },
      async close() {
        if (db.open) db.close();
      },
    },
    isSqliteOutage,
  );
}

function fromRow(row: SessionRow): StoredSession {
  return {
    idHash: row.id_hash,
    user: { uid: row.uid, display_name: row.display_name, email: row.email },
    createdAt: new Date(row.created_at),
    lastSeenAt: new Date(row.last_seen_at),
    expiresAt: new Date(row.expires_at),
    userAgent: row.user_agent,
    reauthenticatedAt: row.reauthenticated_at === null ? null : new Date(row.reauthenticated_at),
    inactivityNotice:
      row.notice_due_at === null || row.notice_erase_at === null
        ? null
        : { dueAt: new Date(row.notice_due_at), eraseAt: new Date(row.notice_erase_at) },
  };
}
