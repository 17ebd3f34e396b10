import { afterEach, beforeEach, vi } from 'vitest';

/** Runs every test of the calling file on vitest's fake timers. */
export function useFakeTimers(): void {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

/** Whether `promise` has settled once every timer due by now has run. */
export async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}
