import { randomUUID } from 'node:crypto';
import { EVENT_TYPES, type CullAmended, type CullDeleted, type CullRecorded } from '@cull-log/contracts';

function envelope(streamId: string, version: number, userId: string) {
  return {
    id: randomUUID(),
    streamId,
    version,
    userId,
    occurredAt: new Date(Date.UTC(2025, 10, 1, 6, 30, version)).toISOString(),
    meta: { correlationId: randomUUID() },
  };
}

/** A `cull.recorded.v1` event with every optional field filled, so a round trip checks them all. */
export function cullRecordedEvent(streamId: string, userId = 'user-1'): CullRecorded {
  return {
    ...envelope(streamId, 1, userId),
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
      grid_ref: 'SU 123 456',
      latitude: 51.4567,
      longitude: -1.2345,
      weight: 17.5,
      condition_notes: 'Clean, "no" damage; commas, quotes',
      antler_points: 6,
      antler_condition: 'Good',
      shot_distance: '120 m',
      notes: 'Line one\nLine two — ünïcode',
    },
  };
}

/** A `cull.amended.v1` event changing one field and clearing another. */
export function cullAmendedEvent(streamId: string, version: number, userId = 'user-1'): CullAmended {
  return {
    ...envelope(streamId, version, userId),
    type: EVENT_TYPES.amended,
    data: { changes: { weight: 18 + version, notes: null } },
  };
}

export function cullDeletedEvent(streamId: string, version: number, userId = 'user-1'): CullDeleted {
  return { ...envelope(streamId, version, userId), type: EVENT_TYPES.deleted, data: {} };
}
