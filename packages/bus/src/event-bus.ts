import type { StoredLogEvent, UserErased } from '@cull-log/contracts';

/** An event as handed to a consumer. */
export interface DeliveredEvent {
  event: StoredLogEvent;
  /** How many times this event has been delivered to this consumer (1 on first delivery). */
  deliveryCount: number;
}

/** A delivered event; call ack() once its effects are durably stored, or it will be delivered again. */
export interface Delivery extends DeliveredEvent {
  ack(): Promise<void>;
  /** Ask for redelivery later (the handler could not process it now). */
  nak(): Promise<void>;
}

/**
 * Events delivered together, in log order, answered once: by ack() once their effects are durably stored,
 * or by nak(). Events not acknowledged are delivered again, in order, before any later event.
 */
export interface DeliveryBatch {
  readonly deliveries: readonly DeliveredEvent[];
  /** Acknowledges the first `count` events (all by default) and asks for the rest to be delivered again. */
  ack(count?: number): Promise<void>;
  /** Asks for every event of the batch to be delivered again. */
  nak(): Promise<void>;
}

interface DeliveryOptions {
  /** Durable consumer name: consumers with the same name share position and survive restarts. */
  durableName: string;
  /**
   * How long a delivered but unacknowledged event waits before redelivery, counted from when the
   * handler returns (a running handler keeps its delivery). Default 30 s.
   */
  ackWaitMs?: number;
  /** Pause before an event whose handler threw is delivered again. Default 1 s. */
  retryDelayMs?: number;
  /**
   * Called for a user's erasure (`user.erased.v1`), in log order: after every event of theirs delivered before
   * it, before any later event; acknowledged once it resolves, delivered again if it throws. It must erase
   * idempotently. Without it the notice is acknowledged and passed over.
   */
  onUserErased?: (erasure: UserErased) => Promise<void>;
}

export interface SubscribeOptions extends DeliveryOptions {
  /**
   * Called one delivery at a time, in log order; the next event comes only once this one is
   * acknowledged. A thrown error leaves the event unacknowledged, so it is redelivered.
   */
  handler: (delivery: Delivery) => Promise<void>;
}

export interface BatchSubscribeOptions extends DeliveryOptions {
  /** The most events in one batch; a batch holds what is there to deliver, up to this. */
  maxBatchSize: number;
  /**
   * Called one batch at a time, in log order; the next batch comes only once this one is answered. A
   * thrown error leaves the batch unanswered, so it is redelivered.
   */
  handler: (batch: DeliveryBatch) => Promise<void>;
}

export interface Subscription {
  /** Stops receiving; unacknowledged deliveries are redelivered to the next consumer. */
  stop(): Promise<void>;
}

export interface EventBus {
  /** Publishes an event; publishing the same event id again is harmless (delivered once). */
  publish(event: StoredLogEvent): Promise<void>;
  /**
   * Forgets every event of the user the bus still holds (the caller has erased them from the log first) and
   * tells every consumer, through `onUserErased`, in order after whatever of theirs it was already handed.
   */
  eraseUser(erasure: UserErased): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** Like subscribe, with several events at a time when there are several to deliver (a catch-up). */
  subscribeBatches(options: BatchSubscribeOptions): Promise<Subscription>;
  close(): Promise<void>;
}

/** A one-at-a-time subscription as a subscription to batches of one: how both adapters offer `subscribe`. */
export function oneAtATime({ handler, ...options }: SubscribeOptions): BatchSubscribeOptions {
  return {
    ...options,
    maxBatchSize: 1,
    handler: async (batch) => {
      const [delivered] = batch.deliveries;
      if (delivered === undefined) return;
      await handler({ ...delivered, ack: () => batch.ack(), nak: () => batch.nak() });
    },
  };
}
