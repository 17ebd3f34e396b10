import type { EventBus, Subscription } from '@cull-log/bus';
import { applyDelivery } from './apply-delivery';
import type { ProjectionLogger } from './projection-logger';
import type { ProjectionStore } from './projection-store';

/** Events applied in one transaction at most: a catch-up's batches, big enough that a commit costs little per event. */
export const DEFAULT_MAX_BATCH_SIZE = 5000;

export interface ProjectionOptions {
  /** The durable consumer's name; it also names the projection in log lines. */
  durableName: string;
  bus: EventBus;
  store: Pick<ProjectionStore, 'applyBatch' | 'eraseUser'>;
  logger: ProjectionLogger;
  /**
   * Called after each batch is committed, with the position of its last event applied or already applied
   * (e.g. wakes requests waiting for a position in this process).
   */
  onApplied?: (position: number) => void;
  ackWaitMs?: number;
  maxBatchSize?: number;
}

/** Subscribes the durable consumer and keeps the store up to date with the bus, a batch at a time. */
export async function startProjection({
  durableName,
  bus,
  store,
  logger,
  onApplied,
  ackWaitMs,
  maxBatchSize = DEFAULT_MAX_BATCH_SIZE,
}: ProjectionOptions): Promise<Subscription> {
  return bus.subscribeBatches({
    durableName,
    maxBatchSize,
    ...(ackWaitMs !== undefined && { ackWaitMs }),
    // The notice comes after every event of the user the consumer was handed, so nothing of theirs is left behind.
    onUserErased: (erasure) => store.eraseUser(erasure.userId),
    handler: async (batch) => {
      try {
        const outcomes = await applyDelivery(store, batch, logger);
        const done = outcomes.filter((outcome) => outcome !== 'gap').length;
        const last = batch.deliveries[done - 1];
        if (last !== undefined) onApplied?.(last.event.position);
      } catch (error) {
        // Left unacknowledged, so the bus redelivers it; an event that can never be read stops here loudly.
        logger.error(
          { err: error, eventId: batch.deliveries[0]?.event.id, events: batch.deliveries.length },
          `could not apply events to the ${durableName} projection`,
        );
        throw error;
      }
    },
  });
}
