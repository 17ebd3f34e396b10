import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import {
  isSqliteOutage,
  migrateSqlite,
  reportingOutages,
  truncateWriteAheadLog,
} from '@cull-log/storage-kit';
import { SQLITE_ACCOUNT_MIGRATIONS } from './account-schema';
import type { AccountActivity, AccountStore } from './account-store';

interface AccountRow {
  uid: string;
  last_used_at: number;
  notice_due_at: number | null;
  /** A JSON array of ids. */
  pending_record_ids: string;
}

/** Accounts' last use in the gateway's SQLite file, beside its sessions and tokens. */
export function openSqliteAccountStore({ file }: { file: string }): AccountStore {
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // A use that cleared a notice must not be lost to a crash, or the account could be erased after all.
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 2000');
  // An erased account's id is overwritten with zeros, not left in free space.
  db.pragma('secure_delete = ON');
  migrateSqlite(db, 'accounts', SQLITE_ACCOUNT_MIGRATIONS);

  const select = db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE uid = ?');
  const upsertUse = db.prepare<[string, number]>(
    `INSERT INTO accounts (uid, last_used_at, notice_due_at) VALUES (?, ?, NULL)
     ON CONFLICT (uid) DO UPDATE SET last_used_at = max(last_used_at, excluded.last_used_at), notice_due_at = NULL`,
  );
  // Read and written in one immediate transaction, so another process's use or notice cannot fall between.
  const recordUse = db.transaction((uid: string, at: number) => {
    const before = select.get(uid);
    upsertUse.run(uid, at);
    return before;
  });
  const page = db.prepare<[string, number], AccountRow>(
    'SELECT * FROM accounts WHERE uid > ? ORDER BY uid LIMIT ?',
  );
  const setNotice = db.prepare<[number, string, number]>(
    'UPDATE accounts SET notice_due_at = ? WHERE uid = ? AND last_used_at = ? AND notice_due_at IS NULL',
  );
  const setPending = db.prepare<[string, string]>('UPDATE accounts SET pending_record_ids = ? WHERE uid = ?');
  const remove = db.prepare<[string]>('DELETE FROM accounts WHERE uid = ?');
  const probe = db.prepare('SELECT 1');

  return reportingOutages<AccountStore>(
    {
      async recordUse(uid, at) {
        const before = recordUse.immediate(uid, at.getTime());
        return before === undefined ? undefined : fromRow(before);
      },
      async find(uid) {
        const row = select.get(uid);
        return row === undefined ? undefined : fromRow(row);
      },
      async list(after, limit) {
        // Every id sorts after the empty string.
        return page.all(after ?? '', limit).map(fromRow);
      },
      async setNoticeDue(uid, lastUsedAt, dueAt) {
        return setNotice.run(dueAt.getTime(), uid, lastUsedAt.getTime()).changes > 0;
      },
      async setPendingRecords(uid, recordIds) {
        setPending.run(JSON.stringify(recordIds), uid);
      },
      async destroy(uid) {
        const { changes } = remove.run(uid);
        truncateWriteAheadLog(db);
        return changes > 0;
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

function fromRow(row: AccountRow): AccountActivity {
  return {
    uid: row.uid,
    lastUsedAt: new Date(row.last_used_at),
    noticeDueAt: row.notice_due_at === null ? null : new Date(row.notice_due_at),
    pendingRecordIds: JSON.parse(row.pending_record_ids) as string[],
  };
}
