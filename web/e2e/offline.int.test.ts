import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleRecordRequest } from '@cull-log/contracts/testing';
import { BASE_URL, launchChromium, launchChromiumProfile, openPhone, PHONE, screenshot } from './browser';

if (!BASE_URL) throw new Error('E2E_BASE_URL is not set: the global setup should have started the app');

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

describe('installable, and open with no signal', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
    ({ context, page } = await openPhone(browser));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('offers a web app manifest with the icons an install needs', async () => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = await page.evaluate(async (path) => (await fetch(path)).json(), href!);
    expect(manifest).toMatchObject({
      name: 'Cull Log',
      short_name: 'Cull Log',
      start_url: '/dashboard',
      display: 'standalone',
      theme_color: '#2f4f3a',
    });
    const icons = manifest.icons as ManifestIcon[];
    expect(icons.map((icon) => `${icon.sizes}${icon.purpose ? ` ${icon.purpose}` : ''}`)).toEqual(
      expect.arrayContaining(['192x192', '512x512', '512x512 maskable']),
    );
    for (const icon of icons) {
      const answer = await page.request.get(icon.src);
      expect({ icon: icon.src, status: answer.status(), type: answer.headers()['content-type'] }).toEqual({
        icon: icon.src,
        status: 200,
        type: 'image/png',
      });
    }
  });

  it('opens every screen from the device with the network off, once it has been opened with it on', async () => {
    await page.goto('/login');
    await page.locator('[name="name"]').fill('Offline Stalker');
    await page.locator('[name="email"]').fill(`offline-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Sign in for development' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const created = await page.evaluate(
      async (body) => {
        const answer = await fetch('/api/culls', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return answer.status;
      },
      sampleRecordRequest({ location_name: 'Offline Wood', date: '2026-11-20', time: '07:10' }),
    );
    expect(created).toBe(201);
    // The worker takes charge of the pages loaded after it is installed.
    await page.goto('/data');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByText('Offline Wood').first().waitFor();
    // Kept on the device a moment after it is read.
    await page.waitForTimeout(1_500);

    await context.setOffline(true);
    try {
      for (const [path, heading] of [
        ['/dashboard', 'Dashboard'],
        ['/add-cull', 'Add New Cull Record'],
        ['/data', 'Cull Data'],
        ['/map', 'Interactive Map'],
        ['/terms', 'Terms & Conditions'],
      ] as const) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      }
      await page.goto('/add-cull');
      await page.getByRole('heading', { name: 'Add New Cull Record' }).waitFor();
      await screenshot(page, PHONE, 'offline-add-cull');

      // The records last read show with no signal, with when they were read.
      await page.goto('/data');
      await page.getByText('Offline Wood').first().waitFor();
      expect(await page.getByRole('status').filter({ hasText: 'No signal' }).textContent()).toMatch(
        /Last updated \d\d\/\d\d\/\d{4} at \d\d:\d\d\./,
      );
      await screenshot(page, PHONE, 'offline-data');
    } finally {
      await context.setOffline(false);
    }
  });
});

describe('installable', () => {
  it('passes the browser’s own installability checks', async () => {
    // Installing needs a profile of its own: the browser never offers it in a private window.
    const profile = mkdtempSync(join(tmpdir(), 'cull-log-install-'));
    const context = await launchChromiumProfile(profile, { baseURL: BASE_URL });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      const devtools = await context.newCDPSession(page);
      const { installabilityErrors } = (await devtools.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors.map((error) => error.errorId)).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
