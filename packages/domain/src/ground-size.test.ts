import type { GroundBoundary } from '@cull-log/contracts';
import OsGridRef from 'geodesy/osgridref.js';
import { describe, expect, it } from 'vitest';
import { boundarySizeRefusal, formatHectares, groundAreaHectares, groundSpanMetres } from './ground-size';

const polygon = (corners: Array<[longitude: number, latitude: number]>): GroundBoundary => ({
  type: 'Polygon',
  coordinates: [[...corners, corners[0]!]],
});

/** The WGS84 corners of a square of the National Grid, `side` metres, its south-west corner at an easting and northing. */
function gridSquare(easting: number, northing: number, side: number): GroundBoundary {
  const corner = (east: number, north: number): [number, number] => {
    const { lat, lon } = new OsGridRef(east, north).toLatLon();
    return [lon, lat];
  };
  return polygon([
    corner(easting, northing),
    corner(easting + side, northing),
    corner(easting + side, northing + side),
    corner(easting, northing + side),
  ]);
}

describe('ground size', () => {
  it('a 1 km square of the National Grid (SK 12 45, near its true origin) holds 100 ha to within half a percent', () => {
    const square = gridSquare(412_000, 345_000, 1000);
    expect(groundAreaHectares(square)).toBeGreaterThan(99.5);
    expect(groundAreaHectares(square)).toBeLessThan(100.5);
  });

  it('a square of one degree on the equator holds R² × (π/180) × sin 1°', () => {
    const radius = 6_371_008.8;
    const expected = (radius ** 2 * (Math.PI / 180) * Math.sin(Math.PI / 180)) / 10_000;
    const cell = polygon([
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
    ]);
    expect(groundAreaHectares(cell)).toBeCloseTo(expected, 0);
  });

  it('is the same whichever way round the corners run', () => {
    const square = gridSquare(412_000, 345_000, 500);
    const [ring] = square.coordinates;
    const reversed: GroundBoundary = { type: 'Polygon', coordinates: [[...ring!].reverse()] };
    expect(groundAreaHectares(reversed)).toBeCloseTo(groundAreaHectares(square), 6);
    expect(groundAreaHectares(square)).toBeCloseTo(25, 0);
  });

  it('an L-shaped ground is its square less the missing corner', () => {
    // Three quarters of a 2 km grid square, in corners of the grid.
    const corner = (east: number, north: number): [number, number] => {
      const { lat, lon } = new OsGridRef(412_000 + east, 345_000 + north).toLatLon();
      return [lon, lat];
    };
    const shape = polygon([
      corner(0, 0),
      corner(2000, 0),
      corner(2000, 1000),
      corner(1000, 1000),
      corner(1000, 2000),
      corner(0, 2000),
    ]);
    expect(groundAreaHectares(shape)).toBeGreaterThan(298.5);
    expect(groundAreaHectares(shape)).toBeLessThan(301.5);
  });

  it('spans the diagonal of a square, corner to furthest corner', () => {
    const square = gridSquare(412_000, 345_000, 1000);
    expect(groundSpanMetres(square)).toBeGreaterThan(1410);
    expect(groundSpanMetres(square)).toBeLessThan(1420);
  });

  it('refuses a boundary more than 50 km across, saying how far it runs', () => {
    // Long and thin: 60 km by 100 m, well under the area limit.
    const strip = gridSquare(412_000, 345_000, 100);
    const long = polygon([
      [strip.coordinates[0]![0]![0], strip.coordinates[0]![0]![1]],
      ...[
        [472_000, 345_000],
        [472_000, 345_100],
        [412_000, 345_100],
      ].map(([east, north]) => {
        const { lat, lon } = new OsGridRef(east!, north!).toLatLon();
        return [lon, lat] as [number, number];
      }),
    ]);
    expect(groundAreaHectares(long)).toBeLessThan(1000);
    expect(boundarySizeRefusal(long)).toBe(
      'A ground is at most 50 km across, and this boundary is 60 km across. Check its corners.',
    );
  });

  it('refuses a boundary over 100,000 ha that is under 50 km across, saying how much it holds', () => {
    // A hexagon 48 km across its furthest corners holds about 150,000 ha.
    const hexagon = polygon(
      Array.from({ length: 6 }, (_, index) => {
        const angle = (index * Math.PI) / 3;
        const { lat, lon } = new OsGridRef(
          412_000 + 24_000 * Math.cos(angle),
          345_000 + 24_000 * Math.sin(angle),
        ).toLatLon();
        return [lon, lat] as [number, number];
      }),
    );
    expect(groundSpanMetres(hexagon)).toBeLessThan(50_000);
    expect(boundarySizeRefusal(hexagon)).toMatch(
      /^A ground is at most 100,000 ha, and this boundary holds 149,\d{3} ha\. Check its corners\.$/,
    );
  });

  it('accepts a ground of a large Highland estate, 20 km square', () => {
    expect(boundarySizeRefusal(gridSquare(250_000, 800_000, 20_000))).toBeUndefined();
  });

  it('shows hectares to a sensible precision', () => {
    expect(formatHectares(0.4237)).toBe('0.42 ha');
    expect(formatHectares(12.46)).toBe('12.5 ha');
    expect(formatHectares(1250.4)).toBe('1,250 ha');
  });
});
