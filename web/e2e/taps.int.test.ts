import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BASE_URL,
  choiceGroup,
  choiceName,
  choiceList,
  field,
  launchChromium,
  openPhone,
  PHONE,
  screenshot,
  signInForDevelopment,
} from './browser';

if (!BASE_URL) throw new Error('E2E_BASE_URL is not set: the global setup should have started the app');

/** A person's pace on the hill: a second between one tap and the next. */
const PERSON_PACE_MS = 1_000;
/** Where the phone is: inside the ground below, near its middle. */
const HERE = { latitude: 52.501, longitude: -1.501, accuracy: 9 };
const GROUND = 'Hollow Wood';

/**
 * A stalker's thumb on the phone: every tap and keystroke counted, a second's pause after each, as a person goes.
 * A native choice list is two taps (open it, pick), as on a phone.
 */
class Thumb {
  taps = 0;
  keys = 0;

  constructor(private readonly page: Page) {}

  async tap(target: Locator): Promise<void> {
    await target.tap();
    this.taps += 1;
    await this.page.waitForTimeout(PERSON_PACE_MS);
  }

  async choose(label: string, option: string): Promise<void> {
    const group = choiceGroup(this.page, label);
    if ((await group.count()) > 0) return this.tap(group.getByRole('radio', { name: choiceName(option) }));
    await choiceList(this.page, label).selectOption({ label: option });
    this.taps += 2;
    await this.page.waitForTimeout(PERSON_PACE_MS);
  }

  async type(name: string, words: string): Promise<void> {
    await this.tap(field(this.page, name));
    await this.page.keyboard.type(words, { delay: 120 });
    this.keys += words.length;
    await this.page.waitForTimeout(PERSON_PACE_MS);
  }

  /** Starts counting afresh for the next record. */
  reset(): void {
    this.taps = 0;
    this.keys = 0;
  }
}

/** The user's records as the server holds them, newest first. */
async function savedRecords(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(async () => {
    const answer = await fetch('/api/culls?page_size=100');
    return ((await answer.json()) as { items: Record<string, unknown>[] }).items;
  });
}

describe('a cull recorded on a phone in an outing, counted in taps', () => {
  let browser: Browser;
  let page: Page;
  let thumb: Thumb;
  let groundId: string;

  beforeAll(async () => {
    browser = await launchChromium();
    ({ page } = await openPhone(browser, { geolocation: HERE, permissions: ['geolocation'] }));
    thumb = new Thumb(page);
    await signInForDevelopment(page, 'Tapping Stalker', `taps-${Date.now()}@example.com`);
    // The stalker's ground, drawn at the desk beforehand, and an outing on it started as they set off.
    groundId = await page.evaluate(async (name) => {
      const answer = await fetch('/api/grounds', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name,
          boundary: {
            type: 'Polygon',
            coordinates: [
              [
                [-1.51, 52.49],
                [-1.49, 52.49],
                [-1.49, 52.51],
                [-1.51, 52.51],
                [-1.51, 52.49],
              ],
            ],
          },
        }),
      });
      return ((await answer.json()) as { id: string }).id;
    }, GROUND);
    await page.goto('/dashboard');
    const outing = page.getByRole('group', { name: 'Outing' });
    await outing.getByRole('button', { name: 'Start outing' }).click();
    await outing.getByRole('button', { name: 'Start', exact: true }).click();
    await outing.getByText(`Outing at ${GROUND} since`).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('takes at most 8 taps and no typing for a minimal record: the time, place, ground and outing filled in', async () => {
    thumb.reset();
    const opened = Date.now();
    await thumb.tap(page.getByRole('main').getByRole('link', { name: '+ Add Cull' }).first());
    await page.getByRole('heading', { name: 'Add New Cull Record' }).waitFor();
    await thumb.choose('Species', 'Roe Deer');
    await thumb.choose('Sex', 'Female');
    await thumb.choose('Age estimate', 'Adult');
    await thumb.choose('Condition', 'Good');
    await thumb.choose('Shot placement', 'Heart/Lung');
    // Filled in by the form: where the phone is, named after the outing's ground.
    expect(await field(page, 'location_name').inputValue()).toBe(GROUND);
    expect(Number(await field(page, 'latitude').inputValue())).toBeCloseTo(HERE.latitude, 5);
    await screenshot(page, PHONE, 'taps-minimal-form');
    await thumb.tap(page.getByRole('button', { name: 'Save Record' }));
    await page.getByRole('heading', { name: 'Cull Data' }).waitFor();

    expect(thumb.keys).toBe(0);
    expect(thumb.taps).toBeLessThanOrEqual(8);
    console.info(`Minimal record: ${thumb.taps} taps, ${thumb.keys} keystrokes`);
    const [saved] = await savedRecords(page);
    expect(saved).toMatchObject({
      location_name: GROUND,
      ground_id: groundId,
      species: 'Roe Deer',
      sex: 'Female',
      outing_id: expect.any(String),
    });
    // The time is when the form opened, not a fixed 06:00 (on the UK's clock, the minute it opened or the next).
    const ukTime = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    expect([ukTime.format(opened), ukTime.format(opened + 60_000)]).toContain(saved!.time);
  });

  it('takes at most 14 taps and the tag for a full record, the rifle and destination remembered', async () => {
    // The first full record: the rifle and destination given once.
    thumb.reset();
    await thumb.tap(page.getByRole('main').getByRole('link', { name: '+ Add Cull' }).first());
    await thumb.tap(page.getByRole('button', { name: /^Same as last: Roe Deer, female/ }));
    await thumb.choose('Age estimate', 'Adult');
    await thumb.choose('Condition', 'Good');
    await thumb.choose('Shot placement', 'Heart/Lung');
    await thumb.tap(page.locator('summary', { hasText: 'Rifle and shot' }));
    await thumb.choose('Calibre', '.243 Win');
    await thumb.type('bullet_weight_gr', '100');
    await thumb.choose('Bullet type', 'Soft point');
    await thumb.tap(page.locator('summary', { hasText: 'Carcass and inspection' }));
    await thumb.type('carcass_tag', 'HW-001');
    await thumb.choose('Carcass destination', 'Game dealer');
    await thumb.type('game_dealer', 'Vale Game');
    await thumb.tap(page.getByRole('button', { name: 'Save Record' }));
    await page.getByRole('heading', { name: 'Cull Data' }).waitFor();
    console.info(`Full record, first time: ${thumb.taps} taps, ${thumb.keys} keystrokes`);

    // The next one: the rifle and destination are there already; only the tag is typed.
    thumb.reset();
    await thumb.tap(page.getByRole('main').getByRole('link', { name: '+ Add Cull' }).first());
    await thumb.tap(page.getByRole('button', { name: /^Same as last: Roe Deer, female/ }));
    await thumb.choose('Age estimate', 'Young');
    await thumb.choose('Condition', 'Fair');
    await thumb.choose('Shot placement', 'Head/Neck');
    await thumb.type('carcass_tag', 'HW-002');
    await screenshot(page, PHONE, 'taps-full-form');
    await thumb.tap(page.getByRole('button', { name: 'Save Record' }));
    await page.getByRole('heading', { name: 'Cull Data' }).waitFor();

    console.info(`Full record, rifle remembered: ${thumb.taps} taps, ${thumb.keys} keystrokes`);
    expect(thumb.taps).toBeLessThanOrEqual(14);
    expect(thumb.keys).toBe('HW-002'.length);
    const [saved] = await savedRecords(page);
    expect(saved).toMatchObject({
      carcass_tag: 'HW-002',
      calibre: { name: '.243 Win' },
      bullet_weight_gr: 100,
      bullet_type: 'Soft point',
      carcass_destination: 'Game dealer',
      game_dealer: 'Vale Game',
      ground_id: groundId,
      location_name: GROUND,
    });
  });
});
