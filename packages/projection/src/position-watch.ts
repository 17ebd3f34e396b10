/** Lets a request wait, briefly, until the projection has applied a given global position. */
export interface PositionWatch {
  /** Wakes waiters at once: called after each commit of this process, and when the store says it moved. */
  notify(): void;
  /** Resolves when the position is at least `target` or `timeoutMs` has passed, whichever is first. */
  waitFor(target: number, timeoutMs: number): Promise<void>;
}

/**
 * Reads the position again only when told it moved, never on a timer: this process's projection tells it after
 * every commit, and a store shared by several replicas tells it when another one moves the checkpoint.
 */
export function createPositionWatch(readPosition: () => Promise<number>): PositionWatch {
  // Counted, so a move told while a waiter was reading the position is not missed.
  let moves = 0;
  const waiters = new Set<() => void>();
  return {
    notify() {
      moves += 1;
      for (const wake of [...waiters]) wake();
    },
    async waitFor(target, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const seen = moves;
        if ((await readPosition()) >= target) return;
        const remaining = deadline - Date.now();
        if (remaining <= 0) return;
        if (moves !== seen) continue;
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            waiters.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, remaining);
          waiters.add(wake);
        });
      }
    },
  };
}
