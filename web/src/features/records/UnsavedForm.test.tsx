import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { get } from 'idb-keyval';
import { describe, expect, it, vi } from 'vitest';
import { cullQuery } from './api';
import { draftKey } from './form-draft';
import { apiError, fakeApi, json, makeCull, USER } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';
import { choose, fillRequired } from '../../testing/ui';

const ADD_DRAFT = draftKey(USER.uid, { add: true });

async function openAddForm(path = '/add-cull') {
  const api = fakeApi().signedInAs();
  api.on('GET /api/culls', () => json({ items: [], total: 0, page: 1, page_size: 10 }));
  const app = await renderApp(path);
  const user = userEvent.setup({ delay: null });
  return { api, app, user };
}

const carcassTag = () => screen.getByLabelText('Carcass tag');
const keptDraft = () =>
  get<{ values: { location_name: string; carcass: { carcass_tag: string } } }>(ADD_DRAFT);

describe('a half-typed record', () => {
  it('is kept on the device as it is typed, offered when the form opens again, and Carry on fills it in', async () => {
    const first = await openAddForm();
    await screen.findByRole('heading', { name: 'Add New Cull Record' });
    await first.user.type(screen.getByLabelText(/^Location/), 'Long Meadow');
    await first.user.type(screen.getByLabelText('Shot distance'), '90 metres');
    await first.user.type(carcassTag(), 'AF-0042');
    await waitFor(async () => expect((await keptDraft())?.values.carcass.carcass_tag).toBe('AF-0042'));

    // The tab is gone (reloaded, crashed): the form opens afresh.
    cleanup();
    const second = await openAddForm();
    const offer = await screen.findByText(
      /You have an unsaved record from \d{2}\/\d{2}\/\d{4} at \d{2}:\d{2}/,
    );
    expect(carcassTag()).toHaveValue('');
    // Until the offer is answered the form takes no typing, which would have nowhere to be kept.
    const body = () => screen.getByLabelText(/^Location/).closest('.cull-form__body');
    expect(body()).toHaveAttribute('inert');
    await second.user.click(within(offer.closest('.draft-offer')!).getByRole('button', { name: 'Carry on' }));
    expect(body()).not.toHaveAttribute('inert');
    expect(screen.getByLabelText(/^Location/)).toHaveValue('Long Meadow');
    expect(screen.getByLabelText('Shot distance')).toHaveValue('90 metres');
    expect(carcassTag()).toHaveValue('AF-0042');

    second.api.on('POST /api/culls', () => json(makeCull(), 201));
    await chooseTheRest(second.user);
    await second.user.click(screen.getByRole('button', { name: 'Save Record' }));
    await screen.findByRole('heading', { name: 'Cull Data' });
    expect(second.api.callsTo('POST /api/culls')[0]?.body).toMatchObject({
      location_name: 'Long Meadow',
      shot_distance: '90 metres',
      carcass_tag: 'AF-0042',
    });
    await waitFor(async () => expect(await keptDraft()).toBeUndefined());
  });

  it('is removed when the offer is discarded, and what is typed next is kept instead', async () => {
    const first = await openAddForm();
    await screen.findByRole('heading', { name: 'Add New Cull Record' });
    await first.user.type(carcassTag(), 'OLD-1');
    await waitFor(async () => expect(await keptDraft()).toBeDefined());
    cleanup();

    const second = await openAddForm();
    await screen.findByText(/You have an unsaved record/);
    await second.user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.queryByText(/You have an unsaved record/)).not.toBeInTheDocument();
    expect(carcassTag()).toHaveValue('');
    await waitFor(async () => expect(await keptDraft()).toBeUndefined());
    await second.user.type(carcassTag(), 'NEW-2');
    await waitFor(async () => expect((await keptDraft())?.values.carcass.carcass_tag).toBe('NEW-2'));
  });

  it('is written at once when the page is hidden, without waiting for the typing to pause', async () => {
    const { user } = await openAddForm();
    await screen.findByRole('heading', { name: 'Add New Cull Record' });
    await user.type(carcassTag(), 'LOCKED-');
    await waitFor(async () => expect((await keptDraft())?.values.carcass.carcass_tag).toBe('LOCKED-'));
    // The pause after the last key is never allowed to end: only leaving the page can write it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.change(carcassTag(), { target: { value: 'LOCKED-7' } });
      window.dispatchEvent(new Event('pagehide'));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(async () => expect((await keptDraft())?.values.carcass.carcass_tag).toBe('LOCKED-7'));
  });

  it('is not offered to another user of the device', async () => {
    const first = await openAddForm();
    await screen.findByRole('heading', { name: 'Add New Cull Record' });
    await first.user.type(carcassTag(), 'ANN-1');
    await waitFor(async () => expect(await keptDraft()).toBeDefined());
    cleanup();

    fakeApi().signedInAs({ uid: 'user-2', display_name: 'Bob', email: 'bob@example.com' });
    await renderApp('/add-cull');
    await screen.findByRole('heading', { name: 'Add New Cull Record' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText(/You have an unsaved record/)).not.toBeInTheDocument();
  });
});

/** The required choices, the location aside. */
async function chooseTheRest(user: ReturnType<typeof userEvent.setup>) {
  await choose(user, 'Species', 'Roe Deer');
  await choose(user, 'Sex', 'Female');
  await choose(user, 'Age estimate', 'Adult');
  await choose(user, 'Condition', 'Good');
  await choose(user, 'Shot placement', 'Heart/Lung');
}

describe('leaving a changed form', () => {
  it('asks first on Back: Keep editing stays with the input, Discard goes back and forgets it', async () => {
    const { app, user } = await openAddForm('/data');
    await screen.findByRole('heading', { name: 'Cull Data' });
    await app.router.navigate('/add-cull');
    await screen.findByRole('heading', { name: 'Add New Cull Record' });
    await user.type(carcassTag(), 'AF-9');
    await waitFor(async () => expect(await keptDraft()).toBeDefined());

    await app.router.navigate(-1);
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard this record?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(app.router.state.location.pathname).toBe('/add-cull');
    expect(carcassTag()).toHaveValue('AF-9');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const again = await screen.findByRole('alertdialog', { name: 'Discard this record?' });
    await user.click(within(again).getByRole('button', { name: 'Discard' }));
    await screen.findByRole('heading', { name: 'Cull Data' });
    await waitFor(async () => expect(await keptDraft()).toBeUndefined());
  });

  it('does not ask once the record is saved', async () => {
    const { api, user } = await openAddForm();
    await screen.findByRole('heading', { name: 'Add New Cull Record' });
    api.on('POST /api/culls', () => json(makeCull(), 201));
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Save Record' }));
    await screen.findByRole('heading', { name: 'Cull Data' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('the edit form', () => {
  it('keeps what is typed when the record is read again, changed or failing, and saves against the version it began from', async () => {
    const cull = makeCull({ notes: 'Windy', version: 3 });
    let answer = () => json(cull);
    const api = fakeApi()
      .signedInAs()
      .on(`GET /api/culls/${cull.id}`, () => answer())
      .on(`PATCH /api/culls/${cull.id}`, () => json({ ...cull, version: 4 }));
    const user = userEvent.setup({ delay: null });
    const app = await renderApp(`/edit-cull/${cull.id}`);
    const notes = await screen.findByLabelText('Notes');
    await waitFor(() => expect(notes).toHaveValue('Windy'));
    await user.clear(notes);
    await user.type(notes, 'Still and cold');

    answer = () => json({ ...cull, notes: 'Changed elsewhere', version: 5 });
    await act(() => app.queryClient.invalidateQueries({ queryKey: cullQuery(cull.id).queryKey }));
    answer = () => apiError(503, 'service_unavailable', 'Service down');
    await act(() => app.queryClient.refetchQueries({ queryKey: cullQuery(cull.id).queryKey }));

    expect(screen.getByLabelText('Notes')).toHaveValue('Still and cold');
    await user.click(screen.getByRole('button', { name: 'Update Record' }));
    await waitFor(() => expect(api.callsTo(`PATCH /api/culls/${cull.id}`)).toHaveLength(1));
    expect(api.callsTo(`PATCH /api/culls/${cull.id}`)[0]?.body).toMatchObject({
      notes: 'Still and cold',
      expected_version: 3,
    });
  });
});
