import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPositionWatch } from './position-watch';

/** A position the test moves, counting how often the watch reads it. */
function fakePosition(start = 0) {
  const state = { position: start, reads: 0 };
  return {
    state,
    read: async () => {
      state.reads += 1;
      return state.position;
    },
  };
}

describe('createPositionWatch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers at once when the position is already there', async () => {
    const { state, read } = fakePosition(5);
    await createPositionWatch(read).waitFor(3, 2000);
    expect(state.reads).toBe(1);
  });

  it('reads the position again only when told it moved, never on a timer', async () => {
    const { state, read } = fakePosition();
    const watch = createPositionWatch(read);
    let done = false;
    const waiting = watch.waitFor(2, 2000).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(1500);
    expect(state.reads).toBe(1);

    state.position = 1;
    watch.notify();
    await vi.advanceTimersByTimeAsync(0);
    expect(state.reads).toBe(2);
    expect(done).toBe(false);

    state.position = 2;
    watch.notify();
    await waiting;
    expect(state.reads).toBe(3);
  });

  it('wakes every waiter on one move', async () => {
    const { state, read } = fakePosition();
    const watch = createPositionWatch(read);
    const waiters = [watch.waitFor(1, 2000), watch.waitFor(1, 2000), watch.waitFor(1, 2000)];
    await vi.advanceTimersByTimeAsync(0);
    state.position = 1;
    watch.notify();
    await Promise.all(waiters);
    expect(state.reads).toBe(6);
  });

  it('does not miss a move told while it was reading the position', async () => {
    const state = { position: 0 };
    let firstRead = true;
    const watch: ReturnType<typeof createPositionWatch> = createPositionWatch(async () => {
      const seen = state.position;
      if (firstRead) {
        // The commit lands and is told between this read and the wait that follows it.
        firstRead = false;
        state.position = 1;
        watch.notify();
      }
      return seen;
    });
    let done = false;
    const waiting = watch.waitFor(1, 2000).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
    await waiting;
  });

  it('gives up after the timeout, leaving the caller to answer with what it has', async () => {
    const { state, read } = fakePosition(1);
    let done = false;
    const waiting = createPositionWatch(read)
      .waitFor(2, 2000)
      .then(() => {
        done = true;
      });
    await vi.advanceTimersByTimeAsync(1999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(done).toBe(true);
    // Once on arrival and once more at the deadline, in case it moved at the last moment.
    expect(state.reads).toBe(2);
  });
});
