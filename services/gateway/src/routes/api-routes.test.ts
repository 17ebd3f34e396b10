import type { FastifyReply } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildServiceApp, internalAuth } from '@cull-log/service-kit';
import { IMPORT_LIMITS, IMPORT_UPLOAD_TOO_LARGE, MESSAGES } from '@cull-log/contracts';
import {
  buildTestGateway,
  DEV_ORIGIN,
  devConfig,
  devSignIn,
  INTERNAL_KEYS,
  NOT_MY_TEAM,
  silentLogger,
  startFakeService,
  type TestGateway,
} from '../testing/gateway-harness';
import { openSqliteBudgetCounter } from '../budgets/sqlite-budget-counter';
import type { UpstreamTarget } from '../proxy/upstream';
import { IMPORT_UPLOAD_BODY_LIMIT, PHOTO_UPLOAD_BODY_LIMIT } from './api-routes';
import { developmentUid } from './auth-routes';

type FakeService = Awaited<ReturnType<typeof startFakeService>>;
let records: FakeService;
let stats: FakeService;
let exportsService: FakeService;
let gateway: TestGateway | undefined;

beforeAll(async () => {
  [records, stats, exportsService] = await Promise.all([
    startFakeService('records'),
    startFakeService('stats'),
    startFakeService('exports'),
  ]);
});
afterAll(async () => {
  await Promise.all([records.app.close(), stats.app.close(), exportsService.app.close()]);
});
afterEach(async () => {
  await gateway?.close();
  gateway = undefined;
});

/** The distributed deployment reaches each service by URL; the one-process app calls its app in process. */
const REACHES = {
  'over HTTP': (service: FakeService): UpstreamTarget => service.url,
  'in this process': (service: FakeService): UpstreamTarget => service.app,
};
type Reach = keyof typeof REACHES;

function upstreamsBy(reach: Reach) {
  const target = REACHES[reach];
  return { records: target(records), stats: target(stats), exports: target(exportsService) };
}

async function signedInGateway(
  overrides: Parameters<typeof buildTestGateway>[0] = {},
  reach: Reach = 'over HTTP',
) {
  gateway = await buildTestGateway({ upstreams: upstreamsBy(reach), ...overrides });
  const cookie = await devSignIn(gateway.app);
  return { app: gateway.app, cookie };
}

const ada = { uid: developmentUid('ada@example.org'), display_name: 'Ada Stalker', email: 'ada@example.org' };

describe('without a live session', () => {
  it.each([
    '/api/me',
    '/api/culls',
    '/api/culls/5f0c',
    '/api/stats',
    '/api/exports/culls.csv',
    '/api/larder',
    '/api/larder.csv',
    '/api/sightings.csv',
    '/api/counts.csv',
    '/api/culls/0b6f7c1e-1111-4222-8333-944445555666/declaration.pdf',
    '/api/plans/2026-27/progress',
    '/api/reports/season.pdf',
    '/api/unknown',
  ])('GET %s answers 401 not_authenticated', async (url) => {
    gateway = await buildTestGateway({
      upstreams: { records: records.url, stats: stats.url, exports: exportsService.url },
    });
    const response = await gateway.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'not_authenticated', message: MESSAGES.notAuthenticated },
    });
  });

  it('a made-up session cookie answers 401 and reaches no service', async () => {
    gateway = await buildTestGateway({
      upstreams: { records: records.url, stats: stats.url, exports: exportsService.url },
    });
    const response = await gateway.app.inject({
      method: 'POST',
      url: '/api/culls',
      headers: { cookie: 'cull_session=forged', origin: DEV_ORIGIN },
      payload: { species: 'Roe Deer' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('past its budget of refusals, an address is answered 429 without the session or token store being read', async () => {
    gateway = await buildTestGateway({
      upstreams: { records: records.url, stats: stats.url, exports: exportsService.url },
      config: devConfig({ rateLimits: { unauthenticatedPerMinute: 3 } }),
    });
    const { app } = gateway;
    // Signed in before the budget is spent: a valid session spends none of it.
    const cookie = await devSignIn(app);
    const sessionReads = vi.spyOn(gateway.sessions, 'find');
    const tokenReads = vi.spyOn(gateway.tokens, 'findByHash');
    const forged = (address: string, headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: '/api/culls', remoteAddress: address, headers });
    expect((await forged('203.0.113.7', { cookie: 'cull_session=forged-1' })).statusCode).toBe(401);
    expect((await forged('203.0.113.7', { authorization: 'Bearer clt_made_up' })).statusCode).toBe(401);
    expect((await forged('203.0.113.7', { cookie: 'cull_session=forged-2' })).statusCode).toBe(401);
    const readsWithinBudget = sessionReads.mock.calls.length + tokenReads.mock.calls.length;
    expect(readsWithinBudget).toBeGreaterThanOrEqual(2);

    // Even a valid session from that address waits out the minute: the store is not read to tell it from the others.
    const afterBudget: Record<string, string>[] = [
      { cookie: 'cull_session=forged-3' },
      { authorization: 'Bearer clt_made_up' },
      { cookie },
    ];
    for (const headers of afterBudget) {
      const refused = await forged('203.0.113.7', headers);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('rate_limited');
    }
    expect(sessionReads.mock.calls.length + tokenReads.mock.calls.length).toBe(readsWithinBudget);

    // Another address has a budget of its own, and a signed-in user there reads on.
    expect((await forged('198.51.100.2', { cookie: 'cull_session=forged-4' })).statusCode).toBe(401);
    expect((await forged('198.51.100.2', { cookie })).statusCode).toBe(200);
  });

  it('counts an address’s refusals across replicas of the gateway, in the budgets they share', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'gateway-refusals-'));
    const counters = [1, 2].map(() => openSqliteBudgetCounter({ file: join(folder, 'budgets.db') }));
    const replicas: TestGateway[] = [];
    try {
      for (const budgets of counters) {
        replicas.push(
          await buildTestGateway({
            upstreams: { records: records.url, stats: stats.url, exports: exportsService.url },
            config: devConfig({ rateLimits: { unauthenticatedPerMinute: 4 } }),
            budgets,
          }),
        );
      }
      const forged = (replica: number, n: number) =>
        replicas[replica]!.app.inject({
          method: 'GET',
          url: '/api/culls',
          remoteAddress: '203.0.113.9',
          headers: { cookie: `cull_session=forged-${n}` },
        });
      // Two refusals on each replica spend the address's one budget of four between them: the replica that counted the
      // fourth refuses at once; the other learns it at its next refusal (one more, not another four).
      for (const [n, replica] of [0, 1, 0, 1].entries())
        expect((await forged(replica, n)).statusCode).toBe(401);
      expect((await forged(1, 5)).statusCode).toBe(429);
      expect((await forged(0, 6)).statusCode).toBe(401);
      expect((await forged(0, 7)).statusCode).toBe(429);
      expect((await forged(1, 8)).statusCode).toBe(429);
    } finally {
      for (const replica of replicas) await replica.close();
      for (const counter of counters) await counter.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('GET /api/me', () => {
  it('answers the signed-in user and forbids caching', async () => {
    const { app, cookie } = await signedInGateway();
    const response = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(ada);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe.each(Object.keys(REACHES) as Reach[])('routing to the services %s', (reach) => {
  it.each([
    ['/api/culls?page=2&page_size=20&q=roe%20deer', 'records', '/culls?page=2&page_size=20&q=roe%20deer'],
    [
      '/api/culls/0b6f7c1e-1111-4222-8333-944445555666',
      'records',
      '/culls/0b6f7c1e-1111-4222-8333-944445555666',
    ],
    ['/api/stats?after=7', 'stats', '/stats?after=7'],
    [
      '/api/larder?season=2026/27&destination=Game%20dealer',
      'exports',
      '/larder?season=2026/27&destination=Game%20dealer',
    ],
    ['/api/larder.csv?season=2026/27', 'exports', '/larder.csv?season=2026/27'],
    ['/api/plans/2026-27/progress?after=3', 'stats', '/plans/2026-27/progress?after=3'],
    ['/api/grounds', 'records', '/grounds'],
    [
      '/api/grounds/0b6f7c1e-1111-4222-8333-944445555666',
      'records',
      '/grounds/0b6f7c1e-1111-4222-8333-944445555666',
    ],
    ['/api/outings?season=2026-27', 'records', '/outings?season=2026-27'],
    ['/api/sightings.csv?season=2026-27', 'records', '/sightings.csv?season=2026-27'],
    [
      '/api/counts.csv?ground=0b6f7c1e-1111-4222-8333-944445555666',
      'records',
      '/counts.csv?ground=0b6f7c1e-1111-4222-8333-944445555666',
    ],
    [
      '/api/counts?ground=0b6f7c1e-1111-4222-8333-944445555666',
      'records',
      '/counts?ground=0b6f7c1e-1111-4222-8333-944445555666',
    ],
    [
      '/api/grounds/0b6f7c1e-1111-4222-8333-944445555666/density',
      'records',
      '/grounds/0b6f7c1e-1111-4222-8333-944445555666/density',
    ],
    [
      '/api/grounds/0b6f7c1e-1111-4222-8333-944445555666/trends',
      'records',
      '/grounds/0b6f7c1e-1111-4222-8333-944445555666/trends',
    ],
    ['/api/settings', 'records', '/settings'],
    ['/api/plans/2026-27', 'records', '/plans/2026-27'],
    [
      '/api/plans/2026-27/suggestion?ground=0b6f7c1e-1111-4222-8333-944445555666',
      'records',
      '/plans/2026-27/suggestion?ground=0b6f7c1e-1111-4222-8333-944445555666',
    ],
    ['/api/teams', 'records', '/teams'],
    [
      '/api/teams/0b6f7c1e-1111-4222-8333-944445555666/members',
      'records',
      '/teams/0b6f7c1e-1111-4222-8333-944445555666/members',
    ],
    ['/api/invites/abc.def', 'records', '/invites/abc.def'],
    ['/api/places?q=Ashbourne', 'records', '/places?q=Ashbourne'],
    ['/api/imports', 'records', '/imports'],
    [
      '/api/imports/0b6f7c1e-1111-4222-8333-944445555666',
      'records',
      '/imports/0b6f7c1e-1111-4222-8333-944445555666',
    ],
  ])('GET %s reaches %s at %s with a signed identity the service accepts', async (url, service, path) => {
    const { app, cookie } = await signedInGateway({}, reach);
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { cookie, 'x-request-id': 'trace-123' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ service, method: 'GET', url: path, identity: ada, cookie: null });
    // The gateway makes the id the service and the logs go by; the client's is only logged beside it.
    const requestId = response.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.json().requestId).toBe(requestId);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-secret-upstream-header']).toBeUndefined();
  });

  it("a record's declaration reaches the exports service as a PDF attachment, not sniffed, not kept", async () => {
    const { app, cookie } = await signedInGateway({}, reach);
    const response = await app.inject({
      method: 'GET',
      url: '/api/culls/0b6f7c1e-1111-4222-8333-944445555666/declaration.pdf',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="declaration-7.pdf"');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-declaration-number']).toBe('7');
    expect(response.body).toBe(
      '%PDF-1.3 exports GET /culls/0b6f7c1e-1111-4222-8333-944445555666/declaration.pdf',
    );
    // Making it is a write to the exports service too, not the records service's wildcard.
    const made = await app.inject({
      method: 'POST',
      url: '/api/culls/0b6f7c1e-1111-4222-8333-944445555666/declaration.pdf',
      headers: { cookie, origin: DEV_ORIGIN },
    });
    expect(made.body).toBe(
      '%PDF-1.3 exports POST /culls/0b6f7c1e-1111-4222-8333-944445555666/declaration.pdf',
    );
    // The record itself is still the records service's.
    const record = await app.inject({
      method: 'GET',
      url: '/api/culls/0b6f7c1e-1111-4222-8333-944445555666',
      headers: { cookie },
    });
    expect(record.json()).toMatchObject({ service: 'records' });
  });

  it('a season report is drawn by stats from the season figures the records service gives for the user', async () => {
    const { app, cookie } = await signedInGateway({}, reach);
    const report = async (query: string) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/reports/season.pdf${query}`,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    const figures = { season: '2026-27', grounds: [], asked_by: ada.uid };
    expect(await report('?season=2026-27')).toMatchObject({
      service: 'stats',
      method: 'POST',
      url: '/reports/season.pdf?season=2026-27',
      identity: ada,
      contentType: 'application/json',
      body: JSON.stringify(figures),
    });
    // Without a season, the records service's choice (the season containing today by the user's start) is the report's.
    expect(await report('')).toMatchObject({
      method: 'POST',
      url: '/reports/season.pdf?season=2030-31',
      body: JSON.stringify({ ...figures, season: '2030-31' }),
    });
    // A season stats refuses goes to it as it came (a team's report likewise: see the team reads below).
    expect(await report('?season=2026/27')).toMatchObject({
      method: 'GET',
      url: '/reports/season.pdf?season=2026/27',
      body: null,
    });
  });

  it('a consignment declaration is a write to the exports service, from this site only', async () => {
    const { app, cookie } = await signedInGateway({}, reach);
    const payload = JSON.stringify({ record_ids: ['0b6f7c1e-1111-4222-8333-944445555666'], dealer: 'Vale' });
    const response = await app.inject({
      method: 'POST',
      url: '/api/declarations',
      headers: { cookie, origin: DEV_ORIGIN, 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.body).toBe('%PDF-1.3 exports POST /declarations');
    const crossSite = await app.inject({
      method: 'POST',
      url: '/api/declarations',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      payload,
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it.each([
    ['POST', '/api/grounds', '/grounds'],
    [
      'PATCH',
      '/api/grounds/0b6f7c1e-1111-4222-8333-944445555666',
      '/grounds/0b6f7c1e-1111-4222-8333-944445555666',
    ],
    [
      'DELETE',
      '/api/grounds/0b6f7c1e-1111-4222-8333-944445555666',
      '/grounds/0b6f7c1e-1111-4222-8333-944445555666',
    ],
    ['POST', '/api/outings', '/outings'],
    ['POST', '/api/counts', '/counts'],
    [
      'PATCH',
      '/api/counts/0b6f7c1e-1111-4222-8333-944445555666',
      '/counts/0b6f7c1e-1111-4222-8333-944445555666',
    ],
    [
      'DELETE',
      '/api/counts/0b6f7c1e-1111-4222-8333-944445555666',
      '/counts/0b6f7c1e-1111-4222-8333-944445555666',
    ],
    [
      'PATCH',
      '/api/outings/0b6f7c1e-1111-4222-8333-944445555666',
      '/outings/0b6f7c1e-1111-4222-8333-944445555666',
    ],
    ['PATCH', '/api/settings', '/settings'],
    ['PUT', '/api/plans/2026-27', '/plans/2026-27'],
    [
      'POST',
      '/api/plans/2026-27/suggestion?ground=0b6f7c1e-1111-4222-8333-944445555666',
      '/plans/2026-27/suggestion?ground=0b6f7c1e-1111-4222-8333-944445555666',
    ],
    ['POST', '/api/teams', '/teams'],
    [
      'POST',
      '/api/teams/0b6f7c1e-1111-4222-8333-944445555666/invites',
      '/teams/0b6f7c1e-1111-4222-8333-944445555666/invites',
    ],
    [
      'DELETE',
      '/api/teams/0b6f7c1e-1111-4222-8333-944445555666/members/ann',
      '/teams/0b6f7c1e-1111-4222-8333-944445555666/members/ann',
    ],
    ['POST', '/api/invites/abc.def/accept', '/invites/abc.def/accept'],
  ] as const)('%s %s is a write forwarded to records at %s', async (method, url, path) => {
    const { app, cookie } = await signedInGateway({}, reach);
    const body = JSON.stringify({ name: 'Home Farm' });
    const response = await app.inject({
      method,
      url,
      headers: { cookie, origin: DEV_ORIGIN, 'content-type': 'application/json' },
      payload: body,
    });
    expect(response.json()).toMatchObject({ service: 'records', method, url: path, identity: ada });
  });

  const TEAM = '0b6f7c1e-1111-4222-8333-944445555666';
  it.each([
    [`/api/stats?team=${TEAM}`, 'stats', `/stats?team=${TEAM}`],
    [`/api/plans/2026-27/progress?team=${TEAM}`, 'stats', `/plans/2026-27/progress?team=${TEAM}`],
    [`/api/reports/season.pdf?team=${TEAM}`, 'stats', `/reports/season.pdf?team=${TEAM}`],
    [`/api/larder?team=${TEAM}`, 'exports', `/larder?team=${TEAM}`],
    [`/api/exports/culls.json?team=${TEAM}`, 'exports', `/exports/culls.json?team=${TEAM}`],
  ])(
    "a team's read %s reaches %s with the caller's place in the team, as records answered it",
    async (url, service, path) => {
      const { app, cookie } = await signedInGateway({}, reach);
      const response = await app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode).toBe(200);
      if (path.endsWith('.pdf')) {
        expect(response.body).toBe(`%PDF-1.3 ${service} GET ${path}`);
        return;
      }
      expect(response.json()).toMatchObject({
        service,
        url: path,
        identity: { ...ada, team: { team_id: TEAM, role: 'viewer', member_id: `member-of-${ada.uid}` } },
      });
    },
  );

  it('a team the caller is not in is a 404 from the gateway, as the records service answers it', async () => {
    const { app, cookie } = await signedInGateway({}, reach);
    for (const url of [
      `/api/stats?team=${NOT_MY_TEAM}`,
      `/api/larder?team=${NOT_MY_TEAM}`,
      '/api/stats?team=',
      `/api/stats?team=${TEAM}&team=${TEAM}`,
    ]) {
      const response = await app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ error: { code: 'not_found', message: 'Team not found' } });
    }
    // Without a team, the caller's own figures, with no team in the identity.
    const own = await app.inject({ method: 'GET', url: '/api/stats', headers: { cookie } });
    expect(own.json().identity).toEqual(ada);
  });

  it('leaves /api/plans itself and anything under a season but its progress to no service', async () => {
    const { app, cookie } = await signedInGateway({}, reach);
    for (const url of ['/api/plans', '/api/plans/2026-27/targets', '/api/groundsx', '/api/reports']) {
      const response = await app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('does not route look-alike paths such as /api/cullsx', async () => {
    const { app, cookie } = await signedInGateway({}, reach);
    const response = await app.inject({ method: 'GET', url: '/api/cullsx', headers: { cookie } });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });

  it('streams a write body to records and passes x-event-position and status back', async () => {
    const { app, cookie } = await signedInGateway({}, reach);
    const body = JSON.stringify({ species: 'Roe Deer', location_name: 'North wood' });
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/culls/0b6f7c1e-1111-4222-8333-944445555666',
      headers: { cookie, origin: DEV_ORIGIN, 'content-type': 'application/json' },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-event-position']).toBe('42');
    expect(response.json()).toMatchObject({
      method: 'PATCH',
      url: '/culls/0b6f7c1e-1111-4222-8333-944445555666',
      contentType: 'application/json',
      body,
      identity: ada,
    });
  });

  it('streams the CSV export with its content type and attachment name', async () => {
    const { app, cookie } = await signedInGateway({}, reach);
    const response = await app.inject({
      method: 'GET',
      url: '/api/exports/culls.csv?from=2025-04-01',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="culls.csv"');
    expect(response.body).toBe('"Date","Species"\n"01/06/2025","Roe Deer"\n');
  });

  it('refuses a body over the limit with 413 before it reaches the service', async () => {
    const { app, cookie } = await signedInGateway({ config: devConfig({ bodyLimit: 1024 }) }, reach);
    const response = await app.inject({
      method: 'POST',
      url: '/api/culls',
      headers: { cookie, origin: DEV_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ notes: 'x'.repeat(2000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload_too_large');
  });

  it("forwards a photo upload up to a photo's size on that route only, with the identity, and refuses more", async () => {
    const { app, cookie } = await signedInGateway({ config: devConfig({ bodyLimit: 1024 }) }, reach);
    const url = '/api/culls/0b6f7c1e-1111-4222-8333-944445555666/photos';
    const headers = { cookie, origin: DEV_ORIGIN, 'content-type': 'multipart/form-data; boundary=x' };
    const photo = await app.inject({ method: 'POST', url, headers, payload: 'x'.repeat(50_000) });
    expect(photo.statusCode).toBe(200);
    expect(photo.json()).toMatchObject({
      service: 'records',
      url: url.slice('/api'.length),
      identity: ada,
      contentType: 'multipart/form-data; boundary=x',
    });
    expect(photo.json().body).toHaveLength(50_000);
    const tooLarge = await app.inject({
      method: 'POST',
      url,
      headers,
      payload: Buffer.alloc(PHOTO_UPLOAD_BODY_LIMIT + 1),
    });
    expect(tooLarge.statusCode).toBe(413);
    // Everywhere else the gateway's own limit holds, photos' paths included.
    const elsewhere = await app.inject({
      method: 'POST',
      url: `${url}/more`,
      headers,
      payload: 'x'.repeat(2000),
    });
    expect(elsewhere.statusCode).toBe(413);
  });

  it("forwards an import's upload up to a spreadsheet's size, its commit and undo at the small limit, and says in words when a file is too large", async () => {
    const { app, cookie } = await signedInGateway({ config: devConfig({ bodyLimit: 1024 }) }, reach);
    const headers = { cookie, origin: DEV_ORIGIN, 'content-type': 'multipart/form-data; boundary=x' };
    const upload = await app.inject({
      method: 'POST',
      url: '/api/imports',
      headers,
      payload: 'x'.repeat(50_000),
    });
    expect(upload.statusCode).toBe(200);
    expect(upload.json()).toMatchObject({ service: 'records', url: '/imports', identity: ada });
    expect(upload.json().body).toHaveLength(50_000);
    const id = '0b6f7c1e-1111-4222-8333-944445555666';
    for (const [method, url] of [
      ['POST', `/api/imports/${id}/commit`],
      ['DELETE', `/api/imports/${id}`],
    ] as const) {
      const response = await app.inject({ method, url, headers: { cookie, origin: DEV_ORIGIN } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ service: 'records', method, url: url.slice('/api'.length) });
    }
    // 100 MB, as a careless upload would be: refused from its declared length before a byte is read.
    const huge = await app.inject({
      method: 'POST',
      url: '/api/imports',
      headers: { ...headers, 'content-length': String(100 * 1024 * 1024) },
      payload: 'x',
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toMatchObject({ code: 'payload_too_large', message: IMPORT_UPLOAD_TOO_LARGE });
    expect(IMPORT_UPLOAD_TOO_LARGE).toContain(`${IMPORT_LIMITS.maxUploadBytes / 1024 / 1024} MB`);
    // Streamed without a length, it is cut off at the limit.
    const streamed = await app.inject({
      method: 'POST',
      url: '/api/imports',
      headers,
      payload: Readable.from([Buffer.alloc(IMPORT_UPLOAD_BODY_LIMIT), Buffer.alloc(1024)]),
    });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().error.message).toBe(IMPORT_UPLOAD_TOO_LARGE);
  });

  it("passes on a photo's type, nosniff and a private cache-control, but never a shared one", async () => {
    const { app, cookie } = await signedInGateway({}, reach);
    const url = '/api/culls/0b6f7c1e-1111-4222-8333-944445555666/photos/0123456789abcdef0123456789abcdef';
    const photo = await app.inject({ method: 'GET', url, headers: { cookie } });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
    expect(photo.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(photo.rawPayload).toEqual(Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    const shared = await app.inject({ method: 'GET', url: `${url}?cache=public`, headers: { cookie } });
    expect(shared.headers['cache-control']).toBe('no-store');
    const signedOut = await app.inject({ method: 'GET', url });
    expect(signedOut.statusCode).toBe(401);
  });

  it('refuses a cross-site write with 403 and forwards nothing', async () => {
    const { app, cookie } = await signedInGateway({}, reach);
    const response = await app.inject({
      method: 'DELETE',
      url: '/api/culls/0b6f7c1e-1111-4222-8333-944445555666',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('forbidden');
  });

  it('limits writes per user with 429 rate_limited, while reads go on', async () => {
    const { app, cookie } = await signedInGateway(
      { config: devConfig({ rateLimits: { signInPerMinute: 100, writesPerMinute: 2 } }) },
      reach,
    );
    const write = () =>
      app.inject({
        method: 'DELETE',
        url: '/api/culls/0b6f7c1e-1111-4222-8333-944445555666',
        headers: { cookie, origin: DEV_ORIGIN },
      });
    expect((await write()).statusCode).toBe(200);
    expect((await write()).statusCode).toBe(200);
    const limited = await write();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect((await app.inject({ method: 'GET', url: '/api/culls', headers: { cookie } })).statusCode).toBe(
      200,
    );
  });
});

describe('read limits and exports in progress', () => {
  it('limits reads per user with 429 rate_limited, one budget for every read, while others read on', async () => {
    const { app, cookie } = await signedInGateway({
      config: devConfig({ rateLimits: { readsPerMinute: 3 } }),
    });
    for (const url of ['/api/me', '/api/culls', '/api/stats']) {
      expect((await app.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(200);
    }
    const limited = await app.inject({ method: 'GET', url: '/api/sessions', headers: { cookie } });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    const other = await devSignIn(app, { name: 'Bob Keeper', email: 'bob@example.org' });
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: other } })).statusCode).toBe(
      200,
    );
    const write = await app.inject({
      method: 'DELETE',
      url: '/api/culls/0b6f7c1e-1111-4222-8333-944445555666',
      headers: { cookie, origin: DEV_ORIGIN },
    });
    expect(write.statusCode).toBe(200);
  });

  it('draws every write of a user from one budget, whichever route it takes', async () => {
    const { app, cookie } = await signedInGateway({
      config: devConfig({ rateLimits: { writesPerMinute: 2 } }),
    });
    const send = (method: 'POST' | 'DELETE', url: string) =>
      app.inject({
        method,
        url,
        headers: { cookie, origin: DEV_ORIGIN },
        payload: method === 'POST' ? {} : undefined,
      });
    expect((await send('POST', '/api/culls')).statusCode).toBe(200);
    expect((await send('DELETE', '/api/culls/0b6f7c1e-1111-4222-8333-944445555666')).statusCode).toBe(200);
    expect((await send('DELETE', '/api/sessions')).statusCode).toBe(429);
  });

  it('refuses a declaration with 429 while the user has too many documents in the making, apart from CSV exports', async () => {
    const held: Array<Readable> = [];
    const slowExports = buildServiceApp({ name: 'exports', logger: silentLogger });
    await slowExports.register(internalAuth, { publicKey: INTERNAL_KEYS.publicKey, audience: 'exports' });
    const slowPdf = async (_request: unknown, reply: FastifyReply) => {
      const body = new Readable({ read() {} });
      body.push('%PDF-1.3');
      held.push(body);
      reply.header('content-type', 'application/pdf');
      return reply.send(body);
    };
    slowExports.post('/culls/:id/declaration.pdf', slowPdf);
    slowExports.post('/declarations', slowPdf);
    slowExports.get('/exports/culls.csv', async () => '"Date"\n');
    await slowExports.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = slowExports.server.address();
      if (address === null || typeof address === 'string') throw new Error('no port');
      gateway = await buildTestGateway({
        config: devConfig({ rateLimits: { concurrentExportsPerUser: 1 } }),
        upstreams: { records: records.url, stats: stats.url, exports: `http://127.0.0.1:${address.port}` },
      });
      const app = gateway.app;
      const cookie = await devSignIn(app);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const gatewayUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      const post = (path: string, who = cookie) =>
        fetch(`${gatewayUrl}${path}`, {
          method: 'POST',
          headers: { cookie: who, origin: DEV_ORIGIN, 'content-type': 'application/json' },
          body: '{}',
        });

      const first = await post('/api/culls/0b6f7c1e-1111-4222-8333-944445555666/declaration.pdf');
      expect(first.status).toBe(200);
      const second = await post('/api/declarations');
      expect(second.status).toBe(429);
      expect(((await second.json()) as { error: { message: string } }).error.message).toMatch(
        /^Your earlier document .* is still being made/,
      );
      // A CSV export has slots of its own; another user has their own.
      expect((await fetch(`${gatewayUrl}/api/exports/culls.csv`, { headers: { cookie } })).status).toBe(200);
      const bob = await devSignIn(app, { name: 'Bob Keeper', email: 'bob@example.org' });
      const bobs = await post('/api/declarations', bob);
      expect(bobs.status).toBe(200);

      for (const body of held) body.push(null);
      await first.text();
      await bobs.text();
      await vi.waitFor(async () => {
        const again = await post('/api/declarations');
        if (again.status === 200) held.at(-1)?.push(null);
        await again.text();
        expect(again.status).toBe(200);
      });
    } finally {
      for (const body of held) body.destroy();
      await slowExports.close();
    }
  });

  it('refuses a CSV export with 429 and a clear message while the user has too many in progress', async () => {
    const { slowExports, held } = await slowCsvExports();
    try {
      const address = slowExports.server.address();
      if (address === null || typeof address === 'string') throw new Error('no port');
      gateway = await buildTestGateway({
        config: devConfig({ rateLimits: { concurrentExportsPerUser: 1 } }),
        upstreams: { records: records.url, stats: stats.url, exports: `http://127.0.0.1:${address.port}` },
      });
      const app = gateway.app;
      const cookie = await devSignIn(app);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const gatewayUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      const download = () => fetch(`${gatewayUrl}/api/exports/culls.csv`, { headers: { cookie } });

      const first = await download();
      expect(first.status).toBe(200);
      const second = await download();
      expect(second.status).toBe(429);
      expect(await second.json()).toEqual({
        error: {
          code: 'rate_limited',
          message:
            'Your earlier CSV export is still being prepared. Please wait for it to finish, then try again.',
        },
      });
      // The sightings' and counts' CSV downloads draw on the same slots.
      for (const path of ['/api/sightings.csv', '/api/counts.csv']) {
        const another = await fetch(`${gatewayUrl}${path}`, { headers: { cookie } });
        expect(another.status, path).toBe(429);
        expect(((await another.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
      }
      const bob = await devSignIn(app, { name: 'Bob Keeper', email: 'bob@example.org' });
      const bobs = await fetch(`${gatewayUrl}/api/exports/culls.csv`, { headers: { cookie: bob } });
      expect(bobs.status).toBe(200);

      for (const body of held) body.push(null);
      expect(await first.text()).toBe('"Date","Species"\n');
      await bobs.text();
      // The slot is freed once the first export has been sent in full.
      await vi.waitFor(async () => {
        const third = await download();
        if (third.status === 200) held.at(-1)?.push(null);
        await third.text();
        expect(third.status).toBe(200);
      });
    } finally {
      for (const body of held) body.destroy();
      await slowExports.close();
    }
  });

  it('counts the exports in the making across replicas of the gateway, in the store they share', async () => {
    const { slowExports, held } = await slowCsvExports();
    const folder = mkdtempSync(join(tmpdir(), 'gateway-slots-'));
    const counters = [1, 2].map(() => openSqliteBudgetCounter({ file: join(folder, 'budgets.db') }));
    const replicas: TestGateway[] = [];
    try {
      const address = slowExports.server.address();
      if (address === null || typeof address === 'string') throw new Error('no port');
      const urls: string[] = [];
      const cookies: string[] = [];
      for (const budgets of counters) {
        const replica = await buildTestGateway({
          config: devConfig({ rateLimits: { concurrentExportsPerUser: 1 } }),
          upstreams: { records: records.url, stats: stats.url, exports: `http://127.0.0.1:${address.port}` },
          budgets,
        });
        replicas.push(replica);
        // The same person, signed in through each replica.
        cookies.push(await devSignIn(replica.app));
        await replica.app.listen({ port: 0, host: '127.0.0.1' });
        urls.push(`http://127.0.0.1:${(replica.app.server.address() as { port: number }).port}`);
      }
      const download = (replica: number) =>
        fetch(`${urls[replica]}/api/exports/culls.csv`, { headers: { cookie: cookies[replica]! } });

      const first = await download(0);
      expect(first.status).toBe(200);
      const second = await download(1);
      expect(second.status).toBe(429);
      await second.text();

      for (const body of held) body.push(null);
      await first.text();
      await vi.waitFor(async () => {
        const third = await download(1);
        if (third.status === 200) held.at(-1)?.push(null);
        await third.text();
        expect(third.status).toBe(200);
      });
    } finally {
      for (const body of held) body.destroy();
      for (const replica of replicas) await replica.close();
      for (const counter of counters) await counter.close();
      rmSync(folder, { recursive: true, force: true });
      await slowExports.close();
    }
  });
});

/**
 * An exports service whose CSV export sends its first line and then holds the rest back until the test pushes it, so a
 * download stays in the making: the app, listening, and each download's body as it is held.
 */
async function slowCsvExports() {
  const held: Array<Readable> = [];
  const slowExports = buildServiceApp({ name: 'exports', logger: silentLogger });
  await slowExports.register(internalAuth, { publicKey: INTERNAL_KEYS.publicKey, audience: 'exports' });
  slowExports.get('/exports/culls.csv', async (_request, reply) => {
    const body = new Readable({ read() {} });
    body.push('"Date","Species"\n');
    held.push(body);
    reply.header('content-type', 'text/csv; charset=utf-8');
    return reply.send(body);
  });
  await slowExports.listen({ port: 0, host: '127.0.0.1' });
  return { slowExports, held };
}

describe('a service that is down', () => {
  it('answers 503 service_unavailable', async () => {
    const { app, cookie } = await signedInGateway({
      upstreams: { records: 'http://127.0.0.1:9', stats: stats.url, exports: exportsService.url },
    });
    const response = await app.inject({ method: 'GET', url: '/api/culls', headers: { cookie } });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: { code: 'service_unavailable', message: MESSAGES.serviceUnavailable },
    });
  });

  it('answers a season report 503 while the records service cannot give its figures, sending no report without them', async () => {
    const { app, cookie } = await signedInGateway({
      upstreams: { records: 'http://127.0.0.1:9', stats: stats.url, exports: exportsService.url },
    });
    const response = await app.inject({
      method: 'GET',
      url: '/api/reports/season.pdf?season=2026-27',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('service_unavailable');
  });
});

describe.each(Object.keys(REACHES) as Reach[])('request bodies without a declared length, %s', (reach) => {
  it('are cut off with 413 once they pass the limit', async () => {
    const { app, cookie } = await signedInGateway({ config: devConfig({ bodyLimit: 1024 }) }, reach);
    const response = await app.inject({
      method: 'POST',
      url: '/api/culls',
      headers: { cookie, origin: DEV_ORIGIN, 'content-type': 'application/json' },
      payload: Readable.from(Array.from({ length: 8 }, () => Buffer.alloc(512, 'x'))),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload_too_large');
  });
});

describe.each(Object.keys(REACHES) as Reach[])('compression, %s', (reach) => {
  it('gzips a large JSON answer for a client that accepts it, and not for one that does not', async () => {
    const { app, cookie } = await signedInGateway({}, reach);
    const url = `/api/culls?q=${'roe'.repeat(500)}`;
    const compressed = await app.inject({
      method: 'GET',
      url,
      headers: { cookie, 'accept-encoding': 'gzip' },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(compressed.rawPayload).toString('utf8')).url).toBe(url.replace('/api', ''));

    const plain = await app.inject({ method: 'GET', url, headers: { cookie } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().url).toBe(url.replace('/api', ''));
  });

  it('gzips the streamed CSV export', async () => {
    const { app, cookie } = await signedInGateway({}, reach);
    const response = await app.inject({
      method: 'GET',
      url: '/api/exports/culls.csv',
      headers: { cookie, 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="culls.csv"');
    expect(gunzipSync(response.rawPayload).toString('utf8')).toBe(
      '"Date","Species"\n"01/06/2025","Roe Deer"\n',
    );
  });
});
