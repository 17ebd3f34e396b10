import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleRecordRequest } from '@cull-log/contracts/testing';
import { BASE_URL, launchChromium, openPhone, PHONE, screenshot, signInForDevelopment } from './browser';
import {
  addSightingLine as addLine,
  changesBanner as banner,
  outingControl,
  PERSON_PACE_MS,
  tapOnOuting as tap,
  TODAY,
  TODAY_ISO,
  WOOD_BOUNDARY as BOUNDARY,
} from './deer-steps';

if (!BASE_URL) throw new Error('E2E_BASE_URL is not set: the global setup should have started the app');

const DOWNLOADS = fileURLToPath(new URL('../test-results/', import.meta.url));

// The signal away for longer than the outbox waits before trying again.
const OFFLINE_FOR_MS = 30_000;

interface OutingRead {
  id: string;
  hunters: number;
  sightings: { species: string; sex: string; age_class: string; count: number }[] | null;
}

function outingsOnServer(page: Page): Promise<{ open: OutingRead | null; items: OutingRead[] }> {
  return page.evaluate(async () => (await fetch('/api/outings', { cache: 'no-store' })).json());
}

function pdfText(path: string): string {
  return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
}

describe('deer management on a phone: what is seen, counted and planned, into the season report', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let groundId: string;

  beforeAll(async () => {
    browser = await launchChromium();
    ({ context, page } = await openPhone(browser, {}, 20_000));
    await signInForDevelopment(page, 'Estate Stalker', `deer-management-${Date.now()}@example.com`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The ground's boundary is drawn already (drawing one with a finger is the grounds suite's).
    const created = await page.evaluate(async (boundary) => {
      const response = await fetch('/api/grounds', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Home Wood', boundary }),
      });
      return { status: response.status, body: (await response.json()) as { id: string } };
    }, BOUNDARY);
    expect(created.status).toBe(201);
    groundId = created.body.id;
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('counts deer seen offline, syncs, records a count, reads the density, accepts the suggested cull and finds it all in plan progress and the season report', async () => {
    // An outing, started with a signal.
    await page.goto('/grounds');
    await page.getByRole('heading', { level: 1, name: 'Grounds' }).waitFor();
    await outingControl(page).getByRole('button', { name: 'Start outing' }).tap();
    await outingControl(page).getByRole('button', { name: 'Start', exact: true }).tap();
    await outingControl(page)
      .getByText(/^Outing at Home Wood since \d\d:\d\d/)
      .waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.waitForTimeout(1_500);

    // In the wood, no signal: the deer seen are counted at a person's pace.
    await context.setOffline(true);
    const offlineSince = Date.now();
    await addLine(page, 'Roe Deer', 'Female', 'Adult');
    await tap(page, 'One more: Roe Deer, Female, Adult');
    await addLine(page, 'Roe Deer', 'Male', 'Adult');
    await tap(page, 'One more: People out');
    await outingControl(page).getByText('3 seen · 2 people out').waitFor();
    await outingControl(page).getByText('Waiting to sync').waitFor();
    const left = OFFLINE_FOR_MS - (Date.now() - offlineSince);
    if (left > 0) await page.waitForTimeout(left);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, PHONE, 'walk-sightings-offline');

    // Back in signal: sent by itself, once.
    await context.setOffline(false);
    await banner(page).waitFor({ state: 'detached', timeout: 60_000 });
    await expect.poll(async () => (await outingsOnServer(page)).open?.hunters, { timeout: 10_000 }).toBe(2);
    const open = (await outingsOnServer(page)).open;
    expect(open?.sightings?.reduce((sum, line) => sum + line.count, 0)).toBe(3);
    await outingControl(page).getByRole('button', { name: 'End outing' }).tap();
    await outingControl(page).getByRole('button', { name: 'Start outing' }).waitFor();

    // A vantage-point count on the ground, and its density.
    await page.getByRole('button', { name: 'Show counts and density on Home Wood' }).tap();
    await page.getByRole('button', { name: '+ Record a count' }).tap();
    const form = page.getByRole('form', { name: 'New count on Home Wood' });
    const count = async (line: string, times: number) => {
      for (let each = 0; each < times; each += 1) {
        await form.getByRole('button', { name: `One more: Roe Deer, ${line}` }).tap();
        await page.waitForTimeout(PERSON_PACE_MS / 4);
      }
    };
    await count('male adult', 4);
    await count('female adult', 6);
    await count('young, sex unknown', 2);
    await form.locator('[name="count_date"]').fill(TODAY_ISO);
    await form.getByRole('button', { name: 'Save count' }).tap();
    const density = page.getByRole('table', { name: 'Deer per km² on Home Wood' });
    const roe = density.getByRole('row', { name: /^Roe Deer/ });
    await roe.waitFor();
    const [deer, perKm2] = await roe.getByRole('cell').allTextContents();
    expect(deer).toBe('12');
    expect(Number(perKm2)).toBeGreaterThan(11);
    expect(Number(perKm2)).toBeLessThan(13);
    await roe.scrollIntoViewIfNeeded();
    await screenshot(page, PHONE, 'walk-density');

    // The suggested cull: a reduction to 6 a km² over two seasons, accepted into the season's plan.
    await page.goto('/plans');
    await page.getByRole('button', { name: 'Suggest a cull from the counts' }).tap();
    const suggestion = page.getByRole('region', { name: 'Suggested cull' });
    await suggestion.getByLabel('Roe Deer target density (deer per km²)').fill('6');
    await suggestion.getByLabel('Seasons to reach a lower target').fill('2');
    await suggestion.getByRole('button', { name: 'Work out the cull again' }).tap();
    const heading = suggestion.getByRole('heading', { name: /^Roe Deer: reduction cull of \d+$/ });
    await heading.waitFor();
    const cull = Number(/of (\d+)$/.exec((await heading.textContent()) ?? '')?.[1]);
    expect(cull).toBeGreaterThan(0);
    await heading.scrollIntoViewIfNeeded();
    await screenshot(page, PHONE, 'walk-suggestion');
    await suggestion.getByRole('button', { name: 'Accept into plan' }).tap();
    await suggestion.getByText(/^Accepted: the plan above now has these targets for Home Wood/).waitFor();
    const planned = await Promise.all(
      ['male', 'female', 'juvenile'].map(async (kind) =>
        Number(await page.getByLabel(`Roe Deer ${kind} target`).inputValue()),
      ),
    );
    expect(planned.reduce((sum, each) => sum + each, 0)).toBe(cull);
    // At least half of it female (the default), young counted with the females' share.
    expect(planned[1]! + planned[2]!).toBeGreaterThanOrEqual(cull / 2);

    // A doe culled on the ground today (the record form is the other suites'), so the plan has a beginning.
    const culled = await page.evaluate(
      async (body) =>
        (
          await fetch('/api/culls', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).status,
      sampleRecordRequest({
        date: TODAY_ISO,
        // Now's London clock, never ahead of the server's: noon is still to come on a morning's run.
        time: new Intl.DateTimeFormat('en-GB', {
          timeZone: 'Europe/London',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        }).format(new Date()),
        species: 'Roe Deer',
        sex: 'Female',
        ground_id: groundId,
      }),
    );
    expect(culled).toBe(201);

    // Plan progress on the dashboard.
    await page.goto('/dashboard');
    const progress = page.getByRole('list', { name: 'Plan progress: Home Wood' });
    await progress.waitFor();
    expect(await progress.getByRole('listitem').allTextContents()).toContain(
      `Roe Deer, female1 of ${planned[1]}: ${planned[1]! - 1} left`,
    );
    await progress.scrollIntoViewIfNeeded();
    await screenshot(page, PHONE, 'walk-plan-progress');

    // The season report, read back as text: the count, the density, the effort and the suggestion beside the plan.
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download season report (PDF)' }).tap(),
    ]);
    const path = `${DOWNLOADS}phone-walk-season-report.pdf`;
    await file.saveAs(path);
    expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(path);
    expect(text).toContain('Deer management: Home Wood');
    expect(text).toMatch(
      new RegExp(
        `${TODAY.replaceAll('/', '\\/')}\\s+Vantage-point count\\s+Roe Deer\\s+Female\\s+Adult\\s+6`,
      ),
    );
    expect(text).toMatch(
      new RegExp(`Roe Deer\\s+12\\s+${perKm2!.replace('.', '\\.')}\\s+Vantage-point count`),
    );
    expect(text).toContain('Outings: 1');
    expect(text).toContain('Deer seen: 3');
    expect(text).toMatch(/Species\s+Class\s+Suggested\s+Plan\s+Culled/);
    // The suggestion is worked out from the values the manager accepted, so it stands beside the plan it wrote.
    expect(text).toMatch(new RegExp(`Roe Deer\\s+Male\\s+${planned[0]}\\s+${planned[0]}\\s+0`));
    expect(text).toMatch(new RegExp(`Roe Deer\\s+Female\\s+${planned[1]}\\s+${planned[1]}\\s+1`));
    expect(text).toMatch(new RegExp(`Roe Deer\\s+Juvenile\\s+${planned[2]}\\s+${planned[2]}\\s+0`));
  });
});
