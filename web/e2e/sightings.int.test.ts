import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BASE_URL,
  choiceGroup,
  launchChromium,
  openPhone,
  PHONE,
  screenshot,
  signInForDevelopment,
  VIEWPORTS,
} from './browser';
import {
  addSightingLine as addLine,
  changesBanner as banner,
  outingControl,
  tapOnOuting as tap,
} from './deer-steps';

if (!BASE_URL) throw new Error('E2E_BASE_URL is not set: the global setup should have started the app');

// A stalker in a high seat: no signal, a tap about every second, and the signal away for longer than the outbox waits
// before trying again. Every wait here is real time.
const OFFLINE_FOR_MS = 45_000;
const DESKTOP = VIEWPORTS[1];

interface Sighting {
  species: string;
  sex: string;
  age_class: string;
  count: number;
}

interface OutingRead {
  id: string;
  hunters: number;
  sightings: Sighting[] | null;
}

/** The user's outing under way, as the server answers it. */
function openOutingOnServer(page: Page): Promise<OutingRead | null> {
  return page.evaluate(async () => {
    const answer = await fetch('/api/outings', { cache: 'no-store' });
    return ((await answer.json()) as { open: OutingRead | null }).open;
  });
}

const byLine = (a: Sighting, b: Sighting) =>
  `${a.species}|${a.sex}|${a.age_class}`.localeCompare(`${b.species}|${b.sex}|${b.age_class}`);

/** Every stepper button in view, narrower or shorter than `least` px. */
function smallerThan(page: Page, least: number) {
  return page.evaluate((size) => {
    return Array.from(document.querySelectorAll<HTMLElement>('.sighting-stepper__button'))
      .filter((element) => element.offsetParent !== null)
      .map((element) => {
        const box = element.getBoundingClientRect();
        return { name: element.getAttribute('aria-label'), width: box.width, height: box.height };
      })
      .filter((box) => box.width < size || box.height < size);
  }, least);
}

describe('deer seen on an outing, on a phone with no signal', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
    ({ context, page } = await openPhone(browser, {}, 20_000));
    await signInForDevelopment(page, 'High Seat', `sightings-${Date.now()}@example.com`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const created = await page.evaluate(
      async () =>
        (
          await fetch('/api/grounds', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: 'Beech Hanger' }),
          })
        ).status,
    );
    expect(created).toBe(201);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('counts deer seen offline at a person’s pace for longer than the outbox waits, and sends them once when the signal is back', async () => {
    // The outing starts with a signal.
    await page.goto('/grounds');
    await page.getByRole('heading', { level: 1, name: 'Grounds' }).waitFor();
    await outingControl(page).getByRole('button', { name: 'Start outing' }).tap();
    await outingControl(page).getByRole('button', { name: 'Start', exact: true }).tap();
    await outingControl(page)
      .getByText(/^Outing at Beech Hanger since \d\d:\d\d/)
      .waitFor();
    const outing = await openOutingOnServer(page);
    expect(outing).toMatchObject({ hunters: 1, sightings: null });

    const patches: number[] = [];
    // The context's requests: the page's and its service worker's.
    context.on('request', (request) => {
      if (request.method() === 'PATCH' && new URL(request.url()).pathname === `/api/outings/${outing!.id}`)
        patches.push(Date.now());
    });

    // The worker is in charge and the reads are kept on the device (a second after they arrive), as on any visit.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.waitForTimeout(1_500);

    await context.setOffline(true);
    const offlineSince = Date.now();
    await addLine(page, 'Roe Deer', 'Female', 'Adult');
    for (let count = 0; count < 3; count++) await tap(page, 'One more: Roe Deer, Female, Adult');
    await addLine(page, 'Red Deer', 'Unknown', 'Unknown');
    await tap(page, 'One more: Red Deer, Sex unknown, age unknown');
    await tap(page, 'One fewer: Roe Deer, Female, Adult');
    await tap(page, 'One more: People out');
    await tap(page, 'One more: People out');
    await tap(page, 'One fewer: People out');

    const control = outingControl(page);
    expect(await control.getByRole('group', { name: 'Roe Deer, Female, Adult' }).textContent()).toContain(
      '3',
    );
    await control.getByText('5 seen · 2 people out').waitFor();
    await control.getByText('Waiting to sync').waitFor();
    await expect.poll(() => banner(page).textContent()).toContain('1 change is waiting to sync.');
    expect(await smallerThan(page, 48)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, PHONE, 'sightings-offline');

    // A reload with no signal: the counts come back from the device, over what the server last said.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Grounds' }).waitFor();
    await control.getByText('5 seen · 2 people out').waitFor();
    await control.getByText('Waiting to sync').waitFor();
    expect(
      await control.getByRole('group', { name: 'Red Deer, Sex unknown, age unknown' }).textContent(),
    ).toContain('2');
    await tap(page, 'One more: Red Deer, Sex unknown, age unknown');
    await tap(page, 'One fewer: Red Deer, Sex unknown, age unknown');

    // Still no signal, past the outbox's first tries again.
    const left = OFFLINE_FOR_MS - (Date.now() - offlineSince);
    if (left > 0) await page.waitForTimeout(left);
    expect(patches).toEqual([]);
    await control.getByText('Waiting to sync').waitFor();

    await context.setOffline(false);
    // Sent by itself: nobody presses Sync now.
    await banner(page).waitFor({ state: 'detached', timeout: 60_000 });
    await control.getByText('Waiting to sync').waitFor({ state: 'detached' });
    const expected: Sighting[] = [
      { species: 'Red Deer', sex: 'Unknown', age_class: 'Unknown', count: 2 },
      { species: 'Roe Deer', sex: 'Female', age_class: 'Adult', count: 3 },
    ];
    await expect.poll(async () => (await openOutingOnServer(page))?.hunters, { timeout: 10_000 }).toBe(2);
    const synced = await openOutingOnServer(page);
    expect([...(synced?.sightings ?? [])].sort(byLine)).toEqual(expected);
    // Once: one request, and nothing more a while later.
    await page.waitForTimeout(3_000);
    expect(patches).toHaveLength(1);
    expect([...((await openOutingOnServer(page))?.sightings ?? [])].sort(byLine)).toEqual(expected);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, PHONE, 'sightings-synced');

    // The species used last come first the next time.
    await outingControl(page).getByRole('button', { name: 'Add deer seen' }).tap();
    const offered = await choiceGroup(page, 'Species')
      .getByRole('radio')
      .evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value));
    expect(offered.slice(0, 2)).toEqual(['Red Deer', 'Roe Deer']);
    await screenshot(page, PHONE, 'sightings-add-line');
    await outingControl(page).getByRole('button', { name: 'Cancel' }).tap();

    // The dashboard's outing, folded until asked for.
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await outingControl(page).getByText('5 seen · 2 people out').tap();
    await outingControl(page).getByRole('group', { name: 'Roe Deer, Female, Adult' }).waitFor();
    expect(await smallerThan(page, 48)).toEqual([]);
    await screenshot(page, PHONE, 'sightings-dashboard');

    // A wider screen.
    await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
    await page.goto('/grounds');
    await outingControl(page).getByText('5 seen · 2 people out').waitFor();
    await screenshot(page, DESKTOP, 'sightings-grounds');

    // Ended, the outing's sightings are still there to change in the season's list.
    await page.setViewportSize({ width: PHONE.width, height: PHONE.height });
    await outingControl(page).getByRole('button', { name: 'End outing' }).tap();
    await outingControl(page).getByRole('button', { name: 'Start outing' }).waitFor();
    const past = page
      .getByRole('list', { name: /^Outings of the season/ })
      .getByRole('listitem')
      .first();
    await past.getByText('5 seen · 2 people out').tap();
    await past.getByRole('button', { name: 'One more: Roe Deer, Female, Adult', exact: true }).tap();
    await past.getByText('6 seen · 2 people out').waitFor();
    await expect
      .poll(async () =>
        page.evaluate(async (id) => {
          const answer = await fetch('/api/outings', { cache: 'no-store' });
          const body = (await answer.json()) as { items: OutingRead[] };
          return body.items
            .find((item) => item.id === id)
            ?.sightings?.find((line) => line.species === 'Roe Deer')?.count;
        }, outing!.id),
      )
      .toBe(4);
    await screenshot(page, PHONE, 'sightings-past-outing');
  }, 180_000);
});
