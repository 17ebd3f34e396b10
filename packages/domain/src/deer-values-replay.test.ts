import { describe, expect, it } from 'vitest';
import { busSubject, parseLogEvent } from '@cull-log/contracts';
import { DEER_VALUES_LOG_V1 } from '@cull-log/contracts/testing';
import { foldStream } from './decider';
import { settingsDecider, type SettingsEvent } from './settings-plans';

const USER = '108234567890123456789';
const HOME_WOOD = '7a6b5c4d-0000-4000-8000-0000000000a1';
const HIGH_PARK = '7a6b5c4d-0000-4000-8000-0000000000a2';

describe('deer-management values saved by their first version', () => {
  const events = DEER_VALUES_LOG_V1.events.map((event) => parseLogEvent(event));

  it('read back event for event, each on its own subject', () => {
    expect(events).toEqual(DEER_VALUES_LOG_V1.events);
    expect(events.map((event) => busSubject(event).replace(`culls.v1.${USER}.`, ''))).toEqual([
      'settings_changed',
      'settings_deer_values_saved',
      'settings_deer_values_saved',
      'settings_deer_values_saved',
    ]);
  });

  it("replay to the same settings: the season's start, and each ground's values as last saved", () => {
    expect(foldStream(settingsDecider, events as SettingsEvent[])).toEqual({
      version: 4,
      seasonStart: '08-01',
      deerValues: {
        [HOME_WOOD]: { species: [{ species: 'Roe Deer', target_density: 5, female_share: 55 }], seasons: 2 },
        [HIGH_PARK]: {
          species: [
            { species: 'Fallow Deer', target_density: 10, recruitment: 25, female_share: 60 },
            { species: 'Muntjac', recruitment: 35 },
          ],
        },
      },
    });
  });

  it('the same values saved again, or none for a ground with none, write nothing; other values replace the ground’s whole', () => {
    const state = foldStream(settingsDecider, events as SettingsEvent[]);
    const meta = {
      userId: USER,
      eventId: '5e1d0000-0000-4000-8000-000000000105',
      occurredAt: '2027-04-01T10:00:00.000Z',
      correlationId: 'req-5',
    };
    const same = settingsDecider.decide(
      {
        type: 'SaveDeerValues',
        streamId: events[0]!.streamId,
        groundId: HIGH_PARK,
        values: state.deerValues[HIGH_PARK]!,
        meta,
      },
      state,
    );
    expect(same).toEqual({ ok: true, events: [] });
    // Nothing to save for a ground with nothing saved: nothing written.
    const nothing = settingsDecider.decide(
      {
        type: 'SaveDeerValues',
        streamId: events[0]!.streamId,
        groundId: '7a6b5c4d-0000-4000-8000-0000000000a3',
        values: { species: [] },
        meta,
      },
      state,
    );
    expect(nothing).toEqual({ ok: true, events: [] });
    const changed = settingsDecider.decide(
      {
        type: 'SaveDeerValues',
        streamId: events[0]!.streamId,
        groundId: HIGH_PARK,
        values: { species: [{ species: 'Fallow Deer', target_density: 8 }] },
        meta,
      },
      state,
    );
    expect(changed).toMatchObject({
      ok: true,
      events: [
        {
          type: 'settings.deer_values_saved.v1',
          version: 5,
          data: { ground_id: HIGH_PARK, species: [{ species: 'Fallow Deer', target_density: 8 }] },
        },
      ],
    });
  });
});
