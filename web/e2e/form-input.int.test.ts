import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABNORMALITIES, type CullView } from '@cull-log/contracts';
import {
  BASE_URL,
  choiceGroup,
  choiceList,
  choiceName,
  launchChromium,
  openPhone,
  VIEWPORTS,
  type Viewport,
} from './browser';

if (!BASE_URL) throw new Error('E2E_BASE_URL is not set: the global setup should have started the app');

// A stalker fills the form as a person does: a tap, the words at typing speed, then a pause before the next field.
const PERSON_PACE_MS = 1_000;
const KEYSTROKE_MS = 60;
const FILL_TIMEOUT_MS = 180_000;

type Section = 'Rifle and shot' | 'Carcass and inspection' | 'Weather';

/** Every optional value the form takes, as typed or chosen, and where each lands in the saved record. */
const TYPED = {
  location_name: 'Longdale Wood',
  grid_ref: 'SK 1234 5678',
  weight: '38.5',
  condition_notes: 'Fat on the kidneys',
  antler_points: '6',
  antler_condition: 'Good',
  shot_distance: '120 metres',
  notes: 'Stood broadside by the feeder',
  calibre: '.243 Win',
  bullet_weight_gr: '100',
  bullet_type: 'Soft point',
  muzzle_velocity_fps: '2960',
  shooter: 'Sam Keeper',
  carcass_tag: 'AF-0042',
  carcass_destination: 'Game dealer',
  game_dealer: 'Peak Venison',
  examined_by: 'J. Hunter',
  certificate_number: 'TH-5521',
  temperature_c: '4.5',
  wind_speed_mph: '12',
  wind_direction: 'SW',
  cloud: 'Overcast',
  precipitation: 'Drizzle',
} as const;

/** What the saved record must hold, field by field, read back from the server. */
function expectEveryValue(record: CullView): void {
  expect(record).toMatchObject({
    location_name: TYPED.location_name,
    grid_ref: TYPED.grid_ref,
    species: 'Roe Deer',
    sex: 'Male',
    age_estimate: 'Adult',
    weight: 38.5,
    condition: 'Good',
    condition_notes: TYPED.condition_notes,
    antlers_present: true,
    antler_points: 6,
    antler_condition: TYPED.antler_condition,
    shot_placement: 'Heart/Lung',
    shot_distance: TYPED.shot_distance,
    notes: TYPED.notes,
    calibre: { name: TYPED.calibre },
    bullet_weight_gr: 100,
    bullet_type: TYPED.bullet_type,
    muzzle_velocity_fps: 2960,
    shooter: TYPED.shooter,
    carcass_tag: TYPED.carcass_tag,
    carcass_destination: TYPED.carcass_destination,
    game_dealer: TYPED.game_dealer,
    inspection: {
      examined_by: TYPED.examined_by,
      certificate_number: TYPED.certificate_number,
      abnormal_behaviour: true,
      abnormalities: ['abscesses'],
      contamination_suspected: false,
    },
    weather: {
      temperature_c: 4.5,
      wind_speed_mph: 12,
      wind_direction: TYPED.wind_direction,
      cloud: TYPED.cloud,
      precipitation: TYPED.precipitation,
    },
  });
}

/** A person's hands on one device: taps on a phone, clicks on a desktop, a pause after each field. */
class Person {
  constructor(
    readonly page: Page,
    private readonly touch: boolean,
  ) {}

  async press(target: Locator): Promise<void> {
    if (this.touch) await target.tap();
    else await target.click();
  }

  async pause(): Promise<void> {
    await this.page.waitForTimeout(PERSON_PACE_MS);
  }

  field(name: string): Locator {
    return this.page.locator(`[name="${name}"]`).first();
  }

  /** Taps into the field, clears what is there, types the words key by key. */
  async type(name: string, words: string): Promise<void> {
    const field = this.field(name);
    await this.press(field);
    await field.press('ControlOrMeta+a');
    await field.press('Backspace');
    await this.page.keyboard.type(words, { delay: KEYSTROKE_MS });
    await this.pause();
  }

  async choose(label: string, option: string): Promise<void> {
    const group = choiceGroup(this.page, label);
    if ((await group.count()) > 0) await this.press(group.getByRole('radio', { name: choiceName(option) }));
    else await choiceList(this.page, label).selectOption({ label: option });
    await this.pause();
  }

  async tick(label: string): Promise<void> {
    await this.press(this.page.getByText(label, { exact: true }));
    await this.pause();
  }

  private summary(title: Section): Locator {
    return this.page.locator('summary', { hasText: title });
  }

  async isOpen(title: Section): Promise<boolean> {
    return this.summary(title).evaluate((summary) => summary.parentElement?.hasAttribute('open') ?? false);
  }

  /** Opens or closes an optional section by its heading, as a person does, if it is not so already. */
  async setSection(title: Section, open: boolean): Promise<void> {
    if ((await this.isOpen(title)) === open) return;
    await this.summary(title).scrollIntoViewIfNeeded();
    await this.press(this.summary(title));
    await this.page.waitForFunction(
      ([heading, wanted]) =>
        [...document.querySelectorAll('summary')]
          .find((summary) => summary.textContent === heading)
          ?.parentElement?.hasAttribute('open') === wanted,
      [title, open] as const,
    );
    await this.pause();
  }
}

/** The whole form, every optional field included, in the order a person works down it, sections closed after use. */
async function fillEverything(person: Person): Promise<void> {
  await person.type('location_name', TYPED.location_name);
  await person.type('grid_ref', TYPED.grid_ref);
  await person.choose('Species', 'Roe Deer');
  await person.choose('Sex', 'Male');
  await person.choose('Age estimate', 'Adult');
  await person.type('weight', TYPED.weight);
  await person.choose('Condition', 'Good');
  await person.type('condition_notes', TYPED.condition_notes);
  await person.tick('Antlers present');
  await person.type('antler_points', TYPED.antler_points);
  await person.choose('Antler condition', TYPED.antler_condition);
  await person.choose('Shot placement', 'Heart/Lung');
  await person.type('shot_distance', TYPED.shot_distance);
  await person.type('notes', TYPED.notes);

  await person.setSection('Rifle and shot', true);
  await person.choose('Calibre', TYPED.calibre);
  await person.type('bullet_weight_gr', TYPED.bullet_weight_gr);
  await person.choose('Bullet type', TYPED.bullet_type);
  await person.type('muzzle_velocity_fps', TYPED.muzzle_velocity_fps);
  await person.type('shooter', TYPED.shooter);
  await person.setSection('Rifle and shot', false);

  await person.setSection('Carcass and inspection', true);
  await person.type('carcass_tag', TYPED.carcass_tag);
  await person.choose('Carcass destination', TYPED.carcass_destination);
  await person.type('game_dealer', TYPED.game_dealer);
  await person.type('examined_by', TYPED.examined_by);
  await person.type('certificate_number', TYPED.certificate_number);
  await person.tick('Abnormal behaviour seen before the shot');
  await person.tick(ABNORMALITIES.abscesses);
  await person.setSection('Carcass and inspection', false);

  await person.setSection('Weather', true);
  await person.type('temperature_c', TYPED.temperature_c);
  await person.type('wind_speed_mph', TYPED.wind_speed_mph);
  await person.choose('Wind direction', TYPED.wind_direction);
  await person.choose('Cloud', TYPED.cloud);
  await person.choose('Precipitation', TYPED.precipitation);
  await person.setSection('Weather', false);

  // A look back at the carcass before saving, as the reporter did: the tag must still be there.
  await person.setSection('Carcass and inspection', true);
  expect(await person.field('carcass_tag').inputValue()).toBe(TYPED.carcass_tag);
  await person.setSection('Carcass and inspection', false);
}

/** Saves the form and answers the record as the server now holds it. */
async function saveAndReadBack(person: Person): Promise<CullView> {
  const { page } = person;
  const posted = page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/culls',
  );
  await person.press(page.getByRole('button', { name: 'Save Record' }));
  const { id } = (await posted).postDataJSON() as { id: string };
  await page.getByRole('heading', { name: 'Cull Data' }).waitFor();
  const record = await page.evaluate(async (recordId) => {
    const response = await fetch(`/api/culls/${recordId}`, { headers: { accept: 'application/json' } });
    return (await response.json()) as unknown;
  }, id);
  await page.goto(`/view-cull/${id}`);
  await page.getByText(TYPED.carcass_tag).first().waitFor();
  return record as CullView;
}

async function signIn(page: Page, who: string): Promise<void> {
  await page.goto('/login');
  await page.locator('[name="name"]').fill(who);
  await page.locator('[name="email"]').fill(`form-input-${who.replace(/\W/g, '')}-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Sign in for development' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/form-${name}.png`, fullPage: true });

describe('the add form on a 390 × 844 touch phone, filled at a person’s pace', () => {
  let browser: Browser;
  let page: Page;
  let person: Person;

  beforeAll(async () => {
    browser = await launchChromium();
    ({ page } = await openPhone(browser, {}, 20_000));
    person = new Person(page, true);
    await signIn(page, 'Phone Stalker');
  });

  afterAll(async () => {
    await browser?.close();
  });

  it(
    'saves every optional field typed, the carcass tag and shot distance among them, and reads each back',
    async () => {
      await page.goto('/add-cull');
      await page.getByRole('heading', { name: 'Add New Cull Record' }).waitFor();
      await fillEverything(person);
      await shot(page, 'phone-filled');
      expectEveryValue(await saveAndReadBack(person));
      await shot(page, 'phone-read-back');
    },
    FILL_TIMEOUT_MS,
  );

  it(
    'offers to carry on with a half-typed record after a reload, and fills the form from it',
    async () => {
      await page.goto('/add-cull');
      await page.getByRole('heading', { name: 'Add New Cull Record' }).waitFor();
      await person.type('location_name', 'Reload Copse');
      await person.type('shot_distance', '85 yards');
      await person.setSection('Carcass and inspection', true);
      await person.type('carcass_tag', 'RL-0007');

      await page.reload();
      await page.getByRole('heading', { name: 'Add New Cull Record' }).waitFor();
      const offer = page.locator('.draft-offer');
      await offer
        .getByText(/^You have an unsaved record from \d{2}\/\d{2}\/\d{4} at \d{2}:\d{2}\.$/)
        .waitFor();
      expect(await person.field('location_name').inputValue()).toBe('');
      await shot(page, 'phone-carry-on-offer');

      await person.press(offer.getByRole('button', { name: 'Carry on' }));
      await offer.waitFor({ state: 'detached' });
      expect(await person.field('location_name').inputValue()).toBe('Reload Copse');
      expect(await person.field('shot_distance').inputValue()).toBe('85 yards');
      // The section holding the tag opens by itself, as it does for any record with a carcass value.
      expect(await person.field('carcass_tag').inputValue()).toBe('RL-0007');
      await shot(page, 'phone-carried-on');
    },
    FILL_TIMEOUT_MS,
  );

  it(
    'asks before Back leaves a changed form: Keep editing stays, Discard leaves',
    async () => {
      await page.goto('/data');
      await page.getByRole('heading', { name: 'Cull Data' }).waitFor();
      await person.press(page.locator('#main').getByRole('link', { name: '+ Add Cull' }));
      await page.getByRole('heading', { name: 'Add New Cull Record' }).waitFor();
      // The record left after the reload above is still offered; this one starts afresh.
      await person.press(page.locator('.draft-offer').getByRole('button', { name: 'Discard' }));
      await person.type('location_name', 'Back Lane');

      await page.evaluate(() => history.back());
      const dialog = page.getByRole('alertdialog', { name: 'Discard this record?' });
      await dialog.waitFor();
      await shot(page, 'phone-back-asks');
      await person.press(dialog.getByRole('button', { name: 'Keep editing' }));
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/add-cull');
      expect(await person.field('location_name').inputValue()).toBe('Back Lane');

      await page.evaluate(() => history.back());
      await dialog.waitFor();
      await person.press(dialog.getByRole('button', { name: 'Discard' }));
      await page.getByRole('heading', { name: 'Cull Data' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/data');
    },
    FILL_TIMEOUT_MS,
  );
});

describe('the add form on a 1280 × 800 desktop window', () => {
  let browser: Browser;
  let context: BrowserContext;
  let person: Person;
  const desktop: Viewport = VIEWPORTS[1];

  beforeAll(async () => {
    browser = await launchChromium();
    context = await browser.newContext({
      baseURL: BASE_URL,
      viewport: { width: desktop.width, height: desktop.height },
      locale: 'en-GB',
    });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.route('https://*.tile.openstreetmap.org/**', (route) => route.abort());
    await page.addInitScript(() => localStorage.setItem('cookie-consent', 'declined'));
    person = new Person(page, false);
    await signIn(page, 'Desk Stalker');
  });

  afterAll(async () => {
    await browser?.close();
  });

  it(
    'saves every optional field typed, sections opened and closed, and reads each back',
    async () => {
      const { page } = person;
      await page.goto('/add-cull');
      await page.getByRole('heading', { name: 'Add New Cull Record' }).waitFor();
      await fillEverything(person);
      await shot(page, 'desktop-filled');
      expectEveryValue(await saveAndReadBack(person));
      await shot(page, 'desktop-read-back');
    },
    FILL_TIMEOUT_MS,
  );
});
