import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, USER } from '../testing/fake-api';
import { renderApp } from '../testing/render-app';

const navLinks = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('layout', () => {
  it('shows Home, Map and Login to visitors, and the footer links with the year', async () => {
    fakeApi();
    await renderApp('/');
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(navLinks()).toEqual(['Home', 'Map', 'Login']);
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/login');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()}`);
  });

  it('shows a signed-in user their links and name, and Logout ends the session and reloads home', async () => {
    const api = fakeApi().signedInAs();
    api.on('POST /auth/logout', () => new Response(null, { status: 204 }));
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await renderApp('/terms');
    expect(await screen.findByText(`Welcome, ${USER.display_name}`)).toBeInTheDocument();
    expect(navLinks()).toEqual([
      'Home',
      'Dashboard',
      'Data',
      'Import',
      'Map',
      'Grounds',
      'Plans',
      'Teams',
      'Larder',
      'Devices',
      'Your data',
      '+ Add Cull',
    ]);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(api.callsTo('POST /auth/logout')).toHaveLength(1);
  });

  it('points the main call to action at the dashboard when signed in', async () => {
    fakeApi().signedInAs({ uid: 'u2', display_name: null, email: 'bob@example.com' });
    await renderApp('/');
    expect(await screen.findByText('Welcome, bob@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('collapses the navigation behind a Menu button that says whether it is open', async () => {
    fakeApi();
    await renderApp('/');
    const menu = await screen.findByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(menu);
    expect(screen.getByRole('button', { name: 'Close' })).toHaveAttribute('aria-expanded', 'true');
  });
});
