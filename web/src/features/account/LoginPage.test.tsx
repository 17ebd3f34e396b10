import { MESSAGES } from '@cull-log/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json, USER } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

describe('login screen', () => {
  it('offers Google sign-in, which reads Signing in... and is disabled while the browser leaves', async () => {
    fakeApi();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await renderApp('/login');
    const button = await screen.findByRole('button', { name: 'Sign in with Google' });
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('heading', { name: 'Development sign-in' })).not.toBeInTheDocument();

    await userEvent.setup().click(button);
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(assign).toHaveBeenCalledWith('/auth/google');
  });

  it('says the login failed when Google sign-in came back with an error', async () => {
    fakeApi();
    await renderApp('/login?error=access_denied');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.loginFailed);
  });

  it('offers a plainly labelled development sign-in when the server allows it, and goes to the dashboard', async () => {
    const api = fakeApi().on('GET /auth/options', () => json({ google: false, dev: true }));
    api.on('POST /auth/dev/login', () => {
      api.signedInAs();
      return json(USER);
    });
    api.on('GET /api/stats', () => apiError(503, 'service_unavailable', 'Later'));
    const user = userEvent.setup({ delay: null });
    const { router } = await renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'Development sign-in' })).toBeInTheDocument();
    expect(screen.getByText(/running in development mode/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Name/), 'Ann Stalker');
    await user.type(screen.getByLabelText(/^Email/), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign in for development' }));

    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(api.callsTo('POST /auth/dev/login')[0]?.body).toEqual({
      name: 'Ann Stalker',
      email: 'ann@example.com',
    });
  });

  it('says the login failed when the development sign-in is refused', async () => {
    const api = fakeApi().on('GET /auth/options', () => json({ google: true, dev: true }));
    api.on('POST /auth/dev/login', () => apiError(400, 'validation_failed', 'Enter a valid e-mail address'));
    const user = userEvent.setup({ delay: null });
    await renderApp('/login');
    await user.type(await screen.findByLabelText(/^Name/), 'Ann');
    await user.type(screen.getByLabelText(/^Email/), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Sign in for development' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.loginFailed);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Sign in for development' })).toBeEnabled(),
    );
  });
});
