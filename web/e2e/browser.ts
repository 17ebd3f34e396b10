import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';

const require = createRequire(import.meta.url);

export const BASE_URL = process.env.E2E_BASE_URL?.replace(/\/$/, '');

export const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
export type Viewport = (typeof VIEWPORTS)[number];

/** The phone the field suites hold: 390 × 844. */
export const PHONE = VIEWPORTS[0];

const SCREENSHOTS = fileURLToPath(new URL('../test-results/', import.meta.url));

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The date and time inputs follow the browser's language, as they would for a user in England.
  '--lang=en-GB',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

/** Chromium with a profile kept in `folder`, as an installed app has; its one context is the browser's own. */
export function launchChromiumProfile(
  folder: string,
  options: BrowserContextOptions,
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(folder, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    ...options,
  });
}

export async function screenshot(page: Page, viewport: Viewport, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}${viewport.name}-${name}.png`, fullPage: true });
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core in the page; answers the serious and critical violations, described for a failure message. */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: unknown[] }> } })
      .axe;
    return (await axe.run(document)).violations;
  });
  return (violations as AxeViolation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes
          .map((node) => node.target.join(' '))
          .join(', ')})`,
    );
}

/**
 * Picks an option of one of the app's choice lists or groups of choices, by its label (with or without its required
 * mark): the list's pick, or a tap on the choice.
 */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  const group = choiceGroup(page, label);
  if ((await group.count()) > 0) {
    await group.getByRole('radio', { name: choiceName(option) }).check();
    return;
  }
  await choiceList(page, label).selectOption({ label: option });
}

/** A choice's name: its words, and any stalkers' word the form gives beside them ("Female (doe)"). */
export function choiceName(option: string): RegExp {
  return new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}( \\(.+\\))?$`);
}

/** One of the app's groups of choices (radio buttons), by its label (with or without its required mark). */
export function choiceGroup(page: Page, label: string) {
  return page
    .locator('fieldset.choice-group')
    .filter({ has: page.locator('legend', { hasText: new RegExp(`^${label}( \\*)?$`) }) });
}

/** One of the app's choice lists, by its label (with or without its required mark). */
export function choiceList(page: Page, label: string) {
  return page
    .locator('.select')
    .filter({ has: page.locator('label', { hasText: new RegExp(`^${label}( \\*)?$`) }) })
    .locator('select');
}

/**
 * Every control in view that matches `controls` and is smaller than a fingertip (44 × 44 px), by its name and size.
 */
export function smallTouchTargets(page: Page, controls: string) {
  return page.evaluate((selector) => {
    return Array.from(document.querySelectorAll<HTMLElement>(selector))
      .filter((element) => element.offsetParent !== null)
      .map((element) => {
        const box = element.getBoundingClientRect();
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30);
        return { name, width: Math.round(box.width), height: Math.round(box.height) };
      })
      .filter((box) => box.width < 44 || box.height < 44);
  }, controls);
}

/** A form field by its name. */
export const field = (page: Page, name: string) => page.locator(`[name="${name}"]`).first();

/**
 * A page in a new context on the phone (390 × 844, touch, en-GB) at the app, with map tiles (from the internet,
 * which the tests do without) refused and the cookie banner already answered. `options` add to the context's.
 */
export async function openPhone(
  browser: Browser,
  options: BrowserContextOptions = {},
  timeout = 15_000,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    viewport: { width: PHONE.width, height: PHONE.height },
    locale: 'en-GB',
    hasTouch: true,
    isMobile: true,
    ...options,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(timeout);
  await page.route('https://*.tile.openstreetmap.org/**', (route) => route.abort());
  await page.addInitScript(() => localStorage.setItem('cookie-consent', 'declined'));
  return { context, page };
}

/** Signs in with the development sign-in and waits for the dashboard. */
export async function signInForDevelopment(page: Page, name: string, email: string): Promise<void> {
  await page.goto('/login');
  await field(page, 'name').fill(name);
  await field(page, 'email').fill(email);
  await page.getByRole('button', { name: 'Sign in for development' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

/**
 * A time today on the UK's clock, `minutesAgo` minutes before now (not before 00:00): a cull the form takes whenever
 * the suite runs, as one later than now is refused.
 */
export function ukTimeAgo(minutesAgo: number): string {
  const [hours, minutes] = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date())
    .split(':')
    .map(Number) as [number, number];
  const since = Math.max(0, hours * 60 + minutes - minutesAgo);
  return `${String(Math.floor(since / 60)).padStart(2, '0')}:${String(since % 60).padStart(2, '0')}`;
}
