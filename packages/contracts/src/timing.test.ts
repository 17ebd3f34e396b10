import { describe, expect, it, vi } from 'vitest';
import { settled, useFakeTimers } from './testing/fake-timers';
import { backoffDelay, sleep } from './timing';

useFakeTimers();

describe('sleep', () => {
  it('resolves after the time given', async () => {
    const sleeping = sleep(1_000);
    await vi.advanceTimersByTimeAsync(999);
    expect(await settled(sleeping)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(sleeping)).toBe(true);
  });

  it('resolves early, without rejecting, when its signal aborts, and at once when it already has', async () => {
    const stopping = new AbortController();
    const sleeping = sleep(60_000, stopping.signal);
    stopping.abort();
    expect(await settled(sleeping)).toBe(true);
    expect(await settled(sleep(60_000, stopping.signal))).toBe(true);
  });
});

describe('backoff', () => {
  it('doubles from the first wait up to the longest', () => {
    const options = { initialMs: 100, maxMs: 1_000 };
    expect([1, 2, 3, 4, 5, 6].map((failures) => backoffDelay(failures, options))).toEqual([
      100, 200, 400, 800, 1_000, 1_000,
    ]);
  });
});
