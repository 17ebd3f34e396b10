import type { EventStore } from '@cull-log/eventstore';
import type { ProjectionStore } from './projection-store';

export interface RebuildResult {
  events: number;
  position: number;
}

/**
 * Clears the projection and applies the whole event log again, in log order. A consumer still running
 * meanwhile is harmless: the version guard makes its events either duplicates or gaps it will retry.
 */
export async function rebuildProjection({
  store,
  eventLog,
  batchSize = 1000,
}: {
  store: Pick<ProjectionStore, 'apply' | 'clear'>;
  eventLog: Pick<EventStore, 'readAll'>;
  batchSize?: number;
}): Promise<RebuildResult> {
  await store.clear();
  let position = 0;
  let events = 0;
  for (;;) {
    const batch = await eventLog.readAll(position, batchSize);
    if (batch.length === 0) return { events, position };
    for (const event of batch) {
      if ((await store.apply(event)) === 'gap') {
        throw new Error(
          `The event log skips a version of stream ${event.streamId} before position ${event.position}`,
        );
      }
      events += 1;
      position = event.position;
    }
  }
}
