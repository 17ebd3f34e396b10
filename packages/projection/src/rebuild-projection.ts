import type { EventStore } from '@cull-log/eventstore';
import type { ProjectionStore } from './projection-store';

export interface RebuildResult {
  events: number;
  position: number;
}

/**
 * Clears the projection and applies the whole event log again, in log order, a page of the log per
 * transaction. A consumer still running meanwhile is harmless: the version guard makes its events either
 * duplicates or gaps it will retry.
 */
export async function rebuildProjection({
  store,
  eventLog,
  batchSize = 5000,
}: {
  store: Pick<ProjectionStore, 'applyBatch' | 'clear'>;
  eventLog: Pick<EventStore, 'readAll'>;
  batchSize?: number;
}): Promise<RebuildResult> {
  await store.clear();
  let position = 0;
  let events = 0;
  for (;;) {
    const batch = await eventLog.readAll(position, batchSize);
    if (batch.length === 0) return { events, position };
    const outcomes = await store.applyBatch(batch);
    const gap = batch[outcomes.indexOf('gap')];
    if (gap !== undefined) {
      throw new Error(
        `The event log skips a version of stream ${gap.streamId} before position ${gap.position}`,
      );
    }
    events += batch.length;
    position = batch[batch.length - 1]!.position;
  }
}
