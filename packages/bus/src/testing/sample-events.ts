import { randomUUID } from 'node:crypto';
import { EVENT_TYPES, type CullEvent } from '@cull-log/contracts';

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
  const envelope = {
    id: randomUUID(),
    streamId,
    version,
    userId,
    occurredAt: new Date(Date.UTC(2025, 10, 1, 6, 30, version)).toISOString(),
    meta: { correlationId: randomUUID() },
  };
  if (version > 1) {
    return {
      ...envelope,
      type: EVENT_TYPES.amended,
      data: { changes: { weight: 17 + version, notes: null } },
    };
  }
  return {
    ...envelope,
    type: EVENT_TYPES.recorded,
    data: {
      date: '2025-11-01',
      time: '06:30',
      location_name: 'Hanging Wood, north ride',
      species: 'Roe Deer',
      sex: 'Male',
      age_estimate: 'Adult',
      condition: 'Good',
      shot_placement: 'Heart/Lung',
      antlers_present: true,
      weight: 17.5,
      antler_points: 6,
      notes: 'Line one\nLine two',
    },
  };
}
