import type { Outing, SightingItem } from '@cull-log/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openOutbox } from '../../api/outbox/outbox';
import {
  apiError,
  fakeApi,
  json,
  makeGround,
  makeOuting,
  serveManagement,
  USER,
} from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';
import { fakeGeolocation, forgetGeolocation } from '../../testing/ui';

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

const homeWood = makeGround({ name: 'Home Wood' });

function serve(outings: Outing[]) {
  const api = fakeApi().signedInAs();
  api.on('GET /api/stats', () => json(STATS));
  api.on('GET /api/culls', () => json({ items: [], total: 0, page: 1, page_size: 10 }));
  const held = serveManagement(api, { grounds: [homeWood], outings });
  return { api, held, user: userEvent.setup({ delay: null }) };
}

const openOuting = () => makeOuting({ ground_id: homeWood.id, started_at: new Date().toISOString() });

/** The open outing's "Deer seen", on the Grounds screen (open there from the start). */
async function openSightings() {
  await renderApp('/grounds');
  const control = await screen.findByRole('group', { name: 'Outing' });
  await within(control).findByRole('button', { name: 'Add deer seen' });
  return control;
}

async function addLine(
  user: ReturnType<typeof userEvent.setup>,
  within_: HTMLElement,
  line: Omit<SightingItem, 'count'>,
) {
  await user.click(within(within_).getByRole('button', { name: 'Add deer seen' }));
  const form = within(within_).getByRole('group', { name: 'New line of deer seen' });
  await user.click(within(within(form).getByRole('group', { name: 'Species' })).getByLabelText(line.species));
  if (line.sex !== 'Unknown')
    await user.click(within(within(form).getByRole('group', { name: 'Sex' })).getByLabelText(line.sex));
  if (line.age_class !== 'Unknown')
    await user.click(
      within(within(form).getByRole('group', { name: 'Age class' })).getByLabelText(line.age_class),
    );
  await user.click(within(form).getByRole('button', { name: 'Add line' }));
}

const patchesTo = (api: ReturnType<typeof serve>['api'], outing: Outing) =>
  api.callsTo(`PATCH /api/outings/${outing.id}`).map((call) => call.body);

/** No signal, as the browser tells it and as requests find it. */
function goOffline(api: ReturnType<typeof serve>['api']) {
  api.offline();
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  window.dispatchEvent(new Event('offline'));
}

function comeBackOnline(api: ReturnType<typeof serve>['api']) {
  api.online();
  vi.restoreAllMocks();
  window.dispatchEvent(new Event('online'));
}

afterEach(async () => {
  vi.restoreAllMocks();
  forgetGeolocation();
  // The app's outbox outlives a test: what one left is not sent in the next.
  const outbox = openOutbox();
  for (const item of await outbox.list(USER.uid)) await outbox.remove(item.seq);
});

describe('deer seen on an outing', () => {
  it('counts a line up and down with its large buttons, every quick tap kept, and saves the outing’s whole list', async () => {
    const outing = openOuting();
    const { api, held, user } = serve([outing]);
    const control = await openSightings();
    await addLine(user, control, { species: 'Roe Deer', sex: 'Female', age_class: 'Adult' });
    const more = within(control).getByRole('button', { name: 'One more: Roe Deer, Female, Adult' });
    // Three taps before React draws again: each counts from the one before.
    act(() => {
      fireEvent.click(more);
      fireEvent.click(more);
      fireEvent.click(more);
    });
    await user.click(within(control).getByRole('button', { name: 'One fewer: Roe Deer, Female, Adult' }));
    expect(within(control).getByRole('group', { name: 'Roe Deer, Female, Adult' })).toHaveTextContent('3');
    expect(within(control).getByText(/3 seen · 1 person out/)).toBeInTheDocument();

    const line = { species: 'Roe Deer', sex: 'Female', age_class: 'Adult', count: 3 };
    await waitFor(() => expect(held.outings[0]?.sightings).toEqual([line]));
    expect(patchesTo(api, outing).at(-1)).toEqual({ hunters: 1, sightings: [line] });
  });

  it('adds to a line already there rather than listing it twice, and leaves out lines counted down to none', async () => {
    const outing = openOuting();
    const { held, user } = serve([outing]);
    const control = await openSightings();
    await addLine(user, control, { species: 'Red Deer', sex: 'Unknown', age_class: 'Unknown' });
    await addLine(user, control, { species: 'Red Deer', sex: 'Unknown', age_class: 'Unknown' });
    await addLine(user, control, { species: 'Muntjac', sex: 'Male', age_class: 'Adult' });
    expect(within(control).getAllByRole('group', { name: /^Red Deer/ })).toHaveLength(1);
    expect(
      within(control).getByRole('group', { name: 'Red Deer, Sex unknown, age unknown' }),
    ).toHaveTextContent('2');
    await user.click(within(control).getByRole('button', { name: 'One fewer: Muntjac, Male, Adult' }));
    await waitFor(() =>
      expect(held.outings[0]?.sightings).toEqual([
        { species: 'Red Deer', sex: 'Unknown', age_class: 'Unknown', count: 2 },
      ]),
    );
  });

  it('offers the species this user added last first, the latest already chosen, kept on the device for them', async () => {
    const outing = openOuting();
    const { user } = serve([outing]);
    const control = await openSightings();
    await addLine(user, control, { species: 'Muntjac', sex: 'Unknown', age_class: 'Unknown' });
    await addLine(user, control, { species: 'Fallow Deer', sex: 'Female', age_class: 'Young' });
    await user.click(within(control).getByRole('button', { name: 'Add deer seen' }));
    const species = within(control).getByRole('group', { name: 'Species' });
    const offered = within(species)
      .getAllByRole('radio')
      .map((radio) => (radio as HTMLInputElement).value);
    expect(offered.slice(0, 4)).toEqual(['Fallow Deer', 'Muntjac', 'Red Deer', 'Roe Deer']);
    expect(within(species).getByLabelText('Fallow Deer')).toBeChecked();
    // Sex and age class start unknown, whatever the last line said.
    expect(
      within(within(control).getByRole('group', { name: 'Sex' })).getByLabelText('Unknown'),
    ).toBeChecked();
    expect(JSON.parse(localStorage.getItem(`cull-log:sighting-species:${USER.uid}`) ?? 'null')).toEqual([
      'Fallow Deer',
      'Muntjac',
    ]);
  });

  it('records a blank outing as nothing seen, an empty list', async () => {
    const outing = openOuting();
    const { api, held, user } = serve([outing]);
    const control = await openSightings();
    expect(within(control).getByText(/Not recorded · 1 person out/)).toBeInTheDocument();
    await user.click(within(control).getByRole('button', { name: 'Nothing seen' }));
    expect(within(control).getByText('Recorded: nothing seen')).toBeInTheDocument();
    await waitFor(() => expect(held.outings[0]?.sightings).toEqual([]));
    expect(patchesTo(api, outing).at(-1)).toEqual({ hunters: 1, sightings: [] });
  });

  it('counts the people out, from one, without recording any sightings', async () => {
    const outing = openOuting();
    const { api, held, user } = serve([outing]);
    const control = await openSightings();
    const fewer = within(control).getByRole('button', { name: 'One fewer: People out' });
    expect(fewer).toBeDisabled();
    await user.click(within(control).getByRole('button', { name: 'One more: People out' }));
    await user.click(within(control).getByRole('button', { name: 'One more: People out' }));
    expect(within(control).getByRole('group', { name: 'People out' })).toHaveTextContent('3');
    await waitFor(() => expect(held.outings[0]?.hunters).toBe(3));
    expect(patchesTo(api, outing).at(-1)).toEqual({ hunters: 3 });
    expect(held.outings[0]?.sightings).toBeNull();
  });

  it('keeps taps made with no signal on the device, shows them, and sends the last list once when the signal is back', async () => {
    const outing = openOuting();
    const { api, held, user } = serve([outing]);
    const control = await openSightings();
    goOffline(api);
    await addLine(user, control, { species: 'Sika Deer', sex: 'Male', age_class: 'Adult' });
    for (let tap = 0; tap < 4; tap++)
      await user.click(within(control).getByRole('button', { name: 'One more: Sika Deer, Male, Adult' }));
    await user.click(within(control).getByRole('button', { name: 'One more: People out' }));
    expect(await within(control).findByText('Waiting to sync')).toBeInTheDocument();
    expect(await screen.findByText('1 change is waiting to sync.')).toBeInTheDocument();
    const line = { species: 'Sika Deer', sex: 'Male', age_class: 'Adult', count: 5 };
    // Every tap is on the device before the signal comes back: one item, the whole list as it now is.
    await waitFor(async () =>
      expect((await openOutbox().list(USER.uid)).map((item) => item.command)).toEqual([
        { kind: 'outing-sightings', recordId: outing.id, body: { hunters: 2, sightings: [line] } },
      ]),
    );
    expect(patchesTo(api, outing)).toEqual([]);

    comeBackOnline(api);
    await waitFor(() => expect(within(control).queryByText('Waiting to sync')).not.toBeInTheDocument());
    expect(patchesTo(api, outing)).toEqual([{ hunters: 2, sightings: [line] }]);
    expect(held.outings[0]).toMatchObject({ hunters: 2, sightings: [line] });
  });

  it('shows a list the server refused with its reason, as other refused changes', async () => {
    const outing = openOuting();
    const { api, user } = serve([outing]);
    const control = await openSightings();
    // Ended and deleted on another device meanwhile.
    api.on(`PATCH /api/outings/${outing.id}`, () => apiError(404, 'not_found', 'Outing not found'));
    await user.click(within(control).getByRole('button', { name: 'Nothing seen' }));
    expect(await within(control).findByText('Not saved: needs a fix')).toBeInTheDocument();
    const changes = screen.getByRole('region', { name: 'Changes on this device' });
    await waitFor(() =>
      expect(changes).toHaveTextContent('Deer seen on an outing not saved by the server: Outing not found'),
    );
  });

  it('is changed on a past outing from the season’s list', async () => {
    const past = makeOuting({
      ground_id: homeWood.id,
      started_at: new Date(Date.now() - 86_400_000).toISOString(),
      ended_at: new Date(Date.now() - 80_000_000).toISOString(),
    });
    const { held, user } = serve([past]);
    await renderApp('/grounds');
    const list = await screen.findByRole('list', { name: /^Outings of the season/ });
    const item = within(list).getAllByRole('listitem')[0]!;
    await user.click(within(item).getByText('Deer seen'));
    await addLine(user, item, { species: 'Roe Deer', sex: 'Male', age_class: 'Young' });
    await waitFor(() =>
      expect(held.outings[0]?.sightings).toEqual([
        { species: 'Roe Deer', sex: 'Male', age_class: 'Young', count: 1 },
      ]),
    );
  });

  describe('where they were seen', () => {
    /** A phone that says it is at the top ride of Home Wood, to more places than are kept. */
    const atTopRide = () =>
      fakeGeolocation((found) =>
        found({
          coords: { latitude: 52.51083349, longitude: -1.97131212, accuracy: 8 },
        } as GeolocationPosition),
      );
    const topRide = { latitude: 52.510833, longitude: -1.971312 };
    const doe = { species: 'Roe Deer', sex: 'Female', age_class: 'Adult' } as const;

    it('marks a line’s place from the phone in one tap, says so, and clears it', async () => {
      const asked = atTopRide();
      const outing = openOuting();
      const { api, held, user } = serve([outing]);
      const control = await openSightings();
      await addLine(user, control, doe);
      await addLine(user, control, { species: 'Muntjac', sex: 'Male', age_class: 'Adult' });
      expect(within(control).queryByText('Place marked')).not.toBeInTheDocument();
      await user.click(within(control).getByRole('button', { name: 'Mark where: Roe Deer, Female, Adult' }));
      expect(asked).toHaveBeenCalledTimes(1);
      expect(within(control).getByText('Place marked')).toBeInTheDocument();
      // The other line is not marked.
      expect(within(control).getByRole('button', { name: 'Mark where: Muntjac, Male, Adult' })).toBeEnabled();
      const placed = [
        { species: 'Muntjac', sex: 'Male', age_class: 'Adult', count: 1 },
        { ...doe, count: 1, place: topRide },
      ];
      await waitFor(() => expect(held.outings[0]?.sightings).toEqual(placed));
      expect(patchesTo(api, outing).at(-1)).toEqual({ hunters: 1, sightings: placed });
      // Counting on keeps the place.
      await user.click(within(control).getByRole('button', { name: 'One more: Roe Deer, Female, Adult' }));
      await waitFor(() =>
        expect(held.outings[0]?.sightings?.[1]).toEqual({ ...doe, count: 2, place: topRide }),
      );

      await user.click(within(control).getByRole('button', { name: 'Clear place: Roe Deer, Female, Adult' }));
      expect(within(control).queryByText('Place marked')).not.toBeInTheDocument();
      await waitFor(() => expect(held.outings[0]?.sightings?.[1]).toEqual({ ...doe, count: 2 }));
      expect(patchesTo(api, outing).at(-1)).toEqual({
        hunters: 1,
        sightings: [placed[0], { ...doe, count: 2 }],
      });
    });

    it('keeps a place marked with no signal on the device with the line, and sends it when the signal is back', async () => {
      atTopRide();
      const outing = openOuting();
      const { api, held, user } = serve([outing]);
      const control = await openSightings();
      goOffline(api);
      await addLine(user, control, doe);
      await user.click(within(control).getByRole('button', { name: 'Mark where: Roe Deer, Female, Adult' }));
      expect(within(control).getByText('Place marked')).toBeInTheDocument();
      const line = { ...doe, count: 1, place: topRide };
      await waitFor(async () =>
        expect((await openOutbox().list(USER.uid)).map((item) => item.command)).toEqual([
          { kind: 'outing-sightings', recordId: outing.id, body: { hunters: 1, sightings: [line] } },
        ]),
      );
      expect(patchesTo(api, outing)).toEqual([]);

      comeBackOnline(api);
      await waitFor(() => expect(patchesTo(api, outing)).toEqual([{ hunters: 1, sightings: [line] }]));
      await waitFor(() => expect(held.outings[0]?.sightings).toEqual([line]));
    });

    it('says why when the phone will not tell where it is, and marks nothing', async () => {
      fakeGeolocation((_found, failed) =>
        failed({ code: 1, PERMISSION_DENIED: 1, TIMEOUT: 3 } as GeolocationPositionError),
      );
      const outing = openOuting();
      const { held, user } = serve([outing]);
      const control = await openSightings();
      await addLine(user, control, doe);
      await waitFor(() => expect(held.outings[0]?.sightings).toEqual([{ ...doe, count: 1 }]));
      await user.click(within(control).getByRole('button', { name: 'Mark where: Roe Deer, Female, Adult' }));
      expect(within(control).getByRole('alert')).toHaveTextContent(
        'Your location is not available: this browser was not allowed to share it.',
      );
      expect(within(control).queryByText('Place marked')).not.toBeInTheDocument();
      expect(held.outings[0]?.sightings).toEqual([{ ...doe, count: 1 }]);
    });
  });
});
