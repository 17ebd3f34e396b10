import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '@cull-log/bus';
import type { EventStore } from '@cull-log/eventstore';
import { createWakeSignal, retryWithBackoff, type Checkpoints } from '@cull-log/storage-kit';

/** Where the relay keeps its position: the table (SQLite) or collection (MongoDB), and its name there. */
export const RELAY_CHECKPOINT = { table: 'relay_checkpoint', name: 'bus' } as const;

export interface RelayOptions {
  store: Pick<EventStore, 'readAll'>;
  bus: Pick<EventBus, 'publish'>;
  /** On the event store's own database, so the position lives beside the log it points into. */
  checkpoints: Checkpoints;
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
  /**
   * Runs `work` between two publishing rounds: none is under way while it runs. An erasure runs so, lest a
   * round that read the user's events before they left the log publish them after the bus has forgotten them.
   */
  whilePaused<T>(work: () => Promise<T>): Promise<T>;
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
  checkpoints,
  logger,
  batchSize = 100,
  idlePollMs = 1000,
  retryMinMs = 100,
  retryMaxMs = 5000,
}: RelayOptions): Promise<Relay> {
  let position = await checkpoints.load(RELAY_CHECKPOINT.name);
  const stopping = new AbortController();
  const appended = createWakeSignal();
  /** The publishing round or paused work under way; each waits for the one before. */
  let turn: Promise<unknown> = Promise.resolve();
  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const next = turn.then(work, work);
    turn = next.catch(() => undefined);
    return next;
  }

  async function publishRound(): Promise<number> {
    const batch = await store.readAll(position, batchSize);
    for (const event of batch) {
      if (stopping.signal.aborted) break;
      await bus.publish(event);
      await checkpoints.save(RELAY_CHECKPOINT.name, event.position);
      position = event.position;
    }
    return batch.length;
  }

  async function run(): Promise<void> {
    let failures = 0;
    while (!stopping.signal.aborted) {
      const published = await retryWithBackoff(() => exclusive(publishRound), {
        initialMs: retryMinMs,
        maxMs: retryMaxMs,
        signal: stopping.signal,
        onFailure(error, failuresInRow, retryInMs) {
          failures = failuresInRow;
          // One warning per outage; the retries after it are routine until the bus returns.
          if (failures === 1)
            logger.warn({ err: error, position, retryInMs }, 'relay cannot publish; writes go on');
          else logger.debug({ position, failures, retryInMs }, 'relay still cannot publish');
        },
      });
      if (published === undefined) return;
      if (failures > 0) logger.info({ position, failures }, 'relay publishing again');
      failures = 0;
      // A full batch means more may be waiting: read again at once rather than sleep.
      if (published < batchSize) await appended.sleep(idlePollMs, stopping.signal);
    }
  }

  logger.info({ position }, 'relay started');
  const running = run();

  return {
    notify: () => appended.wake(),
    position: () => position,
    whilePaused: exclusive,
    async stop() {
      stopping.abort();
      await running;
    },
  };
}
