import type L from 'leaflet';
import markerIconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { boundsOf, pointMarkerIcon, TOUCH_TARGET } from './map-basics';

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

describe("a record's pin", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a 44 px target on a touch screen, with the double-size image for sharp screens', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(pointer: coarse)' }));
    const { options } = pointMarkerIcon() as L.DivIcon;
    expect(options.iconSize).toEqual([TOUCH_TARGET, TOUCH_TARGET]);
    const image = new DOMParser().parseFromString(String(options.html), 'text/html').querySelector('img');
    expect(image?.getAttribute('srcset')).toContain(`${markerIconRetinaUrl} 2x`);
  });
});
