import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deferred, fakeApi, json, makeCull } from '../test/fake-api';
import { renderApp } from '../test/render-app';

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
      .on('GET /api/culls', () => list.promise);
    renderApp('/map');
    expect(await screen.findByRole('heading', { name: 'Interactive Map' })).toBeInTheDocument();
    expect(await screen.findByText('Loading map...')).toBeInTheDocument();
  });

  it('asks a visitor to log in, saying the data is private, and reads no records', async () => {
    const api = fakeApi();
    renderApp('/map');
    expect(
      await screen.findByText('Please log in to view your cull records on the map.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Your records are private/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login to View Records' })).toHaveAttribute('href', '/login');
    expect(api.callsTo('GET /api/culls')).toHaveLength(0);
  });

  it('explains that no record has location data', async () => {
    fakeApi()
      .signedInAs()
      .on('GET /api/culls', () => json({ items: [makeCull()], total: 1, page: 1, page_size: 100 }));
    renderApp('/map');
    expect(await screen.findByText('No cull records with location data found.')).toBeInTheDocument();
    expect(screen.getByText('Add records with GPS coordinates to see them on the map.')).toBeInTheDocument();
  });

  it('reads every page and places a marker for each record with coordinates', async () => {
    const records = Array.from({ length: 150 }, (_, index) =>
      makeCull({
        location_name: `Wood ${index}`,
        ...(index % 2 === 0 ? { latitude: 52 + index / 1000, longitude: -1.5 } : {}),
      }),
    );
    const api = fakeApi().signedInAs();
    api.on('GET /api/culls', ({ url }) => {
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('page_size'));
      return json({
        items: records.slice((page - 1) * size, page * size),
        total: records.length,
        page,
        page_size: size,
      });
    });
    const { container } = renderApp('/map');
    expect(await screen.findByText('75 records with coordinates')).toBeInTheDocument();
    expect(api.callsTo('GET /api/culls').map((call) => call.url.searchParams.get('page'))).toEqual([
      '1',
      '2',
    ]);
    expect(screen.getByRole('link', { name: 'OpenStreetMap' })).toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('.marker-cluster')).not.toBeNull());
  });

  it('shows a popup with the record and reports the selected record when a marker is clicked', async () => {
    const cull = makeCull({ latitude: 52.1, longitude: -1.2, weight: 15, notes: 'Frosty morning' });
    fakeApi()
      .signedInAs()
      .on('GET /api/culls', () => json({ items: [cull], total: 1, page: 1, page_size: 100 }));
    const { container } = renderApp('/map');
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
