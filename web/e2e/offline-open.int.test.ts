import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleRecordRequest } from '@cull-log/contracts/testing';
import {
  BASE_URL,
  choiceGroup,
  choose,
  launchChromium,
  launchChromiumProfile,
  PHONE,
  screenshot,
} from './browser';

if (!BASE_URL) throw new Error('E2E_BASE_URL is not set: the global setup should have started the app');

// A stalker on a hill: no signal for minutes, fields typed about one a second. Every wait here is real time.
const PERSON_PACE_MS = 1_000;
const OFFLINE_FOR_MS = 60_000;

const PHONE_OPTIONS = {
  viewport: { width: PHONE.width, height: PHONE.height },
  locale: 'en-GB',
  hasTouch: true,
  isMobile: true,
} as const;

const banner = (page: Page) => page.getByRole('region', { name: 'Changes on this device' });
const noSignal = (page: Page) => page.getByRole('status').filter({ hasText: 'No signal.' });

async function prepare(page: Page): Promise<void> {
  page.setDefaultTimeout(20_000);
  await page.route('https://*.tile.openstreetmap.org/**', (route) => route.abort());
  await page.addInitScript(() => localStorage.setItem('cookie-consent', 'declined'));
}

/** Signs in with a signal, records one cull, and reads the list once the worker is in charge, as a first visit does. */
async function firstVisit(page: Page, email: string, location: string): Promise<void> {
  await page.goto('/login');
  await page.locator('[name="name"]').fill('Hill Stalker');
  await page.locator('[name="email"]').fill(email);
  await page.getByRole('button', { name: 'Sign in for development' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const created = await page.evaluate(
    async (body) =>
      (
        await fetch('/api/culls', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status,
    sampleRecordRequest({ location_name: location, date: '2026-11-20', time: '07:10' }),
  );
  expect(created).toBe(201);
  await page.goto('/data');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.getByText(location).first().waitFor();
  // The reads are kept on the device a second after they arrive.
  await page.waitForTimeout(1_500);
}

/** Fills the form's required fields as a person does: one field, then a second's pause. */
async function fillAtPersonPace(page: Page, location: string): Promise<void> {
  await page.locator('[name="location_name"]').pressSequentially(location, { delay: 50 });
  await page.waitForTimeout(PERSON_PACE_MS);
  for (const [label, , option] of CHOICES) {
    await choose(page, label, option);
    await page.waitForTimeout(PERSON_PACE_MS);
  }
}

/** The choices the form is filled with: label, the record's field, the option. */
const CHOICES = [
  ['Species', 'species', 'Roe Deer'],
  ['Sex', 'sex', 'Female'],
  ['Age estimate', 'age_estimate', 'Adult'],
  ['Condition', 'condition', 'Good'],
  ['Shot placement', 'shot_placement', 'Heart/Lung'],
] as const;

/** The record the server holds at `location`, as its list answers it. */
async function serverRecord(page: Page, location: string): Promise<Record<string, unknown> | undefined> {
  return page.evaluate(async (name) => {
    const answer = await fetch('/api/culls?page_size=100');
    const body = (await answer.json()) as { items: Record<string, unknown>[] };
    return body.items.find((item) => item.location_name === name);
  }, location);
}

/** How many of the user's records the server holds at `location`. */
async function serverCount(page: Page, location: string): Promise<number> {
  return page.evaluate(async (name) => {
    const answer = await fetch('/api/culls?page_size=100');
    const body = (await answer.json()) as { items: { location_name: string }[] };
    return body.items.filter((item) => item.location_name === name).length;
  }, location);
}

/** Every address the page's main frame moved to, from now on. */
function watchAddresses(page: Page): string[] {
  const addresses: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) addresses.push(new URL(frame.url()).pathname);
  });
  return addresses;
}

/** Stays on the screen until `ms` have passed since `since`, checking every few seconds that it is still there. */
async function stayOn(page: Page, path: string, heading: string, since: number, ms: number): Promise<void> {
  while (Date.now() - since < ms) {
    expect(new URL(page.url()).pathname).toBe(path);
    expect(await page.getByRole('heading', { level: 1, name: heading }).isVisible()).toBe(true);
    await page.waitForTimeout(Math.min(5_000, Math.max(0, ms - (Date.now() - since))));
  }
}

/**
 * A phone that has signed in with a signal, recorded a cull at `location` and read the list: its browser, context and
 * page, set up before the suite's tests and closed after them.
 */
function phoneAfterFirstVisit(name: string, location: string) {
  const phone = {} as { browser: Browser; context: BrowserContext; page: Page };
  beforeAll(async () => {
    phone.browser = await launchChromium();
    phone.context = await phone.browser.newContext({ baseURL: BASE_URL, ...PHONE_OPTIONS });
    phone.page = await phone.context.newPage();
    await prepare(phone.page);
    await firstVisit(phone.page, `${name}-${Date.now()}@example.com`, location);
  });
  afterAll(async () => {
    await phone.browser?.close();
  });
  return phone;
}

describe('opening the app with no signal', () => {
  const phone = phoneAfterFirstVisit('open-offline', 'Known Wood');

  it('keeps the add form for a minute offline, saves it to the device, keeps it across a reload, and sends it once when the signal is back', async () => {
    const { context, page } = phone;
    await context.setOffline(true);
    const addresses = watchAddresses(page);
    const started = Date.now();
    await page.goto('/add-cull');
    await page.getByRole('heading', { name: 'Add New Cull Record' }).waitFor();
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    await fillAtPersonPace(page, 'No Signal Knoll');
    await stayOn(page, '/add-cull', 'Add New Cull Record', started, OFFLINE_FOR_MS);
    // Nothing took the user anywhere they did not ask to go.
    expect(addresses.filter((path) => path !== '/add-cull')).toEqual([]);
    expect(await page.locator('[name="location_name"]').inputValue()).toBe('No Signal Knoll');
    await screenshot(page, PHONE, 'open-offline-form-after-a-minute');

    await page.getByRole('button', { name: 'Save Record' }).click();
    await page.waitForURL(/\/data$/);
    await expect.poll(() => banner(page).textContent()).toContain('1 change is waiting to sync.');
    await page
      .getByText(/No Signal Knoll saved on this device; it will be sent when there is a signal/)
      .waitFor();
    await noSignal(page).waitFor();

    // A reload with no signal keeps the record saved on the device.
    await page.reload();
    await page.getByRole('heading', { name: 'Cull Data' }).waitFor();
    await expect.poll(() => banner(page).textContent()).toContain('1 change is waiting to sync.');
    await page.getByText('No Signal Knoll').first().waitFor();
    expect(await page.getByText('Known Wood').count()).toBeGreaterThan(0);
    await screenshot(page, PHONE, 'open-offline-reloaded');

    // A second record, half typed when the page reloads, still with no signal: the form offers to carry on with it.
    await page.goto('/add-cull');
    await page.getByRole('heading', { name: 'Add New Cull Record' }).waitFor();
    await page.locator('[name="location_name"]').pressSequentially('Half Typed Hollow', { delay: 50 });
    await page.waitForTimeout(PERSON_PACE_MS);
    await choose(page, 'Species', 'Muntjac');
    await page.waitForTimeout(PERSON_PACE_MS);
    await page.reload();
    await page.getByRole('heading', { name: 'Add New Cull Record' }).waitFor();
    const offer = page.locator('.draft-offer');
    await offer.getByText(/^You have an unsaved record from \d{2}\/\d{2}\/\d{4} at \d{2}:\d{2}\.$/).waitFor();
    await expect.poll(() => banner(page).textContent()).toContain('1 change is waiting to sync.');
    await screenshot(page, PHONE, 'open-offline-half-typed-offer');
    await offer.getByRole('button', { name: 'Carry on' }).click();
    await offer.waitFor({ state: 'detached' });
    expect(await page.locator('[name="location_name"]').inputValue()).toBe('Half Typed Hollow');
    expect(await choiceGroup(page, 'Species').locator('input:checked').inputValue()).toBe('Muntjac');
    // Back to the list, leaving the half-typed record on the device for later.
    await page.goto('/data');
    await page.getByRole('heading', { name: 'Cull Data' }).waitFor();

    const sessionChecks: number[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/auth/session') sessionChecks.push(Date.now());
    });
    await context.setOffline(false);
    // Sent by itself: nobody presses Sync now.
    await banner(page).waitFor({ state: 'detached', timeout: 60_000 });
    await expect.poll(() => serverCount(page, 'No Signal Knoll'), { timeout: 10_000 }).toBe(1);
    // The session was checked again once the signal was back.
    await expect.poll(() => sessionChecks.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(3_000);
    expect(await serverCount(page, 'No Signal Knoll')).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/data');
    await screenshot(page, PHONE, 'open-offline-synced');
  }, 180_000);
});

describe('a cold start with no signal', () => {
  it('opens the closed app offline on the add form, keeps it for a minute, and sends the record once when it opens with a signal', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'cull-log-cold-'));
    const email = `cold-start-${Date.now()}@example.com`;
    try {
      let context = await launchChromiumProfile(profile, { baseURL: BASE_URL, ...PHONE_OPTIONS });
      let page = context.pages()[0] ?? (await context.newPage());
      await prepare(page);
      await firstVisit(page, email, 'Cold Start Wood');
      await context.close();

      // The browser closed, then opened again on the hill.
      context = await launchChromiumProfile(profile, { baseURL: BASE_URL, ...PHONE_OPTIONS, offline: true });
      page = context.pages()[0] ?? (await context.newPage());
      await prepare(page);
      const addresses = watchAddresses(page);
      const started = Date.now();
      await page.goto('/add-cull');
      await page.getByRole('heading', { name: 'Add New Cull Record' }).waitFor();
      await fillAtPersonPace(page, 'Cold Hillside');
      await stayOn(page, '/add-cull', 'Add New Cull Record', started, OFFLINE_FOR_MS);
      expect(addresses.filter((path) => path !== '/add-cull')).toEqual([]);
      await page.getByRole('button', { name: 'Save Record' }).click();
      await page.waitForURL(/\/data$/);
      await expect.poll(() => banner(page).textContent()).toContain('1 change is waiting to sync.');
      await screenshot(page, PHONE, 'cold-start-offline-saved');
      await context.close();

      // Opened again where there is a signal: the record goes, once.
      context = await launchChromiumProfile(profile, { baseURL: BASE_URL, ...PHONE_OPTIONS });
      page = context.pages()[0] ?? (await context.newPage());
      await prepare(page);
      await page.goto('/data');
      await page.getByRole('heading', { name: 'Cull Data' }).waitFor();
      await expect.poll(() => serverCount(page, 'Cold Hillside'), { timeout: 30_000 }).toBe(1);
      // Every field typed on the hill reached the server.
      expect(await serverRecord(page, 'Cold Hillside')).toMatchObject(
        Object.fromEntries(CHOICES.map(([, name, option]) => [name, option])),
      );
      await page.waitForTimeout(3_000);
      expect(await serverCount(page, 'Cold Hillside')).toBe(1);
      await context.close();
    } finally {
      rmSync(profile, { recursive: true, force: true });
    }
  }, 240_000);
});

describe('a server that cannot say who is signed in', () => {
  const phone = phoneAfterFirstVisit('captive', 'Portal Wood');

  /** Answers the session check with `answer` for `ms` on the dashboard; says how often it was asked. */
  async function dashboardWhileSessionAnswers(answer: (route: Route) => Promise<void>, ms: number) {
    const { page } = phone;
    let asked = 0;
    const handler = async (route: Route) => {
      asked++;
      await answer(route);
    };
    await page.route('**/auth/session', handler);
    try {
      const started = Date.now();
      await page.goto('/dashboard');
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      await stayOn(page, '/dashboard', 'Dashboard', started, ms);
      return asked;
    } finally {
      await page.unroute('**/auth/session', handler);
    }
  }

  it('keeps the user signed in when a captive portal answers with its own page', async () => {
    const { page } = phone;
    const asked = await dashboardWhileSessionAnswers(
      (route) =>
        route.fulfill({
          status: 200,
          contentType: 'text/html',
          body: '<html><body><h1>Welcome to Hillside Wi-Fi</h1></body></html>',
        }),
      12_000,
    );
    expect(asked).toBeGreaterThan(1);
    await noSignal(page).waitFor();
    await screenshot(page, PHONE, 'captive-portal-dashboard');
  }, 60_000);

  it('keeps the user signed in when the server answers 503', async () => {
    const asked = await dashboardWhileSessionAnswers(
      (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'unavailable', message: 'Service unavailable' } }),
        }),
      12_000,
    );
    expect(asked).toBeGreaterThan(1);
  }, 60_000);

  it('signs the user out on a real 401', async () => {
    const { page } = phone;
    await page.route('**/auth/session', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'not_authenticated', message: 'User must be authenticated' } }),
      }),
    );
    try {
      await page.goto('/dashboard');
      await page.waitForURL(/\/login$/);
      await page.getByRole('heading', { name: /sign in/i }).waitFor();
    } finally {
      await page.unroute('**/auth/session');
    }
  }, 60_000);
});

describe('a poor signal', () => {
  const phone = phoneAfterFirstVisit('poor-signal', 'Patchy Wood');

  it('shows what the device has, saves to it, and sends it by itself once requests get through', async () => {
    const { page } = phone;
    // The phone believes it is online; every request to the server hangs two seconds, then fails.
    const hang = async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.abort('timedout').catch(() => undefined);
    };
    await page.route('**/api/**', hang);
    await page.route('**/auth/**', hang);
    await page.goto('/data');
    await page.getByRole('heading', { name: 'Cull Data' }).waitFor();
    await page.getByText('Patchy Wood').first().waitFor();
    await noSignal(page).waitFor();
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    expect(await page.getByText(/Error loading data/).count()).toBe(0);

    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.waitForTimeout(5_000);
    expect(await page.getByText(/Failed to load dashboard data/).count()).toBe(0);

    await page.goto('/add-cull');
    await page.getByRole('heading', { name: 'Add New Cull Record' }).waitFor();
    await fillAtPersonPace(page, 'Weak Signal Ridge');
    await page.getByRole('button', { name: 'Save Record' }).click();
    await page.waitForURL(/\/data$/, { timeout: 60_000 });
    await expect.poll(() => banner(page).textContent()).toContain('1 change is waiting to sync.');
    const waitingMessage = page.getByText(/Weak Signal Ridge saved on this device/);
    await waitingMessage.waitFor();
    // The list shows the record waiting on the device beside those read before.
    await page.getByText('Weak Signal Ridge').first().waitFor();
    await page.getByText('Patchy Wood').first().waitFor();
    await screenshot(page, PHONE, 'poor-signal-saved');

    await page.unroute('**/api/**', hang);
    await page.unroute('**/auth/**', hang);
    // Nobody presses Sync now, and the browser never said it was offline: the app finds the signal itself.
    await banner(page).waitFor({ state: 'detached', timeout: 90_000 });
    await expect.poll(() => serverCount(page, 'Weak Signal Ridge'), { timeout: 10_000 }).toBe(1);
    await waitingMessage.waitFor({ state: 'detached', timeout: 10_000 });
    await noSignal(page).waitFor({ state: 'detached', timeout: 10_000 });
    expect(await serverCount(page, 'Weak Signal Ridge')).toBe(1);
    await screenshot(page, PHONE, 'poor-signal-synced');
  }, 240_000);
});
