import { describe, expect, it } from 'vitest';
import {
  ALL_EVENT_TYPES,
  BUS_STREAM,
  COUNT_EVENT_TYPES,
  CullEvent,
  EVENT_TYPES,
  EventContractError,
  LEGACY_EVENT_TYPES,
  MANAGEMENT_EVENT_TYPES,
  busSubject,
  eventShortName,
  isCullEvent,
  isCullStreamEvent,
  parseCullEvent,
  parseLogEvent,
  parseStoredEvent,
} from './index';
import { sampleCullFields } from './testing';

const envelope = {
  id: 'e1',
  streamId: '0b8f8e8e-5d3a-4a55-9a77-6a1c2f3e4d5b',
  version: 1,
  userId: 'u1',
  occurredAt: '2026-11-03T07:00:00.000Z',
  meta: { correlationId: 'r1' },
};
const fields = sampleCullFields();

describe('CullEvent', () => {
  it('parses each versioned event type by its discriminator', () => {
    const recorded = { ...envelope, type: EVENT_TYPES.recorded, data: fields };
    const amended = {
      ...envelope,
      version: 2,
      type: EVENT_TYPES.amended,
      data: { changes: { weight: null } },
    };
    const deleted = { ...envelope, version: 3, type: EVENT_TYPES.deleted, data: {} };
    expect(CullEvent.parse(recorded)).toEqual(recorded);
    expect(CullEvent.parse(amended)).toEqual(amended);
    expect(CullEvent.parse(deleted)).toEqual(deleted);
  });

  it('rejects an unknown type, a version below 1, and a non-ISO occurredAt', () => {
    expect(CullEvent.safeParse({ ...envelope, type: 'cull.recorded.v0', data: fields }).success).toBe(false);
    expect(
      CullEvent.safeParse({ ...envelope, version: 0, type: EVENT_TYPES.deleted, data: {} }).success,
    ).toBe(false);
    expect(
      CullEvent.safeParse({ ...envelope, occurredAt: 'yesterday', type: EVENT_TYPES.deleted, data: {} })
        .success,
    ).toBe(false);
  });

  it('rejects a recorded event whose data breaks the field rules', () => {
    const data = { ...fields, weight: 5000 };
    expect(CullEvent.safeParse({ ...envelope, type: EVENT_TYPES.recorded, data }).success).toBe(false);
  });
});

describe('event versions', () => {
  it('upcasts a v1 recorded or amended event to v2 on parsing, keeping its id and data', () => {
    const recorded = { ...envelope, type: LEGACY_EVENT_TYPES.recordedV1, data: fields };
    const amended = {
      ...envelope,
      version: 2,
      type: LEGACY_EVENT_TYPES.amendedV1,
      data: { changes: { weight: null, notes: 'x' } },
    };
    expect(parseCullEvent(recorded)).toEqual({ ...recorded, type: EVENT_TYPES.recorded });
    expect(parseCullEvent(amended)).toEqual({ ...amended, type: EVENT_TYPES.amended });
  });

  it('upcasts a v1 event read off the bus wire, keeping its position', () => {
    const recorded = { ...envelope, type: LEGACY_EVENT_TYPES.recordedV1, data: fields };
    expect(parseStoredEvent(recorded, 7)).toEqual({ ...recorded, type: EVENT_TYPES.recorded, position: 7 });
  });

  it('reads the carcass fields in v2 events only: v1 data never carried them', () => {
    const data = { ...fields, carcass_tag: 'T1', calibre: { name: '.243 Win' } };
    expect(parseCullEvent({ ...envelope, type: EVENT_TYPES.recorded, data }).data).toEqual(data);
    expect(parseCullEvent({ ...envelope, type: LEGACY_EVENT_TYPES.recordedV1, data }).data).toEqual(fields);
  });

  it('refuses a v2 event whose carcass fields break the rules', () => {
    const data = { ...fields, inspection: { examined_by: 'Jo' } };
    expect(() => parseCullEvent({ ...envelope, type: EVENT_TYPES.recorded, data })).toThrow(
      /data\.inspection\.abnormal_behaviour/,
    );
  });

  it('puts every version of an event on the same subject', () => {
    expect(busSubject({ type: LEGACY_EVENT_TYPES.recordedV1, userId: 'u1' })).toBe('culls.v1.u1.recorded');
    expect(busSubject({ type: EVENT_TYPES.recorded, userId: 'u1' })).toBe('culls.v1.u1.recorded');
    expect(busSubject({ type: LEGACY_EVENT_TYPES.amendedV1, userId: 'u1' })).toBe('culls.v1.u1.amended');
  });
});

describe('bus naming', () => {
  it('names subjects culls.v1.<userId>.<recorded|amended|deleted> on stream CULLS', () => {
    expect(BUS_STREAM).toBe('CULLS');
    expect(busSubject({ type: EVENT_TYPES.recorded, userId: 'u1' })).toBe('culls.v1.u1.recorded');
    expect(busSubject({ type: EVENT_TYPES.amended, userId: 'u1' })).toBe('culls.v1.u1.amended');
    expect(busSubject({ type: EVENT_TYPES.deleted, userId: 'u2' })).toBe('culls.v1.u2.deleted');
  });

  it('keeps a user id with subject wildcards or dots in one token', () => {
    const subject = busSubject({ type: EVENT_TYPES.recorded, userId: 'dev:jo.bloggs@example.org *>' });
    expect(subject.split('.')).toHaveLength(4);
    expect(subject).toMatch(/^culls\.v1\.~[0-9a-f]+\.recorded$/);
  });

  it('refuses to name an unknown event type', () => {
    expect(() => eventShortName('cull.archived.v1' as never)).toThrow('Unknown event type');
  });
});

describe('photo events', () => {
  const photo = {
    id: 'a'.repeat(32),
    content_type: 'image/jpeg',
    size: 123_456,
    sha256: 'a'.repeat(64),
    width: 2048,
    height: 1536,
  };

  it('parse with what the photo is, and go on their own subjects', () => {
    const added = { ...envelope, version: 2, type: EVENT_TYPES.photoAdded, data: photo };
    const removed = { ...envelope, version: 3, type: EVENT_TYPES.photoRemoved, data: { photo_id: photo.id } };
    expect(parseCullEvent(added)).toEqual(added);
    expect(parseCullEvent(removed)).toEqual(removed);
    expect(busSubject(added)).toBe('culls.v1.u1.photo_added');
    expect(busSubject(removed)).toBe('culls.v1.u1.photo_removed');
  });

  it('refuse bytes, an unknown image type, or a photo id that is not one', () => {
    const added = (data: object) => ({ ...envelope, version: 2, type: EVENT_TYPES.photoAdded, data });
    expect(() => parseCullEvent(added({ ...photo, bytes: 'AAAA' }))).toThrow(/bytes/);
    expect(() => parseCullEvent(added({ ...photo, content_type: 'image/gif' }))).toThrow(/content_type/);
    expect(() =>
      parseCullEvent({ ...envelope, type: EVENT_TYPES.photoRemoved, data: { photo_id: '../x' } }),
    ).toThrow(/photo_id/);
  });
});

describe('the events of grounds, outings, settings and plans', () => {
  const ground = '6a0c7f8e-9b1d-4c2e-8f3a-1b2c3d4e5f60';
  const samples = [
    { type: MANAGEMENT_EVENT_TYPES.cullPlaced, data: { ground_id: ground, outing_id: null } },
    {
      type: MANAGEMENT_EVENT_TYPES.groundCreated,
      data: { name: 'Home Farm', centre: { latitude: 51, longitude: -1 } },
    },
    { type: MANAGEMENT_EVENT_TYPES.groundRenamed, data: { name: 'Home Farm East' } },
    { type: MANAGEMENT_EVENT_TYPES.groundRedrawn, data: { boundary: null, centre: null } },
    { type: MANAGEMENT_EVENT_TYPES.groundNotesChanged, data: { notes: 'Gate code 1234' } },
    { type: MANAGEMENT_EVENT_TYPES.groundArchived, data: {} },
    { type: MANAGEMENT_EVENT_TYPES.groundRestored, data: {} },
    {
      type: MANAGEMENT_EVENT_TYPES.groundMoved,
      data: {
        team_id: ground,
        name: 'Home Farm',
        notes: null,
        boundary: null,
        centre: { latitude: 51, longitude: -1 },
        created_at: '2026-11-01T06:00:00.000Z',
      },
    },
    {
      type: MANAGEMENT_EVENT_TYPES.outingStarted,
      data: { ground_id: ground, started_at: '2026-11-03T06:00:00.000Z' },
    },
    { type: MANAGEMENT_EVENT_TYPES.outingEnded, data: { ended_at: '2026-11-03T09:00:00+00:00' } },
    { type: MANAGEMENT_EVENT_TYPES.outingAmended, data: { changes: { ended_at: null, notes: 'Misty' } } },
    { type: MANAGEMENT_EVENT_TYPES.outingDeleted, data: {} },
    { type: MANAGEMENT_EVENT_TYPES.outingHuntersChanged, data: { hunters: 3 } },
    {
      type: MANAGEMENT_EVENT_TYPES.outingSightingsRecorded,
      data: { sightings: [{ species: 'Roe Deer', sex: 'Female', age_class: 'Young', count: 2 }] },
    },
    { type: MANAGEMENT_EVENT_TYPES.settingsChanged, data: { season_start: '08-01' } },
    {
      type: MANAGEMENT_EVENT_TYPES.deerValuesSaved,
      data: { ground_id: ground, species: [{ species: 'Roe Deer', target_density: 6 }], seasons: 3 },
    },
    {
      type: MANAGEMENT_EVENT_TYPES.plansSet,
      data: {
        season: '2026-27',
        plans: [{ ground_id: null, targets: [{ species: 'Roe Deer', class: 'Female', target: 6 }] }],
      },
    },
  ].map((sample) => ({ ...envelope, ...sample }));

  it('reads each type through the one parser, as it was written, and off the wire with its position', () => {
    expect(samples.map((sample) => sample.type).sort()).toEqual(Object.values(MANAGEMENT_EVENT_TYPES).sort());
    for (const sample of samples) {
      expect(parseLogEvent(sample)).toEqual(sample);
      expect(parseStoredEvent(sample, 9)).toEqual({ ...sample, position: 9 });
      expect(isCullEvent(parseLogEvent(sample))).toBe(false);
    }
    expect(ALL_EVENT_TYPES).toEqual(expect.arrayContaining(Object.values(MANAGEMENT_EVENT_TYPES)));
  });

  it('refuses a management event whose data breaks its schema, and parseCullEvent refuses every one', () => {
    for (const sample of samples) expect(() => parseCullEvent(sample)).toThrow(EventContractError);
    const unknownSeasonStart = {
      ...envelope,
      type: MANAGEMENT_EVENT_TYPES.settingsChanged,
      data: { season_start: '01-01' },
    };
    expect(() => parseLogEvent(unknownSeasonStart)).toThrow(EventContractError);
    const extraField = { ...envelope, type: MANAGEMENT_EVENT_TYPES.groundArchived, data: { reason: 'sold' } };
    expect(() => parseLogEvent(extraField)).toThrow(EventContractError);
    const shareOver100 = {
      ...envelope,
      type: MANAGEMENT_EVENT_TYPES.deerValuesSaved,
      data: { ground_id: 'g', species: [{ species: 'Roe Deer', female_share: 120 }] },
    };
    expect(() => parseLogEvent(shareOver100)).toThrow(EventContractError);
    const openRing = {
      ...envelope,
      type: MANAGEMENT_EVENT_TYPES.groundRedrawn,
      data: {
        boundary: {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 0],
              [1, 1],
              [0, 1],
            ],
          ],
        },
        centre: null,
      },
    };
    expect(() => parseLogEvent(openRing)).toThrow(EventContractError);
    const noHunters = {
      ...envelope,
      type: MANAGEMENT_EVENT_TYPES.outingHuntersChanged,
      data: { hunters: 0 },
    };
    expect(() => parseLogEvent(noHunters)).toThrow(EventContractError);
    const negativeSighting = {
      ...envelope,
      type: MANAGEMENT_EVENT_TYPES.outingSightingsRecorded,
      data: { sightings: [{ species: 'Roe Deer', sex: 'Female', age_class: 'Young', count: -1 }] },
    };
    expect(() => parseLogEvent(negativeSighting)).toThrow(EventContractError);
  });

  it('takes a subject on the same stream: a bare name for a record, <family>_<name> for the rest', () => {
    const subjects = Object.fromEntries(samples.map((sample) => [sample.type, busSubject(sample)]));
    expect(subjects).toEqual({
      'cull.placed.v1': 'culls.v1.u1.placed',
      'ground.created.v1': 'culls.v1.u1.ground_created',
      'ground.renamed.v1': 'culls.v1.u1.ground_renamed',
      'ground.redrawn.v1': 'culls.v1.u1.ground_redrawn',
      'ground.notes_changed.v1': 'culls.v1.u1.ground_notes_changed',
      'ground.archived.v1': 'culls.v1.u1.ground_archived',
      'ground.restored.v1': 'culls.v1.u1.ground_restored',
      'ground.moved.v1': 'culls.v1.u1.ground_moved',
      'outing.started.v1': 'culls.v1.u1.outing_started',
      'outing.ended.v1': 'culls.v1.u1.outing_ended',
      'outing.amended.v1': 'culls.v1.u1.outing_amended',
      'outing.deleted.v1': 'culls.v1.u1.outing_deleted',
      'outing.hunters_changed.v1': 'culls.v1.u1.outing_hunters_changed',
      'outing.sightings_recorded.v2': 'culls.v1.u1.outing_sightings_recorded',
      'settings.changed.v1': 'culls.v1.u1.settings_changed',
      'settings.deer_values_saved.v1': 'culls.v1.u1.settings_deer_values_saved',
      'plans.set.v1': 'culls.v1.u1.plans_set',
    });
    expect(eventShortName(EVENT_TYPES.photoAdded)).toBe('photo_added');
    // Every version of an event takes the same subject.
    expect(busSubject({ type: 'outing.sightings_recorded.v1', userId: 'u1' })).toBe(
      'culls.v1.u1.outing_sightings_recorded',
    );
    // None of them takes the erasure notice's token.
    expect(Object.values(subjects).some((subject) => subject.endsWith('.erased'))).toBe(false);
  });

  it('tells a record stream event from the others', () => {
    const recorded = { ...envelope, type: EVENT_TYPES.recorded, data: fields } as const;
    expect(isCullEvent(parseLogEvent(recorded))).toBe(true);
    expect(isCullStreamEvent(parseLogEvent(recorded))).toBe(true);
    expect(
      samples.filter((sample) => isCullStreamEvent(parseLogEvent(sample))).map(({ type }) => type),
    ).toEqual([MANAGEMENT_EVENT_TYPES.cullPlaced]);
  });
});

describe('the events of counts', () => {
  const ground = '6a0c7f8e-9b1d-4c2e-8f3a-1b2c3d4e5f60';
  const dung = {
    plots: 40,
    plot_area_m2: 10,
    pellet_groups: 24,
    days_since_clearance: 60,
    defecation_rate: 20,
    species: 'Fallow Deer',
  };
  const samples = [
    {
      type: COUNT_EVENT_TYPES.countRecorded,
      data: {
        ground_id: ground,
        date: '2027-03-20',
        method: 'vantage_point',
        items: [{ species: 'Roe Deer', sex: 'Male', age_class: 'Adult', count: 3 }],
        notes: 'Three observers',
      },
    },
    {
      type: COUNT_EVENT_TYPES.countRecorded,
      data: { ground_id: ground, date: '2027-03-21', method: 'dung', items: [], dung },
    },
    {
      type: COUNT_EVENT_TYPES.countAmended,
      data: { changes: { notes: null, dung: { ...dung, plots: 41 } } },
    },
    { type: COUNT_EVENT_TYPES.countDeleted, data: {} },
  ].map((sample) => ({ ...envelope, ...sample }));

  it('read through the one parser as written, on subjects of their own, and are not cull events', () => {
    for (const sample of samples) {
      expect(parseLogEvent(sample)).toEqual(sample);
      expect(isCullStreamEvent(parseLogEvent(sample))).toBe(false);
    }
    expect(samples.map((sample) => busSubject(sample))).toEqual([
      'culls.v1.u1.count_recorded',
      'culls.v1.u1.count_recorded',
      'culls.v1.u1.count_amended',
      'culls.v1.u1.count_deleted',
    ]);
    expect(ALL_EVENT_TYPES).toEqual(expect.arrayContaining(Object.values(COUNT_EVENT_TYPES)));
  });

  it('refuse a negative or fractional count, a method not on the list, a dung count of no days', () => {
    const recorded = samples[0]!;
    const withItem = (count: number) => ({
      ...recorded,
      data: { ...recorded.data, items: [{ species: 'Roe Deer', sex: 'Male', age_class: 'Adult', count }] },
    });
    expect(() => parseLogEvent(withItem(-1))).toThrow(EventContractError);
    expect(() => parseLogEvent(withItem(1.5))).toThrow(EventContractError);
    expect(() => parseLogEvent({ ...recorded, data: { ...recorded.data, method: 'guess' } })).toThrow(
      EventContractError,
    );
    const dungRecorded = samples[1]!;
    expect(() =>
      parseLogEvent({
        ...dungRecorded,
        data: { ...dungRecorded.data, dung: { ...dung, days_since_clearance: 0 } },
      }),
    ).toThrow(EventContractError);
  });
});
