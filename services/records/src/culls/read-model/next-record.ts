import type { Cull, CullStreamEvent } from '@cull-log/contracts';
import { applyEventToCull } from '@cull-log/domain';
import { expectNext } from '../../read-model/stream-state';

/**
 * The record `event` moves `current` on to, undefined once it is deleted. A record's events reach its read model
 * once each and in order, so any version but the next, a redelivery included, throws and the append rolls back.
 */
export function nextRecord(current: Cull | undefined, event: CullStreamEvent): Cull | undefined {
  expectNext(event.streamId, current?.version ?? 0, event.version);
  return applyEventToCull(current, event);
}
