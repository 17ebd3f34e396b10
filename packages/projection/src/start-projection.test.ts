import { afterEach, describe, expect, it, vi } from 'vitest';
import { USER_ERASED_TYPE, type StoredEvent } from '@cull-log/contracts';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import { DEFAULT_GAP_RETRY_DELAY_MS } from './apply-delivery';
import type { ApplyOutcome } from './projection-store';
import { DEFAULT_MAX_BATCH_SIZE, startProjection } from './start-projection';
import { capturingBus, recordedBatch } from './testing';

function logger() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
}

/** A store answering from a script, one answer per batch; it notes whose rows it was asked to erase. */
function scripted(...answers: (ApplyOutcome[] | Error)[]) {
  const erased: string[] = [];
  return {
    erased,
    async eraseUser(userId: string): Promise<void> {
      erased.push(userId);
    },
    async applyBatch(_events: readonly StoredEvent[]): Promise<ApplyOutcome[]> {
      const next = answers.shift();
      if (next === undefined) throw new Error('no more outcomes scripted');
      if (next instanceof Error) throw next;
      return next;
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('startProjection', () => {
  it('subscribes to batches under the durable name with the given ack wait', async () => {
    const { bus, subscriptions } = capturingBus();
    await startProjection({ durableName: 'stats', bus, store: scripted(), logger: logger(), ackWaitMs: 500 });
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]).toMatchObject({
      durableName: 'stats',
      ackWaitMs: 500,
      maxBatchSize: DEFAULT_MAX_BATCH_SIZE,
    });
    await startProjection({ durableName: 'exports', bus, store: scripted(), logger: logger() });
    expect(subscriptions[1]).not.toHaveProperty('ackWaitMs');
  });

  it('reports a batch of applied and duplicate events to onApplied with its last position, after acknowledging it', async () => {
    const { bus, subscriptions } = capturingBus();
    const log = createSampleEventLog();
    const batch = recordedBatch([log.recorded('alice'), log.recorded('bob')]);
    const answersSeen: (number | undefined)[] = [];
    const onApplied = vi.fn(() => {
      answersSeen.push(batch.acknowledged);
    });
    await startProjection({
      durableName: 'stats',
      bus,
      store: scripted(['applied', 'duplicate']),
      logger: logger(),
      onApplied,
    });
    await subscriptions[0]?.handler(batch);
    expect(onApplied.mock.calls).toEqual([[2]]);
    expect(answersSeen).toEqual([2]);
  });

  it('reports only what came before a gap to onApplied, and asks the gap again', async () => {
    vi.useFakeTimers();
    const { bus, subscriptions } = capturingBus();
    const onApplied = vi.fn();
    await startProjection({
      durableName: 'stats',
      bus,
      store: scripted(['gap'], ['applied', 'gap']),
      logger: logger(),
      onApplied,
    });
    const log = createSampleEventLog();
    const gapFirst = recordedBatch([log.recorded('alice')]);
    const gapSecond = recordedBatch([log.recorded('bob'), log.recorded('carol')]);
    for (const batch of [gapFirst, gapSecond]) {
      const handled = subscriptions[0]?.handler(batch);
      await vi.advanceTimersByTimeAsync(DEFAULT_GAP_RETRY_DELAY_MS);
      await handled;
    }
    expect(gapFirst.acknowledged).toBe(0);
    expect(gapSecond.acknowledged).toBe(1);
    expect(onApplied.mock.calls).toEqual([[gapSecond.deliveries[0]?.event.position]]);
  });

  it("erases the user's rows when the bus tells of a user's erasure", async () => {
    const { bus, subscriptions } = capturingBus();
    const store = scripted();
    await startProjection({ durableName: 'stats', bus, store, logger: logger() });
    await subscriptions[0]?.onUserErased?.({
      id: 'e1',
      type: USER_ERASED_TYPE,
      userId: 'alice',
      occurredAt: '2026-11-25T10:00:00.000Z',
      meta: { correlationId: 'c1' },
    });
    expect(store.erased).toEqual(['alice']);
  });

  it('logs a batch it cannot apply under the projection name and throws, leaving it for redelivery', async () => {
    const { bus, subscriptions } = capturingBus();
    const log = logger();
    const failure = new Error('store unavailable');
    await startProjection({ durableName: 'exports', bus, store: scripted(failure), logger: log });
    const event = createSampleEventLog().recorded('alice');
    const batch = recordedBatch([event]);
    await expect(subscriptions[0]?.handler(batch)).rejects.toBe(failure);
    expect(batch.acknowledged).toBeUndefined();
    expect(log.error).toHaveBeenCalledWith(
      { err: failure, eventId: event.id, events: 1 },
      'could not apply events to the exports projection',
    );
  });
});
