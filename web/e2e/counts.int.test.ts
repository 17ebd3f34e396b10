import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BASE_URL,
  launchChromium,
  screenshot,
  seriousAccessibilityViolations,
  signInForDevelopment,
  smallTouchTargets,
  VIEWPORTS,
  type Viewport,
} from './browser';
import { TODAY, TODAY_ISO, WOOD_BOUNDARY as BOUNDARY } from './deer-steps';

if (!BASE_URL) throw new Error('E2E_BASE_URL is not set: the global setup should have started the app');

const CONTROLS =
  'button, [role="button"], input:not([type="checkbox"]), select, textarea, label:has(input[type="checkbox"]), a.button, summary';

async function expectAccessible(page: Page) {
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  expect(await smallTouchTargets(page, CONTROLS)).toEqual([]);
}

describe.each(VIEWPORTS)(
  'a count, its density and the cull suggested from it, on a $name',
  (viewport: Viewport) => {
    let browser: Browser;
    let page: Page;
    const phone = viewport.name === 'phone';

    beforeAll(async () => {
      browser = await launchChromium();
      const context = await browser.newContext({
        baseURL: BASE_URL,
        viewport: { width: viewport.width, height: viewport.height },
        locale: 'en-GB',
        hasTouch: phone,
        isMobile: phone,
        bypassCSP: true,
      });
      page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await page.route('https://*.tile.openstreetmap.org/**', (route) => route.abort());
      await page.addInitScript(() => localStorage.setItem('cookie-consent', 'declined'));
      await signInForDevelopment(page, 'Count Manager', `counts-${viewport.name}-${Date.now()}@example.com`);
      // One ground has its boundary already drawn (drawing one is the grounds suite's), the other only a centre.
      for (const ground of [
        { name: 'Home Wood', boundary: BOUNDARY },
        { name: 'Top Field', centre: { latitude: 52.52, longitude: -1.49 } },
      ]) {
        const status = await page.evaluate(async (body) => {
          const response = await fetch('/api/grounds', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          return response.status;
        }, ground);
        expect(status).toBe(201);
      }
    });

    afterAll(async () => {
      await browser?.close();
    });

    it('records a vantage-point count, reads the density, accepts the suggested cull and sees it in plan progress', async () => {
      await page.goto('/grounds');
      await page.getByRole('button', { name: 'Show counts and density on Home Wood' }).click();
      await page.getByText('Record a count to read the density of each species.').waitFor();
      const area = Number(
        /Area ([\d.]+) km²/.exec((await page.getByText(/^Area /).textContent()) ?? '')?.[1] ?? Number.NaN,
      );
      expect(area).toBeGreaterThan(0.9);
      expect(area).toBeLessThan(1.1);

      // A count from the high seat: the counters tapped, as with cold hands.
      await page.getByRole('button', { name: '+ Record a count' }).click();
      const form = page.getByRole('form', { name: 'New count on Home Wood' });
      const tap = async (line: string, times: number) => {
        for (let each = 0; each < times; each += 1)
          await form.getByRole('button', { name: `One more: Roe Deer, ${line}` }).click();
      };
      await tap('male adult', 3);
      await tap('female adult', 5);
      await tap('young, sex unknown', 2);
      await form.locator('[name="count_date"]').fill(TODAY_ISO);
      await form.getByLabel('Observers’ notes').fill('Dawn from the high seat, clear and still');
      await form.getByRole('button', { name: 'One more: Roe Deer, male adult' }).scrollIntoViewIfNeeded();
      await screenshot(page, viewport, 'count-form');
      await expectAccessible(page);
      await form.getByRole('button', { name: 'Save count' }).click();

      const counts = page.getByRole('list', { name: 'Counts on Home Wood' });
      await counts.getByRole('heading', { name: `Vantage-point count, ${TODAY}` }).waitFor();
      await counts.getByText('Roe Deer: 10').waitFor();
      const density = page.getByRole('table', { name: 'Deer per km² on Home Wood' });
      const roe = density.getByRole('row', { name: /^Roe Deer/ });
      await roe.waitFor();
      const cells = await roe.getByRole('cell').allTextContents();
      expect(cells[0]).toBe('10');
      expect(Number(cells[1])).toBeCloseTo(10 / area, 1);
      expect(cells[2]).toBe(`Vantage-point count, ${TODAY}`);
      await page.getByRole('heading', { name: 'Home Wood' }).scrollIntoViewIfNeeded();
      await screenshot(page, viewport, 'ground-density');
      // The table fits its card, the count it is from on two lines on a phone: nothing to scroll sideways for.
      const region = page.getByRole('region', { name: 'Density on Home Wood' });
      expect(await region.evaluate((table) => table.scrollWidth - table.clientWidth)).toBeLessThanOrEqual(0);
      await expectAccessible(page);

      // A ground with no boundary has no area: it says to draw one.
      await page.getByRole('button', { name: 'Show counts and density on Top Field' }).click();
      await page
        .getByText(
          'This ground has no boundary, so its area is not known: draw the boundary on the map to read a density',
        )
        .waitFor();
      await screenshot(page, viewport, 'ground-without-boundary');
      await expectAccessible(page);

      // The cull suggested from it: held at first, then a reduction to 5 a km² over two seasons.
      await page.goto('/plans');
      await page.getByRole('button', { name: 'Suggest a cull from the counts' }).click();
      const suggestion = page.getByRole('region', { name: 'Suggested cull' });
      await suggestion.getByRole('heading', { name: 'Roe Deer: maintenance cull of 3' }).waitFor();
      expect(await suggestion.getByLabel('Roe Deer recruitment (% a year)').inputValue()).toBe('30');
      await suggestion.getByLabel('Roe Deer target density (deer per km²)').fill('5');
      await suggestion.getByLabel('Seasons to reach a lower target').fill('2');
      await suggestion.getByRole('button', { name: 'Work out the cull again' }).click();
      const heading = suggestion.getByRole('heading', { name: /^Roe Deer: reduction cull of \d+$/ });
      await heading.waitFor();
      const cull = Number(/of (\d+)$/.exec((await heading.textContent()) ?? '')?.[1]);
      expect(cull).toBeGreaterThan(3);
      await suggestion.getByText('Season by season').click();
      await screenshot(page, viewport, 'suggested-cull');
      await expectAccessible(page);

      await suggestion.getByRole('button', { name: 'Accept into plan' }).click();
      await suggestion.getByText(/^Accepted: the plan above now has these targets for Home Wood/).waitFor();
      // The plan opens on the ground with the suggestion's targets, to change as any plan.
      expect(await page.getByLabel('Plan for').inputValue()).not.toBe('all');
      const planned = await Promise.all(
        ['male', 'female', 'juvenile'].map(async (kind) =>
          Number(await page.getByLabel(`Roe Deer ${kind} target`).inputValue()),
        ),
      );
      expect(planned.reduce((sum, each) => sum + each, 0)).toBe(cull);

      await page.goto('/dashboard');
      const progress = page.getByRole('list', { name: 'Plan progress: Home Wood' });
      await progress.waitFor();
      const rows = await progress.getByRole('listitem').allTextContents();
      expect(rows).toContain(`Roe Deer, female0 of ${planned[1]}: ${planned[1]} left`);
      await progress.scrollIntoViewIfNeeded();
      await screenshot(page, viewport, 'plan-progress-from-suggestion');
      await expectAccessible(page);
    });
  },
);
