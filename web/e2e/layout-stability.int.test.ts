import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleRecordRequest } from '@cull-log/contracts/testing';
import { BASE_URL, launchChromium } from './browser';

if (!BASE_URL) throw new Error('E2E_BASE_URL is not set: the global setup should have started the app');

/** How long the app's reads are held, so each screen shows its loading state first, as on a slow phone. */
const SLOW_READ_MS = 800;

/** The page's cumulative layout shift so far, as Chromium reports it (shifts right after input excluded). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 100);
      }),
  );
}

describe('screens that load their data', () => {
  let browser: Browser;
  let page: Page;
  let recordId: string;

  beforeAll(async () => {
    browser = await launchChromium();
    const context = await browser.newContext({
      baseURL: BASE_URL,
      locale: 'en-GB',
      viewport: { width: 412, height: 823 },
      isMobile: true,
      hasTouch: true,
    });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.route('https://*.tile.openstreetmap.org/**', (route) => route.abort());
    await page.addInitScript(() => localStorage.setItem('cookie-consent', 'declined'));
    await page.goto('/login');
    await page.locator('[name="name"]').fill('Steady Stalker');
    await page.locator('[name="email"]').fill(`steady-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Sign in for development' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    recordId = await page.evaluate(async (body) => {
      const response = await fetch('/api/culls', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return ((await response.json()) as { id: string }).id;
    }, sampleRecordRequest());
    await page.route('**/api/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_READ_MS));
      await route.continue();
    });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('keep the footer and everything else in place when Loading... is replaced', async () => {
    const shifts: Record<string, number> = {};
    for (const [path, heading] of [
      // The home page's hero comes drawn in the page; the app draws the rest below it.
      ['/', 'Everything you need to manage your records'],
      // The terms come whole in the page; the app writes in the dates.
      ['/terms', 'Back to Home'],
      ['/dashboard', 'Culls per Month'],
      ['/add-cull', 'Add New Cull Record'],
      [`/view-cull/${recordId}`, 'Edit'],
    ] as const) {
      await page.goto(path);
      await page.getByText(heading, { exact: true }).first().waitFor();
      await page.waitForTimeout(500);
      shifts[path.replace(recordId, ':id')] = await layoutShift(page);
    }
    // Before the space was kept, these were 0.08 to 0.15; a tenth of that is still well inside "good".
    for (const [path, shift] of Object.entries(shifts))
      expect({ path, shift: shift < 0.01 }).toEqual({ path, shift: true });
  });
});
