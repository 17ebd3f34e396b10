import { MESSAGES } from '@cull-log/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, json, makeCull } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';
import { fillRequired } from '../../testing/ui';

// The form's checks load as a download of their own: here it fails until the connection "comes back".
const connection = vi.hoisted(() => ({ up: false, loads: 0 }));
vi.mock('./cull-request-check', async (importOriginal) => {
  connection.loads += 1;
  if (!connection.up) throw new Error('Failed to fetch dynamically imported module');
  return importOriginal();
});

describe('a record form whose checks cannot be downloaded', () => {
  it('says the record was not saved and sends nothing, then saves once they can be', async () => {
    const api = fakeApi().signedInAs();
    api.on('GET /api/culls', () => json({ items: [], total: 0, page: 1, page_size: 10 }));
    api.on('POST /api/culls', () => json(makeCull(), 201, { 'x-event-position': '1' }));
    await renderApp('/add-cull');
    await screen.findByRole('heading', { name: 'Add New Cull Record' });
    const user = userEvent.setup({ delay: null });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});

    await fillRequired(user);
    // Starting on the form began the download, which failed quietly; Save tries again and says it failed.
    expect(connection.loads).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Save Record' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.submitFailed);
    expect(screen.getByRole('button', { name: 'Save Record' })).toBeEnabled();
    expect(screen.getByLabelText(/^Location/)).toHaveValue('Home Wood');
    expect(api.callsTo('POST /api/culls')).toHaveLength(0);
    expect(logged).toHaveBeenCalledWith("Loading the form's checks failed", expect.any(Error));

    connection.up = true;
    await user.click(screen.getByRole('button', { name: 'Save Record' }));
    await screen.findByRole('heading', { name: 'Cull Data' });
    await waitFor(() => expect(api.callsTo('POST /api/culls')).toHaveLength(1));
    expect(api.callsTo('POST /api/culls')[0]?.body).toMatchObject({ location_name: 'Home Wood' });
  });
});
