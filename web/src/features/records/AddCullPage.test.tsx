import { MESSAGES, REQUIRED_MESSAGES } from '@cull-log/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { cullQuery } from './api';
import { apiError, deferred, fakeApi, json, makeCull } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';
import { choiceList, choose, fillRequired } from '../../testing/ui';

async function openAddForm() {
  const api = fakeApi().signedInAs();
  api.on('GET /api/culls', () => json({ items: [], total: 0, page: 1, page_size: 10 }));
  const app = await renderApp('/add-cull');
  await screen.findByRole('heading', { name: 'Add New Cull Record' });
  return { api, app, user: userEvent.setup({ delay: null }) };
}

describe('add cull form', () => {
  it('starts at now (not a fixed 06:00), with the number steps of the specification', async () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 20, 7, 2), toFake: ['Date'] });
    try {
      await openAddForm();
    } finally {
      vi.useRealTimers();
    }
    expect(screen.getByLabelText(/^Date/)).toHaveValue('2026-11-20');
    expect(screen.getByLabelText(/^Time/)).toHaveValue('07:02');
    expect(screen.getByLabelText('Weight (kg)')).toHaveAttribute('step', '0.1');
    expect(screen.getByLabelText('Latitude')).toHaveAttribute('step', '0.000001');
    expect(screen.getByLabelText('Longitude')).toHaveAttribute('step', '0.000001');
  });

  it('shows each required message by its field, and clears one when that field is edited', async () => {
    const { user, api } = await openAddForm();
    await user.clear(screen.getByLabelText(/^Time/));
    await user.click(screen.getByRole('button', { name: 'Save Record' }));

    expect(screen.getByLabelText(/^Time/)).toHaveAccessibleDescription(REQUIRED_MESSAGES.time);
    expect(screen.getByLabelText(/^Location/)).toHaveAccessibleDescription(REQUIRED_MESSAGES.location_name);
    for (const message of [
      REQUIRED_MESSAGES.species,
      REQUIRED_MESSAGES.sex,
      REQUIRED_MESSAGES.age_estimate,
      REQUIRED_MESSAGES.condition,
      REQUIRED_MESSAGES.shot_placement,
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(api.callsTo('POST /api/culls')).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Location/), 'H');
    expect(screen.queryByText(REQUIRED_MESSAGES.location_name)).not.toBeInTheDocument();
    expect(screen.getByText(REQUIRED_MESSAGES.time)).toBeInTheDocument();

    await choose(user, 'Species', 'Fox');
    expect(screen.queryByText(REQUIRED_MESSAGES.species)).not.toBeInTheDocument();
  });

  it('opens a required free-text field when Other is chosen', async () => {
    const { user } = await openAddForm();
    expect(screen.queryByLabelText(/Other species/)).not.toBeInTheDocument();
    await choose(user, 'Species', 'Other');
    const other = screen.getByLabelText(/Other species/);
    await user.click(screen.getByRole('button', { name: 'Save Record' }));
    expect(other).toHaveAccessibleDescription(REQUIRED_MESSAGES.species);
    await user.type(other, 'Hare');
    expect(other).not.toHaveAccessibleDescription(REQUIRED_MESSAGES.species);
  });

  it('shows antler points and condition only while antlers are present', async () => {
    const { user } = await openAddForm();
    expect(screen.queryByLabelText('Antler points')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Antlers present' }));
    expect(screen.getByLabelText('Antler points')).toHaveAttribute('min', '0');
    expect(choiceList('Antler condition')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Antlers present' }));
    expect(screen.queryByLabelText('Antler points')).not.toBeInTheDocument();
  });

  it('shows Saving... with Cancel and Submit disabled, then goes to the data table', async () => {
    const { user, api, app } = await openAddForm();
    const answer = deferred<Response>();
    api.on('POST /api/culls', () => answer.promise);
    await fillRequired(user);
    await user.clear(screen.getByLabelText(/^Time/));
    await user.type(screen.getByLabelText(/^Time/), '06:00');
    await user.clear(screen.getByLabelText(/^Date/));
    await user.type(screen.getByLabelText(/^Date/), '2026-11-03');
    await user.type(screen.getByLabelText('Weight (kg)'), '14.5');
    await user.click(screen.getByRole('button', { name: 'Save Record' }));

    const saving = await screen.findByRole('button', { name: 'Saving...' });
    expect(saving).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();

    const [post] = api.callsTo('POST /api/culls');
    expect(post?.body).toMatchObject({
      location_name: 'Home Wood',
      species: 'Roe Deer',
      sex: 'Female',
      age_estimate: 'Adult',
      condition: 'Good',
      shot_placement: 'Heart/Lung',
      time: '06:00',
      weight: 14.5,
      antlers_present: false,
    });
    expect(post?.body).not.toHaveProperty('notes');

    answer.resolve(json(makeCull(), 201, { 'x-event-position': '7' }));
    await screen.findByRole('heading', { name: 'Cull Data' });
    expect(app.router.state.location.pathname).toBe('/data');
  });

  it('keeps the form and says so when saving fails', async () => {
    const { user, api } = await openAddForm();
    api.on('POST /api/culls', () =>
      apiError(400, 'validation_failed', 'Invalid', { location_name: 'Must be at most 200 characters' }),
    );
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Save Record' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.submitFailed);
    expect(screen.getByLabelText(/^Location/)).toHaveAccessibleDescription('Must be at most 200 characters');
    expect(screen.getByRole('button', { name: 'Save Record' })).toBeEnabled();
  });

  it('drops the server refusal when the next submit fails the form check', async () => {
    const { user, api } = await openAddForm();
    api.on('POST /api/culls', () => apiError(503, 'service_unavailable', 'Service down'));
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Save Record' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.submitFailed);

    await user.clear(screen.getByLabelText(/^Location/));
    await user.click(screen.getByRole('button', { name: 'Save Record' }));
    expect(screen.getByLabelText(/^Location/)).toHaveAccessibleDescription(REQUIRED_MESSAGES.location_name);
    expect(screen.queryByText(MESSAGES.submitFailed)).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/culls')).toHaveLength(1);
  });

  it('asks the dashboard for figures at least as fresh as the saved record', async () => {
    const { user, api, app } = await openAddForm();
    api.on('POST /api/culls', () => json(makeCull(), 201, { 'x-event-position': '41' }));
    api.on('GET /api/stats', () => apiError(503, 'service_unavailable', 'Service down'));
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Save Record' }));
    await screen.findByRole('heading', { name: 'Cull Data' });

    await app.router.navigate('/dashboard');
    await waitFor(() => expect(api.callsTo('GET /api/stats')).not.toHaveLength(0));
    expect(api.callsTo('GET /api/stats')[0]?.url.searchParams.get('after')).toBe('41');
  });

  it('goes back to the data table on Cancel without saving', async () => {
    const { user, api, app } = await openAddForm();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByRole('heading', { name: 'Cull Data' });
    expect(app.router.state.location.pathname).toBe('/data');
    expect(api.callsTo('POST /api/culls')).toHaveLength(0);
  });
});

describe('edit cull form', () => {
  it('loads the record, sends every field with its version, and clears emptied ones', async () => {
    const cull = makeCull({ species: 'Hare', notes: 'Windy', weight: 3.2, version: 4 });
    const api = fakeApi().signedInAs();
    api.on(`GET /api/culls/${cull.id}`, () => json(cull));
    api.on(`PATCH /api/culls/${cull.id}`, () => json({ ...cull, version: 5 }));
    api.on('GET /api/culls', () => json({ items: [], total: 0, page: 1, page_size: 10 }));
    const user = userEvent.setup({ delay: null });
    await renderApp(`/edit-cull/${cull.id}`);

    expect(await screen.findByRole('heading', { name: 'Edit Cull Record' })).toBeInTheDocument();
    const other = await screen.findByLabelText(/Other species/);
    expect(other).toHaveValue('Hare');
    await user.clear(screen.getByLabelText('Notes'));
    await user.click(screen.getByRole('button', { name: 'Update Record' }));

    await screen.findByRole('heading', { name: 'Cull Data' });
    const [patch] = api.callsTo(`PATCH /api/culls/${cull.id}`);
    expect(patch?.body).toMatchObject({ expected_version: 4, species: 'Hare', weight: 3.2, notes: null });
  });

  it('edits the record as its page has just read it, without reading it again', async () => {
    const cull = makeCull({ notes: 'Windy' });
    const api = fakeApi()
      .signedInAs()
      .on(`GET /api/culls/${cull.id}`, () => json(cull));
    const user = userEvent.setup({ delay: null });
    await renderApp(`/view-cull/${cull.id}`);
    await user.click(await screen.findByRole('link', { name: 'Edit' }));

    expect(await screen.findByLabelText('Notes')).toHaveValue('Windy');
    expect(api.callsTo(`GET /api/culls/${cull.id}`)).toHaveLength(1);
  });

  it('reads an older copy of the record afresh, and edits the latest version', async () => {
    const cull = makeCull({ notes: 'Windy', version: 1 });
    const api = fakeApi()
      .signedInAs()
      .on(`GET /api/culls/${cull.id}`, () => json({ ...cull, notes: 'Calm', version: 2 }));
    const app = await renderApp('/terms');
    app.queryClient.setQueryData(cullQuery(cull.id).queryKey, cull, { updatedAt: Date.now() - 60_000 });
    await app.router.navigate(`/edit-cull/${cull.id}`);

    await waitFor(() => expect(screen.getByLabelText('Notes')).toHaveValue('Calm'));
    expect(api.callsTo(`GET /api/culls/${cull.id}`)).toHaveLength(1);
  });

  it('says the record could not be loaded', async () => {
    fakeApi().signedInAs();
    await renderApp('/edit-cull/missing');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.loadCullFailed);
    expect(screen.getByRole('link', { name: 'Back to Data' })).toBeInTheDocument();
  });

  it('opens the edit screen from /cull/:id too', async () => {
    const cull = makeCull();
    fakeApi()
      .signedInAs()
      .on(`GET /api/culls/${cull.id}`, () => json(cull));
    await renderApp(`/cull/${cull.id}`);
    await screen.findByRole('heading', { name: 'Edit Cull Record' });
    expect(await screen.findByLabelText(/^Location/)).toHaveValue('Home Wood');
  });

  it('explains a conflicting change made elsewhere', async () => {
    const cull = makeCull();
    const api = fakeApi().signedInAs();
    api.on(`GET /api/culls/${cull.id}`, () => json(cull));
    api.on(`PATCH /api/culls/${cull.id}`, () => apiError(409, 'version_conflict', 'Version conflict'));
    const user = userEvent.setup({ delay: null });
    await renderApp(`/edit-cull/${cull.id}`);
    await user.click(await screen.findByRole('button', { name: 'Update Record' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(MESSAGES.versionConflict)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Update Record' })).toBeEnabled());
  });
});

describe('a refused save, where the user is', () => {
  it('moves the focus to a choice list the server refused, and shows the failure beside Save', async () => {
    const { user, api } = await openAddForm();
    api.on('POST /api/culls', () =>
      apiError(400, 'validation_failed', 'Invalid', { species: 'Species is not one we know' }),
    );
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Save Record' }));

    // The choice the server refused takes the focus, where the arrow keys change it.
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Roe Deer' })).toHaveFocus());
    const actions = screen.getByRole('button', { name: 'Save Record' }).closest('.form__actions');
    expect(actions).toHaveTextContent(MESSAGES.submitFailed);
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.submitFailed);
  });

  it('moves the focus to the first field in error when it is a choice list the check refused', async () => {
    const { user } = await openAddForm();
    await user.type(screen.getByLabelText(/^Location/), 'Home Wood');
    await user.click(screen.getByRole('button', { name: 'Save Record' }));
    // None chosen yet: the first of the choices.
    expect(screen.getByRole('radio', { name: 'Red Deer' })).toHaveFocus();
  });

  it('moves the focus to a text field in error when it comes first', async () => {
    const { user } = await openAddForm();
    await user.click(screen.getByRole('button', { name: 'Save Record' }));
    expect(screen.getByLabelText(/^Location/)).toHaveFocus();
  });
});
