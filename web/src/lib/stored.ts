/**
 * Values this app keeps in the browser's storage as JSON, read back the one way: what is missing, unreadable, blocked
 * (private modes, strict settings: even naming the storage may throw) or not of the shape `check` accepts reads as
 * undefined, and the app carries on without it. A check throws or answers undefined for a value it does not accept.
 */
type Kind = 'local' | 'session';

const storageOf = (kind: Kind): Storage => (kind === 'local' ? localStorage : sessionStorage);

export function readStored<T>(
  kind: Kind,
  key: string,
  check: (value: unknown) => T | undefined,
): T | undefined {
  try {
    const text = storageOf(kind).getItem(key);
    return text === null ? undefined : check(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/** Keeps `value` under `key`, or removes it for undefined; storage that refuses (full, blocked) is no error. */
export function keepStored(kind: Kind, key: string, value: unknown): void {
  try {
    if (value === undefined) storageOf(kind).removeItem(key);
    else storageOf(kind).setItem(key, JSON.stringify(value));
  } catch {
    // The app works without it: what it would have remembered lasts for this page's life only.
  }
}

/**
 * The key of what this app keeps for one user on this device (`cull-log:<what>:<uid>`): everything kept for a user is
 * under such a key, so that it can be forgotten by user.
 */
export const userKey = (what: string, uid: string) => `cull-log:${what}:${uid}`;

const USER_KEY = /^cull-log:[a-z-]+:([^:]+)$/;

/**
 * Forgets what this device keeps in its storage for every user but `keep` (for everyone when it is undefined): their
 * remembered places, team and import mappings. The device's own settings (consent) stay.
 */
export function forgetUsersStored(keep?: string): void {
  try {
    const storage = storageOf('local');
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
    for (const key of keys) {
      const owner = key === null ? undefined : USER_KEY.exec(key)?.[1];
      if (owner !== undefined && owner !== keep) storage.removeItem(key!);
    }
  } catch {
    // Storage that cannot be named kept nothing.
  }
}
