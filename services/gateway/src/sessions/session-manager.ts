import { createHash, randomBytes } from 'node:crypto';
import type { SessionStore, SessionUser, StoredSession } from './session-store';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SessionPolicy {
  /** A session unused for this long is over. */
  idleTimeoutMs: number;
  /** A session is over this long after sign-in, however busy. */
  absoluteTimeoutMs: number;
  /** Activity is written back at most this often, so reads do not each cost a write. */
  touchIntervalMs: number;
}

/**
 * Stalkers go out for days with no signal and sign in on a phone, so a short idle timeout would sign them
 * out in the field where Google sign-in may be impossible: 30 days idle, re-authentication every 90 days.
 */
export const DEFAULT_SESSION_POLICY: SessionPolicy = {
  idleTimeoutMs: 30 * DAY_MS,
  absoluteTimeoutMs: 90 * DAY_MS,
  touchIntervalMs: 60 * 60 * 1000,
};

export interface StartedSession {
  /** The opaque value for the cookie; only its hash is stored. */
  id: string;
  session: StoredSession;
}

/** Opens, checks and ends sessions by the policy above, over any SessionStore. */
export class SessionManager {
  constructor(
    private readonly store: SessionStore,
    private readonly now: () => Date,
    readonly policy: SessionPolicy = DEFAULT_SESSION_POLICY,
  ) {}

  async start(user: SessionUser): Promise<StartedSession> {
    const id = randomBytes(32).toString('base64url');
    const now = this.now();
    const session: StoredSession = {
      idHash: hashSessionId(id),
      user,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: this.expiryOf(now, now),
    };
    await this.store.create(session);
    return { id, session };
  }

  /** The live session behind a cookie value, or undefined; an expired one is destroyed on the way. */
  async resume(id: string | undefined): Promise<StoredSession | undefined> {
    if (!id) return undefined;
    const idHash = hashSessionId(id);
    const session = await this.store.find(idHash);
    if (session === undefined) return undefined;
    const now = this.now();
    if (this.expiryOf(session.createdAt, session.lastSeenAt).getTime() <= now.getTime()) {
      await this.store.destroy(idHash);
      return undefined;
    }
    if (now.getTime() - session.lastSeenAt.getTime() >= this.policy.touchIntervalMs) {
      const expiresAt = this.expiryOf(session.createdAt, now);
      await this.store.touch(idHash, now, expiresAt);
      return { ...session, lastSeenAt: now, expiresAt };
    }
    return session;
  }

  async end(id: string | undefined): Promise<void> {
    if (id) await this.store.destroy(hashSessionId(id));
  }

  async purgeExpired(): Promise<number> {
    return this.store.destroyExpired(this.now());
  }

  private expiryOf(createdAt: Date, lastSeenAt: Date): Date {
    return new Date(
      Math.min(
        lastSeenAt.getTime() + this.policy.idleTimeoutMs,
        createdAt.getTime() + this.policy.absoluteTimeoutMs,
      ),
    );
  }
}

export function hashSessionId(id: string): string {
  return createHash('sha256').update(id).digest('base64url');
}
