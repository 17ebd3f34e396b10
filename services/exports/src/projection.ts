import { z } from 'zod';
import { CullEvent, type StoredEvent } from '@cull-log/contracts';
import type { Delivery, EventBus, Subscription } from '@cull-log/bus';
import type { FastifyBaseLogger } from 'fastify';
import type { ApplyOutcome, ExportStore } from './store/export-store';

export const EXPORTS_DURABLE_NAME = 'exports';

const Position = z.number().int().min(1);

export const DEFAULT_GAP_RETRY_DELAY_MS = 1000;

/** Checks what arrives from the bus against the event schemas, keeping its global position. */
export function readStoredEvent(raw: unknown): StoredEvent {
  const event = CullEvent.parse(raw);
  return { ...event, position: Position.parse((raw as { position?: unknown }).position) };
}

export interface ExportProjectionOptions {
  bus: EventBus;
  store: ExportStore;
  logger: FastifyBaseLogger;
  ackWaitMs?: number;
}

/**
 * Applies one delivery. The ack comes only after the store has committed, so a crash before it means a
 * redelivery, which the version guard turns into a no-op.
 *
 * A gap (version n+2 while n is stored) means an earlier event of that stream has not arrived yet, e.g. it
 * timed out and is being redelivered behind this one. Skipping would lose it for good, applying would
 * apply changes out of order, so the event is nak'd: redelivered later, after the missing one. The nak
 * waits `gapRetryDelayMs` first, because both buses redeliver a nak'd event at once.
 */
export async function applyDelivery(
  store: ExportStore,
  delivery: Delivery,
  logger: FastifyBaseLogger,
  gapRetryDelayMs = DEFAULT_GAP_RETRY_DELAY_MS,
): Promise<ApplyOutcome> {
  const event = readStoredEvent(delivery.event);
  const outcome = await store.apply(event);
  if (outcome === 'gap') {
    logger.warn(
      { streamId: event.streamId, version: event.version, deliveryCount: delivery.deliveryCount },
      'event arrived before an earlier version of its stream; asked for redelivery',
    );
    await new Promise((resolve) => setTimeout(resolve, gapRetryDelayMs));
    await delivery.nak();
    return outcome;
  }
  await delivery.ack();
  return outcome;
}

/** Subscribes the durable 'exports' consumer and keeps the store up to date with the bus. */
export async function startExportProjection({
  bus,
  store,
  logger,
  ackWaitMs,
}: ExportProjectionOptions): Promise<Subscription> {
  return bus.subscribe({
    durableName: EXPORTS_DURABLE_NAME,
    ...(ackWaitMs !== undefined && { ackWaitMs }),
    handler: async (delivery) => {
      try {
        await applyDelivery(store, delivery, logger);
      } catch (error) {
        // Left unacknowledged, so the bus redelivers it; an event that can never be read stops here loudly.
        logger.error(
          { err: error, eventId: delivery.event.id },
          'could not apply event to the export projection',
        );
        throw error;
      }
    },
  });
}
