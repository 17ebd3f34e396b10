import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { TOKEN_LIMITS, TOKEN_MESSAGES, TOKEN_PREFIX, type CreateTokenRequest } from '@cull-log/contracts';
import { HttpError } from '@cull-log/service-kit';
import type { AccountStore } from '../accounts/account-store';
import type { SessionUser } from '../sessions/session-store';
import type { StoredToken, TokenStore } from './token-store';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface TokenPolicy {
  /** Live (neither revoked nor expired) tokens one user may hold. */
  maxTokensPerUser: number;
  /** A use is written back at most this often per token, so a busy script does not cost a write per request. */
  touchIntervalMs: number;
  /** Revoked and expired tokens stay listed (as such) this long, then the purge removes them. */
  keepEndedMs: number;
}

export const DEFAULT_TOKEN_POLICY: TokenPolicy = {
  maxTokensPerUser: TOKEN_LIMITS.perUser,
  touchIntervalMs: 60_000,
  keepEndedMs: 30 * DAY_MS,
};

export interface CreatedToken {
  /** The secret: shown to the user once, in the answer to `POST /api/tokens`, and kept nowhere. */
  secret: string;
  token: StoredToken;
}

/**
 * Makes, checks and revokes personal access tokens over any TokenStore. Nothing is remembered between requests: every
 * request with a token reads it from the store, so a revocation holds at once on every gateway replica sharing it.
 */
export class TokenManager {
  constructor(
    private readonly store: TokenStore,
    private readonly now: () => Date,
    readonly policy: TokenPolicy = DEFAULT_TOKEN_POLICY,
    /** Where each account's last use is kept: a token's use is use of its owner's account. */
    private readonly accounts?: AccountStore,
  ) {}

  /** Makes a token for the user; refused (409) when they already hold as many live tokens as they may. */
  async create(user: SessionUser, request: CreateTokenRequest): Promise<CreatedToken> {
    const now = this.now();
    const live = (await this.store.listByUser(user.uid)).filter((token) => isLive(token, now));
    if (live.length >= this.policy.maxTokensPerUser) {
      throw new HttpError(409, 'limit_reached', TOKEN_MESSAGES.tooMany);
    }
    const secret = TOKEN_PREFIX + randomBytes(32).toString('base64url');
    const token: StoredToken = {
      id: randomUUID(),
      user,
      name: request.name,
      scope: request.scope,
      team: request.team ?? null,
      secretHash: hashTokenSecret(secret),
      createdAt: now,
      expiresAt: new Date(now.getTime() + request.expires_in_days * DAY_MS),
      lastUsedAt: null,
      revokedAt: null,
    };
    await this.store.create(token);
    return { secret, token };
  }

  /** The user's tokens not revoked (expired ones included, until purged), the newest first. */
  async listFor(uid: string): Promise<StoredToken[]> {
    const tokens = await this.store.listByUser(uid);
    return tokens
      .filter(({ revokedAt }) => revokedAt === null)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.id.localeCompare(b.id));
  }

  /** Revokes one of the user's tokens; false when they have no such token not yet revoked. */
  async revoke(uid: string, id: string): Promise<boolean> {
    return this.store.revoke(uid, id, this.now());
  }

  /**
   * The live token behind a secret, or undefined when it is unknown, revoked or expired. Looked up by the hash of the
   * secret, so no comparison of secrets runs in time that depends on them.
   */
  async authenticate(secret: string): Promise<StoredToken | undefined> {
    const now = this.now();
    const token = await this.store.findByHash(hashTokenSecret(secret));
    if (token === undefined || !isLive(token, now)) return undefined;
    const lastUsed = token.lastUsedAt?.getTime();
    if (lastUsed === undefined || now.getTime() - lastUsed >= this.policy.touchIntervalMs) {
      await this.store.markUsed(token.id, now);
      await this.accounts?.recordUse(token.user.uid, now);
      return { ...token, lastUsedAt: now };
    }
    return token;
  }

  /** Removes every token of the user (their account was erased); answers how many went. */
  async eraseUser(uid: string): Promise<number> {
    return this.store.destroyAllOfUser(uid);
  }

  /** Removes tokens revoked or expired longer ago than the policy keeps them; answers how many went. */
  async purgeEnded(): Promise<number> {
    return this.store.destroyEndedBefore(new Date(this.now().getTime() - this.policy.keepEndedMs));
  }
}

function isLive(token: StoredToken, now: Date): boolean {
  return token.revokedAt === null && token.expiresAt.getTime() > now.getTime();
}

export function hashTokenSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}
