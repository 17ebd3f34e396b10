import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, makeCull, USER } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';
import { choose } from '../../testing/ui';

async function fillAndSave(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Location/), 'Home Wood');
  for (const [label, option] of [
    ['Species', 'Roe Deer'],
    ['Sex', 'Female'],
    ['Age estimate', 'Adult'],
    ['Condition', 'Good'],
    ['Shot placement', 'Heart/Lung'],
  ] as const) {
    await choose(user, label, option);
  }
  await user.click(screen.getByRole('button', { name: 'Save Record' }));
}

/** The layout's one polite live region. */
const liveRegion = () => document.querySelector<HTMLElement>('#main .feedback [role="status"]');

describe('feedback after a change', () => {
  it('says a new record was saved and puts the focus on the heading of the list it leads to', async () => {
    const api = fakeApi().signedInAs();
    api.on('GET /api/culls', () => json({ items: [], total: 0, page: 1, page_size: 10 }));
    api.on('POST /api/culls', (request) => json(makeCull({ id: (request.body as { id: string }).id }), 201));
    const app = await renderApp('/add-cull');
    await screen.findByRole('heading', { name: 'Add New Cull Record' });
    expect(liveRegion()).toHaveAttribute('aria-live', 'polite');
    expect(liveRegion()).toBeEmptyDOMElement();

    await fillAndSave(userEvent.setup({ delay: null }));

    const heading = await screen.findByRole('heading', { name: 'Cull Data' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(liveRegion()).toHaveTextContent('Roe Deer at Home Wood saved');

    // The message belongs to the screen it led to: moving on clears it.
    await app.router.navigate('/add-cull');
    await screen.findByRole('heading', { name: 'Add New Cull Record' });
    await waitFor(() => expect(liveRegion()).toBeEmptyDOMElement());
  });

  it('says differently that a record saved with no signal waits on this device', async () => {
    const api = fakeApi().signedInAs();
    api.on('GET /api/culls', () => json({ items: [], total: 0, page: 1, page_size: 10 }));
    api.on('POST /api/culls', () => {
      throw new TypeError('Failed to fetch');
    });
    await renderApp('/add-cull');
    await screen.findByRole('heading', { name: 'Add New Cull Record' });
    await fillAndSave(userEvent.setup({ delay: null }));

    await screen.findByRole('heading', { name: 'Cull Data' });
    await waitFor(() =>
      expect(liveRegion()).toHaveTextContent(
        'Roe Deer at Home Wood saved on this device; it will be sent when there is a signal',
      ),
    );
  });

  it('takes back "will be sent when there is a signal" once it has been sent', async () => {
    // A user of its own, whose outbox holds nothing from the tests before.
    const api = fakeApi().signedInAs({ ...USER, uid: 'user-back-in-signal' });
    api.on('GET /api/culls', () => json({ items: [], total: 0, page: 1, page_size: 10 }));
    api.on('POST /api/culls', (request) => json(makeCull({ id: (request.body as { id: string }).id }), 201));
    await renderApp('/add-cull');
    await screen.findByRole('heading', { name: 'Add New Cull Record' });
    const user = userEvent.setup({ delay: null });
    api.offline();
    await fillAndSave(user);
    await screen.findByRole('heading', { name: 'Cull Data' });
    await waitFor(() => expect(liveRegion()).toHaveTextContent(/will be sent when there is a signal/));
    await screen.findByText('1 change is waiting to sync.');

    api.online();
    // Whether the save tried the network first depends on whether the app already knew it had no signal.
    const triedOffline = api.callsTo('POST /api/culls').length;
    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(liveRegion()).toBeEmptyDOMElement());
    await waitFor(() => expect(screen.queryByText('1 change is waiting to sync.')).not.toBeInTheDocument());
    // Sent once, now that there is a signal, and only this user's record: a run the test before left waiting to try
    // again stopped with its user, and never sends under this one.
    expect(api.callsTo('POST /api/culls')).toHaveLength(triedOffline + 1);
    expect(new Set(api.callsTo('POST /api/culls').map((call) => (call.body as { id: string }).id)).size).toBe(
      1,
    );
  });

  it('says a record was updated', async () => {
    const cull = makeCull({ species: 'Fox', location_name: 'Top Field' });
    const api = fakeApi().signedInAs();
    api.on(`GET /api/culls/${cull.id}`, () => json(cull));
    api.on(`PATCH /api/culls/${cull.id}`, () => json({ ...cull, version: 2 }));
    api.on('GET /api/culls', () => json({ items: [cull], total: 1, page: 1, page_size: 10 }));
    await renderApp(`/edit-cull/${cull.id}`);
    await userEvent
      .setup({ delay: null })
      .click(await screen.findByRole('button', { name: 'Update Record' }));

    const heading = await screen.findByRole('heading', { name: 'Cull Data' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(liveRegion()).toHaveTextContent('Fox at Top Field updated');

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(liveRegion()).toBeEmptyDOMElement();
  });

  it('says a record deleted from the table was deleted, and puts the focus on the heading', async () => {
    const cull = makeCull({ species: 'Fox', location_name: 'Gone Wood' });
    let records = [cull];
    const api = fakeApi().signedInAs();
    api.on('GET /api/culls', () => json({ items: records, total: records.length, page: 1, page_size: 10 }));
    api.on(`DELETE /api/culls/${cull.id}`, () => {
      records = [];
      return new Response(null, { status: 204 });
    });
    await renderApp('/data');
    await screen.findByRole('grid', { name: 'Cull records' });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: /^Delete Fox/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(liveRegion()).toHaveTextContent('Fox at Gone Wood deleted'));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Cull Data' })).toHaveFocus());
  });

  it('says a record deleted from its card was deleted, on the list it returns to', async () => {
    const cull = makeCull({ species: 'Fox', location_name: 'Home Wood' });
    const api = fakeApi().signedInAs();
    api.on(`GET /api/culls/${cull.id}`, () => json(cull));
    api.on(`DELETE /api/culls/${cull.id}`, () => new Response(null, { status: 204 }));
    api.on('GET /api/culls', () => json({ items: [], total: 0, page: 1, page_size: 10 }));
    await renderApp(`/view-cull/${cull.id}`);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    const heading = await screen.findByRole('heading', { name: 'Cull Data' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(liveRegion()).toHaveTextContent('Fox at Home Wood deleted');

    // Floating over the screen, the message goes once the keyboard moves on, so it never hides what is focused.
    await user.tab();
    expect(liveRegion()).toBeEmptyDOMElement();
  });
});
