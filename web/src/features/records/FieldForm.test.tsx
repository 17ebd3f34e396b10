import { GRID_REFERENCE_MESSAGES } from '@cull-log/contracts';
import { FUTURE_MESSAGES } from '@cull-log/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, makeCull } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';
import { choose, chosenIn, fakeGeolocation, fillRequired, forgetGeolocation } from '../../testing/ui';

async function openAddForm() {
  const api = fakeApi().signedInAs();
  api.on('GET /api/culls', () => json({ items: [], total: 0, page: 1, page_size: 10 }));
  await renderApp('/add-cull');
  await screen.findByRole('heading', { name: 'Add New Cull Record' });
  return { api, user: userEvent.setup({ delay: null }) };
}

afterEach(() => {
  localStorage.clear();
  forgetGeolocation();
});

describe('the form in the field', () => {
  it('fills the coordinates and an 8-figure grid reference from the phone, with its accuracy', async () => {
    fakeGeolocation((success) =>
      success({ coords: { latitude: 52.65798, longitude: 1.71605, accuracy: 12.4 } } as GeolocationPosition),
    );
    const { user } = await openAddForm();
    await user.click(screen.getByRole('button', { name: 'Use my current location' }));
    expect(screen.getByLabelText('Latitude')).toHaveValue(52.65798);
    expect(screen.getByLabelText('Longitude')).toHaveValue(1.71605);
    expect(screen.getByLabelText('Grid reference')).toHaveValue('TG 5140 1317');
    expect(screen.getByText('Location found, to within 12 m.')).toBeInTheDocument();
  });

  it('says why when the phone will not tell where it is', async () => {
    fakeGeolocation((_success, failure) =>
      failure({
        code: 1,
        PERMISSION_DENIED: 1,
        POSITION_UNAVAILABLE: 2,
        TIMEOUT: 3,
      } as GeolocationPositionError),
    );
    const { user } = await openAddForm();
    await user.click(screen.getByRole('button', { name: 'Use my current location' }));
    expect(screen.getByText(/was not allowed to share it/)).toBeInTheDocument();
    expect(screen.getByLabelText('Latitude')).toHaveValue(null);
  });

  it('fills the coordinates from a typed grid reference once it is whole, and refuses one that is not one', async () => {
    const { user, api } = await openAddForm();
    await user.type(screen.getByLabelText('Grid reference'), 'TG 51409');
    // Half typed ("TG 51409" could be a 1 km square on its way to a 10-figure one): the coordinates wait.
    expect(screen.getByLabelText('Latitude')).toHaveValue(null);
    await user.type(screen.getByLabelText('Grid reference'), ' 13177');
    expect(screen.getByLabelText('Latitude')).toHaveValue(null);
    await user.tab();
    expect(Number((screen.getByLabelText('Latitude') as HTMLInputElement).value)).toBeCloseTo(52.65798, 4);
    await user.clear(screen.getByLabelText('Grid reference'));
    await user.type(screen.getByLabelText('Grid reference'), 'SK 123 4567');
    await user.click(screen.getByRole('button', { name: 'Save Record' }));
    expect(screen.getByLabelText('Grid reference')).toHaveAccessibleDescription(
      GRID_REFERENCE_MESSAGES.unevenFigures,
    );
    expect(api.callsTo('POST /api/culls')).toHaveLength(0);
  });

  it('fills the grid reference from typed coordinates', async () => {
    const { user } = await openAddForm();
    await user.type(screen.getByLabelText('Latitude'), '52.65798');
    await user.type(screen.getByLabelText('Longitude'), '1.71605');
    expect(screen.getByLabelText('Grid reference')).toHaveValue('TG 5140 1317');
  });

  it('warns of the close season while the form is filled in, before saving, and the warning goes when it no longer applies', async () => {
    const { user } = await openAddForm();
    await user.clear(screen.getByLabelText(/^Date/));
    await user.type(screen.getByLabelText(/^Date/), '2026-06-15');
    await user.clear(screen.getByLabelText(/^Time/));
    await user.type(screen.getByLabelText(/^Time/), '12:00');
    await choose(user, 'Species', 'Roe Deer');
    await choose(user, 'Sex', 'Female');
    const warnings = screen.getByRole('region', { name: 'Check before you save' });
    expect(warnings).toHaveTextContent('Close season');
    expect(warnings).toHaveTextContent('Roe Deer females (1 April to 31 October)');
    await choose(user, 'Species', 'Muntjac');
    expect(screen.queryByRole('region', { name: 'Check before you save' })).not.toBeInTheDocument();
  });

  it('sets the date and time to now with one tap', async () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 20, 7, 42), toFake: ['Date'] });
    try {
      const { user } = await openAddForm();
      await user.click(screen.getByRole('button', { name: 'Set date and time to now' }));
      expect(screen.getByLabelText(/^Date/)).toHaveValue('2026-11-20');
      expect(screen.getByLabelText(/^Time/)).toHaveValue('07:42');
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes in a grid reference typed just before Save, whose field was never left', async () => {
    const { user, api } = await openAddForm();
    api.on('POST /api/culls', (request) =>
      json(makeCull(request.body as Parameters<typeof makeCull>[0]), 201, { 'x-event-position': '1' }),
    );
    await fillRequired(user);
    await user.type(screen.getByLabelText('Grid reference'), 'TG 51409 13177{Enter}');
    await waitFor(() => expect(api.callsTo('POST /api/culls')).toHaveLength(1));
    const body = api.callsTo('POST /api/culls')[0]!.body as { latitude: number; grid_ref: string };
    expect(body.grid_ref).toBe('TG 51409 13177');
    expect(body.latitude).toBeCloseTo(52.65798, 4);
  });

  it('refuses a cull later than now, on the time, and saves nothing', async () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 20, 7, 2), toFake: ['Date'] });
    try {
      const { user, api } = await openAddForm();
      await fillRequired(user);
      await user.clear(screen.getByLabelText(/^Time/));
      await user.type(screen.getByLabelText(/^Time/), '09:30');
      await user.click(screen.getByRole('button', { name: 'Save Record' }));
      expect(screen.getByLabelText(/^Time/)).toHaveAccessibleDescription(FUTURE_MESSAGES.time);
      await user.clear(screen.getByLabelText(/^Date/));
      await user.type(screen.getByLabelText(/^Date/), '2026-11-21');
      await user.click(screen.getByRole('button', { name: 'Save Record' }));
      expect(screen.getByLabelText(/^Date/)).toHaveAccessibleDescription(FUTURE_MESSAGES.date);
      expect(api.callsTo('POST /api/culls')).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks about a weight no roe weighs, and about 0: change it, or save it as typed', async () => {
    const { user, api } = await openAddForm();
    api.on('POST /api/culls', (request) =>
      json(makeCull(request.body as Parameters<typeof makeCull>[0]), 201, { 'x-event-position': '1' }),
    );
    await fillRequired(user);
    await user.type(screen.getByLabelText('Weight (kg)'), '90');
    await user.click(screen.getByRole('button', { name: 'Save Record' }));
    const question = await screen.findByRole('alertdialog', { name: 'Is 90 kg right?' });
    expect(question).toHaveTextContent(
      '90 kg is heavier than a Roe Deer is likely to be (up to about 40 kg).',
    );
    await user.click(within(question).getByRole('button', { name: 'Change the weight' }));
    expect(api.callsTo('POST /api/culls')).toHaveLength(0);
    await waitFor(() => expect(screen.getByLabelText('Weight (kg)')).toHaveFocus());

    await user.clear(screen.getByLabelText('Weight (kg)'));
    await user.type(screen.getByLabelText('Weight (kg)'), '0');
    await user.click(screen.getByRole('button', { name: 'Save Record' }));
    const zero = await screen.findByRole('alertdialog', { name: 'Is 0 kg right?' });
    expect(zero).toHaveTextContent('leave the weight empty');
    await user.click(within(zero).getByRole('button', { name: 'Save with 0 kg' }));
    await waitFor(() => expect(api.callsTo('POST /api/culls')).toHaveLength(1));
    expect(api.callsTo('POST /api/culls')[0]!.body).toMatchObject({ weight: 0 });
  });

  it('offers the last animal and place saved on this device as one tap', async () => {
    const { user, api } = await openAddForm();
    api.on('POST /api/culls', (request) =>
      json(makeCull(request.body as Parameters<typeof makeCull>[0]), 201, { 'x-event-position': '1' }),
    );
    await user.type(screen.getByLabelText(/^Location/), 'High Seat 3');
    await user.type(screen.getByLabelText('Grid reference'), 'SK 1234 5678');
    await choose(user, 'Species', 'Fallow Deer');
    await choose(user, 'Sex', 'Male');
    await choose(user, 'Age estimate', 'Adult');
    await choose(user, 'Condition', 'Good');
    await choose(user, 'Shot placement', 'Heart/Lung');
    await user.click(screen.getByRole('button', { name: 'Save Record' }));
    await screen.findByRole('heading', { name: 'Cull Data' });

    await user.click(screen.getAllByRole('link', { name: '+ Add Cull' })[0]!);
    await user.click(
      await screen.findByRole('button', { name: 'Same as last: Fallow Deer, male at High Seat 3' }),
    );
    expect(screen.getByLabelText(/^Location/)).toHaveValue('High Seat 3');
    expect(chosenIn('Species')).toBe('Fallow Deer');
    expect(chosenIn('Sex')).toBe('Male');
    expect(screen.getByLabelText('Grid reference')).toHaveValue('SK 1234 5678');
  });
});

describe('warnings on saved records', () => {
  const doe = makeCull({
    species: 'Roe Deer',
    sex: 'Female',
    date: '2026-06-15',
    warnings: [{ code: 'close_season', message: 'This date is in the close season for Roe Deer females.' }],
  });

  it('shows them on the record card', async () => {
    const api = fakeApi().signedInAs();
    api.on(`GET /api/culls/${doe.id}`, () => json(doe));
    await renderApp(`/view-cull/${doe.id}`);
    const warnings = await screen.findByRole('region', { name: 'Warnings' });
    expect(warnings).toHaveTextContent(
      'Close season for roe does: 1 Apr – 31 Oct' +
        'Why: Close season for roe does: 1 Apr – 31 Oct' +
        'This date is in the close season for Roe Deer females.',
    );
  });

  it('marks them in the table, named for screen readers', async () => {
    const api = fakeApi().signedInAs();
    api.on('GET /api/culls', () => json({ items: [doe], total: 1, page: 1, page_size: 10 }));
    await renderApp('/data');
    const row = (await screen.findAllByRole('row'))[1]!;
    expect(row).toHaveTextContent('Roe Deer ⚠ (warning: close season)');
  });
});

describe('the records on a phone', () => {
  function phoneWidth() {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query === '(max-width: 40em)',
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      })),
    );
  }

  afterEach(() => vi.unstubAllGlobals());

  it('shows each record as a card that opens it, with a sort that changes the order asked for', async () => {
    phoneWidth();
    const api = fakeApi().signedInAs();
    const records = [
      makeCull({ species: 'Muntjac', location_name: 'Home Wood', weight: 11 }),
      makeCull({
        species: 'Roe Deer',
        location_name: 'Long Wood',
        warnings: [{ code: 'night', message: 'At night.' }],
      }),
    ];
    api.on('GET /api/culls', () => json({ items: records, total: 2, page: 1, page_size: 10 }));
    await renderApp('/data');
    const cards = await screen.findByRole('list', { name: 'Cull records' });
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    const links = within(cards).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringMatching(/07\/03\/2025 06:30Muntjac.*Home Wood/),
      expect.stringMatching(/Roe Deer ⚠ \(warning: night\).*Long Wood/),
    ]);
    expect(links[0]).toHaveAttribute('href', `/view-cull/${records[0]!.id}`);

    const user = userEvent.setup({ delay: null });
    await choose(user, 'Sort by', 'Species, A to Z');
    await waitFor(() =>
      expect(api.callsTo('GET /api/culls').at(-1)?.url.searchParams.get('sort')).toBe('species'),
    );
    expect(api.callsTo('GET /api/culls').at(-1)?.url.searchParams.get('order')).toBe('asc');
  });
});
