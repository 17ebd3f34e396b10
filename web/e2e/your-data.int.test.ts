import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipText } from '@cull-log/contracts/testing/account-download';
import {
  BASE_URL,
  choose,
  field,
  launchChromium,
  openPhone,
  PHONE,
  screenshot,
  seriousAccessibilityViolations,
  signInForDevelopment,
} from './browser';

if (!BASE_URL) throw new Error('E2E_BASE_URL is not set: the global setup should have started the app');

/** Opens the phone's menu and follows one of its links. */
async function openFromMenu(page: Page, link: string) {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click();
}

describe('your data, on a phone', () => {
  let browser: Browser;
  let page: Page;
  const email = `erase-me-${Date.now()}@example.com`;
  const location = `Erasure Wood ${Date.now()}`;

  beforeAll(async () => {
    browser = await launchChromium();
    ({ page } = await openPhone(browser, {
      acceptDownloads: true,
      // The app's Content Security Policy forbids inline scripts, which is how axe-core is injected.
      bypassCSP: true,
    }));
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function signIn() {
    await signInForDevelopment(page, 'Erin Stalker', email);
  }

  it('signs in, records a cull and downloads everything as a zip that holds it', async () => {
    await signIn();
    await page.goto('/add-cull');
    await page.getByRole('heading', { name: 'Add New Cull Record' }).waitFor();
    await field(page, 'date').fill('2026-02-10');
    await field(page, 'time').fill('07:30');
    await field(page, 'location_name').fill(location);
    await choose(page, 'Species', 'Fallow Deer');
    await choose(page, 'Sex', 'Female');
    await choose(page, 'Age estimate', 'Adult');
    await choose(page, 'Condition', 'Good');
    await choose(page, 'Shot placement', 'Heart/Lung');
    await page.getByRole('button', { name: 'Save Record' }).click();
    await page.getByRole('heading', { name: 'Cull Data' }).waitFor();

    await openFromMenu(page, 'Your data');
    await page.getByRole('heading', { level: 1, name: 'Your data' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, PHONE, 'your-data');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download your data (.zip)' }).click(),
    ]);

    expect(download.suggestedFilename()).toBe('cull-log-data.zip');
    const files = await unzipText(await readFile(await download.path()));
    const records = JSON.parse(files.get('records.json') ?? '[]') as { location_name: string }[];
    expect(records.map((record) => record.location_name)).toEqual([location]);
    expect(files.get('records.csv')).toContain(location);
    expect((files.get('events.jsonl') ?? '').trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(files.get('profile.json') ?? '{}')).toMatchObject({ email });
  });

  it('deletes the account only once DELETE is typed and the user has signed in again, then shows the home page saying so', async () => {
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account and every record?' });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Type DELETE to confirm' }).fill('DELETE');
    expect(await confirm.isEnabled()).toBe(true);
    await screenshot(page, PHONE, 'your-data-delete');

    // The server asks for a fresh sign-in first; the development sign-in asks for the e-mail address again.
    await confirm.click();
    await dialog.getByText('To delete your account, sign in again first').waitFor();
    expect(await confirm.isDisabled()).toBe(true);
    expect((await page.request.get('/api/me')).status()).toBe(200);
    await dialog.getByRole('textbox', { name: 'Your e-mail address' }).fill(email);
    await dialog.getByRole('button', { name: 'Sign in again', exact: true }).click();
    await dialog.getByText('You have signed in again.').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await confirm.click();

    await page.waitForURL((url) => url.pathname === '/' && url.search === '?account=deleted');
    await page.getByText('Your account has been deleted').waitFor();
    await page.getByRole('heading', { name: 'Your wildlife cull records, in one place' }).waitFor();
    expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(0);
    expect((await page.request.get('/api/me')).status()).toBe(401);
  });

  it('signing in again with the same e-mail address finds no records', async () => {
    await signIn();
    await page.goto('/data');
    await page.getByRole('heading', { name: 'Cull Data' }).waitFor();
    await page.getByText('No cull records yet.').first().waitFor();
    expect(await page.getByText(location).count()).toBe(0);
    const list = (await (await page.request.get('/api/culls')).json()) as { total: number };
    expect(list.total).toBe(0);
  });
});
