import type { Delivery } from '@cull-log/bus';
import { sleep } from '@cull-log/contracts';
import type { ProjectionLogger } from './projection-logger';
import type { ApplyOutcome, ProjectionStore } from './projection-store';

export const DEFAULT_GAP_RETRY_DELAY_MS = 1000;

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
  store: Pick<ProjectionStore, 'apply'>,
  delivery: Delivery,
  logger: Pick<ProjectionLogger, 'warn'>,
  gapRetryDelayMs = DEFAULT_GAP_RETRY_DELAY_MS,
): Promise<ApplyOutcome> {
  const { event } = delivery;
  const outcome = await store.apply(event);
  if (outcome === 'gap') {
    logger.warn(
      { streamId: event.streamId, version: event.version, deliveryCount: delivery.deliveryCount },
      'event arrived before an earlier version of its stream; asked for redelivery',
    );
    await sleep(gapRetryDelayMs);
    await delivery.nak();
    return outcome;
  }
  await delivery.ack();
  return outcome;
}
