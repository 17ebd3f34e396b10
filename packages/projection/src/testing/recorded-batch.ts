import type { DeliveryBatch } from '@cull-log/bus';
import type { StoredLogEvent } from '@cull-log/contracts';

export interface RecordedBatch extends DeliveryBatch {
  /** How the handler answered: how many events it acknowledged (0 for a nak), or undefined while it has not. */
  acknowledged: number | undefined;
}

/** A delivery of `events` as one batch that remembers how it was answered. */
export function recordedBatch(events: readonly StoredLogEvent[], deliveryCount = 1): RecordedBatch {
  const batch: RecordedBatch = {
    deliveries: events.map((event) => ({ event, deliveryCount })),
    acknowledged: undefined,
    async ack(count = events.length) {
      batch.acknowledged ??= count;
    },
    async nak() {
      batch.acknowledged ??= 0;
    },
  };
  return batch;
}
