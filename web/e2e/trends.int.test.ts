import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleRecordRequest } from '@cull-log/contracts/testing';
import {
  BASE_URL,
  launchChromium,
  openPhone,
  PHONE,
  screenshot,
  seriousAccessibilityViolations,
  signInForDevelopment,
  VIEWPORTS,
} from './browser';

if (!BASE_URL) throw new Error('E2E_BASE_URL is not set: the global setup should have started the app');

/** Today in England, and the year the season it falls in began, by the default season start (1 April). */
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
const THIS_SEASON = TODAY.slice(5) >= '04-01' ? Number(TODAY.slice(0, 4)) : Number(TODAY.slice(0, 4)) - 1;
const label = (year: number) => `${year}/${String((year + 1) % 100).padStart(2, '0')}`;

/** About 1.4 km × 1.1 km in the middle of England. */
const BOUNDARY = {
  type: 'Polygon',
  coordinates: [
    [
      [-1.51, 52.495],
      [-1.49, 52.495],
      [-1.49, 52.505],
      [-1.51, 52.505],
      [-1.51, 52.495],
    ],
  ],
};

/** Sends a write as the signed-in page would, and answers its JSON. */
async function send(page: Page, method: string, path: string, body: unknown): Promise<{ id: string }> {
  const answer = await page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as { id: string } };
    },
    { method, path, body },
  );
  if (answer.status >= 300)
    throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

const RESULTS = fileURLToPath(new URL('../test-results/', import.meta.url));

const line = (species: string, sex: string, count: number) => ({ species, sex, age_class: 'Adult', count });

/**
 * Three seasons on Home Wood, each: a vantage-point count (roe falling 24, 18, 12; fallow rising 6, 9, 12), an outing
 * of two stalkers with what they saw (roe seen falling), and a roe culled on it, the outings longer each season.
 */
async function recordThreeSeasons(page: Page) {
  const ground = await send(page, 'POST', '/api/grounds', { name: 'Home Wood', boundary: BOUNDARY });
  const seasons = [THIS_SEASON - 2, THIS_SEASON - 1, THIS_SEASON];
  for (const [index, year] of seasons.entries()) {
    // The current season's first day has always come; earlier seasons' in May.
    const day = year === THIS_SEASON ? `${year}-04-01` : `${year}-05-01`;
    const roe = [24, 18, 12][index]!;
    const fallow = [6, 9, 12][index]!;
    await send(page, 'POST', '/api/counts', {
      ground_id: ground.id,
      date: day,
      method: 'vantage_point',
      items: [
        line('Roe Deer', 'Male', roe / 2),
        line('Roe Deer', 'Female', roe / 2),
        line('Fallow Deer', 'Female', fallow),
      ],
    });
    const hours = [3, 4, 6][index]!;
    const outing = await send(page, 'POST', '/api/outings', {
      ground_id: ground.id,
      started_at: `${day}T04:00:00Z`,
      ended_at: `${day}T${String(4 + hours).padStart(2, '0')}:00:00Z`,
      hunters: 2,
      sightings: [line('Roe Deer', 'Unknown', [12, 8, 4][index]!), line('Fallow Deer', 'Female', 2)],
    });
    await send(
      page,
      'POST',
      '/api/culls',
      sampleRecordRequest({
        date: day,
        time: '05:00',
        species: 'Roe Deer',
        sex: index === 1 ? 'Male' : 'Female',
        outing_id: outing.id,
      }),
    );
  }
}

describe('a ground’s trends on a phone and a desktop', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
    ({ page } = await openPhone(browser, { bypassCSP: true }));
    await signInForDevelopment(page, 'Trend Stalker', `trends-${Date.now()}@example.com`);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('opens Home Wood’s trends: a sentence and charts for each species, the figures in a table', async () => {
    await recordThreeSeasons(page);
    await page.goto('/grounds');
    await page.getByRole('heading', { name: 'Grounds', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Trends on Home Wood' }).click();
    const roe = page.getByRole('article', { name: 'Roe Deer' });
    await roe
      .getByText(
        new RegExp(
          `^Roe Deer density is falling, from [\\d.]+ in ${label(THIS_SEASON - 2)} to [\\d.]+ deer per km² in ${label(THIS_SEASON)}`,
        ),
      )
      .waitFor();
    await roe.getByText('there are fewer deer than there were', { exact: false }).waitFor();
    await page
      .getByRole('article', { name: 'Fallow Deer' })
      .getByText('Fallow Deer density is rising', { exact: false })
      .waitFor();
    await roe.getByText('Figures by season').click();
    await roe.getByRole('table', { name: 'Roe Deer on Home Wood by season' }).waitFor();
    await roe.scrollIntoViewIfNeeded();

    await screenshot(page, PHONE, 'trends');
    await page.locator('.ground-trends').screenshot({ path: `${RESULTS}phone-trends-section.png` });
    await roe.screenshot({ path: `${RESULTS}phone-trends-roe.png` });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);

    const desktop = VIEWPORTS[1];
    await page.setViewportSize({ width: desktop.width, height: desktop.height });
    await screenshot(page, desktop, 'trends');
    await page.locator('.ground-trends').screenshot({ path: `${RESULTS}desktop-trends-section.png` });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.locator('.ground-trends').screenshot({ path: `${RESULTS}desktop-trends-section-dark.png` });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
