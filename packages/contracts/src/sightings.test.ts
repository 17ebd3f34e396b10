import { describe, expect, it } from 'vitest';
import type { ZodError } from 'zod';
import {
  AmendOutingRequest,
  DEER_MANAGEMENT_MESSAGES as M,
  fieldMessages,
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
});
