import { sleep, type StoredLogEvent, type UserErased } from '@cull-log/contracts';
import { createWakeSignal, type Checkpoints } from '@cull-log/storage-kit';
import { consoleBusLogger, describeError, logHandlerFailure, type BusLogger } from '../bus-logger';
import {
  oneAtATime,
  type BatchSubscribeOptions,
  type DeliveryBatch,
  type EventBus,
  type Subscription,
} from '../event-bus';

/** The part of the EventStore port the in-process bus reads from. */
export interface EventLogReader {
  readAll(afterPosition: number, limit: number): Promise<StoredLogEvent[]>;
  headPosition(): Promise<number>;
}

/** The table (or collection) its consumers' checkpoints are kept in by convention, e.g. beside the event log. */
export const BUS_CONSUMER_CHECKPOINTS = 'bus_consumer_checkpoints';

export interface InProcessBusOptions {
  log: EventLogReader;
  /** Each durable consumer's acknowledged position, under its durable name. */
  checkpoints: Checkpoints;
  /** How often an idle subscription looks at the log for events nobody announced. Default 1 s. */
  pollIntervalMs?: number;
  /** Events read from the log at a time (a batch subscription's batch is at most this). Default 5,000. */
  batchSize?: number;
  logger?: BusLogger;
}

const DEFAULT_ACK_WAIT_MS = 30_000;
const DEFAULT_RETRY_DELAY_MS = 1_000;

type Outcome = 'acked' | 'nakked' | 'failed' | 'expired' | 'stopped';

/** The one-process bus: its events are already in the log, so telling it "something was appended" is enough. */
export interface InProcessBus extends EventBus {
  /** Wakes every subscription to read the log now rather than at its next poll. */
  notify(): void;
}

/**
 * The bus for the one-process app. Subscribers read the event log itself, from their stored
 * positions, and advance a position when an event is acknowledged; `notify` (or `publish`, which
 * ignores its event) only wakes them. Restarting, republishing or a crash costs nothing but redelivery.
 */
export function createInProcessBus(options: InProcessBusOptions): InProcessBus {
  const { log, checkpoints } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const batchSize = options.batchSize ?? 5_000;
  const logger = options.logger ?? consoleBusLogger;
  const active = new Map<
    string,
    { stop(): Promise<void>; wake(): void; erased(erasure: UserErased): void }
  >();
  let closed = false;

  function startSubscription(subscribeOptions: BatchSubscribeOptions) {
    const { durableName, handler, maxBatchSize, onUserErased } = subscribeOptions;
    /** Erasures told to this subscription, handed to `onUserErased` before the next read of the log. */
    const erasures: UserErased[] = [];
    const ackWaitMs = subscribeOptions.ackWaitMs ?? DEFAULT_ACK_WAIT_MS;
    const retryDelayMs = subscribeOptions.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
    const wakeSignal = createWakeSignal();
    const stopping = new AbortController();
    /** Deliveries so far of each event not yet acknowledged, by position. */
    const deliveryCounts = new Map<number, number>();

    /** Hands `events` to the handler once; resolves with how many it acknowledged and how the delivery ended. */
    async function deliverOnce(
      events: readonly StoredLogEvent[],
    ): Promise<{ outcome: Outcome; acknowledged: number }> {
      let acknowledged = 0;
      let answered = false;
      let current = true;
      let settle: (outcome: Outcome) => void = () => undefined;
      const answer = new Promise<Outcome>((resolve) => {
        settle = resolve;
      });
      const deliveries = events.map((event) => {
        const deliveryCount = (deliveryCounts.get(event.position) ?? 0) + 1;
        deliveryCounts.set(event.position, deliveryCount);
        return { event, deliveryCount };
      });
      const batch: DeliveryBatch = {
        deliveries,
        async ack(count = events.length) {
          if (answered || !current) return;
          answered = true;
          const last = events[Math.min(count, events.length) - 1];
          if (last !== undefined) {
            try {
              await checkpoints.save(durableName, last.position);
            } catch (error) {
              settle('failed');
              throw error;
            }
            acknowledged = Math.min(count, events.length);
            for (const event of events.slice(0, acknowledged)) deliveryCounts.delete(event.position);
          }
          settle(acknowledged === events.length ? 'acked' : 'nakked');
        },
        async nak() {
          if (answered || !current) return;
          answered = true;
          settle('nakked');
        },
      };
      try {
        await handler(batch);
      } catch (error) {
        logHandlerFailure(logger, {
          durableName,
          first: events[0],
          events: events.length,
          deliveryCount: deliveries[0]?.deliveryCount,
          error,
        });
        if (!answered) {
          current = false;
          return { outcome: 'failed', acknowledged };
        }
      }
      if (answered) return { outcome: await answer, acknowledged };
      const cancelAckWait = new AbortController();
      const lapsed = sleep(ackWaitMs, AbortSignal.any([cancelAckWait.signal, stopping.signal])).then(
        (): Outcome => (stopping.signal.aborted ? 'stopped' : 'expired'),
      );
      const outcome = await Promise.race([answer, lapsed]);
      cancelAckWait.abort();
      // An answer that comes after the delivery has lapsed belongs to nobody.
      current = false;
      return { outcome, acknowledged };
    }

    /** After the batch in hand (read before the user's events left the log), before anything read later. */
    async function deliverErasures(): Promise<void> {
      for (let erasure = erasures[0]; erasure !== undefined; erasure = erasures[0]) {
        if (onUserErased !== undefined) await onUserErased(erasure);
        erasures.shift();
      }
    }

    async function run(): Promise<void> {
      let position: number | undefined;
      while (!stopping.signal.aborted) {
        try {
          await deliverErasures();
          position ??= await checkpoints.load(durableName);
          const events = (await log.headPosition()) > position ? await log.readAll(position, batchSize) : [];
          if (events.length === 0) {
            await wakeSignal.sleep(pollIntervalMs, stopping.signal);
            continue;
          }
          for (let start = 0; start < events.length; start += maxBatchSize) {
            const batch = events.slice(start, start + maxBatchSize);
            const { outcome, acknowledged } = await deliverOnce(batch);
            // Reading and applying resolve without waiting on I/O: let requests in before the next batch.
            await new Promise((resolve) => setImmediate(resolve));
            position = batch[acknowledged - 1]?.position ?? position;
            if (outcome === 'stopped') return;
            if (outcome === 'failed') await sleep(retryDelayMs, stopping.signal);
            // What was not acknowledged comes again: read the log again from the acknowledged position.
            if (acknowledged < batch.length) break;
          }
        } catch (error) {
          logger.error(
            { durableName, error: describeError(error) },
            'Reading the event log or erasing a user failed; retrying',
          );
          await sleep(pollIntervalMs, stopping.signal);
        }
      }
    }

    const running = run().catch((error: unknown) => {
      logger.error({ durableName, error: describeError(error) }, 'Bus subscription ended unexpectedly');
    });
    return {
      wake: () => wakeSignal.wake(),
      erased(erasure: UserErased) {
        erasures.push(erasure);
        wakeSignal.wake();
      },
      async stop() {
        stopping.abort();
        await running;
      },
    };
  }

  async function subscribeBatches(subscribeOptions: BatchSubscribeOptions): Promise<Subscription> {
    if (closed) throw new Error('The bus is closed');
    const { durableName } = subscribeOptions;
    // Two loops over one stored position would each deliver every event.
    if (active.has(durableName)) throw new Error(`Durable consumer ${durableName} is already subscribed`);
    const subscription = startSubscription(subscribeOptions);
    active.set(durableName, subscription);
    return {
      async stop() {
        if (active.get(durableName) === subscription) active.delete(durableName);
        await subscription.stop();
      },
    };
  }

  function notify(): void {
    for (const subscription of active.values()) subscription.wake();
  }

  return {
    notify,

    async publish() {
      if (closed) throw new Error('The bus is closed');
      notify();
    },

    /**
     * The user's events are already gone from the log it reads. Each subscription running now hears of the
     * erasure once the batch in its hands is answered; the notice is not kept across a restart, so the
     * one-process app also erases its projections directly.
     */
    async eraseUser(erasure) {
      if (closed) throw new Error('The bus is closed');
      for (const subscription of active.values()) subscription.erased(erasure);
    },

    subscribe: (subscribeOptions) => subscribeBatches(oneAtATime(subscribeOptions)),
    subscribeBatches,

    async close() {
      closed = true;
      const subscriptions = [...active.values()];
      active.clear();
      await Promise.all(subscriptions.map((subscription) => subscription.stop()));
    },
  };
}
