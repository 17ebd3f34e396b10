import type { RecordCullRequest } from '@cull-log/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { boundaryOf } from '../../lib/geo';
import { fakeApi, json, makeCull, makeGround, makeOuting, serveManagement } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';
import { choose, fakeGeolocation, fillRequired, forgetGeolocation, choiceList } from '../../testing/ui';

const STATS = {
  total_culls: 0,
  this_month: 0,
  species_breakdown: {},
  average_weight: null,
  top_species: null,
  per_month: [],
  season: { label: '2026/27', from: '2026-04-01', to: '2027-03-31', species_by_sex: {} },
  position: 1,
};

const homeWood = makeGround({
  name: 'Home Wood',
  boundary: boundaryOf([
    [52, -1],
    [52, -0.9],
    [52.1, -0.9],
    [52.1, -1],
  ])!,
});
const topField = makeGround({ name: 'Top Field' });

function serve(state: Parameters<typeof serveManagement>[1] = {}) {
  const api = fakeApi().signedInAs();
  api.on('GET /api/stats', () => json(STATS));
  api.on('GET /api/culls', () => json({ items: [], total: 0, page: 1, page_size: 10 }));
  const held = serveManagement(api, { grounds: [homeWood, topField], ...state });
  return { api, held, user: userEvent.setup({ delay: null }) };
}

/** The phone reports this position. */
function phoneAt(latitude: number, longitude: number) {
  fakeGeolocation((found) => found({ coords: { latitude, longitude, accuracy: 8 } } as GeolocationPosition));
}

afterEach(() => forgetGeolocation());

describe('outings', () => {
  it('starts an outing on the ground the phone is on, shows it under way, and ends it', async () => {
    phoneAt(52.05, -0.95);
    const { api, held, user } = serve();
    await renderApp('/dashboard');
    const control = await screen.findByRole('group', { name: 'Outing' });
    await user.click(within(control).getByRole('button', { name: 'Start outing' }));
    // Preselected: the phone is inside Home Wood's boundary.
    await waitFor(() => expect(choiceList('Ground')).toHaveDisplayValue('Home Wood'));
    await user.click(within(control).getByRole('button', { name: 'Start' }));

    await waitFor(() => expect(control).toHaveTextContent(/Outing at Home Wood since \d\d:\d\d/));
    expect(api.callsTo('POST /api/outings')[0]?.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      ground_id: homeWood.id,
    });

    await user.click(within(control).getByRole('button', { name: 'End outing' }));
    await waitFor(() =>
      expect(within(control).getByRole('button', { name: 'Start outing' })).toBeInTheDocument(),
    );
    const ended = api.callsTo(`PATCH /api/outings/${held.outings[0]!.id}`)[0]?.body as { ended_at: string };
    expect(Date.parse(ended.ended_at)).not.toBeNaN();
    expect(held.outings[0]?.ended_at).toBe(ended.ended_at);
  });

  it('asks for the ground when the phone cannot tell, and sends the one chosen', async () => {
    phoneAt(10, 10);
    const { api, user } = serve();
    await renderApp('/dashboard');
    const control = await screen.findByRole('group', { name: 'Outing' });
    await user.click(within(control).getByRole('button', { name: 'Start outing' }));
    expect(within(control).getByRole('button', { name: 'Start' })).toBeDisabled();
    await choose(user, 'Ground', 'Top Field');
    await user.click(within(control).getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(control).toHaveTextContent('Outing at Top Field since'));
    expect(api.callsTo('POST /api/outings')[0]?.body).toMatchObject({ ground_id: topField.id });
  });

  it('records a cull in the outing under way, on its ground, and says so on the form', async () => {
    const open = makeOuting({ ground_id: homeWood.id, started_at: new Date().toISOString() });
    const { api, user } = serve({ outings: [open] });
    api.on('POST /api/culls', () => json(makeCull(), 201));
    await renderApp('/add-cull');
    expect(
      await screen.findByText(/^Recording in the outing at Home Wood since \d\d:\d\d$/),
    ).toBeInTheDocument();
    await waitFor(() => expect(choiceList('Ground')).toHaveDisplayValue('Home Wood'));

    await fillRequired(user, { location: 'High seat 3' });
    await user.click(screen.getByRole('button', { name: 'Save Record' }));
    await screen.findByRole('heading', { name: 'Cull Data' });
    expect(api.callsTo('POST /api/culls')[0]?.body).toMatchObject({
      ground_id: homeWood.id,
      outing_id: open.id,
    } satisfies Partial<RecordCullRequest>);
  });

  it('preselects the ground whose boundary holds the typed point, until the user picks one', async () => {
    const { user } = serve();
    await renderApp('/add-cull');
    await screen.findByRole('heading', { name: 'Add New Cull Record' });
    await waitFor(() => expect(choiceList('Ground')).toHaveDisplayValue('No ground'));
    await user.type(screen.getByLabelText('Latitude'), '52.05');
    await user.type(screen.getByLabelText('Longitude'), '-0.95');
    await waitFor(() => expect(choiceList('Ground')).toHaveDisplayValue('Home Wood'));
    await choose(user, 'Ground', 'Top Field');
    await user.clear(screen.getByLabelText('Latitude'));
    await user.type(screen.getByLabelText('Latitude'), '52.06');
    expect(choiceList('Ground')).toHaveDisplayValue('Top Field');
  });

  it('offers no archived ground on a new record', async () => {
    serve({ grounds: [homeWood, makeGround({ name: 'Old Farm', archived: true })] });
    await renderApp('/add-cull');
    await screen.findByRole('heading', { name: 'Add New Cull Record' });
    await waitFor(() => expect(choiceList('Ground')).toBeInTheDocument());
    const options = within(choiceList('Ground'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['No ground', 'Home Wood']);
  });

  it('records a cull in the outing with no signal, sent into the outing when the signal is back', async () => {
    const open = makeOuting({ ground_id: homeWood.id, started_at: new Date().toISOString() });
    const { api, user } = serve({ outings: [open] });
    api.on('POST /api/culls', (request) => json(makeCull({ id: (request.body as { id: string }).id }), 201));
    await renderApp('/add-cull');
    await screen.findByText(/^Recording in the outing at Home Wood since/);
    await fillRequired(user, { location: 'High seat 3', species: 'Muntjac', sex: 'Male' });
    api.offline();
    await user.click(screen.getByRole('button', { name: 'Save Record' }));
    expect(await screen.findByText('1 change is waiting to sync.')).toBeInTheDocument();

    api.online();
    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(screen.queryByText(/waiting to sync/)).not.toBeInTheDocument());
    const sent = api.callsTo('POST /api/culls').at(-1)?.body;
    expect(sent).toMatchObject({ species: 'Muntjac', ground_id: homeWood.id, outing_id: open.id });
  });

  it('says outings start and end with a signal, and holds the buttons until then', async () => {
    const open = makeOuting({ ground_id: homeWood.id, started_at: new Date().toISOString() });
    serve({ outings: [open] });
    await renderApp('/dashboard');
    const control = await screen.findByRole('group', { name: 'Outing' });
    await within(control).findByRole('button', { name: 'End outing' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    await within(control).findByText('Outings start and end when there is a signal.');
    expect(within(control).getByRole('button', { name: 'End outing' })).toBeDisabled();
    vi.restoreAllMocks();
  });
});
