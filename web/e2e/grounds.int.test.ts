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
  smallTouchTargets,
  VIEWPORTS,
  ukTimeAgo,
} from './browser';

if (!BASE_URL) throw new Error('E2E_BASE_URL is not set: the global setup should have started the app');

const DOWNLOADS = fileURLToPath(new URL('../test-results/', import.meta.url));

/** Today in England, and the season it falls in by the default season start (1 April). */
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
const SEASON_START_YEAR =
  TODAY.slice(5) >= '04-01' ? Number(TODAY.slice(0, 4)) : Number(TODAY.slice(0, 4)) - 1;
const SEASON_LABEL = `${SEASON_START_YEAR}/${String((SEASON_START_YEAR + 1) % 100).padStart(2, '0')}`;

/** The ground is drawn around a point in the middle of England, found by its grid reference; the culls made there. */
const CULL_AT = { latitude: '52.500000', longitude: '-1.500000' };
const CULL_AT_GRID = 'SP 34039 89239';

function pdfText(path: string): string {
  return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
}

async function download(page: Page, start: () => Promise<void>, name: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), start()]);
  const path = `${DOWNLOADS}${name}`;
  await file.saveAs(path);
  return { suggested: file.suggestedFilename(), path };
}

/** Opens a screen from the navigation, behind the Menu button on a phone. */
async function openFromMenu(page: Page, link: string, heading: string) {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).click();
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

async function expectAccessible(page: Page) {
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
}

/** The controls whose size the grounds screens are checked for. */
const CONTROLS =
  'button, [role="button"], input:not([type="checkbox"]), select, textarea, label:has(input[type="checkbox"]), a.button, summary, .leaflet-control-zoom a';
const smallTargets = (page: Page) => smallTouchTargets(page, CONTROLS);

/** A finger's tap on the drawing map, `dx`, `dy` pixels from its middle. */
async function tapMap(page: Page, dx: number, dy: number) {
  const map = page.locator('.boundary-map .leaflet-container');
  // Wholly in view, clear of the form's buttons along the foot of the screen.
  await map.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = await map.boundingBox();
  if (process.env.DEBUG_TAPS) console.log('map box', box);
  if (!box) throw new Error('The drawing map is not on the screen');
  await page.touchscreen.tap(box.x + box.width / 2 + dx, box.y + box.height / 2 + dy);
}

async function recordCull(page: Page, sex: 'Male' | 'Female', time: string) {
  await page.goto('/add-cull');
  await page.getByRole('heading', { name: 'Add New Cull Record' }).waitFor();
  await page.getByText(/^Recording in the outing at Home Wood since \d\d:\d\d$/).waitFor();
  await field(page, 'date').fill(TODAY);
  await field(page, 'time').fill(time);
  await field(page, 'location_name').fill('High seat 3');
  await field(page, 'latitude').fill(CULL_AT.latitude);
  await field(page, 'longitude').fill(CULL_AT.longitude);
  await choose(page, 'Species', 'Roe Deer');
  await choose(page, 'Sex', sex);
  await choose(page, 'Age estimate', 'Adult');
  await choose(page, 'Condition', 'Good');
  await choose(page, 'Shot placement', 'Heart/Lung');
  await page.getByRole('button', { name: 'Save Record' }).click();
  await page.getByRole('heading', { name: 'Cull Data' }).waitFor();
}

describe('grounds, an outing, a plan and the season report on a phone', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
    ({ context, page } = await openPhone(browser, { acceptDownloads: true, bypassCSP: true }));
    await signInForDevelopment(page, 'Ground Stalker', `grounds-${Date.now()}@example.com`);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('draws a ground with a finger, records two culls in an outing on it, plans, sees the progress and the heatmap, and reads the season report', async () => {
    // A ground drawn by tapping its corners, one undone.
    await openFromMenu(page, 'Grounds', 'Grounds');
    await page.getByRole('button', { name: '+ New ground' }).click();
    await field(page, 'ground_name').fill('Home Wood');
    // A new user's map shows the country; the grid reference brings it close enough to draw a wood.
    await page.getByRole('searchbox', { name: 'Find a place' }).fill(CULL_AT_GRID);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await page.getByText(`The map is centred on ${CULL_AT_GRID}.`).waitFor();
    await tapMap(page, -70, -60);
    await tapMap(page, 70, -60);
    await tapMap(page, 110, 110);
    await page.getByText(/^3 corners placed: [\d.]+ ha so far\.$/).waitFor();
    await page.getByRole('button', { name: 'Undo last corner' }).click();
    await tapMap(page, 70, 60);
    await tapMap(page, -70, 60);
    await page.getByRole('button', { name: 'Close boundary' }).click();
    await page.getByText(/^Boundary closed with 4 corners: [\d.]+ ha\.$/).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, PHONE, 'ground-drawn');
    await expectAccessible(page);
    expect(await smallTargets(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save ground' }).click();
    const grounds = page.getByRole('list', { name: 'Your grounds' });
    await grounds.getByText(/ ha · boundary of 4 corners$/).waitFor();
    expect(await grounds.getByRole('heading').allTextContents()).toEqual(['Home Wood']);

    // The same name again is refused, by the name.
    await page.getByRole('button', { name: '+ New ground' }).click();
    await field(page, 'ground_name').fill('Home Wood');
    await page.getByRole('button', { name: 'Save ground' }).click();
    await page.getByRole('alert').getByText('You already have a ground with this name').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();

    // An outing started from the dashboard: the only ground is offered first.
    await openFromMenu(page, 'Dashboard', 'Dashboard');
    const outing = page.getByRole('group', { name: 'Outing' });
    await outing.getByRole('button', { name: 'Start outing' }).click();
    await outing.getByRole('button', { name: 'Start', exact: true }).click();
    await outing.getByText(/^Outing at Home Wood since \d\d:\d\d/).waitFor();
    await screenshot(page, PHONE, 'outing-under-way');
    await expectAccessible(page);
    expect(await smallTargets(page)).toEqual([]);

    // Two culls in it: the form says so, and each is placed on the ground.
    await recordCull(page, 'Male', ukTimeAgo(30));
    await page.goto('/add-cull');
    await page.getByText(/^Recording in the outing at Home Wood since/).waitFor();
    await screenshot(page, PHONE, 'add-cull-in-outing');
    await expectAccessible(page);
    await recordCull(page, 'Female', ukTimeAgo(10));
    const cards = page.locator('.cull-card__where');
    await cards.first().waitFor();
    expect(await cards.allTextContents()).toEqual(['High seat 3 (Home Wood)', 'High seat 3 (Home Wood)']);

    // Ended from the dashboard; the season's outings list it with its two culls.
    await openFromMenu(page, 'Dashboard', 'Dashboard');
    await outing.getByText(/2 culls/).waitFor();
    await outing.getByRole('button', { name: 'End outing' }).click();
    await outing.getByRole('button', { name: 'Start outing' }).waitFor();
    await openFromMenu(page, 'Grounds', 'Grounds');
    const outings = page.getByRole('list', { name: `Outings of the season ${SEASON_LABEL}` });
    await outings.getByText('2 culls').waitFor();

    // A plan for the season: one buck, three does.
    await page.goto('/plans');
    await page.getByRole('heading', { name: 'Cull plan', level: 1 }).waitFor();
    await page.getByLabel('Roe Deer male target').fill('1');
    await page.getByLabel('Roe Deer female target').fill('3');
    await screenshot(page, PHONE, 'plan-editor');
    await expectAccessible(page);
    expect(await smallTargets(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save plan' }).click();
    await page.getByText(`Cull plan for ${SEASON_LABEL} saved`).waitFor();

    // The progress on the dashboard, and the outing figures.
    await openFromMenu(page, 'Dashboard', 'Dashboard');
    const progress = page.getByRole('list', { name: 'Plan progress: All grounds' });
    await progress.getByText('1 of 3: 2 left').waitFor();
    await progress.getByText('1 of 1: target met').waitFor();
    expect(await page.getByText('Outings', { exact: true }).locator('..').textContent()).toContain('1');
    expect(await page.getByText('Blank outings', { exact: true }).locator('..').textContent()).toContain('0');
    await screenshot(page, PHONE, 'dashboard-plan-progress');
    await expectAccessible(page);
    expect(await smallTargets(page)).toEqual([]);

    // The season report, read back as text.
    const report = await download(
      page,
      () => page.getByRole('button', { name: 'Download season report (PDF)' }).click(),
      'season-report.pdf',
    );
    expect(report.suggested).toMatch(/\.pdf$/);
    expect(readFileSync(report.path).subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(report.path);
    expect(text).toContain(SEASON_LABEL);
    expect(text).toContain('Roe Deer');
    expect(text).toContain('Home Wood');

    // The heatmap in place of the markers, the ground's boundary drawn under it.
    await openFromMenu(page, 'Map', 'Interactive Map');
    const map = page.locator('.map.leaflet-container');
    await map.locator('.ground-label', { hasText: 'Home Wood' }).waitFor();
    await page.getByRole('button', { name: 'Heatmap' }).click();
    await page.getByText(/^Records counted in squares of .+: 1 square, the busiest with 2\.$/).waitFor();
    expect(Number(await map.getAttribute('data-heat-cells'))).toBe(1);
    await screenshot(page, PHONE, 'map-heatmap');
    await expectAccessible(page);
    expect(await smallTargets(page)).toEqual([]);
  });

  it('on a wider screen, in the dark theme, shows the grounds, the plan progress and the plan without scrolling sideways', async () => {
    const desktop = await browser.newContext({
      baseURL: BASE_URL,
      viewport: { width: VIEWPORTS[1].width, height: VIEWPORTS[1].height },
      locale: 'en-GB',
      bypassCSP: true,
      colorScheme: 'dark',
      storageState: await context.storageState(),
    });
    const wide = await desktop.newPage();
    await wide.route('https://*.tile.openstreetmap.org/**', (route) => route.abort());
    wide.setDefaultTimeout(15_000);
    for (const [path, shown, name] of [
      ['/grounds', wide.getByRole('list', { name: 'Your grounds' }), 'grounds'],
      [
        '/dashboard',
        wide.getByRole('list', { name: 'Plan progress: All grounds' }),
        'dashboard-plan-progress',
      ],
      ['/plans', wide.getByLabel('Roe Deer female target'), 'plan-editor'],
    ] as const) {
      await wide.goto(path);
      await shown.waitFor();
      await expectAccessible(wide);
      await screenshot(wide, VIEWPORTS[1], `${name}-dark`);
    }
    expect(await wide.getByLabel('Roe Deer female target').inputValue()).toBe('3');
    await desktop.close();
  });
});
