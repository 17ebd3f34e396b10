import { randomUUID } from 'node:crypto';
import type { CullEvent } from '@cull-log/contracts';
import { cullAmendedEvent, cullRecordedEvent } from '@cull-log/eventstore/testing';

export interface SampleEventOptions {
  streamId?: string;
  version?: number;
  userId?: string;
}

/**
 * A valid event for bus tests: version 1 records a cull, later versions amend it.
 * Each call has a new event id.
 */
export function sampleCullEvent({
  streamId = randomUUID(),
  version = 1,
  userId = 'user-1',
}: SampleEventOptions = {}): CullEvent {
  return version > 1 ? cullAmendedEvent(streamId, version, userId) : cullRecordedEvent(streamId, userId);
}
