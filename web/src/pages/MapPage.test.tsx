import type { Cull, MapCull } from '@cull-log/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError, deferred, fakeApi, json, makeCull } from '../testing/fake-api';
import { renderApp } from '../testing/render-app';

const LOCATIONS = 'GET /api/culls/locations';

/** A record as the map endpoint answers it: coordinates always, bookkeeping never. */
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

/** jsdom lays nothing out; give Leaflet's container a size so it draws the markers in view. */
function giveMapASize() {
  const originals = (['clientWidth', 'clientHeight'] as const).map(
    (property) => [property, Object.getOwnPropertyDescriptor(HTMLElement.prototype, property)] as const,
  );
  for (const [property, size] of [
    ['clientWidth', 800],
    ['clientHeight', 600],
  ] as const) {
    Object.defineProperty(HTMLElement.prototype, property, {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('leaflet-container') ? size : 0;
      },
    });
  }
  return () => {
    for (const [property, descriptor] of originals) {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, property, descriptor);
    }
  };
}

describe('map screen', () => {
  let restoreSize: () => void;
  beforeAll(() => {
    restoreSize = giveMapASize();
  });
  afterAll(() => restoreSize());

  it('says Loading map... while records load', async () => {
    const list = deferred<Response>();
    fakeApi()
      .signedInAs()
      .on(LOCATIONS, () => list.promise);
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
    expect(api.callsTo(LOCATIONS)).toHaveLength(0);
    expect(api.callsTo('GET /api/culls')).toHaveLength(0);
  });

  it('explains that no record has location data', async () => {
    fakeApi()
      .signedInAs()
      .on(LOCATIONS, () => json({ items: [] }));
    await renderApp('/map');
    expect(await screen.findByText('No cull records with location data found.')).toBeInTheDocument();
    expect(screen.getByText('Add records with GPS coordinates to see them on the map.')).toBeInTheDocument();
  });

  it('reads every located record in one request and places a marker for each', async () => {
    const records = Array.from({ length: 150 }, (_, index) =>
      makeMapCull({ location_name: `Wood ${index}`, latitude: 50 + index / 1000 }),
    );
    const api = fakeApi().signedInAs();
    api.on(LOCATIONS, () => json({ items: records }));
    const { container } = await renderApp('/map');
    expect(await screen.findByText('150 records with coordinates')).toBeInTheDocument();
    expect(api.callsTo(LOCATIONS)).toHaveLength(1);
    expect(api.callsTo('GET /api/culls')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'OpenStreetMap' })).toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('.marker-cluster')).not.toBeNull());
  });

  it('says why the records could not be read', async () => {
    fakeApi()
      .signedInAs()
      .on(LOCATIONS, () => apiError(503, 'service_unavailable', 'The service is unavailable, try again'));
    await renderApp('/map');
    expect(
      await screen.findByText('Error loading data: The service is unavailable, try again'),
    ).toBeInTheDocument();
  });

  it('shows a popup with the record and reports the selected record when a marker is clicked', async () => {
    const cull = makeMapCull({ latitude: 52.1, longitude: -1.2, weight: 15, notes: 'Frosty morning' });
    fakeApi()
      .signedInAs()
      .on(LOCATIONS, () => json({ items: [cull] }));
    const { container } = await renderApp('/map');
    await screen.findByText('1 record with coordinates');
    const marker = await waitFor(() => {
      const found = container.querySelector<HTMLElement>('.leaflet-marker-icon');
      if (!found) throw new Error('No marker drawn yet');
      return found;
    });
    expect(marker).toHaveAttribute('alt', 'Roe Deer at Home Wood');

    marker.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const popup = await waitFor(() => {
      const found = container.querySelector<HTMLElement>('.leaflet-popup');
      if (!found) throw new Error('No popup yet');
      return found;
    });
    expect(popup).toHaveTextContent('Home Wood');
    expect(popup).toHaveTextContent('15 kg');
    expect(popup).toHaveTextContent('Frosty morning');
    expect(screen.getByText(/^Selected: Roe Deer at Home Wood on 07\/03\/2025/)).toBeInTheDocument();
  });
});
