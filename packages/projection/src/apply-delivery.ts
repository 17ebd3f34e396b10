import type { DeliveryBatch } from '@cull-log/bus';
import { sleep } from '@cull-log/contracts';
import type { ProjectionLogger } from './projection-logger';
import type { ApplyOutcome, ProjectionStore } from './projection-store';

export const DEFAULT_GAP_RETRY_DELAY_MS = 1000;

/**
 * Applies a batch of deliveries in one transaction. The ack comes only after the store has committed, so a
 * crash before it means a redelivery, which the version guard turns into no-ops.
 *
 * A gap (version n+2 while n is stored) means an earlier event of that stream has not arrived yet, e.g. it
 * timed out and is being redelivered behind this one. Skipping would lose it for good, applying would
 * apply changes out of order, so the events before the gap are acknowledged and the gap and everything
 * after it are asked again: redelivered later, after the missing one. That waits `gapRetryDelayMs` first,
 * because both buses redeliver at once.
 */
export async function applyDelivery(
  store: Pick<ProjectionStore, 'applyBatch'>,
  batch: DeliveryBatch,
  logger: Pick<ProjectionLogger, 'warn'>,
  gapRetryDelayMs = DEFAULT_GAP_RETRY_DELAY_MS,
): Promise<ApplyOutcome[]> {
  const outcomes = await store.applyBatch(batch.deliveries.map((delivery) => delivery.event));
  const gapAt = outcomes.indexOf('gap');
  const gap = batch.deliveries[gapAt];
  if (gap === undefined) {
    await batch.ack();
    return outcomes;
  }
  logger.warn(
    { streamId: gap.event.streamId, version: gap.event.version, deliveryCount: gap.deliveryCount },
    'event arrived before an earlier version of its stream; asked for redelivery',
  );
  await sleep(gapRetryDelayMs);
  await batch.ack(gapAt);
  return outcomes;
}
