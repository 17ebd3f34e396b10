import type { MapPoint } from '@cull-log/contracts';
import { describe, expect, it } from 'vitest';
import { cellSizeFor, cellSizeWords, heatGrid } from './heat-grid';

const METRES_PER_DEGREE = 111_320;

describe('the heatmap grid', () => {
  it('counts the points in each cell, busiest first', () => {
    const points: MapPoint[] = [
      [52.0001, -1.0001, 0],
      [52.0002, -1.0002, 0],
      [52.0003, -1.0003, 1],
      [52.3, -1.3, 0],
    ];
    const cells = heatGrid(points, 1000);
    expect(cells.map((cell) => cell.count)).toEqual([3, 1]);
    for (const [latitude, longitude] of points) {
      const holding = cells.filter(
        (cell) =>
          cell.south <= latitude && latitude < cell.north && cell.west <= longitude && longitude < cell.east,
      );
      expect(holding).toHaveLength(1);
    }
  });

  it('makes cells of the same area in the south and the north', () => {
    const [south] = heatGrid([[50.1, -4.1, 0]], 1000);
    const [north] = heatGrid([[58.6, -3.1, 0]], 1000);
    const area = (cell: NonNullable<typeof south>) => {
      const middle = (((cell.north + cell.south) / 2) * Math.PI) / 180;
      return (
        (cell.north - cell.south) *
        METRES_PER_DEGREE *
        (cell.east - cell.west) *
        METRES_PER_DEGREE *
        Math.cos(middle)
      );
    };
    expect(area(south!)).toBeCloseTo(1_000_000, -2);
    expect(area(north!)).toBeCloseTo(1_000_000, -2);
    // The northern cell is wider in degrees of longitude to cover the same ground.
    expect(north!.east - north!.west).toBeGreaterThan(south!.east - south!.west);
  });

  it('picks round cell sizes for the zoom and names them', () => {
    expect(cellSizeFor(6, 52)).toBeGreaterThan(cellSizeFor(14, 52));
    expect(cellSizeFor(14, 52)).toBe(250);
    expect(cellSizeWords(250)).toBe('250 m');
    expect(cellSizeWords(2500)).toBe('2.5 km');
  });
});
