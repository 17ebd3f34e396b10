/**
 * What the gateway keeps of an account beyond its sessions and tokens, which both end: when it was last used, so that
 * an account unused for two years can be erased as the privacy policy says, after a notice.
 */
export interface AccountActivity {
  uid: string;
  /** The last sign-in, session activity (recorded at most hourly) or access token use (at most each minute). */
  lastUsedAt: Date;
  /** When the notice of its erasure for want of use became due; null while none is. */
  noticeDueAt: Date | null;
  /**
   * Records of the account the records service removed as older than the retention, which the stats and exports
   * services have yet to be told of (one was away): told again at the next run. Usually none.
   */
  pendingRecordIds: string[];
}

/** Where accounts' last use is kept: beside the sessions, in the gateway's file or its MongoDB database. */
export interface AccountStore {
  /**
   * Records a use of the account at `at`: its last use moves on (never back) and any notice is cleared, as the use
   * keeps the account. Answers the account as it stood before, or undefined when this is its first use.
   */
  recordUse(uid: string, at: Date): Promise<AccountActivity | undefined>;
  find(uid: string): Promise<AccountActivity | undefined>;
  /** Up to `limit` accounts whose id comes after `after` (from the first when null), in order of id. */
  list(after: string | null, limit: number): Promise<AccountActivity[]>;
  /**
   * Makes the notice due at `dueAt`, if the account is still last used at `lastUsedAt` and has no notice yet (a use
   * meanwhile wins); answers whether it did.
   */
  setNoticeDue(uid: string, lastUsedAt: Date, dueAt: Date): Promise<boolean>;
  /** Replaces the records the other services have yet to be told were removed (none: they have been told). */
  setPendingRecords(uid: string, recordIds: readonly string[]): Promise<void>;
  /** Forgets the account (it was erased); answers whether there was one. */
  destroy(uid: string): Promise<boolean>;
  /** Throws when the store cannot be reached (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
