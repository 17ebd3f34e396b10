import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BASE_URL,
  choiceList,
  launchChromium,
  openPhone,
  PHONE,
  screenshot,
  seriousAccessibilityViolations,
  signInForDevelopment,
  VIEWPORTS,
} from './browser';

if (!BASE_URL) throw new Error('E2E_BASE_URL is not set: the global setup should have started the app');

/** A stalker's own workbook, saved by LibreOffice: weights in pounds, the place under "Wood", one row dated 1890. */
const HILL_BOOK = fileURLToPath(new URL('./fixtures/hill-book.xlsx', import.meta.url));
/** First Light Cull Diary's export: six culls, and no Condition column. */
const FIRST_LIGHT = fileURLToPath(
  new URL('../../services/records/src/imports/read/fixtures/first-light.csv', import.meta.url),
);

/** A person's pace: a second between one step and the next. */
const PERSON_PACE_MS = 1_000;

interface SavedRecord {
  date: string;
  species: string;
  sex: string;
  weight?: number;
  location_name: string;
  condition: string;
}

/** The user's records as the server holds them. */
async function savedRecords(page: Page): Promise<{ items: SavedRecord[]; total: number }> {
  return page.evaluate(async () => {
    const answer = await fetch('/api/culls?page_size=100&sort=date&order=asc');
    return (await answer.json()) as { items: SavedRecord[]; total: number };
  });
}

async function pause(page: Page) {
  await page.waitForTimeout(PERSON_PACE_MS);
}

const refusedHeading = (page: Page) => page.getByRole('heading', { name: /^Rows that will not import/ });

describe('importing a workbook on a phone: fix a mapping, see the refused rows, import, undo', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
    ({ page } = await openPhone(browser, { bypassCSP: true }));
    await signInForDevelopment(page, 'Hill Stalker', `import-${Date.now()}@example.com`);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('reaches the import from the menu and reads the workbook it is given', async () => {
    await page.getByRole('button', { name: 'Menu' }).click();
    await pause(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Import' }).click();
    await page.getByRole('heading', { name: 'Your file' }).waitFor();
    await pause(page);

    await page.locator('input[type="file"]').setInputFiles(HILL_BOOK);
    await refusedHeading(page).waitFor();
    // No column names the place, so every row wants one: the screen offers the mapping and a value for every row.
    await expect(refusedHeading(page).textContent()).resolves.toBe('Rows that will not import (5)');
    const refused = page.getByRole('region', { name: /^Rows that will not import \(/ });
    await expect(refused.textContent()).resolves.toContain(
      'Location is required: the file has no column for it, so choose one for every row',
    );
    await expect(page.getByRole('button', { name: 'Import 0 records' }).isDisabled()).resolves.toBe(true);
    await screenshot(page, PHONE, 'import-preview-unmapped');
  });

  it('takes the place from the column the stalker points it to, and says which row still will not import and why', async () => {
    const wood = choiceList(page, 'Wood');
    await wood.scrollIntoViewIfNeeded();
    await expect(wood.locator('option:checked').textContent()).resolves.toBe('Leave out');
    await wood.selectOption({ label: 'Location' });
    await pause(page);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('heading', { name: 'Rows that will not import (1)' }).waitFor();
    await pause(page);

    const refused = page.getByRole('region', { name: /^Rows that will not import \(/ });
    const row = refused.getByRole('row').filter({ hasText: 'Date' }).last();
    await expect(row.textContent()).resolves.toMatch(
      /4.*Date.*Date must be in 1950 or later: check the year/,
    );
    // Pounds became kilograms, and the screen says so.
    await expect(page.locator('body').textContent()).resolves.toContain('13.61 kg');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, PHONE, 'import-preview-mapped');
  });

  it('imports the three good rows as records, in kilograms, at the place the column named', async () => {
    await page.getByRole('button', { name: 'Import 3 records' }).click();
    await page.getByRole('status').filter({ hasText: '3 records imported' }).waitFor();
    await screenshot(page, PHONE, 'import-done');

    const { items, total } = await savedRecords(page);
    expect(total).toBe(3);
    expect(
      items.map(({ date, species, sex, weight, location_name, condition }) => ({
        date,
        species,
        sex,
        weight,
        location_name,
        condition,
      })),
    ).toEqual([
      {
        date: '2025-11-03',
        species: 'Roe Deer',
        sex: 'Female',
        weight: 13.61,
        location_name: 'Hanger Wood',
        condition: 'Good',
      },
      {
        date: '2025-11-18',
        species: 'Fallow Deer',
        sex: 'Female',
        weight: 29.94,
        location_name: 'Long Spinney',
        condition: 'Fair',
      },
      {
        date: '2026-01-09',
        species: 'Muntjac',
        sex: 'Female',
        weight: 9.98,
        location_name: 'Hanger Wood',
        condition: 'Good',
      },
    ]);
  });

  it('says the same file again would add nothing', async () => {
    await page.getByRole('button', { name: 'Import another file' }).click();
    await pause(page);
    await page.locator('input[type="file"]').setInputFiles(HILL_BOOK);
    await refusedHeading(page).waitFor();
    // The mapping is not saved, so the place is unmapped again: map it, and all three are already there.
    await choiceList(page, 'Wood').selectOption({ label: 'Location' });
    await pause(page);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('heading', { name: 'Rows that will not import (1)' }).waitFor();
    await expect(page.getByRole('button', { name: 'Import 0 records' }).isDisabled()).resolves.toBe(true);
    await expect(page.locator('body').textContent()).resolves.toMatch(/3 (rows|records) already in Cull Log/);
  });

  it('undoes the import whole, after asking', async () => {
    const undo = page.getByRole('button', { name: 'Undo import of hill-book.xlsx' });
    await undo.scrollIntoViewIfNeeded();
    await pause(page);
    await undo.click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await dialog.getByRole('heading', { name: 'Undo this import?' }).waitFor();
    await screenshot(page, PHONE, 'import-undo-dialog');
    await pause(page);
    await dialog.getByRole('button', { name: 'Undo import' }).click();
    await expect.poll(async () => (await savedRecords(page)).total, { timeout: 15_000 }).toBe(0);
    await page
      .getByRole('listitem', { name: 'hill-book.xlsx' })
      .filter({ hasText: /undone/i })
      .waitFor();
    // The preview still on the screen had counted those records as already there: it is read again.
    await page.getByRole('button', { name: 'Import 3 records' }).waitFor();
    await screenshot(page, PHONE, 'import-undone');
  });
});

describe('importing First Light Cull Diary’s export on a desktop, with a condition for every row', () => {
  let browser: Browser;
  let page: Page;
  const desktop = VIEWPORTS[1];

  beforeAll(async () => {
    browser = await launchChromium();
    const context = await browser.newContext({
      baseURL: BASE_URL,
      viewport: { width: desktop.width, height: desktop.height },
      locale: 'en-GB',
      bypassCSP: true,
    });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.addInitScript(() => localStorage.setItem('cookie-consent', 'declined'));
    await page.route('https://*.tile.openstreetmap.org/**', (route) => route.abort());
    await signInForDevelopment(page, 'Diary Stalker', `first-light-${Date.now()}@example.com`);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('recognises the file, refuses every row until a condition is chosen, then imports all six', async () => {
    await page.goto('/data');
    await page.getByRole('main').getByRole('link', { name: 'Import', exact: true }).click();
    await page.getByRole('heading', { name: 'Your file' }).waitFor();
    await page.locator('input[type="file"]').setInputFiles(FIRST_LIGHT);
    await page.getByRole('heading', { name: 'Rows that will not import (6)' }).waitFor();
    await expect(page.locator('body').textContent()).resolves.toContain('First Light');

    await choiceList(page, 'Condition').selectOption({ label: 'Good' });
    await pause(page);
    await page.getByRole('button', { name: 'Use for every row' }).click();
    await page.getByRole('button', { name: 'Import 6 records' }).waitFor();
    // What had no exact match is said, before anything is written.
    await expect(page.locator('body').textContent()).resolves.toContain('Fallow Deer');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, desktop, 'import-first-light');

    await page.getByRole('button', { name: 'Import 6 records' }).click();
    await page.getByRole('status').filter({ hasText: '6 records imported' }).waitFor();
    const { items } = await savedRecords(page);
    expect(items.map((record) => [record.species, record.sex, record.condition])).toEqual([
      ['Roe Deer', 'Female', 'Good'],
      ['Fallow Deer', 'Male', 'Good'],
      ['Muntjac', 'Female', 'Good'],
      ['Chinese Water Deer', 'Male', 'Good'],
      ['Red Deer', 'Female', 'Good'],
      ['Sika Deer', 'Female', 'Good'],
    ]);
  });
});
