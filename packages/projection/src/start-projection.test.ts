import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoredEvent } from '@cull-log/contracts';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import { DEFAULT_GAP_RETRY_DELAY_MS } from './apply-delivery';
import type { ApplyOutcome } from './projection-store';
import { startProjection } from './start-projection';
import { capturingBus, recordedDelivery } from './testing';

function logger() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
}

/** A store answering from a script of outcomes, one per apply. */
function scripted(...outcomes: (ApplyOutcome | Error)[]) {
  return {
    async apply(_event: StoredEvent): Promise<ApplyOutcome> {
      const next = outcomes.shift();
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
  it('subscribes under the durable name with the given ack wait', async () => {
    const { bus, subscriptions } = capturingBus();
    await startProjection({ durableName: 'stats', bus, store: scripted(), logger: logger(), ackWaitMs: 500 });
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]).toMatchObject({ durableName: 'stats', ackWaitMs: 500 });
    await startProjection({ durableName: 'exports', bus, store: scripted(), logger: logger() });
    expect(subscriptions[1]).not.toHaveProperty('ackWaitMs');
  });

  it('reports applied and duplicate events to onApplied with their position, after acknowledging them', async () => {
    const { bus, subscriptions } = capturingBus();
    const log = createSampleEventLog();
    const events = [log.recorded('alice'), log.recorded('bob')];
    const deliveries = events.map((event) => recordedDelivery(event));
    const answersSeen: (string | undefined)[] = [];
    const onApplied = vi.fn((position: number) => {
      answersSeen.push(deliveries[position - 1]?.answer);
    });
    await startProjection({
      durableName: 'stats',
      bus,
      store: scripted('applied', 'duplicate'),
      logger: logger(),
      onApplied,
    });
    for (const delivery of deliveries) await subscriptions[0]?.handler(delivery);
    expect(onApplied.mock.calls).toEqual([[1], [2]]);
    expect(answersSeen).toEqual(['ack', 'ack']);
  });

  it('does not report a gap to onApplied, and naks it', async () => {
    vi.useFakeTimers();
    const { bus, subscriptions } = capturingBus();
    const onApplied = vi.fn();
    await startProjection({ durableName: 'stats', bus, store: scripted('gap'), logger: logger(), onApplied });
    const delivery = recordedDelivery(createSampleEventLog().recorded('alice'));
    const handled = subscriptions[0]?.handler(delivery);
    await vi.advanceTimersByTimeAsync(DEFAULT_GAP_RETRY_DELAY_MS);
    await handled;
    expect(delivery.answer).toBe('nak');
    expect(onApplied).not.toHaveBeenCalled();
  });

  it('logs an event it cannot apply under the projection name and throws, leaving it for redelivery', async () => {
    const { bus, subscriptions } = capturingBus();
    const log = logger();
    const failure = new Error('store unavailable');
    await startProjection({ durableName: 'exports', bus, store: scripted(failure), logger: log });
    const event = createSampleEventLog().recorded('alice');
    const delivery = recordedDelivery(event);
    await expect(subscriptions[0]?.handler(delivery)).rejects.toBe(failure);
    expect(delivery.answer).toBeUndefined();
    expect(log.error).toHaveBeenCalledWith(
      { err: failure, eventId: event.id },
      'could not apply event to the exports projection',
    );
  });
});
