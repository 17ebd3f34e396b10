import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '@cull-log/bus';
import type { EventStore } from '@cull-log/eventstore';
import type { RelayCheckpoint } from './relay-checkpoint';

export interface RelayOptions {
  store: Pick<EventStore, 'readAll'>;
  bus: Pick<EventBus, 'publish'>;
  checkpoint: RelayCheckpoint;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'debug'>;
  batchSize?: number;
  /** With nothing to publish, look again this often anyway: other processes may append to the same log. */
  idlePollMs?: number;
  /** First wait after a failed publish; it doubles on each failure up to `retryMaxMs`. */
  retryMinMs?: number;
  retryMaxMs?: number;
}

export interface Relay {
  /** Something was appended: publish it soon. Never waits, so writes never wait on the bus. */
  notify(): void;
  /** Global position of the last event the bus acknowledged. */
  position(): number;
  /** Finishes the publish in flight, then stops. */
  stop(): Promise<void>;
}

/**
 * Publishes the event log to the bus in global order, from the stored checkpoint. The checkpoint moves only
 * after the bus acknowledges an event, so after any failure the relay starts again at the first unacknowledged
 * one; an event published twice carries the same message id, which the bus drops as a duplicate.
 */
export async function startRelay({
  store,
  bus,
  checkpoint,
  logger,
  batchSize = 100,
  idlePollMs = 1000,
  retryMinMs = 100,
  retryMaxMs = 5000,
}: RelayOptions): Promise<Relay> {
  let position = await checkpoint.load();
  let stopped = false;
  let notified = false;
  let wake: (() => void) | undefined;

  function pause(ms: number, wakeOnNotify: boolean): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      wake = wakeOnNotify
        ? done
        : () => {
            if (stopped) done();
          };
    });
  }

  async function publishPending(): Promise<number> {
    const batch = await store.readAll(position, batchSize);
    for (const event of batch) {
      if (stopped) break;
      await bus.publish(event);
      await checkpoint.save(event.position);
      position = event.position;
    }
    return batch.length;
  }

  async function run(): Promise<void> {
    let failures = 0;
    while (!stopped) {
      notified = false;
      try {
        const published = await publishPending();
        if (failures > 0) logger.info({ position, failures }, 'relay publishing again');
        failures = 0;
        if (published < batchSize && !notified) await pause(idlePollMs, true);
      } catch (error) {
        failures += 1;
        const retryInMs = Math.min(retryMaxMs, retryMinMs * 2 ** (failures - 1));
        // One warning per outage; the retries after it are routine until the bus returns.
        if (failures === 1)
          logger.warn({ err: error, position, retryInMs }, 'relay cannot publish; writes go on');
        else logger.debug({ position, failures, retryInMs }, 'relay still cannot publish');
        await pause(retryInMs, false);
      }
    }
  }

  logger.info({ position }, 'relay started');
  const running = run();

  return {
    notify() {
      notified = true;
      wake?.();
    },
    position: () => position,
    async stop() {
      stopped = true;
      wake?.();
      await running;
    },
  };
}
