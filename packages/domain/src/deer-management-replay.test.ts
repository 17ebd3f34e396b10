import { describe, expect, it } from 'vitest';
import {
  busSubject,
  parseLogEvent,
  type CountEvent,
  type LogEvent,
  type OutingEvent,
} from '@cull-log/contracts';
import { DEER_MANAGEMENT_LOG_V1 } from '@cull-log/contracts/testing';
import { countDecider, toCount } from './count-decider';
import { foldStream } from './decider';
import { outingDecider } from './outing-decider';

const USER = '108234567890123456789';
const GROUND = '7a6b5c4d-0000-4000-8000-0000000000a1';
const OUTING = '7a6b5c4d-0000-4000-8000-0000000000b1';
const BLANK = '7a6b5c4d-0000-4000-8000-0000000000b2';
const VANTAGE = '7a6b5c4d-0000-4000-8000-0000000000c1';
const DUNG = '7a6b5c4d-0000-4000-8000-0000000000c2';
const DROPPED = '7a6b5c4d-0000-4000-8000-0000000000c3';

describe('sightings and counts written by the first version of deer management', () => {
  const events = DEER_MANAGEMENT_LOG_V1.events.map((event) => parseLogEvent(event));
  const stream = <E extends LogEvent>(id: string) => events.filter((event) => event.streamId === id) as E[];

  it('read back event for event, each on its own subject', () => {
    // outing.sightings_recorded.v1 is read as v2, its data as written.
    expect(events).toEqual(
      DEER_MANAGEMENT_LOG_V1.events.map((event) =>
        event.type === 'outing.sightings_recorded.v1'
          ? { ...event, type: 'outing.sightings_recorded.v2' }
          : event,
      ),
    );
    expect(events.map((event) => busSubject(event).replace(`culls.v1.${USER}.`, ''))).toEqual([
      'outing_started',
      'outing_hunters_changed',
      'outing_sightings_recorded',
      'outing_amended',
      'outing_hunters_changed',
      'outing_sightings_recorded',
      'outing_started',
      'outing_sightings_recorded',
      'count_recorded',
      'count_amended',
      'count_recorded',
      'count_recorded',
      'count_deleted',
    ]);
  });

  it('replay to the same outings: three out who saw two does and a kid, and a blank outing that saw nothing', () => {
    expect(foldStream(outingDecider, stream<OutingEvent>(OUTING))).toEqual({
      status: 'active',
      version: 6,
      ownerId: USER,
      groundId: GROUND,
      startedAt: '2026-11-03T06:00:00.000Z',
      endedAt: '2026-11-03T09:00:00.000Z',
      notes: 'Two does and a kid at the top ride',
      hunters: 3,
      sightings: [
        { species: 'Roe Deer', sex: 'Female', age_class: 'Adult', count: 2 },
        { species: 'Roe Deer', sex: 'Unknown', age_class: 'Young', count: 1 },
      ],
      createdAt: '2026-11-03T09:05:00.000Z',
      updatedAt: '2026-11-03T09:10:00.000Z',
    });
    expect(foldStream(outingDecider, stream<OutingEvent>(BLANK))).toMatchObject({
      version: 2,
      hunters: 1,
      sightings: [],
    });
  });

  it('replay to the same counts: the amended vantage-point count, the dung count worked out, the deleted one gone', () => {
    const count = (id: string, areaKm2?: number) =>
      toCount(foldStream(countDecider, stream<CountEvent>(id)), id, areaKm2);
    expect(count(VANTAGE, 2.4)).toEqual({
      id: VANTAGE,
      ground_id: GROUND,
      date: '2027-03-20',
      method: 'vantage_point',
      items: [
        { species: 'Roe Deer', sex: 'Male', age_class: 'Adult', count: 3 },
        { species: 'Roe Deer', sex: 'Female', age_class: 'Adult', count: 6 },
        { species: 'Roe Deer', sex: 'Unknown', age_class: 'Young', count: 1 },
      ],
      notes: null,
      dung: null,
      version: 2,
      created_at: '2027-03-20T10:00:00.000Z',
      updated_at: '2027-03-20T12:00:00.000Z',
    });
    expect(count(DUNG, 2.4)).toMatchObject({
      method: 'dung',
      items: [{ species: 'Fallow Deer', sex: 'Unknown', age_class: 'Unknown', count: 120 }],
      dung: { species: 'Fallow Deer', deer_per_hectare: 0.5, deer_per_km2: 50 },
    });
    expect(count(DROPPED, 2.4)).toBeUndefined();
  });
});
