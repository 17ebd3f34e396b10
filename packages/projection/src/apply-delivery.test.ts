import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoredEvent } from '@cull-log/contracts';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import { applyDelivery, DEFAULT_GAP_RETRY_DELAY_MS } from './apply-delivery';
import type { ApplyOutcome } from './projection-store';
import { recordedBatch } from './testing';

/** A store that answers the given outcomes and remembers the batches it was asked to apply. */
function answering(outcomes: ApplyOutcome[] | Error) {
  const applied: (readonly StoredEvent[])[] = [];
  return {
    applied,
    async applyBatch(events: readonly StoredEvent[]) {
      applied.push(events);
      if (outcomes instanceof Error) throw outcomes;
      return outcomes;
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
  it('acknowledges a batch after the store has applied it, in one call', async () => {
    const log = createSampleEventLog();
    const events = [log.recorded('alice'), log.recorded('bob')];
    const store = answering(['applied', 'applied']);
    const batch = recordedBatch(events);
    expect(await applyDelivery(store, batch, recordingLogger())).toEqual(['applied', 'applied']);
    expect(store.applied).toEqual([events]);
    expect(batch.acknowledged).toBe(2);
  });

  it('acknowledges duplicates, so redelivered events are not delivered again', async () => {
    const batch = recordedBatch([createSampleEventLog().recorded('alice')], 2);
    expect(await applyDelivery(answering(['duplicate']), batch, recordingLogger())).toEqual(['duplicate']);
    expect(batch.acknowledged).toBe(1);
  });

  it('acknowledges what came before a gap and asks the rest again only after the retry delay, with a warning naming the stream and version', async () => {
    vi.useFakeTimers();
    const log = createSampleEventLog();
    const other = log.recorded('bob');
    const recorded = log.recorded('alice');
    const amended = log.amended('alice', recorded.streamId, { species: 'Fox' });
    const batch = recordedBatch([other, amended, log.recorded('carol')], 3);
    const logger = recordingLogger();

    const outcome = applyDelivery(answering(['applied', 'gap']), batch, logger);
    await vi.advanceTimersByTimeAsync(DEFAULT_GAP_RETRY_DELAY_MS - 1);
    expect(batch.acknowledged).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toEqual(['applied', 'gap']);
    expect(batch.acknowledged).toBe(1);
    expect(logger.warn).toHaveBeenCalledWith(
      { streamId: recorded.streamId, version: 2, deliveryCount: 3 },
      'event arrived before an earlier version of its stream; asked for redelivery',
    );
  });

  it('leaves the batch unanswered when the store fails, so the bus redelivers it', async () => {
    const batch = recordedBatch([createSampleEventLog().recorded('alice')]);
    await expect(applyDelivery(answering(new Error('disk full')), batch, recordingLogger())).rejects.toThrow(
      'disk full',
    );
    expect(batch.acknowledged).toBeUndefined();
  });
});
