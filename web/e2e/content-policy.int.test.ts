import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleRecordRequest } from '@cull-log/contracts/testing';
import { BASE_URL, launchChromium } from './browser';

if (!BASE_URL) throw new Error('E2E_BASE_URL is not set: the global setup should have started the app');

/**
 * What the browser refused under the app's Content Security Policy: as it reports it in the console, and as the page
 * hears it (a refusal the code catches, such as a probe for `eval`, reaches only the page's event).
 */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  await page.exposeFunction('reportPolicyViolation', (violation: string) => violations.push(violation));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportPolicyViolation: (violation: string) => void })
        .reportPolicyViolation;
      report(
        `${event.effectiveDirective} refused ${event.blockedURI} in ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return violations;
}

describe('the Content Security Policy, enforced', () => {
  let browser: Browser;
  let page: Page;
  let violations: string[];

  beforeAll(async () => {
    browser = await launchChromium();
    // No bypass here: the policy applies exactly as a visitor's browser applies it.
    const context = await browser.newContext({ baseURL: BASE_URL, locale: 'en-GB' });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.route('https://*.tile.openstreetmap.org/**', (route) => route.abort());
    violations = await watchViolations(page);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('refuses nothing the app itself uses, on any page, signed out or in', async () => {
    for (const path of ['/', '/login', '/terms', '/privacy', '/map']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // Each page's controls drawn, with whatever styles they bring.
      await page.getByRole('button').first().waitFor();
    }

    await page.goto('/login');
    await page.locator('[name="name"]').fill('Policy Stalker');
    await page.locator('[name="email"]').fill(`policy-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Sign in for development' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const id = await page.evaluate(async (body) => {
      const response = await fetch('/api/culls', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return ((await response.json()) as { id: string }).id;
    }, sampleRecordRequest());

    for (const path of [
      '/dashboard',
      '/data',
      '/larder',
      '/add-cull',
      '/map',
      `/view-cull/${id}`,
      '/your-data',
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.getByRole('button').first().waitFor();
    }
    // The account's deletion asks in a dialog, with a field to type into: both under the policy too.
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('textbox', { name: 'Type DELETE to confirm' }).fill('DEL');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(violations).toEqual([]);
  });

  it('lets a declaration download as a PDF file, refusing nothing', async () => {
    const id = await page.evaluate(
      async (body) => {
        const response = await fetch('/api/culls', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return ((await response.json()) as { id: string }).id;
      },
      {
        ...sampleRecordRequest(),
        carcass_tag: 'CSP-1',
        carcass_destination: 'Game dealer',
        game_dealer: 'Policy Game',
        inspection: {
          examined_by: 'Policy Stalker',
          abnormal_behaviour: false,
          abnormalities: [],
          contamination_suspected: false,
        },
      },
    );
    await page.goto(`/view-cull/${id}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Declaration (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^declaration-\d+\.pdf$/);
    expect(await download.failure()).toBeNull();
    expect(violations).toEqual([]);
  });
});
