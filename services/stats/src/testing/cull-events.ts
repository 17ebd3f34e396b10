import { randomUUID } from 'node:crypto';
import { EVENT_TYPES, type CullChanges, type CullFields, type StoredEvent } from '@cull-log/contracts';

export const sampleFields: CullFields = {
  date: '2026-05-14',
  time: '06:00',
  location_name: 'Home Wood',
  species: 'Roe Deer',
  sex: 'Male',
  age_estimate: 'Adult',
  condition: 'Good',
  shot_placement: 'Heart/Lung',
  antlers_present: true,
  weight: 18.5,
};

/** Builds a consistent event log for tests: versions per stream and global positions count up. */
export function createEventLog(start = new Date('2026-05-14T08:00:00Z')) {
  let position = 0;
  let clock = start.getTime();
  const versions = new Map<string, number>();
  const events: StoredEvent[] = [];

  function next(streamId: string, userId: string) {
    const version = (versions.get(streamId) ?? 0) + 1;
    versions.set(streamId, version);
    position += 1;
    clock += 1000;
    return {
      id: randomUUID(),
      streamId,
      version,
      userId,
      occurredAt: new Date(clock).toISOString(),
      meta: { correlationId: randomUUID() },
      position,
    };
  }

  function keep<E extends StoredEvent>(event: E): E {
    events.push(event);
    return event;
  }

  return {
    events,
    recorded(userId: string, fields: Partial<CullFields> = {}, streamId: string = randomUUID()) {
      return keep({
        ...next(streamId, userId),
        type: EVENT_TYPES.recorded,
        data: { ...sampleFields, ...fields },
      });
    },
    amended(userId: string, streamId: string, changes: CullChanges) {
      return keep({ ...next(streamId, userId), type: EVENT_TYPES.amended, data: { changes } });
    },
    deleted(userId: string, streamId: string) {
      return keep({ ...next(streamId, userId), type: EVENT_TYPES.deleted, data: {} });
    },
  };
}
