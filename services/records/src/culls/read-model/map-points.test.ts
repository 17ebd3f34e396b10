import { describe, expect, it } from 'vitest';
import { MAP_POINTS_LIMIT, MapPointsResponse } from '@cull-log/contracts';
import { toMapPoints } from './map-points';

describe('toMapPoints', () => {
  it('names each species once, in order of first appearance, and points index into it', () => {
    const answer = toMapPoints([
      [51.5, -0.12, 'Roe Deer'],
      [52.25, 1.5, 'Muntjac'],
      [53, -2.125, 'Roe Deer'],
    ]);
    expect(answer).toEqual({
      species: ['Roe Deer', 'Muntjac'],
      points: [
        [51.5, -0.12, 0],
        [52.25, 1.5, 1],
        [53, -2.125, 0],
      ],
      truncated: false,
    });
    expect(MapPointsResponse.parse(answer)).toEqual(answer);
  });

  it('keeps the newest MAP_POINTS_LIMIT and says there were more', () => {
    const rows = Array.from({ length: MAP_POINTS_LIMIT + 1 }, () => [51, 0, 'Fox'] as const);
    const answer = toMapPoints(rows);
    expect(answer.points).toHaveLength(MAP_POINTS_LIMIT);
    expect(answer.truncated).toBe(true);
    expect(toMapPoints(rows.slice(1)).truncated).toBe(false);
  });
});
