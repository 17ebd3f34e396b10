import { DEER_MANAGEMENT_MESSAGES, type RecordCountRequest } from '@cull-log/contracts';
import { groundAreaKm2 } from '@cull-log/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openOutbox } from '../../api/outbox/outbox';
import { boundaryOf } from '../../lib/geo';
import { apiError, fakeApi, makeGround, serveManagement, USER, type FakeApi } from '../../testing/fake-api';
import { serveCounts, type HeldCount } from '../../testing/fake-counts';
import { renderApp } from '../../testing/render-app';
import { choose } from '../../testing/ui';

const homeWood = makeGround({
  name: 'Home Wood',
  boundary: boundaryOf([
    [52.5, -1.5],
    [52.5, -1.48],
    [52.51, -1.48],
    [52.51, -1.5],
  ])!,
});
const topField = makeGround({ name: 'Top Field' });
const AREA = groundAreaKm2(homeWood.boundary)!;
const perKm2 = (deer: number) => (deer / AREA).toLocaleString('en-GB', { maximumFractionDigits: 1 });

function heldCount(overrides: Partial<HeldCount>): HeldCount {
  return {
    id: '30000000-0000-4000-8000-000000000901',
    ground_id: homeWood.id,
    date: '2026-03-20',
    method: 'vantage_point',
    items: [{ species: 'Roe Deer', sex: 'Female', age_class: 'Adult', count: 4 }],
    notes: null,
    dung: null,
    version: 1,
    created_at: '2026-03-20T09:00:00.000Z',
    updated_at: '2026-03-20T09:00:00.000Z',
    ...overrides,
  };
}

async function openCounts(groundName: string, counts: HeldCount[] = []) {
  const api = fakeApi().signedInAs();
  const state = serveManagement(api, { grounds: [homeWood, topField] });
  const held = serveCounts(api, state, counts);
  await renderApp('/grounds');
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: `Show counts and density on ${groundName}` }));
  return { api, held, user };
}

/** No signal, as the browser tells it and as requests find it. */
function goOffline(api: FakeApi) {
  api.offline();
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  window.dispatchEvent(new Event('offline'));
}

function comeBackOnline(api: FakeApi) {
  api.online();
  vi.restoreAllMocks();
  window.dispatchEvent(new Event('online'));
}

afterEach(async () => {
  vi.restoreAllMocks();
  // The app's outbox outlives a test: what one left is not sent in the next.
  const outbox = openOutbox();
  for (const item of await outbox.list(USER.uid)) await outbox.remove(item.seq);
});

describe('counts on a ground', () => {
  it('records a vantage-point count with the counters, lists it and reads the density from it', async () => {
    const { api, user } = await openCounts('Home Wood');
    expect(
      await screen.findByText('Record a count to read the density of each species.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Area/)).toHaveTextContent(
      `Area ${AREA.toLocaleString('en-GB', { maximumFractionDigits: 2 })} km²`,
    );
    await user.click(screen.getByRole('button', { name: '+ Record a count' }));
    const form = screen.getByRole('form', { name: 'New count on Home Wood' });
    // The species last counted starts the form; there is none, so roe, in its usual lines.
    for (let tap = 0; tap < 3; tap += 1)
      await user.click(within(form).getByRole('button', { name: 'One more: Roe Deer, male adult' }));
    await user.click(within(form).getByRole('button', { name: 'One fewer: Roe Deer, male adult' }));
    await user.clear(within(form).getByLabelText('Number: Roe Deer, female adult'));
    await user.type(within(form).getByLabelText('Number: Roe Deer, female adult'), '5');
    await choose(user, 'Species', 'Fallow Deer');
    await user.click(within(form).getByRole('button', { name: '+ Add a line' }));
    await user.click(within(form).getByRole('button', { name: 'One more: Fallow Deer, male adult' }));
    await user.click(
      within(form).getByRole('button', { name: 'Remove the line Roe Deer, young, sex unknown' }),
    );
    await user.clear(within(form).getByLabelText(/^Date/));
    await user.type(within(form).getByLabelText(/^Date/), '2026-03-21');
    await user.type(within(form).getByLabelText('Observers’ notes'), 'From the high seat at dawn');
    await user.click(within(form).getByRole('button', { name: 'Save count' }));

    const list = await screen.findByRole('list', { name: 'Counts on Home Wood' });
    expect(
      within(list).getByRole('heading', { name: 'Vantage-point count, 21/03/2026' }),
    ).toBeInTheDocument();
    expect(within(list).getByText('Roe Deer: 7 · Fallow Deer: 1')).toBeInTheDocument();
    expect(
      within(within(list).getByRole('list', { name: /^Lines of/ }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['2 Roe Deer, male adult', '5 Roe Deer, female adult', '1 Fallow Deer, male adult']);
    expect(within(list).getByText('From the high seat at dawn')).toBeInTheDocument();
    const sent = api.callsTo('POST /api/counts')[0]?.body as RecordCountRequest;
    expect(sent).toMatchObject({
      ground_id: homeWood.id,
      date: '2026-03-21',
      method: 'vantage_point',
      notes: 'From the high seat at dawn',
      items: [
        { species: 'Roe Deer', sex: 'Male', age_class: 'Adult', count: 2 },
        { species: 'Roe Deer', sex: 'Female', age_class: 'Adult', count: 5 },
        { species: 'Fallow Deer', sex: 'Male', age_class: 'Adult', count: 1 },
      ],
    });

    // The density by species, from that count, with its method and date.
    const density = await screen.findByRole('table', { name: 'Deer per km² on Home Wood' });
    await waitFor(() =>
      expect(
        within(density)
          .getAllByRole('row')
          .slice(1)
          .map((row) => row.textContent),
      ).toEqual([
        `Fallow Deer1${perKm2(1)}Vantage-point count, 21/03/2026`,
        `Roe Deer7${perKm2(7)}Vantage-point count, 21/03/2026`,
      ]),
    );
  });

  it('changes a count and deletes one', async () => {
    const { api, held, user } = await openCounts('Home Wood', [
      heldCount({ notes: 'Misty' }),
      heldCount({ id: '30000000-0000-4000-8000-000000000902', date: '2026-02-01', method: 'thermal' }),
    ]);
    await user.click(
      await screen.findByRole('button', { name: 'Change the Vantage-point count, 20/03/2026' }),
    );
    const form = screen.getByRole('form', { name: 'Change the count of 2026-03-20' });
    await user.click(within(form).getByRole('button', { name: 'One more: Roe Deer, female adult' }));
    await user.click(within(form).getByRole('button', { name: 'Save count' }));
    await screen.findByText('Roe Deer: 5');
    expect(api.callsTo('PATCH /api/counts/30000000-0000-4000-8000-000000000901')[0]?.body).toMatchObject({
      expected_version: 1,
      items: [{ species: 'Roe Deer', sex: 'Female', age_class: 'Adult', count: 5 }],
      notes: 'Misty',
      dung: null,
    });

    await user.click(
      screen.getByRole('button', { name: 'Delete the Thermal or night-vision transect, 01/02/2026' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('heading', { name: 'Thermal or night-vision transect, 01/02/2026' }),
      ).toBeNull(),
    );
    expect(held.map((count) => count.id)).toEqual(['30000000-0000-4000-8000-000000000901']);
  });

  it('records a dung count and shows the density worked out, with its formula and working', async () => {
    const { api, user } = await openCounts('Home Wood');
    await user.click(await screen.findByRole('button', { name: '+ Record a count' }));
    const form = screen.getByRole('form', { name: 'New count on Home Wood' });
    await choose(user, 'Method', 'Dung (pellet-group) count');
    await choose(user, 'Species', 'Roe Deer');
    await user.type(within(form).getByLabelText('Plots counted'), '40');
    await user.type(within(form).getByLabelText('Area of each plot (m²)'), '10');
    await user.type(within(form).getByLabelText('Pellet groups found'), '12');
    await user.type(within(form).getByLabelText('Days since the plots were cleared'), '60');
    await user.type(within(form).getByLabelText('Defecation rate (groups a deer a day)'), '20');
    await user.click(within(form).getByRole('button', { name: 'Save count' }));

    // 12 groups on 0.04 ha is 300 a hectare; a deer leaves 60 × 20 = 1,200 in the time: 0.25 deer a hectare, 25 a km².
    const steps = await screen.findByRole('list', { name: /^Working of the dung count/ });
    expect(screen.getByText('Roe Deer: 25 deer per km²')).toBeInTheDocument();
    expect(within(steps).getByText('Area searched').parentElement).toHaveTextContent('40 plots × 10 m² =');
    expect(within(steps).getByText('Groups one deer leaves in that time').parentElement).toHaveTextContent(
      '60 days × 20 groups a day = 1,200',
    );
    expect(api.callsTo('POST /api/counts')[0]?.body).toMatchObject({
      method: 'dung',
      dung: { plots: 40, plot_area_m2: 10, pellet_groups: 12, days_since_clearance: 60, defecation_rate: 20 },
    });
    expect(api.callsTo('POST /api/counts')[0]?.body).not.toHaveProperty('items');
  });

  it('shows the server’s message at the line for a fractional count and at the field for zero days, and keeps nothing', async () => {
    const { held, user } = await openCounts('Home Wood');
    await user.click(await screen.findByRole('button', { name: '+ Record a count' }));
    const form = screen.getByRole('form', { name: 'New count on Home Wood' });
    const female = within(form).getByLabelText('Number: Roe Deer, female adult');
    await user.clear(female);
    await user.type(female, '2.5');
    await user.click(within(form).getByRole('button', { name: 'Save count' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(DEER_MANAGEMENT_MESSAGES.count);
    expect(female).toHaveAccessibleDescription(DEER_MANAGEMENT_MESSAGES.count);
    expect(female).toBeInvalid();

    await choose(user, 'Method', 'Dung (pellet-group) count');
    await user.type(within(form).getByLabelText('Plots counted'), '40');
    await user.type(within(form).getByLabelText('Area of each plot (m²)'), '10');
    await user.type(within(form).getByLabelText('Pellet groups found'), '12');
    await user.type(within(form).getByLabelText('Days since the plots were cleared'), '0');
    await user.type(within(form).getByLabelText('Defecation rate (groups a deer a day)'), '20');
    await user.click(within(form).getByRole('button', { name: 'Save count' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Days since the plots were cleared')).toHaveAccessibleDescription(
        `From clearance to this count ${DEER_MANAGEMENT_MESSAGES.dungDays}`,
      ),
    );
    expect(held).toEqual([]);
  });

  it('says to draw the boundary on a ground without one, and still lists its counts', async () => {
    await openCounts('Top Field', [heldCount({ ground_id: topField.id })]);
    expect(await screen.findByText(DEER_MANAGEMENT_MESSAGES.noBoundary)).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Vantage-point count, 20/03/2026' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /Deer per km²/ })).toBeNull();
  });

  it('keeps a count recorded with no signal on the device, lists it as waiting, and sends it once when the signal is back', async () => {
    const { api, held, user } = await openCounts('Home Wood', [heldCount({})]);
    await screen.findByRole('heading', { name: 'Vantage-point count, 20/03/2026' });
    goOffline(api);
    await screen.findByText(
      'A new count is kept on this device until there is a signal; counts are changed and deleted with one.',
    );
    // A count on the server is changed only with a signal.
    expect(screen.getByRole('button', { name: 'Change the Vantage-point count, 20/03/2026' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '+ Record a count' }));
    const form = screen.getByRole('form', { name: 'New count on Home Wood' });
    expect(
      within(form).getByText('The count is kept on this device and sent when there is a signal.'),
    ).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'One more: Roe Deer, male adult' }));
    await user.clear(within(form).getByLabelText(/^Date/));
    await user.type(within(form).getByLabelText(/^Date/), '2026-03-21');
    await user.click(within(form).getByRole('button', { name: 'Save count' }));

    const list = await screen.findByRole('list', { name: 'Counts on Home Wood' });
    const waiting = (await within(list).findByRole('heading', { name: 'Vantage-point count, 21/03/2026' }))
      .parentElement!;
    expect(within(waiting).getByText('Waiting to sync')).toBeInTheDocument();
    expect(within(waiting).getByText('Roe Deer: 1')).toBeInTheDocument();
    // Not on the server yet, so nothing there to change or delete.
    expect(within(waiting).queryByRole('button')).toBeNull();
    const queued = await openOutbox().list(USER.uid);
    expect(queued.map((item) => item.command.kind)).toEqual(['record-count']);
    expect(api.callsTo('POST /api/counts')).toEqual([]);

    comeBackOnline(api);
    await waitFor(() => expect(within(waiting).queryByText('Waiting to sync')).toBeNull());
    const posts = api.callsTo('POST /api/counts');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({
      id: queued[0]!.command.recordId,
      ground_id: homeWood.id,
      date: '2026-03-21',
      method: 'vantage_point',
      items: [
        { species: 'Roe Deer', sex: 'Male', age_class: 'Adult', count: 1 },
        { species: 'Roe Deer', sex: 'Female', age_class: 'Adult', count: 0 },
        { species: 'Roe Deer', sex: 'Unknown', age_class: 'Young', count: 0 },
      ],
    });
    expect(held.map((count) => count.id)).toContain(queued[0]!.command.recordId);
    // Read back from the server: listed once, and now changed like any other.
    expect(
      await screen.findByRole('button', { name: 'Change the Vantage-point count, 21/03/2026' }),
    ).toBeEnabled();
    expect(screen.getAllByRole('heading', { name: 'Vantage-point count, 21/03/2026' })).toHaveLength(1);
    expect(await openOutbox().list(USER.uid)).toEqual([]);
  });

  it('shows a count kept on the device that the server then refused in the outbox, with the server’s reason', async () => {
    const { api, user } = await openCounts('Home Wood');
    goOffline(api);
    await user.click(await screen.findByRole('button', { name: '+ Record a count' }));
    const form = screen.getByRole('form', { name: 'New count on Home Wood' });
    await user.click(within(form).getByRole('button', { name: 'Save count' }));
    expect(await screen.findByText('Waiting to sync')).toBeInTheDocument();
    // Deleted on another device meanwhile.
    api.on('POST /api/counts', () =>
      apiError(400, 'validation_failed', 'Choose one of your grounds', {
        ground_id: 'Choose one of your grounds',
      }),
    );
    comeBackOnline(api);
    expect(await screen.findByText('Not saved: needs a fix')).toBeInTheDocument();
    const changes = screen.getByRole('region', { name: 'Changes on this device' });
    await waitFor(() =>
      expect(changes).toHaveTextContent(
        'New count on a ground not saved by the server: Choose one of your grounds',
      ),
    );
    expect((await openOutbox().list(USER.uid)).map((item) => item.state)).toEqual(['refused']);
  });
});
