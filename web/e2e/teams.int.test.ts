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
} from './browser';

if (!BASE_URL) throw new Error('E2E_BASE_URL is not set: the global setup should have started the app');

const DESKTOP = VIEWPORTS[1];
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
const CONTROLS = 'button, input, select, textarea, a.button';

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
    await field(stalker, 'time').fill('07:15');
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

    // Removed, the stalker's next read of the team answers that there is no such team for them.
    await manager.getByRole('button', { name: 'Remove Sam Stalker' }).click();
    await manager.getByText('Sam Stalker', { exact: true }).waitFor({ state: 'detached' });
    await stalker.goto(teamPath);
    await stalker.getByRole('alert').getByText('Team not found').waitFor();
  });
});
