import { createWakeSignal, sleep, type StoredEvent } from '@cull-log/contracts';
import type { Checkpoints } from '@cull-log/eventstore';
import { consoleBusLogger, describeError, type BusLogger } from '../bus-logger';
import type { Delivery, EventBus, SubscribeOptions, Subscription } from '../event-bus';

/** The part of the EventStore port the in-process bus reads from. */
export interface EventLogReader {
  readAll(afterPosition: number, limit: number): Promise<StoredEvent[]>;
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
  /** Events read from the log at a time. Default 100. */
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
  const batchSize = options.batchSize ?? 100;
  const logger = options.logger ?? consoleBusLogger;
  const active = new Map<string, { stop(): Promise<void>; wake(): void }>();
  let closed = false;

  function startSubscription(subscribeOptions: SubscribeOptions) {
    const { durableName, handler } = subscribeOptions;
    const ackWaitMs = subscribeOptions.ackWaitMs ?? DEFAULT_ACK_WAIT_MS;
    const retryDelayMs = subscribeOptions.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
    const wakeSignal = createWakeSignal();
    const stopping = new AbortController();

    async function deliverOnce(event: StoredEvent, deliveryCount: number): Promise<Outcome> {
      let answered = false;
      let current = true;
      let settle: (outcome: Outcome) => void = () => undefined;
      const answer = new Promise<Outcome>((resolve) => {
        settle = resolve;
      });
      const delivery: Delivery = {
        event,
        deliveryCount,
        async ack() {
          if (answered || !current) return;
          answered = true;
          try {
            await checkpoints.save(durableName, event.position);
          } catch (error) {
            settle('failed');
            throw error;
          }
          settle('acked');
        },
        async nak() {
          if (answered || !current) return;
          answered = true;
          settle('nakked');
        },
      };
      try {
        await handler(delivery);
      } catch (error) {
        logger.warn(
          {
            durableName,
            eventId: event.id,
            position: event.position,
            deliveryCount,
            error: describeError(error),
          },
          'Event handler failed; the event will be delivered again',
        );
        if (!answered) {
          current = false;
          return 'failed';
        }
      }
      if (answered) return answer;
      const cancelAckWait = new AbortController();
      const lapsed = sleep(ackWaitMs, AbortSignal.any([cancelAckWait.signal, stopping.signal])).then(
        (): Outcome => (stopping.signal.aborted ? 'stopped' : 'expired'),
      );
      const outcome = await Promise.race([answer, lapsed]);
      cancelAckWait.abort();
      // An answer that comes after the delivery has lapsed belongs to nobody.
      current = false;
      return outcome;
    }

    /** Delivers one event until it is acknowledged; false when stopped first. */
    async function deliverUntilAcknowledged(event: StoredEvent): Promise<boolean> {
      for (let deliveryCount = 1; !stopping.signal.aborted; deliveryCount++) {
        const outcome = await deliverOnce(event, deliveryCount);
        if (outcome === 'acked') return true;
        if (outcome === 'failed') await sleep(retryDelayMs, stopping.signal);
      }
      return false;
    }

    async function run(): Promise<void> {
      let position: number | undefined;
      while (!stopping.signal.aborted) {
        try {
          position ??= await checkpoints.load(durableName);
          const events = (await log.headPosition()) > position ? await log.readAll(position, batchSize) : [];
          if (events.length === 0) {
            await wakeSignal.sleep(pollIntervalMs, stopping.signal);
            continue;
          }
          for (const event of events) {
            if (!(await deliverUntilAcknowledged(event))) return;
            position = event.position;
          }
        } catch (error) {
          logger.error(
            { durableName, error: describeError(error) },
            'Reading the event log failed; retrying',
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
      async stop() {
        stopping.abort();
        await running;
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

    async subscribe(subscribeOptions): Promise<Subscription> {
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
    },

    async close() {
      closed = true;
      const subscriptions = [...active.values()];
      active.clear();
      await Promise.all(subscriptions.map((subscription) => subscription.stop()));
    },
  };
}
