import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { boundaryOf } from '../../lib/geo';
import { fakeApi, json, makeCull, makeGround, makeOuting, serveManagement } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';
import { rememberSaved } from './last-used';
import {
  choiceList,
  choose,
  chosenIn,
  fakeGeolocation,
  fakeLocationPermission,
  fillRequired,
  forgetGeolocation,
} from '../../testing/ui';

const homeWood = makeGround({
  name: 'Home Wood',
  boundary: boundaryOf([
    [52, -1],
    [52, -0.9],
    [52.1, -0.9],
    [52.1, -1],
  ])!,
});

function serve(state: Parameters<typeof serveManagement>[1] = {}, user?: { uid: string; name: string }) {
  const api = fakeApi().signedInAs(
    user && { uid: user.uid, email: `${user.uid}@example.com`, display_name: user.name },
  );
  api.on('GET /api/culls', () => json({ items: [], total: 0, page: 1, page_size: 10 }));
  api.on('POST /api/culls', (request) =>
    json(makeCull(request.body as Parameters<typeof makeCull>[0]), 201, { 'x-event-position': '1' }),
  );
  serveManagement(api, { grounds: [homeWood], ...state });
  return { api, user: userEvent.setup({ delay: null }) };
}

async function openForm() {
  await renderApp('/add-cull');
  await screen.findByRole('heading', { name: 'Add New Cull Record' });
}

/** The phone, already allowed to say where it is, reports this position. */
function phoneAllowedAt(latitude: number, longitude: number) {
  fakeLocationPermission('granted');
  return fakeGeolocation((found) =>
    found({ coords: { latitude, longitude, accuracy: 6 } } as GeolocationPosition),
  );
}

afterEach(() => {
  localStorage.clear();
  forgetGeolocation();
});

describe('a new record, filled in with what is true', () => {
  it("inside an outing, puts it on the outing's ground and names the place after it, not over what is typed", async () => {
    const open = makeOuting({ ground_id: homeWood.id, started_at: new Date().toISOString() });
    const { user } = serve({ outings: [open] });
    await openForm();
    await waitFor(() => expect(screen.getByLabelText(/^Location/)).toHaveValue('Home Wood'));
    expect(choiceList('Ground')).toHaveDisplayValue('Home Wood');

    await user.clear(screen.getByLabelText(/^Location/));
    await user.type(screen.getByLabelText(/^Location/), 'High seat 3');
    await choose(user, 'Ground', 'No ground');
    await choose(user, 'Ground', 'Home Wood');
    expect(screen.getByLabelText(/^Location/)).toHaveValue('High seat 3');
  });

  it('asks the phone where it is as the form opens, once the user has allowed it, and names the ground it is on', async () => {
    const asked = phoneAllowedAt(52.05, -0.95);
    serve();
    await openForm();
    await waitFor(() => expect(screen.getByLabelText('Latitude')).toHaveValue(52.05));
    expect(asked).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(choiceList('Ground')).toHaveDisplayValue('Home Wood'));
    expect(screen.getByLabelText(/^Location/)).toHaveValue('Home Wood');
  });

  it('does not ask the phone until told to while the user has not said yes', async () => {
    fakeLocationPermission('prompt');
    const asked = fakeGeolocation(() => {});
    const { user } = serve();
    await openForm();
    await screen.findByRole('button', { name: 'Use my current location' });
    expect(asked).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Use my current location' }));
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it('gives a position near a place named before that name, and remembers the rifle and destination, per user', async () => {
    phoneAllowedAt(52.2, -1.2);
    const { user } = serve({}, { uid: 'ann', name: 'Ann' });
    await openForm();
    await waitFor(() => expect(screen.getByLabelText('Latitude')).toHaveValue(52.2));
    await fillRequired(user, { location: 'Oak seat' });
    // A wide screen: the optional sections start open.
    await choose(user, 'Calibre', '.243 Win');
    await user.type(screen.getByLabelText('Bullet weight (grains)'), '100');
    await choose(user, 'Bullet type', 'Soft point');
    await choose(user, 'Carcass destination', 'Own use');
    await user.click(screen.getByRole('button', { name: 'Save Record' }));
    await screen.findByRole('heading', { name: 'Cull Data' });

    // Next time, 60 m away: the place's name, and the same rifle and destination.
    phoneAllowedAt(52.2005, -1.2);
    await user.click(screen.getAllByRole('link', { name: '+ Add Cull' })[0]!);
    await waitFor(() => expect(screen.getByLabelText(/^Location/)).toHaveValue('Oak seat'));
    expect(choiceList('Calibre')).toHaveDisplayValue('.243 Win');
    expect(screen.getByLabelText('Bullet weight (grains)')).toHaveValue(100);
    expect(choiceList('Bullet type')).toHaveDisplayValue('Soft point');
    expect(choiceList('Carcass destination')).toHaveDisplayValue('Own use');
    expect(chosenIn('Species')).toBe('');
  });

  it("does not give one user's rifle to another on the same device", async () => {
    rememberSaved('ann', {
      ...makeCull({ calibre: { name: '.243 Win' }, carcass_destination: 'Own use' }),
      antlers_present: false,
    });
    serve({}, { uid: 'bob', name: 'Bob' });
    await openForm();
    expect(choiceList('Calibre')).toHaveDisplayValue('Not given');
    expect(screen.queryByRole('button', { name: /^Same as last/ })).not.toBeInTheDocument();
  });
});
