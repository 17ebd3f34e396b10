import type { Subscription } from '@cull-log/bus';
import { startProjection, type ProjectionOptions } from '@cull-log/projection';

export const STATS_DURABLE_NAME = 'stats';

/** Subscribes the durable 'stats' consumer and keeps the store up to date with the bus. */
export function startStatsProjection(options: Omit<ProjectionOptions, 'durableName'>): Promise<Subscription> {
  return startProjection({ ...options, durableName: STATS_DURABLE_NAME });
}
