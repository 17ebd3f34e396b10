import { describe, expect, it } from 'vitest';
import { makeGround } from '../../testing/fake-api';
import { GROUND_ZOOM, openingView } from './opening-view';

const square = (longitude: number, latitude: number) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [longitude, latitude],
      [longitude + 0.01, latitude],
      [longitude + 0.01, latitude + 0.01],
      [longitude, latitude],
    ] as [number, number][],
  ],
});

describe('where the drawing map opens', () => {
  it("takes the user's grounds over their records, every corner of each while they lie near each other", () => {
    const wood = makeGround({ boundary: square(-1.9, 53.25) });
    const field = makeGround({ centre: { latitude: 53.3, longitude: -1.8 } });
    expect(openingView([wood, field], [[51, -3, 0]])).toEqual({
      kind: 'bounds',
      corners: [
        [53.25, -1.9],
        [53.25, -1.89],
        [53.26, -1.89],
        [53.3, -1.8],
      ],
    });
  });

  it('opens on the latest changed ground alone when the grounds lie further apart than a ground', () => {
    const older = makeGround({
      centre: { latitude: 57, longitude: -4 },
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    const newer = makeGround({
      centre: { latitude: 51, longitude: -1 },
      updated_at: '2026-06-01T00:00:00.000Z',
    });
    expect(openingView([older, newer], [])).toEqual({ kind: 'centre', centre: [51, -1], zoom: GROUND_ZOOM });
  });

  it('passes over archived grounds and grounds not on the map, to the records, the newest first', () => {
    const archived = makeGround({ archived: true, centre: { latitude: 57, longitude: -4 } });
    const nowhere = makeGround();
    expect(
      openingView(
        [archived, nowhere],
        [
          [53.2, -1.9, 0],
          [53.21, -1.91, 0],
        ],
      ),
    ).toEqual({
      kind: 'bounds',
      corners: [
        [53.2, -1.9],
        [53.21, -1.91],
      ],
    });
    expect(
      openingView(
        [archived],
        [
          [53.2, -1.9, 0],
          [57.1, -4.2, 0],
        ],
      ),
    ).toEqual({
      kind: 'centre',
      centre: [53.2, -1.9],
      zoom: GROUND_ZOOM,
    });
  });

  it('has nothing to say with neither grounds nor records', () => {
    expect(openingView([], [])).toBeUndefined();
    expect(openingView([], undefined)).toBeUndefined();
  });
});
