import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, makeCull } from '../testing/fake-api';
import { renderApp } from '../testing/render-app';

/** Where the window is scrolled, as the router reads it when it leaves a screen. */
function scrolledTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
}

afterEach(() => {
  scrolledTo(0);
  window.sessionStorage.clear();
});

describe('moving between screens', () => {
  it('opens a new screen at the top and returns to where the previous one was scrolled on Back', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const api = fakeApi().signedInAs();
    api.on('GET /api/culls', () => json({ items: [makeCull()], total: 1, page: 1, page_size: 10 }));
    const app = await renderApp('/data');
    await screen.findByRole('heading', { name: 'Cull Data' });

    scrolledTo(663);
    scrollTo.mockClear();
    await app.router.navigate('/add-cull');
    await screen.findByRole('heading', { name: 'Add New Cull Record' });
    await waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith(0, 0));

    scrolledTo(0);
    scrollTo.mockClear();
    await app.router.navigate(-1);
    await screen.findByRole('heading', { name: 'Cull Data' });
    await waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith(0, 663));
  });

  it('opens a page loaded afresh at the top, not where another page loaded afresh was left', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const api = fakeApi().signedInAs();
    api.on('GET /api/culls', () => json({ items: [makeCull()], total: 1, page: 1, page_size: 10 }));
    const first = await renderApp('/data');
    await screen.findByRole('heading', { name: 'Cull Data' });
    scrolledTo(234);
    // Leaving the page keeps its position for the tab, as a browser does when the page is unloaded.
    window.dispatchEvent(new Event('pagehide'));
    first.unmount();

    scrollTo.mockClear();
    await renderApp('/add-cull');
    await screen.findByRole('heading', { name: 'Add New Cull Record' });
    await waitFor(() => expect(scrollTo).toHaveBeenCalled());
    expect(scrollTo).not.toHaveBeenCalledWith(0, 234);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });

  it('gives every screen its own document title', async () => {
    const cull = makeCull();
    const api = fakeApi().signedInAs();
    api.on('GET /api/culls', () => json({ items: [], total: 0, page: 1, page_size: 10 }));
    api.on(`GET /api/culls/${cull.id}`, () => json(cull));
    api.on('GET /api/stats', () => json({}));
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const app = await renderApp('/');
    // The sign-in screen sends a signed-in user on to the dashboard: its title is for someone signed out (below).
    const titles: [string, string][] = [
      ['/terms', 'Terms & Conditions · Cull Log'],
      ['/privacy', 'Privacy Policy · Cull Log'],
      ['/map', 'Map · Cull Log'],
      ['/dashboard', 'Dashboard · Cull Log'],
      ['/data', 'Cull data · Cull Log'],
      ['/add-cull', 'Add cull · Cull Log'],
      [`/edit-cull/${cull.id}`, 'Edit cull · Cull Log'],
      [`/view-cull/${cull.id}`, 'Cull record · Cull Log'],
      ['/', 'Home · Cull Log'],
    ];
    for (const [path, title] of titles) {
      await app.router.navigate(path);
      await waitFor(() => expect(document.title).toBe(title));
    }
  });

  it('titles the sign-in screen for someone signed out', async () => {
    fakeApi();
    await renderApp('/login');
    await waitFor(() => expect(document.title).toBe('Login · Cull Log'));
  });
});
