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
 * Performance does: Lighthouse's phone is this machine's processor slowed four times. On 27/11/2026, on a quiet
 * machine (Lighthouse's benchmarkIndex 1,567-2,753), five rounds of every page (`web/scripts/lighthouse-median.mjs`)
 * scored: / 99 each time, /login 97-98, /terms 99, /dashboard 98-99, /data 98-99, /add-cull 99, a record 97-98 and
 * /map 95-99; with a busy loop beside them /map fell to 86-95. Each page is held to a little below that: 92, and /map
 * to 90, the best of up to five runs counting, since a busy spell only ever makes a page slower.
 *
 * Some machines these checks run on are several times slower: there, on 25-26/11/2026, the same builds' best of five
 * runs were 69-79 for /login, 70-72 for /data, 66-83 for a record and 73-84 for /map. Lighthouse itself says its
 * throttled phone is then not the phone it means to be (its report warns that the host's processor is slower than
 * it expects when its benchmarkIndex is 1,000 or less). A page whose every run was on such a host is held to the
 * floor those machines reached (`slowHost`), and the check says so in its output.
 */
/** Lighthouse's own line below which it warns that the host is too slow for its throttled phone (`environment.js`). */
const SLOW_HOST_BENCHMARK_INDEX = 1000;

const publicPage = (path: string, performance: number, slowHost: number) => ({
  path,
  signedIn: false,
  least: { performance, accessibility: 100, 'best-practices': 100 },
  slowHost,
});
const signedInPage = (
  path: string | ((recordId: string) => string),
  performance: number,
  slowHost: number,
) => ({
  path,
  signedIn: true,
  least: { performance, accessibility: 100, 'best-practices': 100 },
  slowHost,
});
const PAGES: {
  path: string | ((recordId: string) => string);
  signedIn: boolean;
  least: Scores;
  /** The performance a page must reach when every run was on a host Lighthouse calls too slow. */
  slowHost: number;
}[] = [
  publicPage('/', 92, 90),
  publicPage('/login', 92, 70),
  publicPage('/terms', 92, 90),
  signedInPage('/dashboard', 92, 74),
  signedInPage('/data', 92, 68),
  signedInPage('/add-cull', 92, 70),
  signedInPage((recordId) => `/view-cull/${recordId}`, 92, 74),
  signedInPage('/map', 90, 70),
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
  async function scores(
    url: string,
    signedIn: boolean,
  ): Promise<{ scores: Scores; benchmarkIndex: number } | { unmeasured: string }> {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // Map tiles come from the network, which these machines do not reach.
      blockedUrlPatterns: ['*.tile.openstreetmap.org'],
      ...(signedIn ? { extraHeaders: { cookie } } : {}),
    });
    const { categories, audits, runtimeError, environment } = result!.lhr;
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
      scores: {
        performance: Math.round((categories.performance!.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility!.score ?? 0) * 100),
        'best-practices': Math.round((categories['best-practices']!.score ?? 0) * 100),
      },
      benchmarkIndex: Math.round(environment.benchmarkIndex),
    };
  }

  for (const page of PAGES) {
    const name = typeof page.path === 'string' ? page.path : page.path(':id');
    it(`${name} scores at least ${page.least.performance} for performance, ${page.least.accessibility} for accessibility and ${page.least['best-practices']} for best practices`, async () => {
      const path = typeof page.path === 'string' ? page.path : page.path(recordId);
      const best: Scores = { performance: 0, accessibility: 0, 'best-practices': 0 };
      let anyRunOnQuietHost = false;
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
          best[category] = Math.max(best[category], measured.scores[category]);
        }
        const quietHost = measured.benchmarkIndex > SLOW_HOST_BENCHMARK_INDEX;
        anyRunOnQuietHost ||= quietHost;
        console.log(
          `Lighthouse ${path} run ${run}: ${JSON.stringify(measured.scores)}, benchmarkIndex ${measured.benchmarkIndex}` +
            (quietHost ? '' : ' (a host Lighthouse calls too slow for its phone)'),
        );
        if ((Object.keys(best) as Category[]).every((category) => best[category] >= page.least[category]))
          break;
      }
      expect(unmeasured.length, `${name}: ${unmeasured.join('; ')}`).toBeLessThan(RUNS + 2);
      expect(best.accessibility, `${name} accessibility`).toBeGreaterThanOrEqual(page.least.accessibility);
      expect(best['best-practices'], `${name} best practices`).toBeGreaterThanOrEqual(
        page.least['best-practices'],
      );
      // The slow host's floor applies only when no run was on a host Lighthouse deems fast enough for its phone.
      const heldTo =
        anyRunOnQuietHost || best.performance >= page.least.performance
          ? page.least.performance
          : page.slowHost;
      if (heldTo !== page.least.performance)
        console.log(
          `Lighthouse ${name}: every run was on a host Lighthouse calls too slow for its phone (benchmarkIndex ` +
            `${SLOW_HOST_BENCHMARK_INDEX} or less), so its performance is held to ${page.slowHost}, not ${page.least.performance}`,
        );
      expect(best.performance, `${name} performance`).toBeGreaterThanOrEqual(heldTo);
    }, 240_000);
  }
});
