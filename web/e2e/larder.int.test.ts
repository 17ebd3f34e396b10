import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  ukTimeAgo,
} from './browser';

if (!BASE_URL) throw new Error('E2E_BASE_URL is not set: the global setup should have started the app');

const DOWNLOADS = fileURLToPath(new URL('../test-results/', import.meta.url));

/** Today in England, so the record falls in the season the larder book opens on. */
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
const TODAY_UK = TODAY.split('-').reverse().join('/');
/** When the carcass was shot: earlier today, whenever the suite runs. */
const SHOT_AT = ukTimeAgo(5);

/** The text of a downloaded PDF, read by poppler's pdftotext. */
function pdfText(path: string): string {
  return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
}

/** Clicks what starts a download and keeps the file; answers its name and path. */
async function download(page: Page, start: () => Promise<void>, name: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), start()]);
  const path = `${DOWNLOADS}${name}`;
  await file.saveAs(path);
  return { suggested: file.suggestedFilename(), path };
}

describe('the larder book on a phone', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
    ({ context, page } = await openPhone(browser, {
      acceptDownloads: true,
      // The app's Content Security Policy forbids inline scripts, which is how axe-core is injected.
      bypassCSP: true,
    }));
    await signInForDevelopment(page, 'Larder Stalker', `larder-${Date.now()}@example.com`);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('a tagged carcass for a game dealer, examined, is in the larder book and gets a declaration with its tag', async () => {
    await page.goto('/add-cull');
    await page.getByRole('heading', { name: 'Add New Cull Record' }).waitFor();
    await field(page, 'date').fill(TODAY);
    await field(page, 'time').fill(SHOT_AT);
    await field(page, 'location_name').fill('Larder Wood');
    await field(page, 'grid_ref').fill('SK 1234 5678');
    await choose(page, 'Species', 'Muntjac');
    await choose(page, 'Sex', 'Female');
    await choose(page, 'Age estimate', 'Adult');
    await choose(page, 'Condition', 'Good');
    await choose(page, 'Shot placement', 'Heart/Lung');
    await page.getByText('Carcass and inspection', { exact: true }).click();
    await field(page, 'carcass_tag').fill('LW-0042');
    await choose(page, 'Carcass destination', 'Game dealer');
    await field(page, 'game_dealer').fill('Broadland Game');
    await field(page, 'examined_by').fill('Larder Stalker');
    await page.getByRole('button', { name: 'Save Record' }).click();
    await page.getByRole('heading', { name: 'Cull Data' }).waitFor();

    // On a phone the navigation sits behind the Menu button.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Larder', exact: true }).click();
    await page.getByRole('heading', { name: 'Larder book', level: 1 }).waitFor();
    const card = page.getByRole('list', { name: 'Carcasses' }).getByRole('listitem').first();
    await card.getByText('Muntjac, female · Tag LW-0042').waitFor();
    const cardText = await card.textContent();
    expect(cardText).toContain(`${TODAY_UK} ${SHOT_AT}`);
    expect(cardText).toContain('Larder Wood (SK 1234 5678)');
    expect(cardText).toContain('Game dealer · Broadland Game');
    expect(cardText).toContain('Passed: no abnormalities');
    expect(await page.locator('table').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await card.getByText(/^Declare Muntjac tagged LW-0042/).click();
    expect(await field(page, 'dealer').inputValue()).toBe('Broadland Game');
    await screenshot(page, PHONE, 'larder-book');
    const consignment = await download(
      page,
      () => page.getByRole('button', { name: 'Declaration (PDF)' }).click(),
      'larder-consignment.pdf',
    );
    expect(consignment.suggested).toMatch(/^declaration-\d+\.pdf$/);
    expect(readFileSync(consignment.path).subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(consignment.path);
    expect(text).toContain('LW-0042');
    expect(text).toContain(`${TODAY_UK} ${SHOT_AT}`);
    expect(text).toContain('Larder Wood');
    expect(text).toContain('SK 1234 5678');
    expect(text).toContain('Game dealer: Broadland Game');
    const number = /Declaration number: (\d+)/.exec(text)?.[1];
    expect(number).toBeDefined();
    await page.getByText(`Declaration ${number} for 1 carcass downloaded`).waitFor();

    // The record card's own declaration is the same one (the same carcass to the same dealer): the same number.
    await card.getByRole('link').click();
    await page.getByText('LW-0042').first().waitFor();
    const fromCard = await download(
      page,
      () => page.getByRole('button', { name: 'Declaration (PDF)' }).click(),
      'larder-record.pdf',
    );
    expect(fromCard.suggested).toBe(`declaration-${number}.pdf`);
    expect(pdfText(fromCard.path)).toContain(`Declaration number: ${number}`);
  });

  it('on a wider screen lists the carcasses as a table, the box to declare each first', async () => {
    // A desktop browser, signed in as the same user.
    const desktop = await browser.newContext({
      baseURL: BASE_URL,
      viewport: { width: 1280, height: 800 },
      locale: 'en-GB',
      bypassCSP: true,
      storageState: await context.storageState(),
    });
    const wide = await desktop.newPage();
    await wide.goto('/larder?destination=Game%20dealer');
    const table = wide.getByRole('table');
    await table.waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Declare',
      'Date',
      'Time',
      'Place',
      'Species',
      'Sex',
      'Age',
      'Weight (kg)',
      'Tag',
      'Destination',
      'Dealer',
      'Inspection',
      'Warnings',
    ]);
    expect(await table.getByRole('row').nth(1).textContent()).toContain('LW-0042');
    expect(await wide.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    expect(await seriousAccessibilityViolations(wide)).toEqual([]);
    await screenshot(wide, { name: 'desktop', width: 1280, height: 800 }, 'larder-book');
    await desktop.close();
  });
});
