import type { StoredEvent } from '@cull-log/contracts';

/** A delivered event; call ack() once its effects are durably stored, or it will be delivered again. */
export interface Delivery {
  event: StoredEvent;
  /** How many times this event has been delivered to this consumer (1 on first delivery). */
  deliveryCount: number;
  ack(): Promise<void>;
  /** Ask for redelivery later (the handler could not process it now). */
  nak(): Promise<void>;
}

export interface SubscribeOptions {
  /** Durable consumer name: consumers with the same name share position and survive restarts. */
  durableName: string;
  /**
   * Called one delivery at a time, in order per stream. A thrown error leaves the event
   * unacknowledged, so it is redelivered.
   */
  handler: (delivery: Delivery) => Promise<void>;
  /** How long a delivered but unacknowledged event waits before redelivery. */
  ackWaitMs?: number;
}

export interface Subscription {
  /** Stops receiving; unacknowledged deliveries are redelivered to the next consumer. */
  stop(): Promise<void>;
}

export interface EventBus {
  /** Publishes an event; publishing the same event id again is harmless (delivered once). */
  publish(event: StoredEvent): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  close(): Promise<void>;
}
