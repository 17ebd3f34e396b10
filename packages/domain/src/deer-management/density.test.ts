import type { GroundBoundary } from '@cull-log/contracts';
import { DEER_MANAGEMENT_MESSAGES } from '@cull-log/contracts';
import OsGridRef from 'geodesy/osgridref.js';
import { describe, expect, it } from 'vitest';
import { deerOnGround, densityPerKm2, groundAreaKm2 } from './density';

/** A rectangle of the National Grid, `east` by `north` metres, its south-west corner at an easting and northing. */
function gridRectangle(easting: number, northing: number, east: number, north: number): GroundBoundary {
  const corner = (e: number, n: number): [number, number] => {
    const { lat, lon } = new OsGridRef(easting + e, northing + n).toLatLon();
    return [lon, lat];
  };
  const corners = [corner(0, 0), corner(east, 0), corner(east, north), corner(0, north)];
  return { type: 'Polygon', coordinates: [[...corners, corners[0]!]] };
}

// Density is deer per km² of the ground's drawn boundary (FIELD-RULES.md, "Counting, density and setting a cull").
describe('density per km²', () => {
  it('12 roe counted from vantage points on a 2 km × 1.5 km ground: 12 ÷ 3 km² = 4 deer per km²', () => {
    // Worked by hand: 2 km × 1.5 km = 3 km²; 12 deer ÷ 3 km² = 4 per km². The grid square's area on the Earth is
    // within half a percent of its grid area near the grid's true origin (see ground-size.test.ts).
    const area = groundAreaKm2(gridRectangle(412_000, 345_000, 2000, 1500));
    expect(area).toBeCloseTo(3, 1);
    const density = densityPerKm2(12, area);
    expect(density.ok && density.densityPerKm2).toBeCloseTo(4, 1);
  });

  it('30 fallow on 2.5 km²: 30 ÷ 2.5 = 12 deer per km², with its working', () => {
    expect(densityPerKm2(30, 2.5)).toEqual({
      ok: true,
      densityPerKm2: 12,
      step: { label: 'Density', formula: '30 deer ÷ 2.5 km²', result: '12 deer per km²' },
    });
  });

  it('a ground with no boundary has no area: refused on boundary, saying to draw it', () => {
    expect(groundAreaKm2(null)).toBeUndefined();
    expect(densityPerKm2(12, groundAreaKm2(null))).toEqual({
      ok: false,
      field: 'boundary',
      message: DEER_MANAGEMENT_MESSAGES.noBoundary,
    });
    expect(DEER_MANAGEMENT_MESSAGES.noBoundary).toContain('draw the boundary');
    expect(densityPerKm2(12, 0).ok).toBe(false);
  });

  it('a density stands for whole deer on the ground: 4.3 per km² on 2.4 km² is 10.32, so 10 deer', () => {
    expect(deerOnGround(4.3, 2.4)).toBe(10);
    expect(deerOnGround(25, 2.4)).toBe(60);
  });
});
