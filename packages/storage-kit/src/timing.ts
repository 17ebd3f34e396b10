import { backoffDelay, sleep, type BackoffOptions } from '@cull-log/contracts';

/** A sleep that another part of the program can cut short, e.g. "there is new work" or "stop". */
export interface WakeSignal {
  /** Ends every sleep in progress; with none in progress, the next sleep returns at once instead. */
  wake(): void;
  /** Waits up to `ms` for a wake (or for `signal` to abort); a wake that came since the last sleep counts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export function createWakeSignal(): WakeSignal {
  let pending = false;
  const sleepers = new Set<AbortController>();
  return {
    wake() {
      if (sleepers.size === 0) pending = true;
      for (const sleeper of sleepers) sleeper.abort();
    },
    async sleep(ms, signal) {
      if (pending) {
        pending = false;
        return;
      }
      const sleeper = new AbortController();
      sleepers.add(sleeper);
      await sleep(ms, signal ? AbortSignal.any([sleeper.signal, signal]) : sleeper.signal);
      sleepers.delete(sleeper);
    },
  };
}

export interface RetryOptions extends BackoffOptions {
  /** Stops retrying: the call then resolves undefined. */
  signal?: AbortSignal;
  /** Told of each failure before the wait that follows it. */
  onFailure?: (error: unknown, failures: number, retryInMs: number) => void;
}

/** Runs `attempt` until it succeeds, waiting longer after each failure; undefined when `signal` stops it first. */
export async function retryWithBackoff<T>(
  attempt: () => Promise<T>,
  { signal, onFailure, ...backoff }: RetryOptions,
): Promise<T | undefined> {
  for (let failures = 1; !signal?.aborted; failures++) {
    try {
      return await attempt();
    } catch (error) {
      if (signal?.aborted) return undefined;
      const retryInMs = backoffDelay(failures, backoff);
      onFailure?.(error, failures, retryInMs);
      await sleep(retryInMs, signal);
    }
  }
  return undefined;
}
