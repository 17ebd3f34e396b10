import type { EventBus, Subscription } from '@cull-log/bus';
import { applyDelivery } from './apply-delivery';
import type { ProjectionLogger } from './projection-logger';
import type { ProjectionStore } from './projection-store';

export interface ProjectionOptions {
  /** The durable consumer's name; it also names the projection in log lines. */
  durableName: string;
  bus: EventBus;
  store: Pick<ProjectionStore, 'apply'>;
  logger: ProjectionLogger;
  /** Called after each event is committed (e.g. wakes requests waiting for a position in this process). */
  onApplied?: (position: number) => void;
  ackWaitMs?: number;
}

/** Subscribes the durable consumer and keeps the store up to date with the bus. */
export async function startProjection({
  durableName,
  bus,
  store,
  logger,
  onApplied,
  ackWaitMs,
}: ProjectionOptions): Promise<Subscription> {
  return bus.subscribe({
    durableName,
    ...(ackWaitMs !== undefined && { ackWaitMs }),
    handler: async (delivery) => {
      try {
        const outcome = await applyDelivery(store, delivery, logger);
        if (outcome !== 'gap') onApplied?.(delivery.event.position);
      } catch (error) {
        // Left unacknowledged, so the bus redelivers it; an event that can never be read stops here loudly.
        logger.error(
          { err: error, eventId: delivery.event.id },
          `could not apply event to the ${durableName} projection`,
        );
        throw error;
      }
    },
  });
}
