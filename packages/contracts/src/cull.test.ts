import { describe, expect, it } from 'vitest';
import { AmendCullRequest, Cull, LIMITS, RecordCullRequest, REQUIRED_MESSAGES, fieldMessages } from './index';
import { sampleRecordRequest } from './testing';

const validBody = sampleRecordRequest();

function recordErrors(body: unknown): Record<string, string> {
  const result = RecordCullRequest.safeParse(body);
  if (result.success) throw new Error(`expected ${JSON.stringify(body)} to be rejected`);
  return fieldMessages(result.error);
}

function amendErrors(body: unknown): Record<string, string> {
  const result = AmendCullRequest.safeParse(body);
  if (result.success) throw new Error(`expected ${JSON.stringify(body)} to be rejected`);
  return fieldMessages(result.error);
}

describe('RecordCullRequest: required fields', () => {
  it('an empty body answers every required-field message, word for word', () => {
    expect(recordErrors({})).toEqual({
      date: 'Date is required',
      time: 'Time is required',
      location_name: 'Location is required',
      species: 'Species is required',
      sex: 'Sex is required',
      age_estimate: 'Age estimate is required',
      condition: 'Condition is required',
      shot_placement: 'Shot placement is required',
    });
  });

  it.each(Object.entries(REQUIRED_MESSAGES))('an empty %s answers "%s"', (field, message) => {
    expect(recordErrors({ ...validBody, [field]: '' })).toEqual({ [field]: message });
  });

  it.each(Object.entries(REQUIRED_MESSAGES))('a missing %s answers "%s"', (field, message) => {
    const body: Record<string, unknown> = { ...validBody };
    delete body[field];
    expect(recordErrors(body)).toEqual({ [field]: message });
  });

  it('a location of only spaces is required, and a location is stored trimmed', () => {
    expect(recordErrors({ ...validBody, location_name: '   ' })).toEqual({
      location_name: 'Location is required',
    });
    expect(RecordCullRequest.parse({ ...validBody, location_name: '  Top Field \t' }).location_name).toBe(
      'Top Field',
    );
  });

  it('species and shot placement take free text (what replaces "Other")', () => {
    const parsed = RecordCullRequest.parse({ ...validBody, species: ' Badger ', shot_placement: 'Spine' });
    expect(parsed.species).toBe('Badger');
    expect(parsed.shot_placement).toBe('Spine');
  });

  it('sex, age and condition must come from their lists', () => {
    expect(
      recordErrors({ ...validBody, sex: 'Hermaphrodite', age_estimate: 'Ancient', condition: 'Meh' }),
    ).toEqual({
      sex: 'Sex is required',
      age_estimate: 'Age estimate is required',
      condition: 'Condition is required',
    });
  });

  it('antlers_present defaults to false and must be a boolean when sent', () => {
    const { antlers_present: _omitted, ...body } = validBody;
    expect(RecordCullRequest.parse(body).antlers_present).toBe(false);
    expect(recordErrors({ ...validBody, antlers_present: 'yes' })).toEqual({
      antlers_present: 'Antlers present must be true or false',
    });
  });
});

describe('RecordCullRequest: dates and times', () => {
  it.each(['2026-02-30', '2026-13-01', '03/11/2026', '2026-1-3', '2025-02-29'])(
    'rejects the date %s',
    (date) => {
      expect(recordErrors({ ...validBody, date })).toEqual({
        date: 'Date must be a valid date (YYYY-MM-DD)',
      });
    },
  );

  it('accepts a leap day', () => {
    expect(RecordCullRequest.parse({ ...validBody, date: '2028-02-29' }).date).toBe('2028-02-29');
  });

  it.each(['24:00', '6:00', '06:60', '06:00:00'])('rejects the time %s', (time) => {
    expect(recordErrors({ ...validBody, time })).toEqual({ time: 'Time must be HH:MM' });
  });

  it.each(['00:00', '23:59', '06:00'])('accepts the time %s', (time) => {
    expect(RecordCullRequest.parse({ ...validBody, time }).time).toBe(time);
  });
});

describe('RecordCullRequest: optional fields', () => {
  it('drops empty strings and nulls so "not given" is stored as absent', () => {
    const parsed = RecordCullRequest.parse({
      ...validBody,
      grid_ref: '',
      latitude: null,
      longitude: null,
      weight: null,
      condition_notes: '   ',
      shot_distance: '',
      notes: null,
      antler_condition: '',
    });
    expect(parsed).toEqual(validBody);
    for (const name of [
      'grid_ref',
      'latitude',
      'longitude',
      'weight',
      'condition_notes',
      'shot_distance',
      'notes',
    ]) {
      expect(parsed).not.toHaveProperty(name);
    }
  });

  it('keeps every optional field that has a value, trimming text', () => {
    const parsed = RecordCullRequest.parse({
      ...validBody,
      antlers_present: true,
      grid_ref: ' SU 123 456 ',
      latitude: 51.123456,
      longitude: -1.654321,
      weight: 14.5,
      condition_notes: ' fat ',
      antler_points: 6,
      antler_condition: 'Good',
      shot_distance: '150 meters, 80 yards',
      notes: ' clean kill ',
    });
    expect(parsed).toEqual({
      ...validBody,
      antlers_present: true,
      grid_ref: 'SU 123 456',
      latitude: 51.123456,
      longitude: -1.654321,
      weight: 14.5,
      condition_notes: 'fat',
      antler_points: 6,
      antler_condition: 'Good',
      shot_distance: '150 meters, 80 yards',
      notes: 'clean kill',
    });
  });

  it('drops antler details when antlers are absent', () => {
    const parsed = RecordCullRequest.parse({
      ...validBody,
      antlers_present: false,
      antler_points: 4,
      antler_condition: 'Fair',
    });
    expect(parsed).not.toHaveProperty('antler_points');
    expect(parsed).not.toHaveProperty('antler_condition');
  });

  it('accepts a client-made UUID as id and rejects anything else', () => {
    const id = '0b8f8e8e-5d3a-4a55-9a77-6a1c2f3e4d5b';
    expect(RecordCullRequest.parse({ ...validBody, id }).id).toBe(id);
    expect(recordErrors({ ...validBody, id: 'not-a-uuid' })).toEqual({ id: 'id must be a UUID' });
  });
});

describe('RecordCullRequest: server-side bounds', () => {
  it.each([
    [0, true],
    [1000, true],
    [85.5, true],
    [-0.1, false],
    [1000.1, false],
  ])('weight %d kg accepted: %s', (weight, accepted) => {
    const result = RecordCullRequest.safeParse({ ...validBody, weight });
    expect(result.success).toBe(accepted);
    if (!result.success)
      expect(fieldMessages(result.error)).toEqual({ weight: 'Weight must be between 0 and 1000 kg' });
  });

  it.each([
    [-90, true],
    [90, true],
    [-90.000001, false],
    [90.1, false],
  ])('latitude %d accepted: %s', (latitude, accepted) => {
    const result = RecordCullRequest.safeParse({ ...validBody, latitude });
    expect(result.success).toBe(accepted);
    if (!result.success)
      expect(fieldMessages(result.error)).toEqual({ latitude: 'Latitude must be between -90 and 90' });
  });

  it.each([
    [-180, true],
    [180, true],
    [-180.5, false],
    [180.000001, false],
  ])('longitude %d accepted: %s', (longitude, accepted) => {
    const result = RecordCullRequest.safeParse({ ...validBody, longitude });
    expect(result.success).toBe(accepted);
    if (!result.success) {
      expect(fieldMessages(result.error)).toEqual({ longitude: 'Longitude must be between -180 and 180' });
    }
  });

  it.each([
    [0, undefined],
    [12, undefined],
    [LIMITS.antlerPointsMax, undefined],
    [-1, 'Antler points cannot be negative'],
    [2.5, 'Antler points must be a whole number'],
    [LIMITS.antlerPointsMax + 1, `Antler points must be at most ${LIMITS.antlerPointsMax}`],
  ])('antler points %d gives error %s', (antler_points, message) => {
    const result = RecordCullRequest.safeParse({ ...validBody, antlers_present: true, antler_points });
    if (message === undefined) expect(result.success).toBe(true);
    else
      expect(recordErrors({ ...validBody, antlers_present: true, antler_points })).toEqual({
        antler_points: message,
      });
  });

  it('numbers sent as text are rejected, not coerced', () => {
    expect(recordErrors({ ...validBody, weight: '12', latitude: '51' })).toEqual({
      weight: 'Weight must be a number',
      latitude: 'Latitude must be a number',
    });
  });

  it('antler condition must come from its list', () => {
    expect(recordErrors({ ...validBody, antlers_present: true, antler_condition: 'Shiny' })).toEqual({
      antler_condition: 'Choose an antler condition from the list',
    });
  });

  it.each([
    ['location_name', LIMITS.locationName],
    ['species', LIMITS.shortText],
    ['shot_placement', LIMITS.shortText],
    ['grid_ref', LIMITS.gridRef],
    ['condition_notes', LIMITS.longText],
    ['shot_distance', LIMITS.shortText],
    ['notes', LIMITS.notes],
  ])('%s is capped at %d characters', (field, max) => {
    expect(RecordCullRequest.safeParse({ ...validBody, [field]: 'x'.repeat(max) }).success).toBe(true);
    expect(recordErrors({ ...validBody, [field]: 'x'.repeat(max + 1) })).toEqual({
      [field]: `Must be at most ${max} characters`,
    });
  });
});

describe('RecordCullRequest: hostile input', () => {
  it('rejects unknown fields, naming each', () => {
    expect(recordErrors({ ...validBody, user_id: 'someone-else', $where: '1' })).toEqual({
      user_id: 'Unknown field',
      $where: 'Unknown field',
    });
  });

  it.each([
    ['date', { $ne: null }],
    ['species', { $gt: '' }],
    ['location_name', { $regex: '.*' }],
    ['notes', { $ne: null }],
    ['weight', { $gt: 0 }],
    ['antlers_present', { $exists: true }],
  ])('rejects an operator object in %s', (field, value) => {
    expect(Object.keys(recordErrors({ ...validBody, [field]: value }))).toEqual([field]);
  });

  it('rejects arrays and non-objects as the body', () => {
    expect(RecordCullRequest.safeParse([validBody]).success).toBe(false);
    expect(RecordCullRequest.safeParse('date=2026-11-03').success).toBe(false);
    expect(RecordCullRequest.safeParse(null).success).toBe(false);
  });
});

describe('AmendCullRequest', () => {
  it('takes only the fields sent, with null clearing an optional field', () => {
    expect(AmendCullRequest.parse({ weight: null, notes: 'recovered at 50 m' })).toEqual({
      weight: null,
      notes: 'recovered at 50 m',
    });
  });

  it('turns an empty optional text into null (clear it)', () => {
    expect(AmendCullRequest.parse({ notes: '', grid_ref: '  ' })).toEqual({ notes: null, grid_ref: null });
  });

  it('keeps the required-field messages and trims the location', () => {
    expect(amendErrors({ date: '', location_name: '  ', sex: null })).toEqual({
      date: 'Date is required',
      location_name: 'Location is required',
      sex: 'Sex is required',
    });
    expect(AmendCullRequest.parse({ location_name: ' Copse ' })).toEqual({ location_name: 'Copse' });
  });

  it('cannot clear a required field with null', () => {
    expect(amendErrors({ species: null })).toEqual({ species: 'Species is required' });
  });

  it('needs at least one field besides expected_version', () => {
    expect(amendErrors({})).toEqual({ _: 'Send at least one field to change' });
    expect(amendErrors({ expected_version: 3 })).toEqual({ _: 'Send at least one field to change' });
  });

  it('accepts a whole positive expected_version only', () => {
    expect(AmendCullRequest.parse({ notes: 'x', expected_version: 2 }).expected_version).toBe(2);
    expect(Object.keys(amendErrors({ notes: 'x', expected_version: 0 }))).toEqual(['expected_version']);
    expect(Object.keys(amendErrors({ notes: 'x', expected_version: 1.5 }))).toEqual(['expected_version']);
  });

  it('applies the same bounds as a create', () => {
    expect(amendErrors({ weight: 1001, latitude: -91, antler_points: -2 })).toEqual({
      weight: 'Weight must be between 0 and 1000 kg',
      latitude: 'Latitude must be between -90 and 90',
      antler_points: 'Antler points cannot be negative',
    });
  });

  it('rejects unknown fields and operator objects', () => {
    expect(amendErrors({ notes: 'x', user_id: 'other' })).toEqual({ user_id: 'Unknown field' });
    expect(Object.keys(amendErrors({ species: { $ne: null } }))).toEqual(['species']);
    expect(Object.keys(amendErrors({ notes: { $set: 'x' } }))).toEqual(['notes']);
  });
});

describe('Cull (the read shape)', () => {
  it('accepts a stored record and requires ISO timestamps and a version', () => {
    const record = {
      ...validBody,
      id: 'c1',
      created_by: 'u1',
      created_at: '2026-11-03T07:00:00.000Z',
      updated_at: '2026-11-03T07:00:00.000Z',
      version: 1,
    };
    expect(Cull.parse(record)).toEqual(record);
    expect(Cull.safeParse({ ...record, created_at: '03/11/2026' }).success).toBe(false);
    expect(Cull.safeParse({ ...record, version: 0 }).success).toBe(false);
  });
});
