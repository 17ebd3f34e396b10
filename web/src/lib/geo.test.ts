import type { Ground } from '@cull-log/contracts';
import { describe, expect, it } from 'vitest';
import { boundaryOf, cornersOf, groundAt, isInside } from './geo';

const square = boundaryOf([
  [52, -1],
  [52, -0.9],
  [52.1, -0.9],
  [52.1, -1],
])!;

const ground = (name: string, boundary = square, archived = false): Ground => ({
  id: name,
  name,
  notes: null,
  boundary,
  centre: null,
  archived,
  version: 1,
  created_at: '2026-04-01T00:00:00.000Z',
  updated_at: '2026-04-01T00:00:00.000Z',
});

describe('a point and a ground boundary', () => {
  it('closes the tapped corners into a GeoJSON ring of [longitude, latitude]', () => {
    expect(square.coordinates[0]).toEqual([
      [-1, 52],
      [-0.9, 52],
      [-0.9, 52.1],
      [-1, 52.1],
      [-1, 52],
    ]);
    expect(cornersOf(square)).toEqual([
      [52, -1],
      [52, -0.9],
      [52.1, -0.9],
      [52.1, -1],
    ]);
    expect(
      boundaryOf([
        [52, -1],
        [52.1, -1],
      ]),
    ).toBeUndefined();
  });

  it('tells inside from outside, a concave boundary too', () => {
    expect(isInside(52.05, -0.95, square)).toBe(true);
    expect(isInside(52.2, -0.95, square)).toBe(false);
    expect(isInside(52.05, -1.05, square)).toBe(false);
    // An L: the notch at the top right is outside.
    const l = boundaryOf([
      [0, 0],
      [0, 2],
      [1, 2],
      [1, 1],
      [2, 1],
      [2, 0],
    ])!;
    expect(isInside(0.5, 1.5, l)).toBe(true);
    expect(isInside(1.5, 0.5, l)).toBe(true);
    expect(isInside(1.5, 1.5, l)).toBe(false);
  });

  it('picks the smallest ground holding the point, never an archived one', () => {
    const wood = ground(
      'Wood',
      boundaryOf([
        [52.02, -0.98],
        [52.02, -0.96],
        [52.04, -0.96],
        [52.04, -0.98],
      ])!,
    );
    const estate = ground('Estate');
    expect(groundAt(52.03, -0.97, [estate, wood])?.name).toBe('Wood');
    expect(groundAt(52.08, -0.92, [estate, wood])?.name).toBe('Estate');
    expect(groundAt(52.03, -0.97, [ground('Estate', square, true)])).toBeUndefined();
    expect(groundAt(53, -0.97, [estate, wood])).toBeUndefined();
  });
});
