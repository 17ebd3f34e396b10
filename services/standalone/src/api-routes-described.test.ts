import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '@cull-log/api-description';
import { apiInProcess, SERVICE_NAMES, type ApiInProcess, type ServiceName } from './testing/api-in-process';

/**
 * The routes of the services that the gateway never forwards, each with why it is not part of the public API. The
 * test below fails when one of these becomes reachable through `/api`, or a route is neither reachable nor here.
 */
const INTERNAL_ROUTES: Record<string, string> = {
  'records GET /healthz': 'A probe for the orchestrator, on the service’s own port.',
  'records GET /readyz': 'A probe for the orchestrator, on the service’s own port.',
  'stats GET /healthz': 'A probe for the orchestrator, on the service’s own port.',
  'stats GET /readyz': 'A probe for the orchestrator, on the service’s own port.',
  'exports GET /healthz': 'A probe for the orchestrator, on the service’s own port.',
  'exports GET /readyz': 'A probe for the orchestrator, on the service’s own port.',
  'records GET /account/events.jsonl':
    'A part of the account export the gateway gathers into GET /api/account/export.',
  'records GET /account/records.json':
    'A part of the account export the gateway gathers into GET /api/account/export.',
  'records GET /account/records.csv':
    'A part of the account export the gateway gathers into GET /api/account/export.',
  'records GET /account/grounds.json':
    'A part of the account export the gateway gathers into GET /api/account/export.',
  'records GET /account/outings.json':
    'A part of the account export the gateway gathers into GET /api/account/export.',
  'records GET /account/counts.json':
    'A part of the account export the gateway gathers into GET /api/account/export.',
  'records GET /account/settings.json':
    'A part of the account export the gateway gathers into GET /api/account/export.',
  'records GET /account/plans.json':
    'A part of the account export the gateway gathers into GET /api/account/export.',
  'records GET /account/imports.json':
    'A part of the account export the gateway gathers into GET /api/account/export.',
  'exports GET /account/declarations.json':
    'A part of the account export the gateway gathers into GET /api/account/export.',
  'records GET /account/photos.json':
    'A part of the account export the gateway gathers into GET /api/account/export.',
  'records DELETE /account':
    'The records service’s part of DELETE /api/account, which the gateway asks of each service once the user has confirmed.',
  'stats DELETE /account':
    'The stats service’s part of DELETE /api/account, which the gateway asks of each service.',
  'exports DELETE /account':
    'The exports service’s part of DELETE /api/account, which the gateway asks of each service.',
  'records GET /reports/deer-management':
    'The season’s counts, density, effort and suggested cull per ground, which the gateway asks as the user while making GET /api/reports/season.pdf.',
  'stats GET /reports/season.pdf':
    'GET /api/reports/season.pdf of a team (`?team=`), or with a query it refuses, forwarded as it came; the probe sends neither.',
  'stats POST /reports/season.pdf':
    'GET /api/reports/season.pdf as the gateway sends it on, with the records service’s figures of the season’s deer management.',
  'records POST /account/retention':
    'The gateway’s daily retention job asks it, as each user, to remove their records older than the retention.',
  'records POST /retention/teams':
    'The gateway’s daily retention job asks it, once a run, to have every team stop keeping kept culls older than the retention.',
  'stats POST /account/retention':
    'The gateway’s daily retention job asks it to forget the records the records service removed.',
  'exports POST /account/retention':
    'The gateway’s daily retention job asks it to forget the records the records service removed.',
};

/** The gateway's own `/api` routes that are not operations of the API, each with why. */
const NOT_OPERATIONS: Record<string, string> = {
  'GET /api/docs':
    'The reference page for people (it redirects to /api/docs/), HTML rather than an operation of the API.',
  'GET /api/docs/': 'The reference page for people, HTML rather than an operation of the API.',
  'GET /api/docs/js/scalar.js': 'The reference page’s script, served from the gateway rather than a CDN.',
};

/** A route pattern as OpenAPI writes it: `/culls/:id` → `/culls/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

/** A URL that matches a pattern, each parameter given a value that looks like one. */
const concrete = (url: string) =>
  url.replace(/:([A-Za-z]+)/g, (_match, name: string) =>
    name === 'season'
      ? '2025-26'
      : name === 'photoId'
        ? '0'.repeat(32)
        : '00000000-0000-4000-8000-000000000001',
  );

const key = (method: string, path: string) => `${method} ${path}`;

describe('the OpenAPI document describes every public route, and nothing else', () => {
  let api: ApiInProcess;
  /** Every public operation, `METHOD /api/path` with OpenAPI's `{param}`. */
  const reachable = new Set<string>();
  /** Every service route the gateway does not forward, `service METHOD /path`. */
  const unreachable = new Set<string>();

  /** Sends a request as the signed-in user; signs in again if an earlier request ended the session. */
  async function probe(method: string, url: string) {
    const send = () => api.call({ method: method as 'GET', url });
    let answer = await send();
    if (answer.statusCode === 401 && url !== '/api/me') {
      await api.signIn();
      answer = await send();
    }
    return answer;
  }

  /** The service that answered the request at that very path (without `/api`), and the route it answered with. */
  async function forwardedTo(
    method: string,
    url: string,
  ): Promise<{ service: ServiceName; route?: string } | undefined> {
    const before = api.hits.length;
    await probe(method, url);
    return api.hits
      .slice(before)
      .find((each) => each.method === method && each.url.split('?')[0] === url.slice('/api'.length));
  }

  beforeAll(async () => {
    api = await apiInProcess();
    await api.signIn();
    // A service route is public when a request for it through the gateway reaches that very route.
    for (const service of SERVICE_NAMES) {
      for (const { method, url } of api.routesOf(api.services[service])) {
        const reached = await forwardedTo(method, `/api${concrete(url)}`);
        if (reached?.service === service && reached.route === url)
          reachable.add(key(method, `/api${openApiPath(url)}`));
        else unreachable.add(`${service} ${method} ${url}`);
      }
    }
    // The gateway's own: its `/api` routes with a whole path that answer themselves rather than forward.
    for (const { method, url } of api.routesOf(api.gateway)) {
      if (!url.startsWith('/api') || url.includes('*')) continue;
      if ((await forwardedTo(method, concrete(url))) === undefined)
        reachable.add(key(method, openApiPath(url)));
    }
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  const described = () => {
    const operations = new Set<string>();
    for (const [path, item] of Object.entries(openApiDocument().paths ?? {})) {
      for (const method of ['get', 'put', 'post', 'patch', 'delete'] as const) {
        if (item?.[method] !== undefined) operations.add(key(method.toUpperCase(), path));
      }
    }
    return operations;
  };

  it('describes every route the gateway answers', () => {
    const missing = [...reachable].filter((route) => !described().has(route) && !(route in NOT_OPERATIONS));
    expect(missing, 'routes the document does not describe').toEqual([]);
  });

  it('describes no route the gateway does not answer', () => {
    const extra = [...described()].filter((route) => !reachable.has(route));
    expect(extra, 'operations of the document that no route answers').toEqual([]);
  });

  it('lists exactly the services’ routes that are not public, each with why', () => {
    expect([...unreachable].sort()).toEqual(Object.keys(INTERNAL_ROUTES).sort());
    for (const route of Object.keys(NOT_OPERATIONS)) expect(reachable, route).toContain(route);
  });

  it('finds the routes it compares: every service and the gateway contribute', () => {
    expect(reachable.size).toBeGreaterThanOrEqual(55);
    expect(reachable).toContain('GET /api/me');
    expect(reachable).toContain('GET /api/stats');
    expect(reachable).toContain('POST /api/declarations');
    expect(reachable).toContain('PATCH /api/culls/{id}');
  });
});
