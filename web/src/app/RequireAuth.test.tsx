import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, fakeApi, json, USER } from '../testing/fake-api';
import { renderApp } from '../testing/render-app';

describe('protected routes', () => {
  it.each(['/dashboard', '/data', '/add-cull', '/edit-cull/abc', '/view-cull/abc', '/cull/abc'])(
    '%s shows Loading... while the session resolves, then replaces history with /login',
    async (path) => {
      const session = deferred<Response>();
      fakeApi().on('GET /auth/session', () => session.promise);
      // Loaded up front, so the redirect waits only for rendering, not for a module on a busy machine.
      await import('../features/account/LoginPage');
      const { router } = await renderApp(path);
      // The session request is held open, so this is the guard's own message, not the router's fallback.
      expect(screen.getByText('Loading...')).toBeInTheDocument();

      session.resolve(json({ user: null }));
      expect(await screen.findByRole('heading', { name: 'Sign in to Cull Log' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
      expect(router.state.historyAction).toBe('REPLACE');
    },
  );

  it('lets a signed-in user in', async () => {
    fakeApi()
      .signedInAs()
      .on('GET /api/stats', () => json({ error: { code: 'internal_error', message: 'x' } }, 500));
    const { router } = await renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByText(`Welcome, ${USER.display_name}`)).toBeInTheDocument();
  });

  it('sends any unknown path to home', async () => {
    fakeApi();
    const { router } = await renderApp('/no/such/page');
    expect(
      await screen.findByRole('heading', { name: 'Your wildlife cull records, in one place' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
