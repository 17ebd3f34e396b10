import {
  MANAGEMENT_MESSAGES,
  PLACE_MESSAGES,
  type CreateGroundRequest,
  type GroundBoundary,
  type Place,
} from '@cull-log/contracts';
import { currentSeason, parseGridReference } from '@cull-log/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeApi, json, makeGround, makeOuting, serveManagement, type FakeApi } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';
import { fakeGeolocation, forgetGeolocation, giveMapsASize } from '../../testing/ui';

let restoreSize: () => void;
beforeAll(() => {
  restoreSize = giveMapsASize();
});
afterAll(() => restoreSize());
afterEach(() => forgetGeolocation());

/** Near Buxton, in the Peak District: where the user's records are unless a test says otherwise. */
const RECORDS_AT = { latitude: 53.2587, longitude: -1.9114 };

/** The user's located records, newest first, as the map's read answers them. */
function serveRecordPoints(
  api: FakeApi,
  points: Array<[number, number]> = [[RECORDS_AT.latitude, RECORDS_AT.longitude]],
) {
  api.on('GET /api/culls/map-points', () =>
    json({ species: ['Roe Deer'], points: points.map(([lat, lon]) => [lat, lon, 0]), truncated: false }),
  );
}

async function openGrounds(
  state: Parameters<typeof serveManagement>[1] = {},
  { records = true }: { records?: boolean } = {},
) {
  const api = fakeApi().signedInAs();
  const held = serveManagement(api, state);
  if (records) serveRecordPoints(api);
  const app = await renderApp('/grounds');
  await screen.findByRole('heading', { name: 'Grounds', level: 1 });
  return { api, held, app, user: userEvent.setup({ delay: null }) };
}

/** Waits until the drawing map shows the zoom level a view asked for (its tiles are of that level). */
async function mapAtZoom(zoom: number) {
  await waitFor(() =>
    expect(document.querySelector(`.boundary-map img.leaflet-tile[src*="/${zoom}/"]`)).not.toBeNull(),
  );
}

/** The corners of a boundary sent, as [latitude, longitude]. */
const cornersSent = (boundary: GroundBoundary | undefined | null) =>
  (boundary?.coordinates[0] ?? []).map(([longitude, latitude]) => [latitude, longitude]);

/** A tap on the drawing map at a point of its 800 × 600 container. */
async function tapMap(x: number, y: number) {
  const map = await waitFor(() => {
    const found = document.querySelector<HTMLElement>('.boundary-map .leaflet-container');
    if (!found) throw new Error('The drawing map has not loaded');
    return found;
  });
  fireEvent.click(map, { clientX: x, clientY: y });
}

describe('grounds', () => {
  it('creates a ground by tapping its corners, with undo and close, and lists it', async () => {
    const { api, user } = await openGrounds();
    expect(await screen.findByText(/No grounds yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '+ New ground' }));
    await user.type(screen.getByLabelText(/^Name/), 'Home Wood');
    await user.type(screen.getByLabelText('Notes'), 'Keys under the stone');
    // It opens on the user's records, close enough to draw a field.
    await mapAtZoom(15);

    await tapMap(100, 100);
    await tapMap(300, 100);
    await tapMap(500, 500);
    expect(screen.getByText(/^3 corners placed: [\d.]+ ha so far\.$/)).toBeInTheDocument();
    // The third was a mistake.
    await user.click(screen.getByRole('button', { name: 'Undo last corner' }));
    expect(screen.getByText('2 corners placed: at least 3 make a boundary.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close boundary' })).toBeDisabled();
    // An open boundary is not saved by mistake.
    expect(screen.getByRole('button', { name: 'Save ground' })).toBeDisabled();
    await tapMap(300, 300);
    await tapMap(100, 300);
    await user.click(screen.getByRole('button', { name: 'Close boundary' }));
    const closed = screen.getByText(/^Boundary closed with 4 corners: ([\d.]+) ha\.$/);
    // 200 pixels square at zoom 15 in the Peak District: 571 m square on the ground.
    const hectares = Number(/: ([\d.]+) ha/.exec(closed.textContent ?? '')?.[1]);
    expect(hectares).toBeGreaterThan(31);
    expect(hectares).toBeLessThan(34);
    // A closed boundary takes no more corners.
    await tapMap(600, 500);
    expect(screen.getByText(`Boundary closed with 4 corners: ${hectares} ha.`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save ground' }));

    const list = await screen.findByRole('list', { name: 'Your grounds' });
    expect(within(list).getByRole('heading', { name: 'Home Wood' })).toBeInTheDocument();
    expect(within(list).getByText(`${hectares} ha · boundary of 4 corners`)).toBeInTheDocument();
    expect(screen.getByText('Home Wood saved')).toBeInTheDocument();
    const [created] = api.callsTo('POST /api/grounds');
    const body = created?.body as CreateGroundRequest;
    expect(body.name).toBe('Home Wood');
    expect(body.notes).toBe('Keys under the stone');
    const ring = body.boundary?.coordinates[0] ?? [];
    expect(ring).toHaveLength(5);
    expect(ring[4]).toEqual(ring[0]);
    // Tapped left to right and top to bottom: longitude grows, latitude falls.
    expect(ring[1]![0]).toBeGreaterThan(ring[0]![0]);
    expect(ring[2]![1]).toBeLessThan(ring[1]![1]);
    // Around the records.
    for (const [latitude, longitude] of cornersSent(body.boundary)) {
      expect(Math.abs(latitude! - RECORDS_AT.latitude)).toBeLessThan(0.02);
      expect(Math.abs(longitude! - RECORDS_AT.longitude)).toBeLessThan(0.03);
    }
  });

  it('sets a centre point instead of a boundary, and clear starts again', async () => {
    const { api, user } = await openGrounds();
    await user.click(await screen.findByRole('button', { name: '+ New ground' }));
    await user.type(screen.getByLabelText(/^Name/), 'Top Field');
    await user.click(screen.getByRole('button', { name: 'Centre point' }));
    await tapMap(400, 300);
    expect(screen.getByText('Centre placed. Tap elsewhere to move it.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save ground' }));
    await screen.findByText('Top Field saved');
    const body = api.callsTo('POST /api/grounds')[0]?.body as CreateGroundRequest;
    expect(body.boundary).toBeUndefined();
    expect(body.centre).toEqual({ latitude: expect.any(Number), longitude: expect.any(Number) });
  });

  it('says by the name when the name is already taken, and keeps what was typed', async () => {
    const { user } = await openGrounds({ grounds: [makeGround({ name: 'Home Wood' })] });
    await user.click(await screen.findByRole('button', { name: '+ New ground' }));
    await user.type(screen.getByLabelText(/^Name/), 'home wood');
    await user.click(screen.getByRole('button', { name: 'Save ground' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MANAGEMENT_MESSAGES.groundNameTaken);
    expect(screen.getByLabelText(/^Name/)).toHaveAccessibleDescription(MANAGEMENT_MESSAGES.groundNameTaken);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('home wood');
  });

  it('renames a ground, archives it apart and restores it', async () => {
    const wood = makeGround({ name: 'Home Wood' });
    const { api, held, user } = await openGrounds({ grounds: [wood] });
    await user.click(await screen.findByRole('button', { name: 'Edit Home Wood' }));
    const name = screen.getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Home Wood North');
    await user.click(screen.getByRole('button', { name: 'Save ground' }));
    await screen.findByText('Home Wood North saved');
    // A rename sends the name alone: the boundary is not redrawn.
    expect(api.callsTo(`PATCH /api/grounds/${wood.id}`).map((call) => call.body)).toEqual([
      { expected_version: 1, name: 'Home Wood North' },
    ]);
    expect(held.grounds[0]?.name).toBe('Home Wood North');

    await user.click(screen.getByRole('button', { name: 'Archive Home Wood North' }));
    const archived = await screen.findByRole('list', { name: 'Archived grounds' });
    expect(within(archived).getByRole('heading', { name: 'Home Wood North' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your grounds' })).not.toBeInTheDocument();
    await user.click(within(archived).getByRole('button', { name: 'Restore Home Wood North' }));
    await waitFor(() => expect(held.grounds[0]?.archived).toBe(false));
    expect(await screen.findByRole('list', { name: 'Your grounds' })).toBeInTheDocument();
  });

  it('redraws a ground: Clear, new corners, Close, and only the boundary is sent', async () => {
    const wood = makeGround({
      name: 'Home Wood',
      boundary: {
        type: 'Polygon',
        coordinates: [
          [
            [-1, 52],
            [-0.9, 52],
            [-0.9, 52.1],
            [-1, 52],
          ],
        ],
      },
    });
    const { api, user } = await openGrounds({ grounds: [wood] });
    await user.click(await screen.findByRole('button', { name: 'Edit Home Wood' }));
    expect(await screen.findByText(/^Boundary closed with 3 corners: [\d,.]+ ha\.$/)).toBeInTheDocument();
    // It opens on the ground itself: 0.1° each way fits at zoom 12.
    await mapAtZoom(12);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('Tap the map at each corner of the ground, in order.')).toBeInTheDocument();
    for (const [x, y] of [
      [100, 100],
      [400, 100],
      [400, 400],
      [100, 400],
    ] as const)
      await tapMap(x, y);
    await user.click(screen.getByRole('button', { name: 'Close boundary' }));
    await user.click(screen.getByRole('button', { name: 'Save ground' }));
    await screen.findByText('Home Wood saved');
    const [patch] = api.callsTo(`PATCH /api/grounds/${wood.id}`);
    const body = patch?.body as { boundary: { coordinates: number[][][] }; centre: null; name?: string };
    expect(body.name).toBeUndefined();
    expect(body.centre).toBeNull();
    expect(body.boundary.coordinates[0]).toHaveLength(5);
  });

  it("lists the season's outings with their culls, a blank one marked", async () => {
    const wood = makeGround({ name: 'Home Wood' });
    const field = makeGround({ name: 'Top Field' });
    const thisYear = new Date().toISOString();
    await openGrounds({
      grounds: [wood, field],
      outings: [
        makeOuting({ ground_id: wood.id, started_at: thisYear, ended_at: thisYear, cull_count: 2 }),
        makeOuting({ ground_id: field.id, started_at: thisYear, ended_at: thisYear, cull_count: 0 }),
      ],
    });
    const list = await screen.findByRole('list', { name: /^Outings of the season/ });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Top Field');
    expect(items[0]).toHaveTextContent('Blank');
    expect(items[1]).toHaveTextContent('Home Wood');
    expect(items[1]).toHaveTextContent('2 culls');
  });
});

describe('where the drawing map opens, and finding a place on it', () => {
  /** Opens a new ground's editor in centre mode, taps the middle of the map and answers the centre sent. */
  async function centreTappedInMiddle(user: ReturnType<typeof userEvent.setup>, api: FakeApi) {
    await user.type(screen.getByLabelText(/^Name/), 'Top Field');
    await user.click(screen.getByRole('button', { name: 'Centre point' }));
    await tapMap(400, 300);
    await user.click(screen.getByRole('button', { name: 'Save ground' }));
    await screen.findByText('Top Field saved');
    return (api.callsTo('POST /api/grounds')[0]?.body as CreateGroundRequest).centre!;
  }

  it("opens on the user's grounds when they have some, without reading their records", async () => {
    const exmoor = makeGround({
      name: 'Exmoor Combe',
      boundary: {
        type: 'Polygon',
        coordinates: [
          [
            [-3.62, 51.15],
            [-3.6, 51.15],
            [-3.6, 51.16],
            [-3.62, 51.15],
          ],
        ],
      },
    });
    const { api, user } = await openGrounds({ grounds: [exmoor] });
    await user.click(await screen.findByRole('button', { name: '+ New ground' }));
    await mapAtZoom(15);
    const centre = await centreTappedInMiddle(user, api);
    expect(centre.latitude).toBeCloseTo(51.153, 2);
    expect(centre.longitude).toBeCloseTo(-3.61, 2);
    expect(api.callsTo('GET /api/culls/map-points')).toHaveLength(0);
  });

  it('opens on the newest record alone when the records lie further apart than a ground', async () => {
    const api = fakeApi().signedInAs();
    serveManagement(api);
    // The newest near Buxton, an older one in the Highlands.
    serveRecordPoints(api, [
      [RECORDS_AT.latitude, RECORDS_AT.longitude],
      [57.05, -4.2],
    ]);
    await renderApp('/grounds');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: '+ New ground' }));
    await mapAtZoom(15);
    const centre = await centreTappedInMiddle(user, api);
    expect(centre.latitude).toBeCloseTo(RECORDS_AT.latitude, 3);
    expect(centre.longitude).toBeCloseTo(RECORDS_AT.longitude, 3);
  });

  it('with no grounds and no records, opens where the browser says the phone is', async () => {
    const asked = fakeGeolocation((found) =>
      found({ coords: { latitude: 56.7, longitude: -4.5, accuracy: 20 } } as GeolocationPosition),
    );
    const { api, user } = await openGrounds({}, { records: false });
    await user.click(await screen.findByRole('button', { name: '+ New ground' }));
    await mapAtZoom(15);
    expect(asked).toHaveBeenCalledTimes(1);
    const centre = await centreTappedInMiddle(user, api);
    expect(centre).toEqual({ latitude: expect.closeTo(56.7, 4), longitude: expect.closeTo(-4.5, 4) });
  });

  it('centres on a grid reference, offline too, and says what is wrong with a half-typed one', async () => {
    const { api, user } = await openGrounds();
    await user.click(await screen.findByRole('button', { name: '+ New ground' }));
    await mapAtZoom(15);
    api.offline();
    const search = screen.getByRole('searchbox', { name: 'Find a place' });
    await user.type(search, 'SK 123 45{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(/figures/i);
    // Enter searched: the ground was not saved.
    expect(api.callsTo('POST /api/grounds')).toHaveLength(0);
    await user.clear(search);
    await user.type(search, 'sk1234567890');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('The map is centred on SK 12345 67890.')).toBeInTheDocument();
    await mapAtZoom(16);
    api.online();
    const centre = await centreTappedInMiddle(user, api);
    const grid = parseGridReference('SK 12345 67890');
    if (!grid.ok) throw new Error(grid.message);
    expect(centre.latitude).toBeCloseTo(grid.latitude, 4);
    expect(centre.longitude).toBeCloseTo(grid.longitude, 4);
    expect(api.callsTo('GET /api/places')).toHaveLength(0);
  });

  it('says plainly that postcodes are not searchable yet, without asking the server', async () => {
    const { api, user } = await openGrounds();
    await user.click(await screen.findByRole('button', { name: '+ New ground' }));
    for (const postcode of ['SK17 6AB', 'sk17']) {
      const search = screen.getByRole('searchbox', { name: 'Find a place' });
      await user.clear(search);
      await user.type(search, postcode);
      await user.click(screen.getByRole('button', { name: 'Find' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(PLACE_MESSAGES.postcode);
    }
    expect(api.callsTo('GET /api/places')).toHaveLength(0);
  });

  it('finds a place by name on the server: one goes straight there, several to choose from, none said so', async () => {
    const place = (name: string, area: string, latitude: number, longitude: number): Place => ({
      name,
      area,
      latitude,
      longitude,
    });
    const answers: Record<string, Place[]> = {
      hathersage: [place('Hathersage', 'Derbyshire', 53.33, -1.65)],
      newport: [
        place('Newport', 'Isle of Wight', 50.70146, -1.29124),
        place('Newport', 'Pembrokeshire', 52.01667, -4.83333),
        place('Newport Pagnell', 'Milton Keynes', 52.08, -0.72),
      ],
    };
    const { api, user } = await openGrounds();
    api.on('GET /api/places', ({ url }) =>
      json({ items: answers[url.searchParams.get('q')!.toLowerCase()] ?? [] }),
    );
    await user.click(await screen.findByRole('button', { name: '+ New ground' }));
    await mapAtZoom(15);
    const search = screen.getByRole('searchbox', { name: 'Find a place' });

    await user.type(search, 'Nowhere Magna{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No place found for “Nowhere Magna”. Try a nearby town or village, or a grid reference.',
    );

    await user.clear(search);
    await user.type(search, 'Newport{Enter}');
    const choices = await screen.findByRole('list', { name: 'Places that match' });
    expect(
      within(choices)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Newport, Isle of Wight', 'Newport, Pembrokeshire', 'Newport Pagnell, Milton Keynes']);
    await user.click(within(choices).getByRole('button', { name: 'Newport, Pembrokeshire' }));
    expect(await screen.findByText('The map is centred on Newport, Pembrokeshire.')).toBeInTheDocument();
    await mapAtZoom(13);

    await user.clear(search);
    await user.type(search, 'Hathersage{Enter}');
    expect(await screen.findByText('The map is centred on Hathersage, Derbyshire.')).toBeInTheDocument();
    const centre = await centreTappedInMiddle(user, api);
    expect(centre).toEqual({ latitude: expect.closeTo(53.33, 4), longitude: expect.closeTo(-1.65, 4) });
    expect(api.callsTo('GET /api/places').map((call) => call.url.searchParams.get('q'))).toEqual([
      'Nowhere Magna',
      'Newport',
      'Hathersage',
    ]);
  });

  it('"Centre on me" moves the map to the phone, and says when the browser will not tell', async () => {
    let allowed = true;
    fakeGeolocation((found, failed) =>
      allowed
        ? found({ coords: { latitude: 52.1, longitude: -2.3, accuracy: 10 } } as GeolocationPosition)
        : failed({ code: 1, PERMISSION_DENIED: 1, TIMEOUT: 3 } as GeolocationPositionError),
    );
    const { api, user } = await openGrounds();
    await user.click(await screen.findByRole('button', { name: '+ New ground' }));
    await mapAtZoom(15);
    allowed = false;
    await user.click(screen.getByRole('button', { name: 'Centre on me' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your location is not available: this browser was not allowed to share it.',
    );
    allowed = true;
    await user.click(screen.getByRole('button', { name: 'Centre on me' }));
    expect(await screen.findByText('The map is centred on your location.')).toBeInTheDocument();
    const centre = await centreTappedInMiddle(user, api);
    expect(centre).toEqual({ latitude: expect.closeTo(52.1, 4), longitude: expect.closeTo(-2.3, 4) });
  });
});

describe('a boundary bigger than any ground', () => {
  it('is refused on the form with the reason, before anything is sent', async () => {
    // No records and no position: the map shows the country, where three taps span hundreds of kilometres.
    const { api, user } = await openGrounds({}, { records: false });
    await user.click(await screen.findByRole('button', { name: '+ New ground' }));
    await user.type(screen.getByLabelText(/^Name/), 'Slip of the finger');
    await tapMap(100, 100);
    await tapMap(500, 100);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await tapMap(500, 400);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^A ground is at most 50 km across, and this boundary is [\d,]+ km across\. Check its corners\.$/,
    );
    await user.click(screen.getByRole('button', { name: 'Close boundary' }));
    expect(screen.getByRole('button', { name: 'Save ground' })).toBeDisabled();
    // Starting again at a ground's scale clears it.
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/grounds')).toHaveLength(0);
  });
});

describe('the grounds list', () => {
  const SEASON = currentSeason(new Date()).key;

  it("shows each ground's area, its culls this season and its plan's targets met, from one read for all", async () => {
    const wood = makeGround({
      name: 'Home Wood',
      boundary: {
        type: 'Polygon',
        coordinates: [
          [
            [-1.91, 53.25],
            [-1.9, 53.25],
            [-1.9, 53.26],
            [-1.91, 53.26],
            [-1.91, 53.25],
          ],
        ],
      },
    });
    const field = makeGround({ name: 'Top Field', centre: { latitude: 53.2, longitude: -1.8 } });
    const row = (groundId: string | null, species: string, target: number | null, actual: number) => ({
      ground_id: groundId,
      species,
      class: 'Female' as const,
      target,
      actual,
      left: target === null ? null : Math.max(target - actual, 0),
      exceeded: target !== null && actual > target,
    });
    const { api } = await openGrounds({
      grounds: [wood, field],
      progress: {
        [SEASON]: [
          row(null, 'Roe Deer', 5, 4),
          row(wood.id, 'Roe Deer', 2, 2),
          row(wood.id, 'Fallow Deer', 3, 1),
          row(wood.id, 'Muntjac', null, 1),
        ],
      },
      groundCulls: { [SEASON]: [{ ground_id: wood.id, culls: 4 }] },
    });
    const list = await screen.findByRole('list', { name: 'Your grounds' });
    const label = SEASON.replace('-', '/');
    const woodCard = within(list).getByRole('heading', { name: 'Home Wood' }).closest('li')!;
    // 0.01° by 0.01° at 53.25° north: 666 m by 1,112 m.
    expect(within(woodCard).getByText('74 ha · boundary of 4 corners')).toBeInTheDocument();
    const woodSeason = await within(woodCard).findByLabelText(`Home Wood in ${label}`);
    expect(woodSeason).toHaveTextContent(`Culls ${label}4`);
    expect(woodSeason).toHaveTextContent('Plan1 of 2 targets met');
    const fieldCard = within(list).getByRole('heading', { name: 'Top Field' }).closest('li')!;
    expect(within(fieldCard).getByLabelText(`Top Field in ${label}`)).toHaveTextContent(
      `Culls ${label}0PlanNo plan for this ground`,
    );
    expect(api.callsTo(`GET /api/plans/${SEASON}/progress`)).toHaveLength(1);
  });
});
