import type { Delivery } from '@cull-log/bus';
import type { StoredEvent } from '@cull-log/contracts';

export interface RecordedDelivery extends Delivery {
  /** How the handler answered: 'ack', 'nak', or undefined while it has not. */
  answer: 'ack' | 'nak' | undefined;
}

/** A delivery of `event` that remembers whether it was acknowledged or nak'd. */
export function recordedDelivery(event: StoredEvent, deliveryCount = 1): RecordedDelivery {
  const delivery: RecordedDelivery = {
    event,
    deliveryCount,
    answer: undefined,
    async ack() {
      delivery.answer = 'ack';
    },
    async nak() {
      delivery.answer = 'nak';
    },
  };
  return delivery;
}
