import { createHash, randomBytes } from 'node:crypto';
import type { AccountStore } from '../accounts/account-store';
import { erasureDateOf } from '../accounts/inactivity';
import type { InactivityNoticeDates, SessionStore, SessionUser, StoredSession } from './session-store';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SessionPolicy {
  /** A session unused for this long is over. */
  idleTimeoutMs: number;
  /** A session is over this long after sign-in, however busy. */
  absoluteTimeoutMs: number;
  /** Activity is written back at most this often, so reads do not each cost a write. */
  touchIntervalMs: number;
  /** A user's live sessions beyond this many are ended at sign-in, the oldest first. */
  maxSessionsPerUser: number;
}

/**
 * Stalkers go out for days with no signal and sign in on a phone, so a short idle timeout would sign them
 * out in the field where Google sign-in may be impossible: 30 days idle, re-authentication every 90 days.
 */
export const DEFAULT_SESSION_POLICY: SessionPolicy = {
  idleTimeoutMs: 30 * DAY_MS,
  absoluteTimeoutMs: 90 * DAY_MS,
  touchIntervalMs: 60 * 60 * 1000,
  // A phone, a tablet and a few computers with a browser or two each; more is more likely a stolen cookie.
  maxSessionsPerUser: 10,
};

/** Longest User-Agent kept; real ones are a few hundred characters, a longer one is not worth storing. */
const USER_AGENT_LIMIT = 512;

/**
 * How long a session read from the store answers again without a second read. Every request of a signed-in
 * user resumes its session, so this spares the store a read per request. Logging out, signing in again and
 * expiry go through this manager and take effect at once in this process; a session ended by another gateway
 * replica (shared MongoDB) may still be honoured here for up to this long, for reads only: a write reads the store.
 */
export const RECENT_SESSION_MS = 5_000;
/** Recently read sessions are forgotten all at once beyond this many, so forged cookies cannot grow memory. */
const RECENT_SESSION_LIMIT = 10_000;

export interface StartedSession {
  /** The opaque value for the cookie; only its hash is stored. */
  id: string;
  session: StoredSession;
}

/** Opens, checks and ends sessions by the policy above, over any SessionStore. */
export class SessionManager {
  /** Sessions read from the store in the last `RECENT_SESSION_MS`, by id hash, with when they were read. */
  private readonly recent = new Map<string, { session: StoredSession; readAt: number }>();

  constructor(
    private readonly store: SessionStore,
    private readonly now: () => Date,
    readonly policy: SessionPolicy = DEFAULT_SESSION_POLICY,
    /** Where each account's last use is kept: a sign-in and a session's activity are use. */
    private readonly accounts?: AccountStore,
  ) {}

  /**
   * Opens a session for the user; their oldest sessions end when this one would pass the cap. `reauthenticatedAt`
   * is when they signed in again to prove who they are, when that is what this sign-in was.
   */
  async start(
    user: SessionUser,
    userAgent?: string,
    reauthenticatedAt: Date | null = null,
  ): Promise<StartedSession> {
    const id = randomBytes(32).toString('base64url');
    const now = this.now();
    // Signing in is use: it clears a notice of erasure, which this session alone then shows.
    const before = await this.accounts?.recordUse(user.uid, now);
    const inactivityNotice: InactivityNoticeDates | null =
      before?.noticeDueAt == null
        ? null
        : { dueAt: before.noticeDueAt, eraseAt: erasureDateOf(before.lastUsedAt, before.noticeDueAt) };
    const session: StoredSession = {
      idHash: hashSessionId(id),
      user,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: this.expiryOf(now, now),
      userAgent: userAgent === undefined || userAgent === '' ? null : userAgent.slice(0, USER_AGENT_LIMIT),
      reauthenticatedAt,
      inactivityNotice,
    };
    await this.store.create(session);
    const others = (await this.listFor(user.uid)).filter(({ idHash }) => idHash !== session.idHash);
    const excess = others.length + 1 - this.policy.maxSessionsPerUser;
    if (excess > 0) {
      const oldestFirst = others.sort(
        (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.idHash.localeCompare(b.idHash),
      );
      for (const old of oldestFirst.slice(0, excess)) await this.destroy(old.idHash);
    }
    return { id, session };
  }

  /** The user's live sessions, the most recently used first. */
  async listFor(uid: string): Promise<StoredSession[]> {
    const now = this.now().getTime();
    const sessions = await this.store.listByUser(uid);
    return sessions
      .filter((session) => this.expiryOf(session.createdAt, session.lastSeenAt).getTime() > now)
      .sort(
        (a, b) =>
          b.lastSeenAt.getTime() - a.lastSeenAt.getTime() || b.createdAt.getTime() - a.createdAt.getTime(),
      );
  }

  /** Ends one of the user's sessions named by its public id; false when the user has no such session. */
  async endOfUser(uid: string, sessionId: string): Promise<boolean> {
    const session = (await this.listFor(uid)).find(({ idHash }) => publicSessionId(idHash) === sessionId);
    if (session === undefined) return false;
    await this.destroy(session.idHash);
    return true;
  }

  /** Ends every session of the user but the one kept; answers how many ended. */
  async endOthersOfUser(uid: string, keptIdHash: string): Promise<number> {
    const others = (await this.store.listByUser(uid)).filter(({ idHash }) => idHash !== keptIdHash);
    for (const other of others) await this.destroy(other.idHash);
    return others.length;
  }

  /** Ends every session of the user, this one included (their account was erased); answers how many ended. */
  async endAllOfUser(uid: string): Promise<number> {
    for (const [idHash, { session }] of this.recent) if (session.user.uid === uid) this.recent.delete(idHash);
    return this.store.destroyAllOfUser(uid);
  }

  /**
   * The live session behind a cookie value, or undefined; an expired one is destroyed on the way. `fromStore` reads
   * the store even when the session was read lately, so a session ended on another replica (an account being erased)
   * cannot write here in the seconds it would otherwise still be honoured.
   */
  async resume(id: string | undefined, { fromStore = false } = {}): Promise<StoredSession | undefined> {
    if (!id) return undefined;
    const idHash = hashSessionId(id);
    const now = this.now();
    const session = await this.find(idHash, now, fromStore);
    if (session === undefined) return undefined;
    // Checked on every request, a recently read session included, so expiry is never late.
    if (this.expiryOf(session.createdAt, session.lastSeenAt).getTime() <= now.getTime()) {
      this.recent.delete(idHash);
      await this.store.destroy(idHash);
      return undefined;
    }
    if (now.getTime() - session.lastSeenAt.getTime() >= this.policy.touchIntervalMs) {
      const expiresAt = this.expiryOf(session.createdAt, now);
      await this.store.touch(idHash, now, expiresAt);
      await this.accounts?.recordUse(session.user.uid, now);
      const touched = { ...session, lastSeenAt: now, expiresAt };
      this.remember(touched, now);
      return touched;
    }
    return session;
  }

  async end(id: string | undefined): Promise<void> {
    if (!id) return;
    await this.destroy(hashSessionId(id));
  }

  private async destroy(idHash: string): Promise<void> {
    this.recent.delete(idHash);
    await this.store.destroy(idHash);
  }

  async purgeExpired(): Promise<number> {
    return this.store.destroyExpired(this.now());
  }

  private async find(idHash: string, now: Date, fromStore: boolean): Promise<StoredSession | undefined> {
    const recent = this.recent.get(idHash);
    if (!fromStore && recent !== undefined && now.getTime() - recent.readAt < RECENT_SESSION_MS)
      return recent.session;
    this.recent.delete(idHash);
    const session = await this.store.find(idHash);
    if (session !== undefined) this.remember(session, now);
    return session;
  }

  private remember(session: StoredSession, now: Date): void {
    if (this.recent.size >= RECENT_SESSION_LIMIT) this.recent.clear();
    this.recent.set(session.idHash, { session, readAt: now.getTime() });
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

/**
 * The id a session is shown and ended by. Derived from the stored hash, so it needs no column of its own, and
 * one-way, so it cannot be turned back into the hash, let alone the cookie.
 */
export function publicSessionId(idHash: string): string {
  return createHash('sha256').update(`session:${idHash}`).digest('base64url').slice(0, 22);
}
