import type { SessionView } from '@cull-log/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

const pad = (value: number) => String(value).padStart(2, '0');
/** What the page shows for a moment, in the test machine's own time zone. */
const shown = (iso: string) => {
  const moment = new Date(iso);
  return `${pad(moment.getDate())}/${pad(moment.getMonth() + 1)}/${moment.getFullYear()} ${pad(moment.getHours())}:${pad(moment.getMinutes())}`;
};

const deviceItems = () =>
  within(screen.getByRole('list', { name: 'Signed-in devices' })).getAllByRole('listitem');

const thisPhone: SessionView = {
  id: 'phone-session',
  device: 'Android phone',
  browser: 'Chrome',
  signed_in_at: '2025-03-07T06:30:00.000Z',
  last_seen_at: '2025-03-09T18:05:00.000Z',
  current: true,
};
const laptop: SessionView = {
  id: 'laptop-session',
  device: 'Mac',
  browser: 'Firefox',
  signed_in_at: '2025-02-01T09:00:00.000Z',
  last_seen_at: '2025-03-01T12:00:00.000Z',
  current: false,
};
const tablet: SessionView = { ...laptop, id: 'tablet-session', device: 'iPad', browser: 'Safari' };

describe('signed-in devices', () => {
  it('lists every device signed in as the user, with when it signed in and was last seen', async () => {
    fakeApi()
      .signedInAs()
      .on('GET /api/sessions', () => json({ sessions: [thisPhone, laptop] }));
    await renderApp('/sessions');
    expect(await screen.findByRole('heading', { name: 'Signed-in devices' })).toBeInTheDocument();
    const phoneItem = await screen.findByRole('listitem', { name: 'Android phone, Chrome' });
    expect(phoneItem).toHaveTextContent('(this device)');
    expect(phoneItem).toHaveTextContent(`Signed in ${shown(thisPhone.signed_in_at)}`);
    expect(phoneItem).toHaveTextContent(`Last seen ${shown(thisPhone.last_seen_at)}`);
    expect(within(phoneItem).queryByRole('button')).toBeNull();
    const laptopItem = screen.getByRole('listitem', { name: 'Mac, Firefox' });
    expect(laptopItem).not.toHaveTextContent('(this device)');
    expect(within(laptopItem).getByRole('button', { name: 'Sign out Mac, Firefox' })).toBeInTheDocument();
  });

  it('signs one other device out and shows the list again without it', async () => {
    let sessions = [thisPhone, laptop, tablet];
    const api = fakeApi()
      .signedInAs()
      .on('GET /api/sessions', () => json({ sessions }))
      .on('DELETE /api/sessions/laptop-session', () => {
        sessions = sessions.filter(({ id }) => id !== 'laptop-session');
        return new Response(null, { status: 204 });
      });
    await renderApp('/sessions');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Sign out Mac, Firefox' }));
    expect(api.callsTo('DELETE /api/sessions/laptop-session')).toHaveLength(1);
    await screen.findByRole('listitem', { name: 'iPad, Safari' });
    await waitFor(() => expect(deviceItems()).toHaveLength(2));
    expect(screen.queryByRole('listitem', { name: 'Mac, Firefox' })).toBeNull();
  });

  it('signs every other device out at once and says how many', async () => {
    let sessions = [thisPhone, laptop, tablet];
    const api = fakeApi()
      .signedInAs()
      .on('GET /api/sessions', () => json({ sessions }))
      .on('DELETE /api/sessions', () => {
        sessions = [thisPhone];
        return json({ ended: 2 });
      });
    await renderApp('/sessions');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Sign out all other devices' }));
    expect(await screen.findByText('Signed out 2 other devices.')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/sessions')).toHaveLength(1);
    await waitFor(() => expect(deviceItems()).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Sign out all other devices' })).toBeNull();
  });

  it("shows the server's reason when a device could not be signed out", async () => {
    fakeApi()
      .signedInAs()
      .on('GET /api/sessions', () => json({ sessions: [thisPhone, laptop] }))
      .on('DELETE /api/sessions/laptop-session', () =>
        apiError(404, 'not_found', 'That session has already ended.'),
      );
    await renderApp('/sessions');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Sign out Mac, Firefox' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not sign out: That session has already ended.',
    );
  });

  it('says so when the list cannot be loaded', async () => {
    fakeApi()
      .signedInAs()
      .on('GET /api/sessions', () => apiError(503, 'service_unavailable', 'Try again shortly.'));
    await renderApp('/sessions');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading your devices: Try again shortly.',
    );
  });

  it('is reached from the navigation when signed in', async () => {
    fakeApi()
      .signedInAs()
      .on('GET /api/sessions', () => json({ sessions: [thisPhone] }))
      .on('GET /api/stats', () => apiError(503, 'service_unavailable', 'Later.'));
    await renderApp('/sessions');
    const navigation = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(navigation).findByRole('link', { name: 'Devices' })).toHaveAttribute(
      'href',
      '/sessions',
    );
  });
});
