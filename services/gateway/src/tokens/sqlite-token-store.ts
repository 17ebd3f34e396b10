import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import {
  isSqliteOutage,
  migrateSqlite,
  reportingOutages,
  truncateWriteAheadLog,
} from '@cull-log/storage-kit';
import { SQLITE_TOKEN_MIGRATIONS } from './token-schema';
import { scopeOf, type StoredToken, type TokenStore } from './token-store';

export interface SqliteTokenStoreOptions {
  /** Path of the database file (the gateway's, beside its sessions); its folder is created when missing. */
  file: string;
}

interface TokenRow {
  id: string;
  secret_hash: string;
  uid: string;
  display_name: string | null;
  email: string | null;
  name: string;
  scope: string;
  team: string | null;
  created_at: number;
  expires_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

/** Access tokens in an embedded SQLite file (WAL), for the standalone app and a single gateway process. */
export function openSqliteTokenStore({ file }: SqliteTokenStoreOptions): TokenStore {
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // A revocation must survive a crash just after it answered, so every commit reaches the disk.
  db.pragma('synchronous = FULL');
  // A token's user (id, name, e-mail) is overwritten with zeros when it goes, not left in free space.
  db.pragma('secure_delete = ON');
  migrateSqlite(db, 'access_tokens', SQLITE_TOKEN_MIGRATIONS);

  const insert = db.prepare<[TokenRow]>(
    `INSERT INTO access_tokens
       (id, secret_hash, uid, display_name, email, name, scope, team, created_at, expires_at, last_used_at, revoked_at)
     VALUES (@id, @secret_hash, @uid, @display_name, @email, @name, @scope, @team, @created_at, @expires_at,
       @last_used_at, @revoked_at)`,
  );
  const selectByHash = db.prepare<[string], TokenRow>('SELECT * FROM access_tokens WHERE secret_hash = ?');
  const selectByUser = db.prepare<[string], TokenRow>('SELECT * FROM access_tokens WHERE uid = ?');
  const updateUsed = db.prepare<[number, string]>('UPDATE access_tokens SET last_used_at = ? WHERE id = ?');
  const updateRevoked = db.prepare<[number, string, string]>(
    'UPDATE access_tokens SET revoked_at = ? WHERE id = ? AND uid = ? AND revoked_at IS NULL',
  );
  const removeUser = db.prepare<[string]>('DELETE FROM access_tokens WHERE uid = ?');
  const removeEnded = db.prepare<[number, number]>(
    'DELETE FROM access_tokens WHERE revoked_at <= ? OR expires_at <= ?',
  );
  const probe = db.prepare('SELECT 1');

  return reportingOutages<TokenStore>(
    {
      async create(token) {
        insert.run(toRow(token));
      },
      async findByHash(secretHash) {
        const row = selectByHash.get(secretHash);
        return row === undefined ? undefined : fromRow(row);
      },
      async listByUser(uid) {
        return selectByUser.all(uid).map(fromRow);
      },
      async markUsed(id, at) {
        updateUsed.run(at.getTime(), id);
      },
      async revoke(uid, id, at) {
        return updateRevoked.run(at.getTime(), id, uid).changes > 0;
      },
      async destroyAllOfUser(uid) {
        const { changes } = removeUser.run(uid);
        truncateWriteAheadLog(db);
        return changes;
      },
      async destroyEndedBefore(before) {
        return removeEnded.run(before.getTime(), before.getTime()).changes;
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

function toRow(token: StoredToken): TokenRow {
  return {
    id: token.id,
    secret_hash: token.secretHash,
    uid: token.user.uid,
    display_name: token.user.display_name,
    email: token.user.email,
    name: token.name,
    scope: token.scope,
    team: token.team,
    created_at: token.createdAt.getTime(),
    expires_at: token.expiresAt.getTime(),
    last_used_at: token.lastUsedAt?.getTime() ?? null,
    revoked_at: token.revokedAt?.getTime() ?? null,
  };
}

function fromRow(row: TokenRow): StoredToken {
  return {
    id: row.id,
    user: { uid: row.uid, display_name: row.display_name, email: row.email },
    name: row.name,
    scope: scopeOf(row.scope),
    team: row.team,
    secretHash: row.secret_hash,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at),
    revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
  };
}
