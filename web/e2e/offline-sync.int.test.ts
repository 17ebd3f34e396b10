import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleRecordRequest } from '@cull-log/contracts/testing';
import { BASE_URL, choose, launchChromium, PHONE, screenshot } from './browser';

if (!BASE_URL) throw new Error('E2E_BASE_URL is not set: the global setup should have started the app');

const EMAIL = `outbox-${Date.now()}@example.com`;

async function phoneContext(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    viewport: { width: PHONE.width, height: PHONE.height },
    locale: 'en-GB',
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.route('https://*.tile.openstreetmap.org/**', (route) => route.abort());
  await page.addInitScript(() => localStorage.setItem('cookie-consent', 'declined'));
  await page.goto('/login');
  await page.locator('[name="name"]').fill('Outbox Stalker');
  await page.locator('[name="email"]').fill(EMAIL);
  await page.getByRole('button', { name: 'Sign in for development' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  return { context, page };
}

async function addThroughForm(page: Page, location: string) {
  await page.goto('/add-cull');
  await page.getByRole('heading', { name: 'Add New Cull Record' }).waitFor();
  await page.locator('[name="location_name"]').fill(location);
  await choose(page, 'Species', 'Fox');
  await choose(page, 'Sex', 'Female');
  await choose(page, 'Age estimate', 'Adult');
  await choose(page, 'Condition', 'Good');
  await choose(page, 'Shot placement', 'Heart/Lung');
  await page.getByRole('button', { name: 'Save Record' }).click();
  await page.waitForURL(/\/data$/);
}

async function amendNotes(page: Page, id: string, notes: string) {
  // Within the app, as a user opens a record from the list (no page load).
  await page.evaluate((path) => {
    history.pushState({}, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/edit-cull/${id}`);
  await page.locator('[name="notes"]').fill(notes);
  await page.getByRole('button', { name: 'Update Record' }).click();
  await page.waitForURL(/\/data$/);
}

async function createThroughApi(page: Page, location: string): Promise<string> {
  return page.evaluate(
    async (body) => {
      const answer = await fetch('/api/culls', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return ((await answer.json()) as { id: string }).id;
    },
    sampleRecordRequest({ location_name: location, date: '2026-11-20', time: '07:10' }),
  );
}

/** Every record of the user as the server lists it: location names, one per record. */
async function serverLocations(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const answer = await fetch('/api/culls?page_size=100');
    const body = (await answer.json()) as { items: { location_name: string }[] };
    return body.items.map((item) => item.location_name);
  });
}

const banner = (page: Page) => page.getByRole('region', { name: 'Changes on this device' });

describe('recording with no signal, and syncing later', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let amendedId: string;

  beforeAll(async () => {
    browser = await launchChromium();
    ({ context, page } = await phoneContext(browser));
    amendedId = await createThroughApi(page, 'Amend Wood');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The worker takes charge of pages loaded after it is installed; the record to amend is read once online.
    await page.goto(`/edit-cull/${amendedId}`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.locator('[name="notes"]').waitFor();
    await page.goto('/data');
    await page.getByText('Amend Wood').first().waitFor();
    await page.waitForTimeout(1_500);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('adds two and amends one offline, lists them as waiting, and sends each exactly once when back', async () => {
    // The record to amend is open when the signal goes.
    await page.goto(`/edit-cull/${amendedId}`);
    await page.locator('[name="notes"]').waitFor();
    await context.setOffline(true);
    await page.locator('[name="notes"]').fill('Amended on the hill');
    await page.getByRole('button', { name: 'Update Record' }).click();
    await page.waitForURL(/\/data$/);
    await page.reload();
    await page.getByText('Amend Wood').first().waitFor();
    await addThroughForm(page, 'Signal-less Copse');
    await addThroughForm(page, 'Dead Zone Ridge');
    await page.getByText('Signal-less Copse').first().waitFor();
    await page.getByText('Dead Zone Ridge').first().waitFor();
    await expect.poll(() => banner(page).textContent()).toContain('3 changes are waiting to sync.');
    await screenshot(page, PHONE, 'offline-outbox-banner');

    await context.setOffline(false);
    await banner(page).waitFor({ state: 'detached', timeout: 40_000 });
    // Each is acknowledged by now; the list the server reads from may take a moment more to show it.
    const counts = async () => {
      const locations = await serverLocations(page);
      return ['Signal-less Copse', 'Dead Zone Ridge', 'Amend Wood'].map(
        (location) => locations.filter((name) => name === location).length,
      );
    };
    await expect.poll(counts, { timeout: 10_000 }).toEqual([1, 1, 1]);
    const amended = await page.evaluate(
      async (id) => ((await (await fetch(`/api/culls/${id}`)).json()) as { notes: string }).notes,
      amendedId,
    );
    expect(amended).toBe('Amended on the hill');
    // Still once each, later: nothing was sent twice.
    expect(await counts()).toEqual([1, 1, 1]);
    await screenshot(page, PHONE, 'offline-synced');
  });

  it('shows both versions when the record was changed elsewhere first, and keeps mine on request', async () => {
    const other = await phoneContext(browser);
    try {
      await page.goto(`/edit-cull/${amendedId}`);
      await page.locator('[name="notes"]').waitFor();
      await context.setOffline(true);
      await page.locator('[name="notes"]').fill('Mine from the hill');
      await page.getByRole('button', { name: 'Update Record' }).click();
      await page.waitForURL(/\/data$/);
      await amendNotes(other.page, amendedId, 'Theirs from the office');
      await context.setOffline(false);
      await banner(page).getByRole('button', { name: 'Choose a version' }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByText('Theirs from the office').waitFor();
      await dialog.getByText('Mine from the hill').waitFor();
      await screenshot(page, PHONE, 'offline-conflict');
      await dialog.getByRole('button', { name: 'Keep mine' }).click();
      await banner(page).waitFor({ state: 'detached', timeout: 30_000 });
      const notes = await page.evaluate(
        async (id) => ((await (await fetch(`/api/culls/${id}`)).json()) as { notes: string }).notes,
        amendedId,
      );
      expect(notes).toBe('Mine from the hill');
    } finally {
      await other.context.close();
    }
  });

  it('keeps a change the server refuses in the outbox, with its reason', async () => {
    const uid = await page.evaluate(
      async () => ((await (await fetch('/api/me')).json()) as { uid: string }).uid,
    );
    // A change queued on the device that the server will not take (a grid reference that is not one).
    await page.evaluate(
      async ({ userId, body }) => {
        const open = indexedDB.open('cull-log-outbox', 1);
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        const tx = db.transaction('items', 'readwrite');
        tx.objectStore('items').add({
          userId,
          command: { kind: 'create', recordId: crypto.randomUUID(), body },
          state: 'waiting',
          queuedAt: Date.now(),
        });
        await new Promise((resolve) => (tx.oncomplete = resolve));
      },
      { userId: uid, body: sampleRecordRequest({ location_name: 'Refused Rise', grid_ref: 'ZZ 1234 567' }) },
    );
    await page.reload();
    await banner(page).getByText('not saved by the server').waitFor();
    expect(await banner(page).textContent()).toMatch(/grid/i);
    await page.reload();
    await banner(page).getByText('not saved by the server').waitFor();
    expect(await serverLocations(page)).not.toContain('Refused Rise');
    await screenshot(page, PHONE, 'offline-refused');
  });
});
