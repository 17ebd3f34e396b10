import { GRID_REFERENCE_MESSAGES } from '@cull-log/contracts';
import { sampleCullFields } from '@cull-log/contracts/testing';
import { describe, expect, it } from 'vitest';
import { placeChanges, placeFields } from './cull-place';
import { gridReferenceFor } from './grid-reference';

const unplaced = () => {
  const { grid_ref: _gridRef, latitude: _latitude, longitude: _longitude, ...fields } = sampleCullFields();
  return fields;
};

describe('placing a new record', () => {
  it('gives a record with only a grid reference the coordinates of its square, and writes it as on a map', () => {
    const placed = placeFields({ ...unplaced(), grid_ref: 'tg5140913177' });
    expect(placed).toMatchObject({ ok: true, value: { grid_ref: 'TG 51409 13177' } });
    if (placed.ok) {
      expect(placed.value.latitude).toBeCloseTo(52.65798, 4);
      expect(placed.value.longitude).toBeCloseTo(1.71605, 4);
    }
  });

  it('gives a record with only coordinates its 8-figure reference', () => {
    expect(placeFields({ ...unplaced(), latitude: 52.65798, longitude: 1.71605 })).toMatchObject({
      ok: true,
      value: { grid_ref: 'TG 5140 1317', latitude: 52.65798, longitude: 1.71605 },
    });
  });

  it('keeps both when both are given, and adds nothing off the grid or without a place', () => {
    const both = { ...unplaced(), grid_ref: 'SK 123 456', latitude: 52.1, longitude: -1.2 };
    expect(placeFields(both)).toEqual({ ok: true, value: both });
    const abroad = { ...unplaced(), latitude: 48.85, longitude: 2.35 };
    expect(placeFields(abroad)).toEqual({ ok: true, value: abroad });
    expect(placeFields(unplaced())).toEqual({ ok: true, value: unplaced() });
  });

  it('refuses a grid reference that is not one, with its reason', () => {
    expect(placeFields({ ...unplaced(), grid_ref: 'SK 123 4567' })).toEqual({
      ok: false,
      field: 'grid_ref',
      message: GRID_REFERENCE_MESSAGES.unevenFigures,
    });
  });
});

describe('placing an amendment', () => {
  const current = { ...unplaced(), grid_ref: 'TG 5140 1317', latitude: 52.65798, longitude: 1.71605 };

  it('moves the coordinates to a new reference sent alone', () => {
    const placed = placeChanges(current, { grid_ref: 'SK 1234 5678' });
    expect(placed).toMatchObject({ ok: true, value: { grid_ref: 'SK 1234 5678' } });
    if (placed.ok) expect(placed.value.latitude).toBeCloseTo(53.1081, 3);
  });

  it('moves the reference to new coordinates sent alone, or clears it off the grid', () => {
    const moved = { latitude: 52.66, longitude: 1.73 };
    expect(placeChanges(current, moved)).toEqual({
      ok: true,
      value: { ...moved, grid_ref: gridReferenceFor(moved.latitude, moved.longitude) },
    });
    expect(gridReferenceFor(moved.latitude, moved.longitude)).toMatch(/^TG 5\d{3} 13\d\d$/);
    expect(placeChanges(current, { latitude: 48.85, longitude: 2.35 })).toMatchObject({
      ok: true,
      value: { grid_ref: null },
    });
  });

  it('keeps both as sent when both change, and leaves other amendments alone', () => {
    expect(placeChanges(current, { grid_ref: 'SK 123 456', latitude: 1, longitude: 2 })).toEqual({
      ok: true,
      value: { grid_ref: 'SK 123 456', latitude: 1, longitude: 2 },
    });
    expect(placeChanges(current, { notes: 'Late' })).toEqual({ ok: true, value: { notes: 'Late' } });
    expect(placeChanges(current, { latitude: null })).toEqual({ ok: true, value: { latitude: null } });
    expect(placeChanges(current, { grid_ref: null })).toEqual({ ok: true, value: { grid_ref: null } });
  });

  it('refuses a grid reference that is not one', () => {
    expect(placeChanges(current, { grid_ref: 'ZZ 1 2' })).toMatchObject({ ok: false, field: 'grid_ref' });
  });
});
