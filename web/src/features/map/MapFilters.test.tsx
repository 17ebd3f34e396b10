import { currentSeason } from '@cull-log/domain';
import type { MapPoint } from '@cull-log/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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

const SPECIES = ['Roe Deer', 'Muntjac'];

function serve() {
  const api = fakeApi().signedInAs();
  // The points of the species asked for, as the records service answers.
  api.on('GET /api/culls/map-points', (request) => {
    const species = request.url.searchParams.get('species');
    const points = POINTS.filter(([, , index]) => species === null || SPECIES[index] === species);
    return json({ species: SPECIES, points, truncated: false });
  });
  api.on('GET /api/culls/at', () =>
    json({ items: [makeCull({ species: 'Muntjac', latitude: 52.06, longitude: -0.92 })] }),
  );
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

const thePopup = () => document.querySelector('.leaflet-popup');

/** Opens the Muntjac's marker (the one record of its point) and waits for its popup. */
async function openMuntjac(map: HTMLElement) {
  const marker = await waitFor(() => {
    const found = map.querySelector<HTMLElement>('.leaflet-marker-icon[alt="Muntjac"]');
    if (!found) throw new Error('No Muntjac marker yet');
    return found;
  });
  marker.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  await waitFor(() => expect(thePopup()).toHaveTextContent('View record'));
}

describe('an open popup and what the map shows', () => {
  it('closes when a filter takes its record off the map, and stays closed when the record comes back', async () => {
    const { user } = serve();
    await renderApp('/map');
    const map = await mapElement();
    await openMuntjac(map);
    expect(screen.getByText(/^Selected:/)).toBeInTheDocument();
    await choose(user, 'Species', 'Roe Deer');
    await waitFor(() => expect(map.querySelector('.leaflet-marker-icon[alt="Muntjac"]')).toBeNull());
    expect(thePopup()).toBeNull();
    expect(screen.queryByText(/^Selected:/)).not.toBeInTheDocument();
    await choose(user, 'Species', 'All species');
    await waitFor(() => expect(map.querySelector('.leaflet-marker-icon[alt="Muntjac"]')).not.toBeNull());
    expect(thePopup()).toBeNull();
  });

  it('stays open when a filter keeps its record on the map', async () => {
    const { user } = serve();
    await renderApp('/map');
    const map = await mapElement();
    await openMuntjac(map);
    await choose(user, 'Species', 'Muntjac');
    await waitFor(() => expect(map.dataset.pointsRendered).toBe('1'));
    expect(thePopup()).toHaveTextContent('View record');
  });

  it('closes when the heatmap takes the markers away', async () => {
    const { user } = serve();
    await renderApp('/map');
    const map = await mapElement();
    await openMuntjac(map);
    await user.click(screen.getByRole('button', { name: 'Heatmap' }));
    await waitFor(() => expect(map.dataset.heatCells).toBeDefined());
    expect(thePopup()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Markers' }));
    await waitFor(() => expect(map.dataset.pointsRendered).toBe('3'));
    expect(thePopup()).toBeNull();
  });
});

describe('the filters on a phone', () => {
  function screenWidth(isPhone: boolean) {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: isPhone && query === '(max-width: 40em)',
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      })),
    );
  }

  afterEach(() => vi.unstubAllGlobals());

  it('fold away under a "Filters" button, closed at first, so the map comes first; the button says what is chosen', async () => {
    screenWidth(true);
    const { user } = serve();
    await renderApp('/map');
    await mapElement();
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const filters = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(filters).toHaveAttribute('aria-label', 'Filters');
    expect(filters).not.toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(filters).toBeVisible();
    await choose(user, 'Species', 'Muntjac');
    expect(screen.getByRole('button', { name: 'Filters (1 chosen)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Filters (1 chosen)' }));
    expect(filters).not.toBeVisible();
  });

  it('are open on a desk, with no button to fold them', async () => {
    screenWidth(false);
    serve();
    await renderApp('/map');
    await mapElement();
    expect(screen.getByRole('group', { name: 'Filters' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Filters/ })).not.toBeInTheDocument();
  });
});
