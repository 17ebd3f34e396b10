import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleRecordRequest } from '@cull-log/contracts/testing';
import { BASE_URL } from './browser';

if (!BASE_URL) throw new Error('E2E_BASE_URL is not set: the global setup should have started the app');

type Category = 'performance' | 'accessibility' | 'best-practices';
type Scores = Record<Category, number>;

/**
 * The lowest scores each page must reach in Lighthouse's mobile run (its default throttling). `npm test` runs this
 * check on its own, after every other suite, so the machine is quiet. Accessibility and best practices do not depend
 * on the machine, so every page is held to 100.
 *
 * Performance does: Lighthouse's phone is this machine's processor slowed four times. On the machine these figures
 * come from (25/11/2026, evening) the same build that scored 94-99 earlier that day on another machine scored 70-94,
 * its blocking time several times as long. The thresholds sit below the best of five runs this check itself reached here three times
 * (`npx vitest run -c vitest.lighthouse.config.ts` in `web/`, with every threshold set out of reach so that all five
 * ran): / 94, 90, 93; /login 86, 92, 87; /terms 90, 92, 88; /dashboard 88, 89, 81; /data 85, 86, 80; /add-cull 81,
 * 76, 85; a record 72, 66, then 83 once its map waited to be scrolled to; /map, with markers, 79, 73, 84.
 *
 * On 26/11/2026 /terms came whole in its page and scored 96 at the first run in CI (alternating runs beside the old
 * build: 75-95, median 91), so it is held to 86. /login scored 74, 69, 70, 70 and 79 in the same CI run, and the build
 * before the day's changes scored the same beside it (medians 70 and 66 in two rounds of six), where it had reached
 * 86-92 the evening before: the machine, not the page, so it is held to 70. /data scored 81 and 74 in two CI runs that
 * evening and 70, 71, 71, 71, 72 in the newcomer's `npm test` straight after (blocking time 1.2-1.9 s), so it is held
 * to 68.
 *
 * Later on 26/11/2026 the session check stopped building zod, so the public pages load no zod at all. In alternating
 * runs without a session, / scored 95, 88, 94, 92, 97 and 89, and /terms 92, 95, 96, 95, 96 and 93, so both are held
 * to 90. The signed-in screens' answers are now checked in a worker, but their scores did not move beyond the
 * machine's noise in alternating runs, so their thresholds stay.
 *
 * Later still the first download compiled whole as it downloaded, and the dashboard drew its answers as a transition.
 * Alternating runs beside the build before: /terms 89.5 -> 96, /data 72.5 -> 76.5, /dashboard 75 -> 76.5 (medians of
 * 6-8). The thresholds stay: the same build of /dashboard scored medians of 71.5 to 84.5 within the hour.
 */
const publicPage = (path: string, performance: number) => ({
  path,
  signedIn: false,
  least: { performance, accessibility: 100, 'best-practices': 100 },
});
const signedInPage = (path: string | ((recordId: string) => string), performance: number) => ({
  path,
  signedIn: true,
  least: { performance, accessibility: 100, 'best-practices': 100 },
});
const PAGES: { path: string | ((recordId: string) => string); signedIn: boolean; least: Scores }[] = [
  publicPage('/', 90),
  publicPage('/login', 70),
  publicPage('/terms', 90),
  signedInPage('/dashboard', 74),
  signedInPage('/data', 68),
  signedInPage('/add-cull', 70),
  signedInPage((recordId) => `/view-cull/${recordId}`, 74),
  signedInPage('/map', 70),
];

/** A busy machine only ever makes a page slower: a page gets up to this many runs to show its scores. */
const RUNS = 5;

async function signInCookie(): Promise<string> {
  const answer = await fetch(`${BASE_URL}/auth/dev/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE_URL! },
    body: JSON.stringify({ name: 'Lighthouse Stalker', email: `lighthouse-${Date.now()}@example.com` }),
  });
  expect(answer.status).toBe(200);
  return answer.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function addRecord(cookie: string, place: { latitude: number; longitude: number }): Promise<string> {
  const answer = await fetch(`${BASE_URL}/api/culls`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE_URL!, cookie },
    body: JSON.stringify(sampleRecordRequest({ location_name: 'Lighthouse Wood', ...place })),
  });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { id: string }).id;
}

describe('Lighthouse on a phone', () => {
  let chrome: chromeLauncher.LaunchedChrome;
  let profile: string;
  let cookie: string;
  let recordId: string;

  beforeAll(async () => {
    profile = mkdtempSync(join(tmpdir(), 'cull-log-lighthouse-'));
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      userDataDir: profile,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--lang=en-GB'],
    });
    cookie = await signInCookie();
    // Located records, so the list, the record card's small map and the map's markers have something to show.
    recordId = await addRecord(cookie, { latitude: 52.21, longitude: -1.23 });
    await addRecord(cookie, { latitude: 52.24, longitude: -1.31 });
    await addRecord(cookie, { latitude: 52.16, longitude: -1.18 });
  });

  afterAll(async () => {
    chrome?.kill();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  /** The page's scores, or why Lighthouse could not measure it this time. */
  async function scores(url: string, signedIn: boolean): Promise<Scores | { unmeasured: string }> {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // Map tiles come from the network, which these machines do not reach.
      blockedUrlPatterns: ['*.tile.openstreetmap.org'],
      ...(signedIn ? { extraHeaders: { cookie } } : {}),
    });
    const { categories, audits, runtimeError } = result!.lhr;
    if (runtimeError) return { unmeasured: `${runtimeError.code}: ${runtimeError.message}` };
    const unscored = Object.values(categories).filter((category) => category.score === null);
    if (unscored.length > 0)
      return { unmeasured: `no score for ${unscored.map((category) => category.id).join(', ')}` };
    const metrics = [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ]
      .map((id) => `${id} ${audits[id]?.displayValue ?? '?'}`)
      .join(', ');
    console.log(`Lighthouse ${url}: ${metrics}`);
    // What cost the page points where it is held to 100, so a failure says what to fix.
    const failed = [categories.accessibility!, categories['best-practices']!]
      .flatMap((category) => category.auditRefs)
      .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
      .map(
        (ref) =>
          `${ref.id}: ${JSON.stringify((audits[ref.id]?.details as { items?: unknown[] } | undefined)?.items ?? []).slice(0, 400)}`,
      );
    if (failed.length > 0) console.log(`Lighthouse ${url} failed audits: ${failed.join(' | ')}`);
    return {
      performance: Math.round((categories.performance!.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility!.score ?? 0) * 100),
      'best-practices': Math.round((categories['best-practices']!.score ?? 0) * 100),
    };
  }

  for (const page of PAGES) {
    const name = typeof page.path === 'string' ? page.path : page.path(':id');
    it(`${name} scores at least ${page.least.performance} for performance, ${page.least.accessibility} for accessibility and ${page.least['best-practices']} for best practices`, async () => {
      const path = typeof page.path === 'string' ? page.path : page.path(recordId);
      const best: Scores = { performance: 0, accessibility: 0, 'best-practices': 0 };
      const unmeasured: string[] = [];
      for (let run = 1, measuredRuns = 0; measuredRuns < RUNS && run <= RUNS + 2; run += 1) {
        const measured = await scores(`${BASE_URL}${path}`, page.signedIn);
        if ('unmeasured' in measured) {
          // A run Lighthouse itself could not complete says nothing of the page; the next one is tried.
          console.log(`Lighthouse ${path} run ${run} not measured: ${measured.unmeasured}`);
          unmeasured.push(measured.unmeasured);
          continue;
        }
        measuredRuns += 1;
        for (const category of Object.keys(best) as Category[]) {
          best[category] = Math.max(best[category], measured[category]);
        }
        console.log(`Lighthouse ${path} run ${run}: ${JSON.stringify(measured)}`);
        if ((Object.keys(best) as Category[]).every((category) => best[category] >= page.least[category]))
          break;
      }
      expect(unmeasured.length, `${name}: ${unmeasured.join('; ')}`).toBeLessThan(RUNS + 2);
      for (const category of Object.keys(best) as Category[]) {
        expect(best[category], `${name} ${category}`).toBeGreaterThanOrEqual(page.least[category]);
      }
    }, 240_000);
  }
});
