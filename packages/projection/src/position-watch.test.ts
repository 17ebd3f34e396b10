import { describe, expect, it } from 'vitest';
import { createPositionWatch } from './position-watch';

describe('createPositionWatch', () => {
  it('wakes a waiter as soon as a commit is notified, without waiting for the next poll', async () => {
    let position = 0;
    const watch = createPositionWatch(async () => position, 60_000);
    const started = Date.now();
    const waiting = watch.waitFor(1, 60_000);
    setTimeout(() => {
      position = 1;
      watch.notify();
    }, 20);
    await waiting;
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('finds a position applied by another process by polling', async () => {
    let position = 0;
    const watch = createPositionWatch(async () => position, 10);
    setTimeout(() => {
      position = 3;
    }, 20);
    await watch.waitFor(3, 5_000);
    expect(position).toBe(3);
  });

  it('gives up after the timeout, leaving the caller to answer with what it has', async () => {
    const watch = createPositionWatch(async () => 1, 10);
    const started = Date.now();
    await watch.waitFor(2, 50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });
});
