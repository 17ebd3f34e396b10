import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json, makeCull } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';
import { choose } from '../../testing/ui';

async function fillAndSave(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Location/), 'Home Wood');
  for (const [label, option] of [
    ['Species', 'Fox'],
    ['Sex', 'Female'],
    ['Age estimate', 'Adult'],
    ['Condition', 'Good'],
    ['Shot placement', 'Heart/Lung'],
  ] as const) {
    await choose(user, label, option);
  }
  await user.click(screen.getByRole('button', { name: 'Save Record' }));
}

describe('a record saved with no signal', () => {
  it('waits in the outbox with a banner, and Sync now sends it exactly once', async () => {
    const api = fakeApi().signedInAs();
    api.on('GET /api/culls', () => json({ items: [], total: 0, page: 1, page_size: 10 }));
    api.on('POST /api/culls', (request) => json(makeCull({ id: (request.body as { id: string }).id }), 201));
    await renderApp('/add-cull');
    await screen.findByRole('heading', { name: 'Add New Cull Record' });
    const user = userEvent.setup({ delay: null });
    // The phone still believes it is online; its requests fail.
    api.offline();
    await fillAndSave(user);

    expect(await screen.findByText('1 change is waiting to sync.')).toBeInTheDocument();
    // Tried at most once: not at all where the app already knew its requests were failing.
    const tried = api.callsTo('POST /api/culls').length;
    expect(tried).toBeLessThanOrEqual(1);

    api.online();
    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(screen.queryByText(/waiting to sync/)).not.toBeInTheDocument());
    const posts = api.callsTo('POST /api/culls');
    expect(posts).toHaveLength(tried + 1);
    // The same record each time: its id is the one chosen as the form opened.
    expect(new Set(posts.map((post) => (post.body as { id: string }).id)).size).toBe(1);
  });

  it('keeps a change the server refuses, with its reason, until the user discards it', async () => {
    const api = fakeApi().signedInAs();
    api.on('GET /api/culls', () => json({ items: [], total: 0, page: 1, page_size: 10 }));
    api.on('POST /api/culls', () =>
      apiError(400, 'validation_failed', 'Check the highlighted fields', {
        grid_ref: 'Not a grid reference',
      }),
    );
    await renderApp('/add-cull');
    await screen.findByRole('heading', { name: 'Add New Cull Record' });
    const user = userEvent.setup({ delay: null });
    api.offline();
    await fillAndSave(user);
    await screen.findByText('1 change is waiting to sync.');

    api.online();
    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText('Check the highlighted fields')).toBeInTheDocument();
    expect(screen.getByText(/Grid reference: Not a grid reference/i)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByText('Check the highlighted fields')).not.toBeInTheDocument());
  });
});
