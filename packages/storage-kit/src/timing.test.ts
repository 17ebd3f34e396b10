import { describe, expect, it, vi } from 'vitest';
import { settled, useFakeTimers } from '@cull-log/contracts/testing/fake-timers';
import { createWakeSignal, retryWithBackoff } from './timing';

useFakeTimers();

describe('wake signal', () => {
  it('a wake ends every sleep in progress', async () => {
    const signal = createWakeSignal();
    const first = signal.sleep(60_000);
    const second = signal.sleep(60_000);
    signal.wake();
    expect(await settled(Promise.all([first, second]))).toBe(true);
  });

  it('a wake with nobody asleep ends the next sleep at once, and only that one', async () => {
    const signal = createWakeSignal();
    signal.wake();
    expect(await settled(signal.sleep(60_000))).toBe(true);
    expect(await settled(signal.sleep(60_000))).toBe(false);
  });

  it('a sleep ends after its time or when its own signal aborts, without a wake', async () => {
    const signal = createWakeSignal();
    const timed = signal.sleep(100);
    await vi.advanceTimersByTimeAsync(100);
    expect(await settled(timed)).toBe(true);
    const stopping = new AbortController();
    const stopped = signal.sleep(60_000, stopping.signal);
    stopping.abort();
    expect(await settled(stopped)).toBe(true);
  });
});

describe('retry with backoff', () => {
  it('retries until the attempt succeeds, reporting each failure and the wait after it', async () => {
    const failures: [string, number, number][] = [];
    let calls = 0;
    const result = retryWithBackoff(
      async () => {
        calls += 1;
        if (calls < 4) throw new Error(`failure ${calls}`);
        return 'done';
      },
      {
        initialMs: 10,
        maxMs: 25,
        onFailure: (error, count, retryInMs) => failures.push([(error as Error).message, count, retryInMs]),
      },
    );
    await vi.advanceTimersByTimeAsync(10 + 20 + 25);
    expect(await result).toBe('done');
    expect(failures).toEqual([
      ['failure 1', 1, 10],
      ['failure 2', 2, 20],
      ['failure 3', 3, 25],
    ]);
  });

  it('gives up with undefined once its signal aborts, even in the middle of a wait', async () => {
    const stopping = new AbortController();
    const attempt = vi.fn(async () => {
      throw new Error('down');
    });
    const result = retryWithBackoff(attempt, { initialMs: 60_000, maxMs: 60_000, signal: stopping.signal });
    await vi.advanceTimersByTimeAsync(0);
    stopping.abort();
    expect(await settled(result)).toBe(true);
    expect(await result).toBeUndefined();
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});
