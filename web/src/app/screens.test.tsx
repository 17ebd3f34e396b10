import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, fakeApi, json, makeCull } from '../testing/fake-api';
import { renderApp } from '../testing/render-app';
import { fixedScreenMarkup, homeMarkup } from './built-screens';
import { fixedPage, screenPage, screenPageFile } from './screen-pages';
import type { ScreenWords } from '../ui/screen';
import { HOME_SCREEN, SCREENS } from './screens';

const RECORD = makeCull();
const withHeadings = (SCREENS as readonly ScreenWords[]).filter((entry) => entry.heading !== undefined);

describe('the screens table', () => {
  it.each(withHeadings.map((entry) => [entry.path, entry]))(
    'names the heading /%s opens with, and the line under it',
    async (path, { heading, lead }) => {
      const api = fakeApi().signedInAs();
      api.on(`GET /api/culls/${RECORD.id}`, () => json(RECORD));
      await renderApp(`/${path.replace(':id', RECORD.id)}`);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      if (lead !== undefined) expect(screen.getByText(lead)).not.toHaveAttribute('aria-hidden');
    },
  );
});

describe('while a screen loads', () => {
  it('shows its heading as it will look, with only "Loading..." announced', async () => {
    const session = deferred<Response>();
    fakeApi().on('GET /auth/session', () => session.promise);
    await renderApp('/data');
    const loading = await screen.findByText('Loading...');
    expect(loading).toHaveAttribute('role', 'status');
    const picture = within(loading.parentElement!).getByText('Cull Data');
    expect(picture).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('heading', { name: 'Cull Data' })).toBeNull();
  });
});

describe("a screen's built page", () => {
  const index =
    '<html><head><title>Cull Log</title></head><body><div id="root"><main class="main"></main></div></body></html>';

  it('has the title and the heading drawn in the main element, as the app draws them while loading', () => {
    const page = screenPage(index, {
      path: 'terms',
      title: 'Terms & Conditions',
      heading: 'Terms & Conditions',
      signedIn: false,
    });
    expect(page).toContain('<title>Terms &amp; Conditions · Cull Log</title>');
    expect(page).toContain(
      '<main id="main" class="main" tabindex="-1"><div class="page"><p class="page__title" aria-hidden="true">Terms &amp; Conditions</p>' +
        '<div class="status status--loading" role="status">Loading...</div></div></main>',
    );
  });

  it('has the line under the heading where the screen has one', () => {
    const page = screenPage(index, {
      path: 'data',
      title: 'Cull data',
      heading: 'Cull Data',
      lead: 'Every <cull>.',
      signedIn: true,
    });
    expect(page).toContain(
      '<p class="page__title" aria-hidden="true">Cull Data</p><p class="page__lead" aria-hidden="true">Every &lt;cull&gt;.</p>',
    );
  });

  it('is refused when index.html no longer has the empty main element to fill', () => {
    expect(() =>
      screenPage(index.replace('<main class="main"></main>', '<main></main>'), SCREENS[0]!),
    ).toThrow(/empty main element/);
  });

  it('is made for fixed addresses only, apart for signed-in screens', () => {
    expect(screenPageFile({ path: 'data', title: 'Cull data', heading: 'Cull Data', signedIn: true })).toBe(
      'screens/signed-in/data.html',
    );
    expect(screenPageFile({ path: 'login', title: 'Login', heading: 'Sign in', signedIn: false })).toBe(
      'screens/public/login.html',
    );
    expect(
      screenPageFile({ path: 'cull/:id', title: 'Edit cull', heading: 'Edit', signedIn: true }),
    ).toBeUndefined();
    expect(screenPageFile({ path: 'view-cull/:id', title: 'Cull record', signedIn: true })).toBeUndefined();
  });
});

describe("the home page's built page", () => {
  const index =
    '<html><head><title>Cull Log</title></head><body><div id="root"><main class="main"></main></div></body></html>';

  it('has the hero drawn as the app draws it, so the app takes over without anything moving', async () => {
    const built = new DOMParser().parseFromString(
      fixedPage(index, HOME_SCREEN.title, homeMarkup()),
      'text/html',
    );
    expect(built.title).toBe('Home · Cull Log');
    fakeApi().on('GET /auth/session', () => json({ user: null }));
    await renderApp('/');
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'Your wildlife cull records, in one place',
    });
    const drawn = heading.closest('.hero__inner')!;
    for (const selector of ['main#main > .home > .hero > .hero__inner > h1.hero__title', 'p.hero__lead']) {
      const part = built.querySelector(selector);
      expect(part, selector).not.toBeNull();
      expect(part!.outerHTML).toBe(drawn.querySelector(selector.split(' > ').at(-1)!)!.outerHTML);
    }
  });
});

describe('the built pages of the screens of fixed text', () => {
  it.each(['terms', 'privacy'])('have /%s drawn as the app draws it, but for the dates', async (path) => {
    const built = fixedScreenMarkup(path);
    expect(built).toContain('<article');
    fakeApi().on('GET /auth/session', () => json({ user: null }));
    await renderApp(`/${path}`);
    const dates = await screen.findByText(/^Last updated: \d{2}\/\d{2}\/\d{4}/);
    const drawn = dates.closest('article')!.outerHTML;
    // Both written out the same way, so only what they are is compared.
    const page = document.createElement('template');
    page.innerHTML = built!;
    expect(page.content.firstElementChild!.outerHTML === drawn.replace(/\d{2}\/\d{2}\/\d{4}/g, '')).toBe(
      true,
    );
  });

  it('are the fixed-text screens alone', () => {
    expect(fixedScreenMarkup('dashboard')).toBeUndefined();
  });
});
