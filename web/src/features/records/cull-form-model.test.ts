import { REQUIRED_MESSAGES } from '@cull-log/contracts';
import { describe, expect, it } from 'vitest';
import { makeCull } from '../../testing/fake-api';
import { emptyFormValues, valuesFromCull, type CullFormValues } from './cull-form-model';
import { toAmendRequest, toRecordRequest } from './cull-request-check';

const filled = (overrides: Partial<CullFormValues> = {}): CullFormValues => ({
  ...emptyFormValues(new Date(2025, 2, 7)),
  location_name: 'Home Wood',
  species: 'Roe Deer',
  sex: 'Female',
  age_estimate: 'Adult',
  condition: 'Good',
  shot_placement: 'Heart/Lung',
  ...overrides,
});

describe('cull form rules', () => {
  it('defaults to now: today, at the minute the form opens', () => {
    const values = emptyFormValues(new Date(2025, 2, 7, 14, 7));
    expect(values.date).toBe('2025-03-07');
    expect(values.time).toBe('14:07');
  });

  it('reports every required field with its own message', () => {
    const result = toRecordRequest({
      ...emptyFormValues(new Date()),
      date: '',
      time: '',
      location_name: '   ',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      date: REQUIRED_MESSAGES.date,
      time: REQUIRED_MESSAGES.time,
      location_name: REQUIRED_MESSAGES.location_name,
      species: REQUIRED_MESSAGES.species,
      sex: REQUIRED_MESSAGES.sex,
      age_estimate: REQUIRED_MESSAGES.age_estimate,
      condition: REQUIRED_MESSAGES.condition,
      shot_placement: REQUIRED_MESSAGES.shot_placement,
    });
  });

  it('requires the free text when Other is chosen and saves that text in place of Other', () => {
    const missing = toRecordRequest(filled({ species: 'Other', shot_placement: 'Other' }));
    expect(missing).toEqual({
      ok: false,
      errors: {
        species_other: REQUIRED_MESSAGES.species,
        shot_placement_other: REQUIRED_MESSAGES.shot_placement,
      },
    });
    const given = toRecordRequest(
      filled({
        species: 'Other',
        species_other: ' Hare ',
        shot_placement: 'Other',
        shot_placement_other: 'Spine',
      }),
    );
    expect(given.ok && given.body.species).toBe('Hare');
    expect(given.ok && given.body.shot_placement).toBe('Spine');
  });

  it('parses numbers as floats, leaves empty ones out and trims the location', () => {
    const result = toRecordRequest(
      filled({
        location_name: '  Top Field ',
        weight: '18.5',
        latitude: '52.123456',
        longitude: '',
        grid_ref: '',
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.body.location_name).toBe('Top Field');
    expect(result.body.weight).toBe(18.5);
    expect(result.body.latitude).toBe(52.123456);
    expect(result.body).not.toHaveProperty('longitude');
    expect(result.body).not.toHaveProperty('grid_ref');
  });

  it('sends antler details only while antlers are present', () => {
    const withAntlers = toRecordRequest(
      filled({ antlers_present: true, antler_points: '6', antler_condition: 'Good' }),
    );
    expect(withAntlers.ok && withAntlers.body).toMatchObject({ antler_points: 6, antler_condition: 'Good' });
    const without = toRecordRequest(
      filled({ antlers_present: false, antler_points: '6', antler_condition: 'Good' }),
    );
    expect(without.ok && without.body).not.toHaveProperty('antler_points');
    expect(without.ok && without.body).not.toHaveProperty('antler_condition');
  });

  it('rejects negative antler points with the schema message', () => {
    const result = toRecordRequest(filled({ antlers_present: true, antler_points: '-1' }));
    expect(result).toEqual({ ok: false, errors: { antler_points: 'Antler points cannot be negative' } });
  });

  it('amends every field, clearing emptied optional ones, guarded by the record version', () => {
    const result = toAmendRequest(filled({ notes: '', weight: '20' }), 3);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.body).toMatchObject({ expected_version: 3, weight: 20, notes: null, antler_points: null });
    expect(result.body.location_name).toBe('Home Wood');
  });

  it("sends the record's ground only when it changed, null for none, and never its outing", () => {
    const ground = '10000000-0000-4000-8000-000000000001';
    const unchanged = toAmendRequest(filled({ ground_id: ground, outing_id: 'o' }), 2, ground);
    expect(unchanged.ok && 'ground_id' in unchanged.body).toBe(false);
    const moved = toAmendRequest(filled({ ground_id: ground }), 2, '');
    expect(moved.ok && moved.body.ground_id).toBe(ground);
    const cleared = toAmendRequest(filled({ ground_id: '' }), 2, ground);
    expect(cleared.ok && cleared.body.ground_id).toBeNull();
    expect(moved.ok && 'outing_id' in moved.body).toBe(false);
    // A new record carries both.
    const created = toRecordRequest(
      filled({ ground_id: ground, outing_id: '20000000-0000-4000-8000-000000000002' }),
    );
    expect(created.ok && created.body).toMatchObject({
      ground_id: ground,
      outing_id: '20000000-0000-4000-8000-000000000002',
    });
  });

  it('shows a stored value outside the lists as Other with its text', () => {
    const values = valuesFromCull(makeCull({ species: 'Hare', shot_placement: 'Spine', weight: 3.2 }));
    expect(values).toMatchObject({
      species: 'Other',
      species_other: 'Hare',
      shot_placement: 'Other',
      shot_placement_other: 'Spine',
      weight: '3.2',
    });
  });
});
