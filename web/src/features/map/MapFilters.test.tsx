import { currentSeason } from '@cull-log/domain';
import type { MapPoint } from '@cull-log/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundaryOf } from '../../lib/geo';
import { fakeApi, json, makeCull, makeGround, serveManagement } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';
import { choose, giveMapsASize } from '../../testing/ui';

let restoreSize: () => void;
beforeAll(() => {
  restoreSize = giveMapsASize();
});
afterAll(() => restoreSize());

const CURRENT = currentSeason(new Date()).key;
const wood = makeGround({
  name: 'Home Wood',
  boundary: boundaryOf([
    [52, -1],
    [52, -0.9],
    [52.1, -0.9],
    [52.1, -1],
  ])!,
});

const POINTS: MapPoint[] = [
  [52.05, -0.95, 0],
  [52.0501, -0.9501, 0],
  [52.06, -0.92, 1],
];

function serve() {
  const api = fakeApi().signedInAs();
  api.on('GET /api/culls/map-points', () =>
    json({ species: ['Roe Deer', 'Muntjac'], points: POINTS, truncated: false }),
  );
  api.on('GET /api/culls/at', () => json({ items: [makeCull()] }));
  serveManagement(api, { grounds: [wood] });
  return { api, user: userEvent.setup({ delay: null }) };
}

const mapElement = () =>
  waitFor(() => {
    const map = document.querySelector<HTMLElement>('.map.leaflet-container');
    if (!map) throw new Error('No map yet');
    return map;
  });

describe('the map by season, species, sex and ground', () => {
  it('sends each filter chosen to map-points, and All takes it off again', async () => {
    const { api, user } = serve();
    await renderApp('/map');
    await mapElement();
    await choose(user, 'Season', CURRENT.replace('-', '/'));
    await choose(user, 'Species', 'Muntjac');
    await choose(user, 'Sex', 'Female');
    await choose(user, 'Ground', 'Home Wood');
    await waitFor(() =>
      expect(Object.fromEntries(api.callsTo('GET /api/culls/map-points').at(-1)!.url.searchParams)).toEqual({
        season: CURRENT,
        species: 'Muntjac',
        sex: 'Female',
        ground_id: wood.id,
      }),
    );
    await choose(user, 'Species', 'All species');
    await waitFor(() =>
      expect(api.callsTo('GET /api/culls/map-points').at(-1)!.url.searchParams.has('species')).toBe(false),
    );
  });

  it("draws the user's ground boundaries, named", async () => {
    serve();
    await renderApp('/map');
    const map = await mapElement();
    await waitFor(() => expect(map.querySelector('.ground-label')).toHaveTextContent('Home Wood'));
  });

  it('shows a heatmap of counts in equal squares in place of the markers, and back', async () => {
    const { user } = serve();
    await renderApp('/map');
    const map = await mapElement();
    await waitFor(() => expect(map.dataset.pointsRendered).toBe('3'));
    await user.click(screen.getByRole('button', { name: 'Heatmap' }));
    expect(screen.getByRole('button', { name: 'Heatmap' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(map.dataset.heatCells).toBeDefined());
    expect(map.dataset.pointsRendered).toBeUndefined();
    expect(
      screen.getByText(/^Records counted in squares of [\d.]+ k?m: \d+ squares?, the busiest with [23]\.$/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Markers' }));
    await waitFor(() => expect(map.dataset.pointsRendered).toBe('3'));
    expect(map.dataset.heatCells).toBeUndefined();
  });
});
