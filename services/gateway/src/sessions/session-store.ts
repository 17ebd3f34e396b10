import type { Me } from '@cull-log/contracts';

/** The signed-in user a session belongs to, in the shape of `GET /api/me`. */
export type SessionUser = Me;

/** A notice of erasure for want of use: when it became due, and when the account would have been erased. */
export interface InactivityNoticeDates {
  dueAt: Date;
  eraseAt: Date;
}

/**
 * One server-side session. The store only ever sees a hash of the session id, so a copy of the store
 * (a backup, a replica) cannot be turned into live cookies.
 */
export interface StoredSession {
  idHash: string;
  user: SessionUser;
  createdAt: Date;
  lastSeenAt: Date;
  /** The browser's User-Agent at sign-in (cut to a few hundred characters), to tell the user's devices apart. */
  userAgent: string | null;
  /**
   * When the user last signed in again to prove who they are before erasing their account (the provider's
   * `auth_time`, or the time of the development sign-in asked again); null when they have not in this session.
   */
  reauthenticatedAt: Date | null;
  /**
   * The notice of erasure for want of use that was in force when this session began (the account had gone unused so
   * long that it was to be erased): shown in this session until `eraseAt`. Signing in cleared it in the account, so no
   * later session has it. Null for any other session.
   */
  inactivityNotice: InactivityNoticeDates | null;
  /** The earlier of the idle and the absolute deadline; stores may purge the row after it. */
  expiresAt: Date;
}

/** Where sessions live: an embedded file for one process, MongoDB when several gateway replicas share them. */
export interface SessionStore {
  create(session: StoredSession): Promise<void>;
  find(idHash: string): Promise<StoredSession | undefined>;
  /** Every session of one user still in the store (expired ones until they are purged), in no order. */
  listByUser(uid: string): Promise<StoredSession[]>;
  /** Records activity: moves `lastSeenAt` and `expiresAt` on. Unknown ids are ignored. */
  touch(idHash: string, lastSeenAt: Date, expiresAt: Date): Promise<void>;
  destroy(idHash: string): Promise<void>;
  /** Removes every session of one user (their account was erased), leaving no copy of them; answers how many went. */
  destroyAllOfUser(uid: string): Promise<number>;
  /** Removes every session whose `expiresAt` is at or before `now`; answers how many went. */
  destroyExpired(now: Date): Promise<number>;
  /** Throws when the store cannot be reached (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
