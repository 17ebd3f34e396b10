import { describe, expect, it } from 'vitest';
import type { ZodError } from 'zod';
import {
  AmendOutingRequest,
  DEER_MANAGEMENT_MESSAGES as M,
  fieldMessages,
  OutingSightingsRecorded,
  OutingSightingsRecordedV1,
  parseLogEvent,
  SightingItems,
  StartOutingRequest,
} from './index';

const GROUND = '6a0c7f8e-9b1d-4c2e-8f3a-1b2c3d4e5f60';
const doe = { species: 'Roe Deer', sex: 'Female', age_class: 'Adult', count: 2 };

/** The field and message of each refusal, as the API answers them. */
const refusals = (result: { success: boolean; error?: ZodError }) =>
  result.error === undefined ? {} : fieldMessages(result.error);

describe('sightings on an outing', () => {
  it('take hunters and lines of species, sex, age class and count on a new outing and on a change', () => {
    const body = {
      ground_id: GROUND,
      hunters: 2,
      sightings: [doe, { species: 'Muntjac', sex: 'Unknown', age_class: 'Unknown', count: 1 }],
    };
    expect(StartOutingRequest.parse(body)).toEqual(body);
    expect(AmendOutingRequest.parse({ hunters: 3 })).toEqual({ hunters: 3 });
    expect(AmendOutingRequest.parse({ sightings: [] })).toEqual({ sightings: [] });
  });

  it('take an empty list (nothing seen: a blank outing is a record too) and leave both out of an outing by default', () => {
    expect(StartOutingRequest.parse({ ground_id: GROUND, sightings: [] }).sightings).toEqual([]);
    const plain = StartOutingRequest.parse({ ground_id: GROUND });
    expect(plain.hunters).toBeUndefined();
    expect(plain.sightings).toBeUndefined();
  });

  it('take a count of none: looked for, not seen', () => {
    expect(SightingItems.parse([{ ...doe, count: 0 }])).toEqual([{ ...doe, count: 0 }]);
  });

  it.each([
    ['a negative count', { sightings: [{ ...doe, count: -1 }] }, 'sightings.0.count', M.count],
    ['a fractional count', { sightings: [{ ...doe, count: 1.5 }] }, 'sightings.0.count', M.count],
    ['a count in words', { sightings: [{ ...doe, count: 'two' }] }, 'sightings.0.count', M.count],
    [
      'a species not on the list',
      { sightings: [{ ...doe, species: 'Elk' }] },
      'sightings.0.species',
      'Choose a species from the list',
    ],
    ['a sex not on the list', { sightings: [{ ...doe, sex: 'Doe' }] }, 'sightings.0.sex', M.sightingSex],
    [
      'an age class not on the list',
      { sightings: [{ ...doe, age_class: 'Yearling' }] },
      'sightings.0.age_class',
      M.ageClass,
    ],
    ['the same line twice', { sightings: [doe, { ...doe, count: 1 }] }, 'sightings.1', M.duplicateItem],
    ['no hunters', { hunters: 0 }, 'hunters', M.hunters],
    ['half a hunter', { hunters: 1.5 }, 'hunters', M.hunters],
    ['a crowd of hunters', { hunters: 51 }, 'hunters', M.hunters],
  ])('refuse %s, naming the field', (_what, fields, field, message) => {
    expect(refusals(StartOutingRequest.safeParse({ ground_id: GROUND, ...fields }))).toMatchObject({
      [field]: message,
    });
    expect(refusals(AmendOutingRequest.safeParse(fields))).toMatchObject({ [field]: message });
  });

  it('refuse a line with a field it does not know', () => {
    expect(refusals(SightingItems.safeParse([{ ...doe, place: 'Top wood' }]))).toEqual({
      '0.place': 'Unknown field',
    });
  });

  it('take a line with the place the deer were seen, on a new outing and on a change', () => {
    const placed = { ...doe, place: { latitude: 52.5108, longitude: -1.9713 } };
    const body = { ground_id: GROUND, sightings: [placed, { ...doe, sex: 'Male' }] };
    expect(StartOutingRequest.parse(body)).toEqual(body);
    expect(AmendOutingRequest.parse({ sightings: [placed] })).toEqual({ sightings: [placed] });
  });

  it.each([
    [
      'a latitude past the pole',
      { latitude: 91, longitude: -1.5 },
      'sightings.0.place.latitude',
      'Latitude must be between -90 and 90',
    ],
    [
      'a longitude past the date line',
      { latitude: 52, longitude: -181 },
      'sightings.0.place.longitude',
      'Longitude must be between -180 and 180',
    ],
    [
      'a latitude in words',
      { latitude: 'north', longitude: -1.5 },
      'sightings.0.place.latitude',
      'Latitude must be a number',
    ],
    [
      'a place without its longitude',
      { latitude: 52 },
      'sightings.0.place.longitude',
      'Longitude must be a number',
    ],
    [
      'a place with a field it does not know',
      { latitude: 52, longitude: -1.5, accuracy: 12 },
      'sightings.0.place.accuracy',
      'Unknown field',
    ],
    ['a place in words', 'Top wood', 'sightings.0.place', M.sightingPlace],
  ])('refuse %s, naming the field', (_what, place, field, message) => {
    const fields = { sightings: [{ ...doe, place }] };
    expect(refusals(StartOutingRequest.safeParse({ ground_id: GROUND, ...fields }))).toMatchObject({
      [field]: message,
    });
    expect(refusals(AmendOutingRequest.safeParse(fields))).toMatchObject({ [field]: message });
  });

  it("leave a count's lines without places", () => {
    expect(refusals(SightingItems.safeParse([{ ...doe, place: { latitude: 52, longitude: -1.5 } }]))).toEqual(
      {
        '0.place': 'Unknown field',
      },
    );
  });
});

describe('outing.sightings_recorded events', () => {
  const envelope = {
    id: 'e1',
    streamId: 'o1',
    version: 2,
    userId: 'u1',
    occurredAt: '2026-11-02T08:00:00.000Z',
    meta: { correlationId: 'c1' },
  };
  const placed = { ...doe, place: { latitude: 52.5108, longitude: -1.9713 } };

  it("v2 carries a line's place; v1, closed to it, does not", () => {
    const v2 = { ...envelope, type: 'outing.sightings_recorded.v2', data: { sightings: [placed, doe] } };
    expect(OutingSightingsRecorded.parse(v2)).toEqual(v2);
    const v1 = { ...envelope, type: 'outing.sightings_recorded.v1', data: { sightings: [placed] } };
    expect(OutingSightingsRecordedV1.safeParse(v1).success).toBe(false);
  });

  it('reads a v1 event as v2, its lines as they were', () => {
    const v1 = { ...envelope, type: 'outing.sightings_recorded.v1', data: { sightings: [doe] } };
    expect(parseLogEvent(v1)).toEqual({ ...v1, type: 'outing.sightings_recorded.v2' });
  });
});
