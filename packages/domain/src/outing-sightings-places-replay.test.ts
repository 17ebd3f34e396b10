import { describe, expect, it } from 'vitest';
import { busSubject, parseLogEvent, type OutingEvent } from '@cull-log/contracts';
import { OUTING_SIGHTINGS_LOG_V2 } from '@cull-log/contracts/testing';
import { foldStream } from './decider';
import { outingDecider, toOuting } from './outing-decider';

const USER = '108234567890123456789';
const PLACED = '7a6b5c4d-0000-4000-8000-0000000000d1';
const UNPLACED = '7a6b5c4d-0000-4000-8000-0000000000d2';

describe('sightings written before and after places (outing.sightings_recorded v1 and v2)', () => {
  const events = OUTING_SIGHTINGS_LOG_V2.events.map((event) => parseLogEvent(event));
  const stream = (id: string) => events.filter((event) => event.streamId === id) as OutingEvent[];

  it('read every version as v2, the data as written, on the one subject', () => {
    expect(events).toEqual(
      OUTING_SIGHTINGS_LOG_V2.events.map((event) =>
        event.type === 'outing.sightings_recorded.v1'
          ? { ...event, type: 'outing.sightings_recorded.v2' }
          : event,
      ),
    );
    expect(new Set(events.map((event) => busSubject(event)))).toEqual(
      new Set([`culls.v1.${USER}.outing_started`, `culls.v1.${USER}.outing_sightings_recorded`]),
    );
  });

  it('replay a v1 outing to the lines it had, without places', () => {
    expect(toOuting(foldStream(outingDecider, stream(UNPLACED)), UNPLACED, 0)?.sightings).toEqual([
      { species: 'Fallow Deer', sex: 'Male', age_class: 'Young', count: 1 },
    ]);
  });

  it('replay an outing set by v1 then v2 to the v2 lines, the doe with its place', () => {
    const state = foldStream(outingDecider, stream(PLACED));
    expect(state).toMatchObject({ status: 'active', version: 3, updatedAt: '2026-11-13T19:00:00.000Z' });
    expect(toOuting(state, PLACED, 0)?.sightings).toEqual([
      {
        species: 'Roe Deer',
        sex: 'Female',
        age_class: 'Adult',
        count: 2,
        place: { latitude: 52.5108, longitude: -1.9713 },
      },
      { species: 'Roe Deer', sex: 'Unknown', age_class: 'Young', count: 1 },
    ]);
  });
});
