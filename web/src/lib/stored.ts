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
