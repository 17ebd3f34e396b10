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
   * Called one delivery at a time, in log order; the next event comes only once this one is
   * acknowledged. A thrown error leaves the event unacknowledged, so it is redelivered.
   */
  handler: (delivery: Delivery) => Promise<void>;
  /**
   * How long a delivered but unacknowledged event waits before redelivery, counted from when the
   * handler returns (a running handler keeps its delivery). Default 30 s.
   */
  ackWaitMs?: number;
  /** Pause before an event whose handler threw is delivered again. Default 1 s. */
  retryDelayMs?: number;
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
