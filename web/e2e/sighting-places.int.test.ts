import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, launchChromium, openPhone, PHONE, screenshot, signInForDevelopment } from './browser';
import { addSightingLine, outingControl } from './deer-steps';

if (!BASE_URL) throw new Error('E2E_BASE_URL is not set: the global setup should have started the app');

/** Where the phone says it is: the top ride of a wood in the Midlands. */
const TOP_RIDE = { latitude: 52.510833, longitude: -1.971312 };

interface OutingRead {
  id: string;
  started_at: string;
  sightings: { species: string; sex: string; age_class: string; count: number; place?: unknown }[] | null;
}

function openOutingOnServer(page: Page): Promise<OutingRead | null> {
  return page.evaluate(async () => {
    const answer = await fetch('/api/outings', { cache: 'no-store' });
    return ((await answer.json()) as { open: OutingRead | null }).open;
  });
}

describe('where deer were seen, on a phone', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
    ({ page } = await openPhone(browser, { geolocation: TOP_RIDE, permissions: ['geolocation'] }, 20_000));
    await signInForDevelopment(page, 'Top Ride', `sighting-places-${Date.now()}@example.com`);
    const created = await page.evaluate(
      async () =>
        (
          await fetch('/api/grounds', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: 'Oak Coppice' }),
          })
        ).status,
    );
    expect(created).toBe(201);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('marks a line’s place with one large tap, and shows it on the map’s "Deer seen" layer', async () => {
    await page.goto('/grounds');
    await page.getByRole('heading', { level: 1, name: 'Grounds' }).waitFor();
    const control = outingControl(page);
    await control.getByRole('button', { name: 'Start outing' }).tap();
    await control.getByRole('button', { name: 'Start', exact: true }).tap();
    await control.getByText(/^Outing at Oak Coppice since \d\d:\d\d/).waitFor();
    await addSightingLine(page, 'Roe Deer', 'Female', 'Adult');

    const markWhere = control.getByRole('button', { name: 'Mark where: Roe Deer, Female, Adult' });
    const box = await markWhere.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(56);
    await markWhere.tap();
    await control.getByText('Place marked').waitFor();
    await screenshot(page, PHONE, 'sighting-place-marked');
    await expect
      .poll(async () => (await openOutingOnServer(page))?.sightings, { timeout: 15_000 })
      .toEqual([{ species: 'Roe Deer', sex: 'Female', age_class: 'Adult', count: 1, place: TOP_RIDE }]);
    const outing = await openOutingOnServer(page);
    const day = new Date(outing!.started_at).toLocaleDateString('en-GB', { timeZone: 'Europe/London' });

    await page.goto('/map');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Deer seen' }).tap();
    await page.getByText(/^Deer seen: 1 place marked on your outings of \d{4}\/\d{2}$/).waitFor();
    const mark = page.locator(`.sighting-mark[title="Roe Deer, Female, Adult: 1 seen on ${day}"]`);
    await mark.waitFor();
    // Within the map's view, not off its edge.
    const [markBox, mapBox] = await Promise.all([mark.boundingBox(), page.locator('.map').boundingBox()]);
    expect(markBox!.x).toBeGreaterThanOrEqual(mapBox!.x);
    expect(markBox!.y).toBeGreaterThanOrEqual(mapBox!.y);
    expect(markBox!.x + markBox!.width).toBeLessThanOrEqual(mapBox!.x + mapBox!.width);
    expect(markBox!.y + markBox!.height).toBeLessThanOrEqual(mapBox!.y + mapBox!.height);
    await mark.tap();
    await page.locator('.leaflet-popup', { hasText: `Roe Deer, Female, Adult: 1 seen on ${day}` }).waitFor();
    await screenshot(page, PHONE, 'map-deer-seen');
  });
});
