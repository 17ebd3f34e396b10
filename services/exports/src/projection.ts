import type { Subscription } from '@cull-log/bus';
import { startProjection, type ProjectionOptions } from '@cull-log/projection';

export const EXPORTS_DURABLE_NAME = 'exports';

/** Subscribes the durable 'exports' consumer and keeps the store up to date with the bus. */
export function startExportProjection(
  options: Omit<ProjectionOptions, 'durableName' | 'onApplied'>,
): Promise<Subscription> {
  return startProjection({ ...options, durableName: EXPORTS_DURABLE_NAME });
}
