import { DEFAULT_SEASON_START } from '@cull-log/contracts';
import { currentSeason } from '@cull-log/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeApi, json, makeOuting } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';
import { giveMapsASize } from '../../testing/ui';

const WOOD = '10000000-0000-4000-8000-00000000aaaa';
const DOE = 'Roe Deer, Female, Adult: 2 seen on 03/11/2026';
const PRICKET = 'Fallow Deer, Male, Young: 1 seen on 05/11/2026';

const sightingMarks = (container: HTMLElement) =>
  Array.from(container.querySelectorAll('.sighting-mark'), (mark) => mark.getAttribute('title'));

function serve(farPlace?: { latitude: number; longitude: number }) {
  const api = fakeApi().signedInAs();
  api.on('GET /api/culls/map-points', () =>
    json({ species: ['Roe Deer'], points: [[52.2, -1.5, 0]], truncated: false }),
  );
  api.on('GET /api/outings', () =>
    json({
      items: [
        makeOuting({
          ground_id: WOOD,
          started_at: '2026-11-05T07:00:00.000Z',
          ended_at: '2026-11-05T09:00:00.000Z',
          sightings: [
            {
              species: 'Fallow Deer',
              sex: 'Male',
              age_class: 'Young',
              count: 1,
              place: farPlace ?? { latitude: 52.21, longitude: -1.52 },
            },
          ],
        }),
        makeOuting({
          ground_id: WOOD,
          started_at: '2026-11-03T07:00:00.000Z',
          ended_at: '2026-11-03T09:00:00.000Z',
          sightings: [
            {
              species: 'Roe Deer',
              sex: 'Female',
              age_class: 'Adult',
              count: 2,
              place: { latitude: 52.2, longitude: -1.51 },
            },
            // Not marked: not on the map.
            { species: 'Muntjac', sex: 'Unknown', age_class: 'Unknown', count: 1 },
          ],
        }),
      ],
      open: null,
    }),
  );
  return api;
}

describe('the map’s "Deer seen" layer', () => {
  let restoreSize: () => void;
  beforeAll(() => {
    restoreSize = giveMapsASize();
  });
  afterAll(() => restoreSize());

  it('is off until asked for, then marks the season’s places apart from the records, each saying what was seen', async () => {
    const api = serve();
    const user = userEvent.setup({ delay: null });
    const { container } = await renderApp('/map');
    const toggle = await screen.findByRole('button', { name: 'Deer seen' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(container.querySelector('.map')).toHaveAttribute('data-points-rendered', '1'));
    expect(sightingMarks(container)).toEqual([]);
    expect(api.callsTo('GET /api/outings')).toHaveLength(0);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const season = currentSeason(new Date(), DEFAULT_SEASON_START);
    expect(
      await screen.findByText(`Deer seen: 2 places marked on your outings of ${season.label}`),
    ).toBeInTheDocument();
    expect(api.callsTo('GET /api/outings').at(-1)?.url.searchParams.get('season')).toBe(season.key);
    await waitFor(() => expect(sightingMarks(container)).toEqual([PRICKET, DOE]));
    // The record's pin is still there, apart from them.
    expect(
      container.querySelectorAll('.leaflet-marker-icon:not(.marker-cluster):not(.sighting-mark)'),
    ).toHaveLength(1);

    await user.click(container.querySelector<HTMLElement>(`.sighting-mark[title="${DOE}"]`)!);
    await waitFor(() => expect(container.querySelector('.leaflet-popup')).toHaveTextContent(DOE));

    await user.click(toggle);
    await waitFor(() => expect(sightingMarks(container)).toEqual([]));
    expect(screen.queryByText(/places marked/)).not.toBeInTheDocument();
  });

  it('moves the map to take in deer seen away from the records, when the layer comes on', async () => {
    // The records are in Warwickshire; the pricket was seen in the Highlands.
    serve({ latitude: 57.1, longitude: -4.2 });
    const user = userEvent.setup({ delay: null });
    const { container } = await renderApp('/map');
    await waitFor(() => expect(container.querySelector('.map')).toHaveAttribute('data-points-rendered', '1'));
    const highlands = (latitude: number) => (tile: TilePlace) => tile.latitude > latitude;
    expect(tilesShown(container).some(highlands(56))).toBe(false);

    await user.click(await screen.findByRole('button', { name: 'Deer seen' }));
    await waitFor(() => expect(sightingMarks(container)).toEqual([PRICKET, DOE]));
    // Both places in view: the tiles now reach from the Midlands to the Highlands.
    await waitFor(() => expect(tilesShown(container).some(highlands(56))).toBe(true));
    expect(tilesShown(container).some((tile) => tile.latitude < 53)).toBe(true);
  });
});

interface TilePlace {
  latitude: number;
  longitude: number;
}

/** Where each map tile drawn lies (its top-left corner), from the tile's address. */
function tilesShown(container: HTMLElement): TilePlace[] {
  return Array.from(container.querySelectorAll<HTMLImageElement>('img.leaflet-tile'), (tile) => {
    const [zoom, x, y] = new URL(tile.src).pathname.match(/\d+/g)!.map(Number) as [number, number, number];
    const n = 2 ** zoom;
    return {
      longitude: (x / n) * 360 - 180,
      latitude: (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / n))) * 180) / Math.PI,
    };
  });
}
