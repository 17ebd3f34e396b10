import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoredEvent } from '@cull-log/contracts';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import { applyDelivery, DEFAULT_GAP_RETRY_DELAY_MS } from './apply-delivery';
import type { ApplyOutcome } from './projection-store';
import { recordedDelivery } from './testing';

/** A store that answers the given outcome and remembers what it was asked to apply. */
function answering(outcome: ApplyOutcome | Error) {
  const applied: StoredEvent[] = [];
  return {
    applied,
    async apply(event: StoredEvent) {
      applied.push(event);
      if (outcome instanceof Error) throw outcome;
      return outcome;
    },
  };
}

function recordingLogger() {
  return { warn: vi.fn<(details: Record<string, unknown>, message: string) => void>() };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('applyDelivery', () => {
  it('acknowledges an applied event after the store has applied it', async () => {
    const event = createSampleEventLog().recorded('alice');
    const store = answering('applied');
    const delivery = recordedDelivery(event);
    expect(await applyDelivery(store, delivery, recordingLogger())).toBe('applied');
    expect(store.applied).toEqual([event]);
    expect(delivery.answer).toBe('ack');
  });

  it('acknowledges a duplicate, so a redelivered event is not delivered again', async () => {
    const delivery = recordedDelivery(createSampleEventLog().recorded('alice'), 2);
    expect(await applyDelivery(answering('duplicate'), delivery, recordingLogger())).toBe('duplicate');
    expect(delivery.answer).toBe('ack');
  });

  it('naks a gap only after the retry delay, with a warning naming the stream and version', async () => {
    vi.useFakeTimers();
    const log = createSampleEventLog();
    const recorded = log.recorded('alice');
    const amended = log.amended('alice', recorded.streamId, { species: 'Fox' });
    const delivery = recordedDelivery(amended, 3);
    const logger = recordingLogger();

    const outcome = applyDelivery(answering('gap'), delivery, logger);
    await vi.advanceTimersByTimeAsync(DEFAULT_GAP_RETRY_DELAY_MS - 1);
    expect(delivery.answer).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('gap');
    expect(delivery.answer).toBe('nak');
    expect(logger.warn).toHaveBeenCalledWith(
      { streamId: recorded.streamId, version: 2, deliveryCount: 3 },
      'event arrived before an earlier version of its stream; asked for redelivery',
    );
  });

  it('leaves the delivery unanswered when the store fails, so the bus redelivers it', async () => {
    const delivery = recordedDelivery(createSampleEventLog().recorded('alice'));
    await expect(
      applyDelivery(answering(new Error('disk full')), delivery, recordingLogger()),
    ).rejects.toThrow('disk full');
    expect(delivery.answer).toBeUndefined();
  });
});
