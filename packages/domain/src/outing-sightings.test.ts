import { describe, expect, it } from 'vitest';
import {
  MANAGEMENT_EVENT_TYPES as T,
  parseLogEvent,
  type CommandMeta,
  type OutingEvent,
  type OutingSightingItem,
} from '@cull-log/contracts';
import { foldStream, type Decision } from './decider';
import { outingDecider, type OutingCommand, type OutingState } from './outing-decider';

const OUTING = '7b0c7f8e-9b1d-4c2e-8f3a-1b2c3d4e5f61';
const GROUND = '6a0c7f8e-9b1d-4c2e-8f3a-1b2c3d4e5f60';
const meta = (n = 1, userId = 'alice'): CommandMeta => ({
  userId,
  eventId: `event-${n}`,
  occurredAt: `2026-11-0${n}T06:00:00.000Z`,
  correlationId: `request-${n}`,
});
const doe = { species: 'Roe Deer', sex: 'Female', age_class: 'Adult', count: 2 } as const;
const kid = { species: 'Roe Deer', sex: 'Unknown', age_class: 'Young', count: 1 } as const;

function decided(decision: Decision<OutingEvent, { code: string }>): OutingEvent[] {
  if (!decision.ok) throw new Error(`refused: ${decision.error.code}`);
  return decision.events;
}
const fold = (events: readonly OutingEvent[]) => foldStream(outingDecider, events);
const live = (state: OutingState) => {
  if (state.status !== 'active') throw new Error(state.status);
  return state;
};
const start = (extra: Partial<Extract<OutingCommand, { type: 'StartOuting' }>> = {}): OutingCommand => ({
  type: 'StartOuting',
  outingId: OUTING,
  groundId: GROUND,
  startedAt: '2026-11-01T06:00:00.000Z',
  endedAt: '2026-11-01T09:00:00.000Z',
  meta: meta(),
  ...extra,
});

describe('an outing’s people and sightings', () => {
  it('an outing of one with nothing said of sightings writes its start alone: one out, none recorded', () => {
    const events = decided(outingDecider.decide(start(), fold([])));
    expect(events.map((event) => event.type)).toEqual([T.outingStarted]);
    expect(live(fold(events))).toMatchObject({ hunters: 1, sightings: null });
  });

  it('a party of three that saw deer writes its people and sightings after the start, each a version on', () => {
    const events = decided(outingDecider.decide(start({ hunters: 3, sightings: [doe, kid] }), fold([])));
    expect(events.map((event) => [event.type, event.version, event.id])).toEqual([
      [T.outingStarted, 1, 'event-1'],
      [T.outingHuntersChanged, 2, 'event-1-1'],
      [T.outingSightingsRecorded, 3, 'event-1-2'],
    ]);
    for (const event of events) expect(parseLogEvent(event)).toEqual(event);
    expect(live(fold(events))).toMatchObject({ hunters: 3, sightings: [doe, kid], version: 3 });
  });

  it('a blank outing records that nothing was seen: an empty list, not none recorded', () => {
    const events = decided(outingDecider.decide(start({ sightings: [] }), fold([])));
    expect(events.map((event) => event.type)).toEqual([T.outingStarted, T.outingSightingsRecorded]);
    expect(live(fold(events)).sightings).toEqual([]);
  });

  it('the same start sent again writes nothing; a different one on the same id is refused', () => {
    const command = start({ hunters: 2, sightings: [doe] });
    const state = fold(decided(outingDecider.decide(command, fold([]))));
    expect(outingDecider.decide(command, state)).toEqual({ ok: true, events: [] });
    expect(outingDecider.decide(start({ hunters: 2, sightings: [kid] }), state)).toEqual({
      ok: false,
      error: { code: 'already_exists' },
    });
  });

  it('a change replaces the people and the sightings whole, writing only what differs', () => {
    const history = decided(outingDecider.decide(start({ sightings: [doe] }), fold([])));
    const amend = (changes: Extract<OutingCommand, { type: 'AmendOuting' }>['changes'], n: number) =>
      decided(
        outingDecider.decide(
          { type: 'AmendOuting', outingId: OUTING, changes, meta: meta(n) },
          fold(history),
        ),
      );
    expect(amend({ hunters: 1, sightings: [doe] }, 2)).toEqual([]);
    const changed = amend({ notes: 'Wind from the west', hunters: 2, sightings: [doe, kid] }, 3);
    expect(changed.map((event) => [event.type, event.version])).toEqual([
      [T.outingAmended, 3],
      [T.outingHuntersChanged, 4],
      [T.outingSightingsRecorded, 5],
    ]);
    expect(live(fold([...history, ...changed]))).toMatchObject({
      notes: 'Wind from the west',
      hunters: 2,
      sightings: [doe, kid],
      version: 5,
    });
    expect(amend({ sightings: [] }, 4).map((event) => event.data)).toEqual([{ sightings: [] }]);
  });

  it('ending an outing and giving its sightings at once writes outing.ended, then the sightings', () => {
    const history = decided(outingDecider.decide(start({ endedAt: undefined }), fold([])));
    const events = decided(
      outingDecider.decide(
        {
          type: 'AmendOuting',
          outingId: OUTING,
          changes: { ended_at: '2026-11-01T09:00:00.000Z', sightings: [doe] },
          meta: meta(2),
        },
        fold(history),
      ),
    );
    expect(events.map((event) => event.type)).toEqual([T.outingEnded, T.outingSightingsRecorded]);
  });

  it('another user’s outing is not found, whatever the change', () => {
    const history = decided(outingDecider.decide(start(), fold([])));
    expect(
      outingDecider.decide(
        { type: 'AmendOuting', outingId: OUTING, changes: { hunters: 4 }, meta: meta(2, 'bob') },
        fold(history),
      ),
    ).toEqual({ ok: false, error: { code: 'not_found' } });
  });

  it('a line seen at a marked place is written with it as outing.sightings_recorded.v2; a place moved or cleared is a change', () => {
    const topRide = { latitude: 52.5108, longitude: -1.9713 };
    const placed = { ...doe, place: topRide };
    const command = start({ sightings: [placed, kid] });
    const events = decided(outingDecider.decide(command, fold([])));
    expect(events.at(-1)).toMatchObject({
      type: 'outing.sightings_recorded.v2',
      data: { sightings: [placed, kid] },
    });
    for (const event of events) expect(parseLogEvent(event)).toEqual(event);
    const state = fold(events);
    expect(live(state).sightings).toEqual([placed, kid]);
    // Sent again from the phone: nothing more.
    expect(outingDecider.decide(command, state)).toEqual({ ok: true, events: [] });
    const amend = (sightings: OutingSightingItem[]) =>
      decided(
        outingDecider.decide(
          { type: 'AmendOuting', outingId: OUTING, changes: { sightings }, meta: meta(2) },
          state,
        ),
      );
    expect(amend([placed, kid])).toEqual([]);
    expect(amend([doe, kid]).map((event) => event.data)).toEqual([{ sightings: [doe, kid] }]);
    const moved = { ...doe, place: { latitude: 52.5121, longitude: -1.9688 } };
    expect(amend([moved, kid]).map((event) => event.data)).toEqual([{ sightings: [moved, kid] }]);
  });
});
