import { describe, expect, it } from 'vitest';
import { boundsOf } from './map-basics';

describe('the bounds of the map points', () => {
  it('are the corners around every point', () => {
    expect(
      boundsOf([
        [52.1, -1.2, 0],
        [51.4, 0.3, 1],
        [53.9, -2.7, 0],
      ]),
    ).toEqual([
      [51.4, -2.7],
      [53.9, 0.3],
    ]);
  });

  it('are none with no points, so the fixed view stays', () => {
    expect(boundsOf([])).toBeNull();
  });
});
