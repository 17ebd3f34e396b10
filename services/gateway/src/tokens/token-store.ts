import { TOKEN_SCOPES, type TokenScope } from '@cull-log/contracts';
import type { SessionUser } from '../sessions/session-store';

/**
 * One personal access token. The store keeps only a hash of its secret, so a copy of the store (a backup, a replica)
 * cannot be turned into a working token; the secret is shown to the user once, when the token is made.
 */
export interface StoredToken {
  /** Names the token in the list and in `DELETE /api/tokens/:id`; a UUID, unrelated to the secret. */
  id: string;
  /** Whose token it is, as a request with it is identified. */
  user: SessionUser;
  name: string;
  scope: TokenScope;
  /** The team the token is held to, or null. */
  team: string | null;
  /** sha256 of the secret (base64url): what a request's token is looked up by. */
  secretHash: string;
  createdAt: Date;
  expiresAt: Date;
  /** Written at most once a minute, so a busy script does not cost a write per request. */
  lastUsedAt: Date | null;
  /** When the user revoked it; a revoked token answers 401 from that moment on. */
  revokedAt: Date | null;
}

/** Where tokens live: the gateway's embedded file for one process, MongoDB when several gateway replicas share them. */
export interface TokenStore {
  /** Throws when a token with the same id or secret hash is already kept. */
  create(token: StoredToken): Promise<void>;
  findByHash(secretHash: string): Promise<StoredToken | undefined>;
  /** Every token of one user still in the store (revoked and expired ones until they are purged), in no order. */
  listByUser(uid: string): Promise<StoredToken[]>;
  /** Records a use; an unknown id is ignored. */
  markUsed(id: string, at: Date): Promise<void>;
  /** Revokes the user's token `id` if it is theirs and not yet revoked; answers whether it did. */
  revoke(uid: string, id: string, at: Date): Promise<boolean>;
  /** Removes every token of one user (their account was erased), leaving no copy of them; answers how many went. */
  destroyAllOfUser(uid: string): Promise<number>;
  /** Removes every token revoked, or expired, at or before `before`; answers how many went. */
  destroyEndedBefore(before: Date): Promise<number>;
  /** Throws when the store cannot be reached (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** A scope read back from a store; anything else (a hand-edited row) gets the lesser one, never more. */
export function scopeOf(stored: string): TokenScope {
  return (TOKEN_SCOPES as readonly string[]).includes(stored) ? (stored as TokenScope) : 'read';
}
