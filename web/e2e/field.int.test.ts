import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  choiceGroup,
  BASE_URL,
  choose,
  field,
  launchChromium,
  openPhone,
  PHONE,
  screenshot,
  seriousAccessibilityViolations,
  smallTouchTargets,
  signInForDevelopment,
} from './browser';

if (!BASE_URL) throw new Error('E2E_BASE_URL is not set: the global setup should have started the app');

/** Where the phone says it is: the Ordnance Survey's worked example, TG 51409 13177. */
const HERE = { latitude: 52.65798, longitude: 1.71605, accuracy: 8 };

/** The contrast ratio of two computed colours, `rgb(r, g, b)`, as WCAG defines it. */
function contrast(first: string, second: string): number {
  const luminance = (colour: string) => {
    const [red, green, blue] = (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((value) => {
      const channel = Number(value) / 255;
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
  };
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
}

/** The page scrolls sideways when its content is wider than the window. */
async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

describe.each(['light', 'dark'] as const)('in the field, on a phone, %s', (colorScheme) => {
  let browser: Browser;
  let page: Page;
  const shot = (name: string) => screenshot(page, PHONE, `field-${colorScheme}-${name}`);

  beforeAll(async () => {
    browser = await launchChromium();
    ({ page } = await openPhone(browser, {
      colorScheme,
      geolocation: HERE,
      permissions: ['geolocation'],
      // The app's Content Security Policy forbids inline scripts, which is how axe-core is injected.
      bypassCSP: true,
    }));
    await signInForDevelopment(page, 'Field Stalker', `field-${colorScheme}-${Date.now()}@example.com`);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('records a Roe doe in June from the phone: location with one tap, the close-season warning before saving', async () => {
    await page.goto('/add-cull');
    await page.getByRole('heading', { name: 'Add New Cull Record' }).waitFor();
    await page.getByRole('button', { name: 'Use my current location' }).click();
    await page.getByText('Location found, to within 8 m.').waitFor();
    expect(await field(page, 'grid_ref').inputValue()).toBe('TG 5140 1317');
    expect(Number(await field(page, 'latitude').inputValue())).toBeCloseTo(HERE.latitude, 5);

    await field(page, 'date').fill('2026-06-15');
    await field(page, 'time').fill('12:00');
    await field(page, 'location_name').fill('Marsh Wood');
    await choose(page, 'Species', 'Roe Deer');
    await choose(page, 'Sex', 'Female');
    const warning = page.getByRole('region', { name: 'Check before you save' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain('close season for Roe Deer females');
    await choose(page, 'Age estimate', 'Adult');
    await choose(page, 'Condition', 'Good');
    await choose(page, 'Shot placement', 'Heart/Lung');
    await warning.scrollIntoViewIfNeeded();
    await shot('form-warning');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);

    await page.getByRole('button', { name: 'Save Record' }).click();
    await page.getByRole('heading', { name: 'Cull Data' }).waitFor();
  });

  it('lists the records as cards with the warning marked, and opens one to its warnings', async () => {
    const cards = page.getByRole('list', { name: 'Cull records' });
    await cards.waitFor();
    const card = cards.getByRole('link').first();
    expect(await card.textContent()).toMatch(
      /15\/06\/2026 12:00Roe Deer ⚠ \(warning: close season\).*Marsh Wood/,
    );
    await shot('cards');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);

    await card.click();
    const warnings = page.getByRole('region', { name: 'Warnings' });
    await warnings.waitFor();
    expect(await warnings.textContent()).toContain('Deer Act 1991');
    await shot('record-card');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('fills the coordinates from a typed grid reference once it is typed, and refuses one that is not one', async () => {
    await page.goto('/add-cull');
    // Allowed before: the form has asked where the phone is as it opened.
    await page.getByText('Location found, to within 8 m.').waitFor();
    await field(page, 'grid_ref').fill('SK 1234 5678');
    await field(page, 'grid_ref').press('Tab');
    expect(Number(await field(page, 'latitude').inputValue())).toBeCloseTo(53.1081, 3);
    await field(page, 'grid_ref').fill('SK 123 4567');
    await page.getByRole('button', { name: 'Save Record' }).click();
    await page.getByText('as many easting figures as northing figures').waitFor();
    // Left as typed, the form would be kept on the device and offered on the next test's form, which takes no
    // input while the offer stands; so the stalker discards it, as they would.
    await page.getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Discard this record?' });
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Add New Cull Record' }).waitFor({ state: 'detached' });
  });

  it("drops and moves the pin with a tap on the form's map, with no map tiles at all", async () => {
    await page.goto('/add-cull');
    // The map is drawn once the user scrolls near it (its placeholder is replaced as it comes into view).
    await page.locator('.pin-map').first().waitFor();
    await page.evaluate(() => document.querySelector('.pin-map')?.scrollIntoView({ block: 'center' }));
    const map = page.locator('.pin-map__map');
    await map.waitFor();
    await map.click({ position: { x: 120, y: 110 } });
    await page.locator('.pin-map .leaflet-marker-icon').waitFor();
    const first = Number(await field(page, 'latitude').inputValue());
    expect(first).toBeGreaterThan(49);
    expect(await field(page, 'grid_ref').inputValue()).toMatch(/^[A-Z]{2} \d{4} \d{4}$/);
    // Zoomed in on the pin now: a tap lower down moves it a little south.
    await map.click({ position: { x: 120, y: 180 } });
    await page.waitForFunction(
      (before) => Number((document.querySelector('[name="latitude"]') as HTMLInputElement).value) < before,
      first,
    );
    await page.locator('.pin-map').scrollIntoViewIfNeeded();
    await shot('pin-map');
  });

  it('offers the last species and place as one tap on the next record', async () => {
    await page.goto('/add-cull');
    await page.getByRole('button', { name: 'Same as last: Roe Deer, female at Marsh Wood' }).click();
    expect(await field(page, 'location_name').inputValue()).toBe('Marsh Wood');
  });

  it('rings a choice the keyboard reaches at least 3:1, and the arrow keys change the choice', async () => {
    await page.goto('/add-cull');
    await page.getByRole('heading', { name: 'Add New Cull Record' }).waitFor();
    // Reached with Tab from the field before it, as a keyboard user would.
    await field(page, 'location_name').focus();
    const species = choiceGroup(page, 'Species');
    for (
      let step = 0;
      step < 20 && !(await species.evaluate((group) => group.contains(document.activeElement)));
      step += 1
    )
      await page.keyboard.press('Tab');
    const ring = await species.evaluate(() => {
      // The radio is drawn as the chip beside it: the ring is the chip's.
      const style = getComputedStyle(document.activeElement!.nextElementSibling!);
      return {
        outline: style.outlineColor,
        width: style.outlineWidth,
        page: getComputedStyle(document.body).backgroundColor,
      };
    });
    await shot('select-keyboard-focus');
    expect(Number.parseFloat(ring.width)).toBeGreaterThanOrEqual(2);
    expect(contrast(ring.outline, ring.page)).toBeGreaterThanOrEqual(3);
    await page.keyboard.press('ArrowRight');
    expect(await species.locator('input:checked').count()).toBe(1);
  });

  it('never hides the focused field behind the sticky header or the Save bar', async () => {
    await page.goto('/add-cull');
    await page.getByRole('heading', { name: 'Add New Cull Record' }).waitFor();
    await field(page, 'date').focus();
    const covered: string[] = [];
    // Through the whole form with the keyboard, as far as the Save bar.
    for (let step = 0; step < 80; step += 1) {
      const state = await page.evaluate(async () => {
        // The page settles its scroll in the next frames, as a person would see it.
        await new Promise((settled) => requestAnimationFrame(() => requestAnimationFrame(settled)));
        const focused = document.activeElement as HTMLElement | null;
        const bar = document.querySelector('.form__actions');
        if (!focused || !bar || bar.contains(focused)) return { done: true, name: '', covered: false };
        const box = focused.getBoundingClientRect();
        const header = document.querySelector('.header')!.getBoundingClientRect();
        const name =
          focused.getAttribute('name') ?? focused.getAttribute('aria-label') ?? focused.textContent ?? '';
        return {
          done: false,
          name: name.trim().slice(0, 40),
          covered: box.top < header.bottom || box.bottom > bar.getBoundingClientRect().top,
        };
      });
      if (state.done) break;
      if (state.covered) covered.push(state.name);
      await page.keyboard.press('Tab');
    }
    expect(covered).toEqual([]);
  });

  it('keeps chart text at 12 px or more and the season table within 360 px', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Culls per Month' }).waitFor();
    const sizes = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('.month-chart *, .bar-chart *'))
        .filter((element) => element.offsetParent !== null && element.childElementCount === 0)
        .filter((element) => (element.textContent ?? '').trim() !== '')
        .map((element) => parseFloat(getComputedStyle(element).fontSize)),
    );
    expect(sizes.length).toBeGreaterThan(12);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(12);
    const season = page.locator('.season-table').locator('xpath=..');
    expect(await season.evaluate((wrapper) => wrapper.scrollWidth <= wrapper.clientWidth)).toBe(true);
    await page.locator('.month-chart').scrollIntoViewIfNeeded();
    await shot('dashboard-360');
    await page.setViewportSize({ width: PHONE.width, height: PHONE.height });
  });

  it('keeps the rifle, carcass and weather closed until asked, then warns of a light calibre before saving', async () => {
    await page.goto('/add-cull');
    await page.getByRole('heading', { name: 'Add New Cull Record' }).waitFor();
    for (const title of ['Rifle and shot', 'Carcass and inspection', 'Weather']) {
      expect(
        await page.locator('details', { has: page.getByText(title, { exact: true }) }).getAttribute('open'),
      ).toBeNull();
    }
    await field(page, 'date').fill('2026-11-15');
    await field(page, 'time').fill('12:00');
    await field(page, 'location_name').fill('Marsh Wood');
    await choose(page, 'Species', 'Roe Deer');
    await choose(page, 'Sex', 'Male');
    await choose(page, 'Age estimate', 'Adult');
    await choose(page, 'Condition', 'Good');
    await choose(page, 'Shot placement', 'Heart/Lung');
    await page.getByText('Rifle and shot', { exact: true }).click();
    await page.getByText('Carcass and inspection', { exact: true }).click();
    expect(await field(page, 'shooter').inputValue()).toBe('Field Stalker');
    await choose(page, 'Calibre', '.223 Rem');
    const warning = page.getByRole('region', { name: 'Check before you save' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain('Deer Act 1991, Schedule 2');
    await field(page, 'carcass_tag').fill('MW-0001');
    await choose(page, 'Carcass destination', 'Game dealer');
    await field(page, 'game_dealer').fill('Broadland Game');
    await field(page, 'examined_by').fill('Field Stalker');
    await page.getByText('Rifle and shot', { exact: true }).scrollIntoViewIfNeeded();
    await shot('form-carcass');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);
    const small = await page.evaluate(() =>
      Array.from(
        document.querySelectorAll<HTMLElement>(
          'details summary, details button, details input:not([type="checkbox"]), details label:has(input[type="checkbox"])',
        ),
      )
        .filter((element) => element.offsetParent !== null)
        .map((element) => {
          const box = element.getBoundingClientRect();
          return {
            name: element.textContent?.trim().slice(0, 30),
            width: Math.round(box.width),
            height: Math.round(box.height),
          };
        })
        .filter((box) => box.width < 44 || box.height < 44),
    );
    expect(small).toEqual([]);

    await page.getByRole('button', { name: 'Save Record' }).click();
    await page.getByRole('heading', { name: 'Cull Data' }).waitFor();
    // The record just saved, by the server's own list: the list on screen may still show the reads from before the
    // save, and this suite's light and dark runs save the same record twice.
    const newest = (await (
      await page.request.get('/api/culls?sort=created_at&order=desc&page_size=1')
    ).json()) as { items: { id: string }[] };
    await page.goto(`/view-cull/${newest.items[0]!.id}`);
    await page.getByText('MW-0001').waitFor();
    expect(await page.getByText('Broadland Game').count()).toBe(1);
  });

  it('gives every control, map markers included, a touch target of at least 44 × 44 px', async () => {
    for (const path of ['/add-cull', '/data', '/dashboard', '/map']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // The form's map is drawn once it comes into view.
      if (path === '/add-cull')
        await page.evaluate(() => document.querySelector('.pin-map')?.scrollIntoView({ block: 'center' }));
      if (path === '/add-cull' || path === '/map') await page.locator('.leaflet-control-zoom').waitFor();
      if (path === '/map') {
        // A record's popup open too, for its close button. The records made at the phone's position share a
        // cluster: a tap on it spreads them out, and a tap on one opens its popup.
        const close = page.getByRole('button', { name: 'Close popup' });
        for (let tap = 0; tap < 4 && !(await close.isVisible()); tap++) {
          const marker = page.locator('.leaflet-marker-pane [role="button"]:not(.marker-cluster)');
          const target =
            (await marker.count()) > 0 ? marker.first() : page.locator('.marker-cluster').first();
          await target.click();
          await page.waitForTimeout(800);
        }
        await close.waitFor();
      }
      await page.getByRole('button', { name: 'Menu' }).click();
      const small = await smallTouchTargets(
        page,
        'button, [role="button"], input:not([type="checkbox"]), select, textarea, label:has(input[type="checkbox"]), nav a, .cull-card, .leaflet-control-zoom a',
      );
      expect({ path, small }).toEqual({ path, small: [] });
      await page.keyboard.press('Escape');
    }
  });

  it('never scrolls sideways at 360 px on any screen', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/', '/dashboard', '/data', '/add-cull', '/map', '/terms', '/privacy']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect({ path, sideways: await scrollsSideways(page) }).toEqual({ path, sideways: false });
    }
    await page.setViewportSize({ width: PHONE.width, height: PHONE.height });
  });

  it('finds no serious accessibility failure on any screen', async () => {
    for (const path of ['/', '/dashboard', '/data', '/add-cull', '/map', '/terms', '/privacy']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect({ path, violations: await seriousAccessibilityViolations(page) }).toEqual({
        path,
        violations: [],
      });
    }
  });
});
