import { GRID_REFERENCE_MESSAGES } from '@cull-log/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gridPointFor, gridReferenceFor, parseGridReference } from './grid-reference';

const dms = (degrees: number, minutes: number, seconds: number) => degrees + minutes / 60 + seconds / 3600;

describe('Ordnance Survey grid references', () => {
  it("matches the Ordnance Survey's worked example (OSGB36 latitude and longitude to easting and northing)", () => {
    const grid = gridPointFor(dms(52, 39, 27.2531), dms(1, 43, 4.5177), 'OSGB36');
    expect(grid?.easting).toBeCloseTo(651409.903, 2);
    expect(grid?.northing).toBeCloseTo(313177.27, 2);
    expect(grid?.toString(10)).toBe('TG 51409 13177');
  });

  it('gives the 8-figure reference of a WGS84 point, figures truncated', () => {
    // The same point in WGS84, as a phone reports it.
    expect(gridReferenceFor(52.65798, 1.71605)).toBe('TG 5140 1317');
    expect(gridReferenceFor(52.65798, 1.71605, 10)).toBe('TG 51409 13177');
    expect(gridReferenceFor(52.65798, 1.71605, 6)).toBe('TG 514 131');
  });

  it('gives no reference off the National Grid', () => {
    expect(gridReferenceFor(48.8566, 2.3522)).toBeUndefined();
    expect(gridReferenceFor(40.7, -74)).toBeUndefined();
    expect(gridReferenceFor(Number.NaN, 0)).toBeUndefined();
  });

  it('reads a reference however it is spaced or cased, to the centre of its square', () => {
    for (const text of ['TG 51409 13177', 'tg5140913177', '  TG51409 13177 ']) {
      const parsed = parseGridReference(text);
      expect(parsed).toMatchObject({
        ok: true,
        reference: 'TG 51409 13177',
        easting: 651409,
        northing: 313177,
      });
      if (parsed.ok) {
        expect(parsed.latitude).toBeCloseTo(52.65798, 4);
        expect(parsed.longitude).toBeCloseTo(1.71605, 4);
      }
    }
    expect(parseGridReference('SK 123 456')).toMatchObject({
      ok: true,
      reference: 'SK 123 456',
      easting: 412300,
    });
    // Squares lettered O and J lie off the east coast; what is written must read back.
    expect(parseGridReference('OV 29998 00000')).toMatchObject({
      ok: true,
      easting: 529998,
      northing: 500000,
    });
    expect(parseGridReference('sk12345678')).toMatchObject({
      ok: true,
      reference: 'SK 1234 5678',
      northing: 356780,
    });
  });

  it.each([
    ['hello', GRID_REFERENCE_MESSAGES.format],
    ['123456', GRID_REFERENCE_MESSAGES.format],
    ['SK', GRID_REFERENCE_MESSAGES.format],
    ['SK 12', GRID_REFERENCE_MESSAGES.format],
    ['SK 123456789012', GRID_REFERENCE_MESSAGES.format],
    ['XX 123 456', GRID_REFERENCE_MESSAGES.squareLetters],
    ['SI 123 456', GRID_REFERENCE_MESSAGES.squareLetters],
    ['AB 123 456', GRID_REFERENCE_MESSAGES.squareLetters],
    ['HA 123 456', GRID_REFERENCE_MESSAGES.outsideGrid],
    ['JZ 123 456', GRID_REFERENCE_MESSAGES.outsideGrid],
    ['SK 12345', GRID_REFERENCE_MESSAGES.unevenFigures],
    ['SK 123 4567', GRID_REFERENCE_MESSAGES.unevenFigures],
  ])('refuses %j', (text, message) => {
    expect(parseGridReference(text)).toEqual({ ok: false, message });
  });

  it('reads back the reference it wrote, anywhere on the grid in Great Britain', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 50.1, max: 58.5, noNaN: true }),
        fc.double({ min: -5.5, max: 1.7, noNaN: true }),
        (latitude, longitude) => {
          const reference = gridReferenceFor(latitude, longitude, 10);
          if (reference === undefined) return;
          const parsed = parseGridReference(reference);
          expect(parsed.ok && parsed.reference).toBe(reference);
          if (!parsed.ok) return;
          // The centre of the 1 m square, back through the datum change: within a couple of metres.
          expect(Math.abs(parsed.latitude - latitude)).toBeLessThan(0.00003);
          expect(Math.abs(parsed.longitude - longitude)).toBeLessThan(0.00005);
          expect(gridReferenceFor(parsed.latitude, parsed.longitude, 10)).toBe(reference);
        },
      ),
      { numRuns: 200 },
    );
  });
});
