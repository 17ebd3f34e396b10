import type { Cull, MapCull, MapPoint } from '@cull-log/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiError, deferred, fakeApi, json, makeCull } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';
import { giveMapsASize } from '../../testing/ui';

const MAP_POINTS = 'GET /api/culls/map-points';
const CULLS_AT = 'GET /api/culls/at';

/** A record as the records-at-a-point endpoint answers it: coordinates always, bookkeeping never. */
function makeMapCull(overrides: Partial<Cull> = {}): MapCull {
  const {
    created_by: _by,
    created_at: _at,
    updated_at: _updated,
    version: _version,
    ...shown
  } = makeCull({
    latitude: 52.2,
    longitude: -1.5,
    ...overrides,
  });
  return shown as MapCull;
}

/** The map-points answer for these points, all of one species unless the points say otherwise. */
function mapPoints(points: MapPoint[], truncated = false) {
  return json({ species: ['Roe Deer', 'Red Deer'], points, truncated });
}

/** The one marker drawn (not a cluster), once it is on the map. */
function theMarker(container: HTMLElement) {
  return waitFor(() => {
    const found = container.querySelector<HTMLElement>('.leaflet-marker-icon:not(.marker-cluster)');
    if (!found) throw new Error('No marker drawn yet');
    return found;
  });
}

function thePopup(container: HTMLElement) {
  return waitFor(() => {
    const found = container.querySelector<HTMLElement>('.leaflet-popup');
    if (!found) throw new Error('No popup yet');
    return found;
  });
}

describe('map screen', () => {
  let restoreSize: () => void;
  beforeAll(() => {
    restoreSize = giveMapsASize();
  });
  afterAll(() => restoreSize());

  it('says Loading map... while records load', async () => {
    const answer = deferred<Response>();
    fakeApi()
      .signedInAs()
      .on(MAP_POINTS, () => answer.promise);
    await renderApp('/map');
    expect(await screen.findByRole('heading', { name: 'Interactive Map' })).toBeInTheDocument();
    expect(await screen.findByText('Loading map...')).toBeInTheDocument();
  });

  it('asks a visitor to log in, saying the data is private, and reads no records', async () => {
    const api = fakeApi();
    await renderApp('/map');
    expect(
      await screen.findByText('Please log in to view your cull records on the map.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Your records are private/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login to View Records' })).toHaveAttribute('href', '/login');
    expect(api.callsTo(MAP_POINTS)).toHaveLength(0);
    expect(api.callsTo('GET /api/culls')).toHaveLength(0);
  });

  it('explains that no record has location data', async () => {
    fakeApi()
      .signedInAs()
      .on(MAP_POINTS, () => json({ species: [], points: [], truncated: false }));
    await renderApp('/map');
    expect(await screen.findByText('No cull records with location data found.')).toBeInTheDocument();
    expect(screen.getByText('Add records with GPS coordinates to see them on the map.')).toBeInTheDocument();
  });

  it('reads every located point in one request and clusters a marker for each', async () => {
    const points = Array.from({ length: 150 }, (_, index): MapPoint => [50 + index / 1000, -1.5, index % 2]);
    const api = fakeApi().signedInAs();
    api.on(MAP_POINTS, () => mapPoints(points));
    const { container } = await renderApp('/map');
    expect(await screen.findByText('150 records with coordinates')).toBeInTheDocument();
    expect(api.callsTo(MAP_POINTS)).toHaveLength(1);
    expect(api.callsTo('GET /api/culls')).toHaveLength(0);
    expect(api.callsTo(CULLS_AT)).toHaveLength(0);
    expect(await screen.findByRole('link', { name: 'OpenStreetMap' })).toBeInTheDocument();
    await waitFor(() =>
      expect(container.querySelector('.map')).toHaveAttribute('data-points-rendered', '150'),
    );
    // Fitted to the records, every one is in view: in a cluster's count or as a marker of its own.
    const clustered = Array.from(container.querySelectorAll('.marker-cluster'), (cluster) =>
      parseInt(cluster.textContent ?? '0', 10),
    ).reduce((sum, count) => sum + count, 0);
    const alone = container.querySelectorAll('.leaflet-marker-icon:not(.marker-cluster)').length;
    expect(clustered + alone).toBe(150);
    expect(screen.queryByText(/Showing the newest/)).not.toBeInTheDocument();
  });

  it('says plainly when the answer holds only the newest located records', async () => {
    fakeApi()
      .signedInAs()
      .on(MAP_POINTS, () => mapPoints([[52.1, -1.2, 0]], true));
    await renderApp('/map');
    expect(await screen.findByText('Showing the newest 50,000 located records.')).toBeInTheDocument();
  });

  it('says why the records could not be read', async () => {
    fakeApi()
      .signedInAs()
      .on(MAP_POINTS, () => apiError(503, 'service_unavailable', 'The service is unavailable, try again'));
    await renderApp('/map');
    expect(
      await screen.findByText('Error loading data: The service is unavailable, try again'),
    ).toBeInTheDocument();
  });

  it('fetches the records at a marker when it is clicked, and shows them in its popup', async () => {
    const cull = makeMapCull({ latitude: 52.1, longitude: -1.2, weight: 15, notes: 'Frosty morning' });
    const records = deferred<Response>();
    const api = fakeApi().signedInAs();
    api.on(MAP_POINTS, () => mapPoints([[52.1, -1.2, 0]])).on(CULLS_AT, () => records.promise);
    const { container } = await renderApp('/map');
    await screen.findByText('1 record with coordinates');
    const marker = await theMarker(container);
    expect(marker).toHaveAttribute('alt', 'Roe Deer');
    expect(marker).toHaveAttribute('tabindex', '0');
    expect(api.callsTo(CULLS_AT)).toHaveLength(0);

    marker.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const popup = await thePopup(container);
    await waitFor(() => expect(popup).toHaveTextContent('Loading records...'));
    const [call] = api.callsTo(CULLS_AT);
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({ latitude: '52.1', longitude: '-1.2' });

    records.resolve(json({ items: [cull] }));
    await waitFor(() => expect(popup).toHaveTextContent('Home Wood'));
    expect(popup).toHaveTextContent('15 kg');
    expect(popup).toHaveTextContent('Frosty morning');
    expect(screen.getByText(/^Selected: Roe Deer at Home Wood on 07\/03\/2025/)).toBeInTheDocument();
  });

  it('shows every record at a shared point, newest first, each with its link', async () => {
    const records = [
      makeMapCull({ location_name: 'High Seat 3', date: '2025-03-09', species: 'Red Deer' }),
      makeMapCull({ location_name: 'High Seat 3', date: '2025-03-08' }),
      makeMapCull({ location_name: 'High Seat 3', date: '2025-03-07' }),
    ];
    fakeApi()
      .signedInAs()
      .on(MAP_POINTS, () => mapPoints([[52.1, -1.2, 1]]))
      .on(CULLS_AT, () => json({ items: records }));
    const { container } = await renderApp('/map');
    (await theMarker(container)).dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const popup = await thePopup(container);
    await waitFor(() => expect(popup.querySelectorAll('.cull-popup__record')).toHaveLength(3));
    expect([...popup.querySelectorAll('.cull-popup a')].map((link) => link.getAttribute('href'))).toEqual(
      records.map((record) => `/view-cull/${record.id}`),
    );
    expect(
      screen.getByText(/^Selected: 3 records here, the newest Red Deer at High Seat 3 on 09\/03\/2025/),
    ).toBeInTheDocument();
  });

  it('asks for the exact coordinates of the point, however many digits they have', async () => {
    // Thirds and sevenths need every digit a double holds.
    const [latitude, longitude] = [52 + 1 / 3, -1 - 1 / 7];
    const api = fakeApi().signedInAs();
    api
      .on(MAP_POINTS, () => mapPoints([[latitude, longitude, 0]]))
      .on(CULLS_AT, () => json({ items: [makeMapCull()] }));
    const { container } = await renderApp('/map');
    (await theMarker(container)).dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await waitFor(() => expect(api.callsTo(CULLS_AT)).toHaveLength(1));
    const search = api.callsTo(CULLS_AT)[0]?.url.searchParams;
    expect(Number(search?.get('latitude'))).toBe(latitude);
    expect(Number(search?.get('longitude'))).toBe(longitude);
  });

  it('opens a marker with Enter once it has the keyboard focus', async () => {
    const api = fakeApi().signedInAs();
    api
      .on(MAP_POINTS, () => mapPoints([[52.1, -1.2, 0]]))
      .on(CULLS_AT, () => json({ items: [makeMapCull()] }));
    const { container } = await renderApp('/map');
    const marker = await theMarker(container);
    marker.focus();
    expect(marker).toHaveFocus();
    marker.dispatchEvent(new KeyboardEvent('keypress', { key: 'Enter', keyCode: 13, bubbles: true }));
    await waitFor(() => expect(thePopup(container)).resolves.toHaveTextContent('Home Wood'));
    expect(api.callsTo(CULLS_AT)).toHaveLength(1);
  });

  it('says in the popup why the records at a point could not be read', async () => {
    fakeApi()
      .signedInAs()
      .on(MAP_POINTS, () => mapPoints([[52.1, -1.2, 0]]))
      .on(CULLS_AT, () => apiError(503, 'service_unavailable', 'The service is unavailable, try again'));
    const { container } = await renderApp('/map');
    (await theMarker(container)).dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const popup = await thePopup(container);
    await waitFor(() =>
      expect(popup).toHaveTextContent(
        'Could not load the records here: The service is unavailable, try again',
      ),
    );
    expect(screen.queryByText(/^Selected:/)).not.toBeInTheDocument();
  });

  describe('where it opens', () => {
    /** The zoom and columns of the map tiles drawn: what the map shows, as Leaflet asked for it. */
    function tilesShown(container: HTMLElement) {
      return Array.from(container.querySelectorAll<HTMLImageElement>('img.leaflet-tile'), (tile) => {
        const [, zoom, column] = /\/(\d+)\/(\d+)\/\d+\.png$/.exec(tile.src) ?? [];
        return { zoom: Number(zoom), column: Number(column) };
      });
    }
    const columnAt = (longitude: number, zoom: number) => Math.floor(((longitude + 180) / 360) * 2 ** zoom);

    afterEach(() => {
      delete (navigator as { geolocation?: Geolocation }).geolocation;
    });

    it("fits the user's own records, drawing apart two that the whole-country view would cluster", async () => {
      fakeApi()
        .signedInAs()
        .on(MAP_POINTS, () =>
          mapPoints([
            [52.1, -1.2, 0],
            [52.15, -1.1, 1],
          ]),
        );
      const { container } = await renderApp('/map');
      await waitFor(() =>
        expect(container.querySelectorAll('.leaflet-marker-icon:not(.marker-cluster)')).toHaveLength(2),
      );
      expect(container.querySelector('.marker-cluster')).toBeNull();
      expect(tilesShown(container).every((tile) => tile.zoom > 6)).toBe(true);
    });

    it("lays its tiles out once, for the records' view, never first for the whole country", async () => {
      const zooms = new Set<number>();
      const tiles = new MutationObserver((changes) => {
        for (const added of changes.flatMap((change) => Array.from(change.addedNodes)))
          if (added instanceof HTMLImageElement && added.classList.contains('leaflet-tile'))
            zooms.add(Number(/\/(\d+)\/\d+\/\d+\.png$/.exec(added.src)?.[1]));
      });
      tiles.observe(document.body, { childList: true, subtree: true });
      fakeApi()
        .signedInAs()
        .on(MAP_POINTS, () => mapPoints([[52.1, -1.2, 0]]));
      const { container } = await renderApp('/map');
      await theMarker(container);
      await waitFor(() => expect(tilesShown(container).length).toBeGreaterThan(0));
      tiles.disconnect();
      expect(zooms).toEqual(new Set([14]));
    });

    it('stays on the whole country, zoom 6, with nothing to fit', async () => {
      fakeApi()
        .signedInAs()
        .on(MAP_POINTS, () => mapPoints([]));
      const { container } = await renderApp('/map');
      await screen.findByText('No cull records with location data found.');
      await waitFor(() => expect(tilesShown(container).length).toBeGreaterThan(0));
      expect(new Set(tilesShown(container).map((tile) => tile.zoom))).toEqual(new Set([6]));
      expect(tilesShown(container).map((tile) => tile.column)).toContain(columnAt(-1.5, 6));
    });

    it('centres on the user when asked, where the phone says they are', async () => {
      const here = { latitude: 54.5, longitude: -3.0 };
      Object.defineProperty(navigator, 'geolocation', {
        configurable: true,
        value: {
          getCurrentPosition: (found: PositionCallback) =>
            found({ coords: { ...here, accuracy: 8 } } as GeolocationPosition),
        },
      });
      fakeApi()
        .signedInAs()
        .on(MAP_POINTS, () => mapPoints([[51.0, 0.5, 0]]));
      const { container } = await renderApp('/map');
      await theMarker(container);
      await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Centre on me' }));

      expect(await screen.findByText('The map is centred on your location.')).toBeInTheDocument();
      await waitFor(() =>
        expect(tilesShown(container)).toContainEqual({ zoom: 14, column: columnAt(here.longitude, 14) }),
      );
    });

    it('opens a cluster reached by the keyboard with Enter, showing the records in it', async () => {
      fakeApi()
        .signedInAs()
        .on(MAP_POINTS, () =>
          mapPoints([
            [52.1, -1.2, 0],
            [52.1, -1.2, 1],
          ]),
        );
      const { container } = await renderApp('/map');
      const cluster = await waitFor(() => {
        const found = container.querySelector<HTMLElement>('.marker-cluster');
        if (!found) throw new Error('No cluster drawn yet');
        return found;
      });
      expect(cluster).toHaveAccessibleName('2 records here');
      cluster.focus();
      expect(cluster).toHaveFocus();
      cluster.dispatchEvent(new KeyboardEvent('keypress', { key: 'Enter', keyCode: 13, bubbles: true }));
      await waitFor(() =>
        expect(container.querySelectorAll('.leaflet-marker-icon:not(.marker-cluster)')).toHaveLength(2),
      );
    });
  });
});
