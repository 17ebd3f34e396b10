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

const DESKTOP = VIEWPORTS[1];
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
const CONTROLS = 'button, input, select, textarea, a.button';
/** A person's pace on a phone: a field, then a second. */
const PERSON_PACE_MS = 1_000;
/** Long enough with no signal for the outbox to have tried, and failed, more than once. */
const OFFLINE_FOR_MS = 40_000;
/** The season that holds today, as the plans name it (1 April start). */
const SEASON = (() => {
  const [year, month] = TODAY.split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
})();

/** The JSON a signed-in page reads at `url`. */
async function apiJson(page: Page, url: string) {
  return page.evaluate(async (path) => (await fetch(path)).json(), url);
}

async function expectAccessible(page: Page) {
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
}

describe('a syndicate run in Cull Log: a manager at a desk, a stalker on a phone', () => {
  let browser: Browser;
  let desk: { context: BrowserContext; page: Page };
  let phone: { context: BrowserContext; page: Page };
  const stamp = Date.now();

  beforeAll(async () => {
    browser = await launchChromium();
    const context = await browser.newContext({
      baseURL: BASE_URL,
      viewport: { width: DESKTOP.width, height: DESKTOP.height },
      locale: 'en-GB',
      // The accessibility check injects its script.
      bypassCSP: true,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.addInitScript(() => localStorage.setItem('cookie-consent', 'declined'));
    desk = { context, page };
    phone = await openPhone(browser, { bypassCSP: true });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('starts a team, gives it a ground and invites a stalker, who joins from the link and records on its ground', async () => {
    const manager = desk.page;
    await signInForDevelopment(manager, 'Mary Manager', `manager-${stamp}@example.com`);
    await manager
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Teams', exact: true })
      .click();
    await manager.getByRole('heading', { name: 'Teams', level: 1 }).waitFor();
    await manager.getByText('You are in no team yet.', { exact: false }).waitFor();
    await manager.getByLabel('Name').fill('Glen Syndicate');
    await choose(manager, 'Kind', 'Syndicate');
    await manager.getByRole('button', { name: 'Start team' }).click();
    await manager.getByRole('heading', { name: 'Glen Syndicate', level: 1 }).waitFor();
    const teamPath = new URL(manager.url()).pathname;
    const teamId = teamPath.split('/').pop()!;

    await manager.getByLabel('New ground’s name').fill('North Beat');
    await manager.getByRole('button', { name: 'Add ground' }).click();
    await manager.getByRole('list', { name: "The team's grounds" }).getByText('North Beat').waitFor();

    await choose(manager, 'Role offered', 'Stalker');
    await manager.getByRole('button', { name: 'Make an invitation link' }).click();
    const link = await manager.locator('.team-invite-made__url').textContent();
    expect(link).toMatch(/\/invites\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    await manager.getByRole('list', { name: 'Open invitations' }).getByText('Stalker, used 0 of 1').waitFor();
    await screenshot(manager, DESKTOP, 'team-manager');
    await expectAccessible(manager);

    // The stalker opens the link on a phone, signed out: asked to sign in, then brought back to it.
    const stalker = phone.page;
    await stalker.goto(new URL(link!).pathname);
    await stalker.getByRole('heading', { name: 'Sign in to Cull Log' }).waitFor();
    await field(stalker, 'name').fill('Sam Stalker');
    await field(stalker, 'email').fill(`stalker-${stamp}@example.com`);
    await stalker.getByRole('button', { name: 'Sign in for development' }).click();
    await stalker.getByRole('heading', { name: 'Invitation to a team' }).waitFor();
    await stalker.getByText('You are invited as stalker').waitFor();
    await screenshot(stalker, PHONE, 'team-invitation');
    await expectAccessible(stalker);
    expect(await smallTouchTargets(stalker, CONTROLS)).toEqual([]);
    await stalker.getByRole('button', { name: 'Join Glen Syndicate' }).click();
    await stalker.getByRole('heading', { name: 'Glen Syndicate', level: 1 }).waitFor();
    await stalker.getByText('You are its stalker').waitFor();
    await stalker.getByText('Mary Manager').waitFor();
    await screenshot(stalker, PHONE, 'team-stalker');
    await expectAccessible(stalker);

    // The link was for one person: opened again by someone else, it says so.
    const other = await openPhone(browser);
    await signInForDevelopment(other.page, 'Olly Other', `other-${stamp}@example.com`);
    await other.page.goto(new URL(link!).pathname);
    await other.page
      .getByRole('alert')
      .getByText('used as many times as it allows', { exact: false })
      .waitFor();
    await other.context.close();

    // The stalker records a cull on the team's ground.
    await stalker.goto('/add-cull');
    await stalker.getByRole('heading', { name: 'Add New Cull Record' }).waitFor();
    await choose(stalker, 'Ground', 'North Beat (Glen Syndicate)');
    await field(stalker, 'date').fill(TODAY);
    await field(stalker, 'time').fill(ukTimeAgo(20));
    await field(stalker, 'location_name').fill('High seat 2');
    await choose(stalker, 'Species', 'Roe Deer');
    await choose(stalker, 'Sex', 'Female');
    await choose(stalker, 'Age estimate', 'Adult');
    await choose(stalker, 'Condition', 'Good');
    await choose(stalker, 'Shot placement', 'Heart/Lung');
    await stalker.getByRole('button', { name: 'Save Record' }).click();
    await stalker.getByRole('heading', { name: 'Cull Data' }).waitFor();
    await stalker.getByText('North Beat', { exact: false }).first().waitFor();

    // The manager sees the stalker among the members.
    await manager.reload();
    await manager.getByRole('heading', { name: 'Glen Syndicate', level: 1 }).waitFor();
    await manager.getByText('Sam Stalker', { exact: true }).waitFor();
    expect(await manager.getByRole('combobox', { name: 'Role of Sam Stalker' }).inputValue()).toBe('stalker');
    const culls = manager.getByRole('list', { name: "The team's culls" });
    await culls.getByText('Roe Deer, female, adult').waitFor();
    await culls.getByText('North Beat · culled by Sam Stalker', { exact: false }).waitFor();
    await screenshot(manager, DESKTOP, 'team-manager-culls');

    // The manager turns every screen to the team, sets its plan for North Beat and gives Sam a share of it.
    await choose(manager, 'Whose records to show', 'Glen Syndicate');
    await manager.goto('/plans');
    await manager.getByText('Glen Syndicate: the team’s plan', { exact: false }).waitFor();
    await choose(manager, 'Plan for', 'North Beat');
    await manager.locator('[name="target_Roe_Deer_Female"]').fill('3');
    await choose(manager, 'Member', 'Sam Stalker');
    await choose(manager, 'Species and sex', 'Roe Deer female');
    await manager.getByRole('group', { name: 'Add a share' }).getByLabel('Share').fill('2');
    await manager.getByRole('button', { name: 'Add share' }).click();
    await manager
      .getByRole('list', { name: 'Shares on North Beat' })
      .getByText('Sam Stalker: 2 Roe Deer female')
      .waitFor();
    await manager.getByRole('button', { name: 'Save plan' }).click();
    await expect
      .poll(() => apiJson(manager, `/api/plans/${SEASON}?team=${teamId}`))
      .toMatchObject({ allocations: [{ species: 'Roe Deer', class: 'Female', target: 2 }] });
    await screenshot(manager, DESKTOP, 'team-plan-shares');
    await expectAccessible(manager);

    // On the hill with no signal, the stalker records a second doe on the team's ground, a field at a time; it waits on
    // the phone past the outbox's retries and is sent once the signal is back.
    await stalker.goto('/add-cull');
    await stalker.getByRole('heading', { name: 'Add New Cull Record' }).waitFor();
    await stalker.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await phone.context.setOffline(true);
    const offlineSince = Date.now();
    for (const [label, option] of [
      ['Ground', 'North Beat (Glen Syndicate)'],
      ['Species', 'Roe Deer'],
      ['Sex', 'Female'],
      ['Age estimate', 'Adult'],
      ['Condition', 'Good'],
      ['Shot placement', 'Head/Neck'],
    ] as const) {
      await choose(stalker, label, option);
      await stalker.waitForTimeout(PERSON_PACE_MS);
    }
    await field(stalker, 'date').fill(TODAY);
    await stalker.waitForTimeout(PERSON_PACE_MS);
    await field(stalker, 'time').fill(ukTimeAgo(10));
    await stalker.waitForTimeout(PERSON_PACE_MS);
    // Over the ground's name, which the form gave the place.
    await field(stalker, 'location_name').fill('');
    await field(stalker, 'location_name').pressSequentially('Burn side', { delay: 80 });
    await stalker.waitForTimeout(PERSON_PACE_MS);
    await field(stalker, 'latitude').fill('57.0412');
    await stalker.waitForTimeout(PERSON_PACE_MS);
    await field(stalker, 'longitude').fill('-3.2297');
    await stalker.waitForTimeout(PERSON_PACE_MS);
    await stalker.getByRole('button', { name: 'Save Record' }).click();
    await stalker
      .getByText(/Burn side saved on this device; it will be sent when there is a signal/)
      .waitFor();
    await stalker.waitForTimeout(Math.max(0, OFFLINE_FOR_MS - (Date.now() - offlineSince)));
    expect(await stalker.getByText('1 change is waiting to sync.', { exact: false }).count()).toBeGreaterThan(
      0,
    );
    await screenshot(stalker, PHONE, 'team-stalker-offline');
    await phone.context.setOffline(false);
    await stalker.getByText('1 change is waiting to sync.', { exact: false }).waitFor({
      state: 'detached',
      timeout: 60_000,
    });

    // The manager sees it on the team's dashboard (Sam's share met), map, larder book and CSV.
    await manager.goto('/dashboard');
    await manager
      .getByText('Sam Stalker 2 of 2 Roe Deer female; team 2 of 3', { exact: false })
      .waitFor({ timeout: 30_000 });
    await screenshot(manager, DESKTOP, 'team-dashboard');
    await expectAccessible(manager);
    await expect
      .poll(async () => (await apiJson(manager, `/api/culls/map-points?team=${teamId}`)).points)
      .toHaveLength(1);
    await manager.goto('/map');
    await manager.locator('.leaflet-container').waitFor();
    await screenshot(manager, DESKTOP, 'team-map');
    await manager.goto('/larder');
    const larder = manager.getByRole('table');
    await larder.getByRole('columnheader', { name: 'Culled by' }).waitFor();
    await larder.getByRole('cell', { name: 'Sam Stalker' }).first().waitFor();
    // Each of Sam's two carcasses names him as the one who culled it (and, trained, examined it).
    expect(await larder.getByRole('row').filter({ hasText: 'Sam Stalker' }).count()).toBe(2);
    await screenshot(manager, DESKTOP, 'team-larder');
    await expectAccessible(manager);
    const csv = await manager.evaluate(
      async (url) => (await fetch(url)).text(),
      `/api/exports/culls.csv?team=${teamId}`,
    );
    const [header, ...lines] = csv.trim().split(/\r?\n/);
    // Who culled each record, then its id, outing and warnings.
    expect(header).toMatch(/"Culled by","Record ID","Outing","Warnings"$/);
    expect(lines.filter((line) => /"Sam Stalker","[0-9a-f-]{36}","[^"]*","[^"]*"$/.test(line))).toHaveLength(
      2,
    );

    // Removed, the stalker's next read of the team answers that there is no such team for them.
    await manager.goto(teamPath);
    await manager.getByRole('heading', { name: 'Glen Syndicate', level: 1 }).waitFor();
    await manager.getByRole('button', { name: 'Remove Sam Stalker' }).click();
    await manager.getByText('Sam Stalker', { exact: true }).waitFor({ state: 'detached' });
    await stalker.goto(teamPath);
    await stalker.getByRole('alert').getByText('Team not found').waitFor();
    expect(
      await stalker.evaluate(async (url) => (await fetch(url)).status, `/api/stats?team=${teamId}`),
    ).toBe(404);
  }, 240_000);
});
