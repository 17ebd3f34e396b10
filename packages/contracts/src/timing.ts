// Here, not in the storage kit with the wake signal and retry: the web client's outbox waits and backs off with these too.

/** Waits `ms`, or less when `signal` aborts first; never rejects, so a stopping loop just carries on to its exit. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

export interface BackoffOptions {
  /** The wait after the first failure; it doubles on each failure after that. */
  initialMs: number;
  /** The longest wait. */
  maxMs: number;
}

/** The wait after the `failures`-th failure in a row (1 for the first): doubling, capped at `maxMs`. */
export function backoffDelay(failures: number, { initialMs, maxMs }: BackoffOptions): number {
  return Math.min(maxMs, initialMs * 2 ** Math.max(0, failures - 1));
}
