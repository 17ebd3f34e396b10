import { createWakeSignal } from '@cull-log/contracts';

/** Lets a request wait, briefly, until the projection has applied a given global position. */
export interface PositionWatch {
  /** Wakes waiters at once (called by this process's projection after each commit). */
  notify(): void;
  /** Resolves when the position is at least `target` or `timeoutMs` has passed, whichever is first. */
  waitFor(target: number, timeoutMs: number): Promise<void>;
}

/**
 * Polls the store as well as listening for local commits, because with several replicas the event may be
 * applied by another process's consumer.
 */
export function createPositionWatch(readPosition: () => Promise<number>, pollMs = 25): PositionWatch {
  const commits = createWakeSignal();
  return {
    notify: () => commits.wake(),
    async waitFor(target, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while ((await readPosition()) < target) {
        const remaining = deadline - Date.now();
        if (remaining <= 0) return;
        await commits.sleep(Math.min(pollMs, remaining));
      }
    },
  };
}
