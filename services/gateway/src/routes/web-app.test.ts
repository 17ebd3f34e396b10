import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestGateway, devConfig, type TestGateway } from '../testing/gateway-harness';

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';
const SCRIPT = 'console.log("app")';
const LARGE_SCRIPT = Array.from({ length: 400 }, (_, line) => `console.log("line ${line}");`).join('\n');
let webDist: string;
let gateway: TestGateway | undefined;

beforeAll(() => {
  webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
  writeFileSync(join(webDist, 'assets', 'index-3f9a1c2b.js'), SCRIPT);
  // The build's compressed copies of a larger file, as web/vite.config.ts makes them.
  writeFileSync(join(webDist, 'assets', 'shell-5e1f2a3b.js'), LARGE_SCRIPT);
  writeFileSync(join(webDist, 'assets', 'shell-5e1f2a3b.js.br'), brotliCompressSync(LARGE_SCRIPT));
  writeFileSync(join(webDist, 'assets', 'shell-5e1f2a3b.js.gz'), gzipSync(LARGE_SCRIPT));
  // The build keeps its source maps beside the files for the tests' own use (hidden maps): never served.
  writeFileSync(join(webDist, 'assets', 'index-3f9a1c2b.js.map'), '{"version":3,"sources":["src/main.tsx"]}');
  writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(webDist, '.env'), 'SECRET=1');
  for (const [kind, screen] of [
    ['public', 'terms'],
    ['public', 'home'],
    ['signed-in', 'data'],
  ]) {
    mkdirSync(join(webDist, 'screens', kind!), { recursive: true });
    writeFileSync(join(webDist, 'screens', kind!, `${screen}.html`), screenPage(screen!));
  }
});

/** The build's page of a screen, with its heading drawn. */
const screenPage = (screen: string) =>
  `<!doctype html><html><body><main><p>${screen}</p></main></body></html>`;
afterAll(() => rmSync(webDist, { recursive: true, force: true }));
afterEach(async () => {
  await gateway?.close();
  gateway = undefined;
});

async function start(production = false) {
  gateway = await buildTestGateway({
    webDist,
    config: devConfig(
      production
        ? {
            production: true,
            publicUrl: 'https://cull-log.test',
            authMode: 'google',
            google: {
              clientId: 'c',
              clientSecret: 's',
              provider: {
                issuers: ['https://issuer.test'],
                authorizationEndpoint: 'https://issuer.test/a',
                tokenEndpoint: 'https://issuer.test/t',
                jwksUri: 'https://issuer.test/j',
              },
            },
          }
        : {},
    ),
  });
  return gateway.app;
}

const html = { accept: 'text/html,application/xhtml+xml' };

describe('serving the web client', () => {
  it('serves the home page at / to be revalidated on every visit', async () => {
    const app = await start();
    const response = await app.inject({ method: 'GET', url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(screenPage('home'));
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets for a year as immutable', async () => {
    const app = await start();
    const response = await app.inject({ method: 'GET', url: '/assets/index-3f9a1c2b.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SCRIPT);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    ['brotli', 'gzip, deflate, br', brotliDecompressSync],
    ['gzip', 'gzip, deflate', gunzipSync],
  ])(
    "sends the build's %s copy of a file to a browser that accepts it",
    async (encoding, accepted, decompress) => {
      const app = await start();
      const response = await app.inject({
        method: 'GET',
        url: '/assets/shell-5e1f2a3b.js',
        headers: { 'accept-encoding': accepted },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding === 'brotli' ? 'br' : 'gzip');
      expect(response.headers['content-type']).toMatch(/^application\/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(decompress(response.rawPayload).toString('utf8')).toBe(LARGE_SCRIPT);
    },
  );

  it('sends the file itself to a browser that accepts no compression', async () => {
    const app = await start();
    const response = await app.inject({
      method: 'GET',
      url: '/assets/shell-5e1f2a3b.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(LARGE_SCRIPT);
  });

  it('serves other files at the root without long caching', async () => {
    const app = await start();
    const response = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    '/assets/index-3f9a1c2b.js.map',
    '/assets/index-3f9a1c2b.js.MAP',
    '/assets/index-3f9a1c2b.js%2Emap',
  ])('keeps the source map %s to itself', async (url) => {
    const app = await start();
    const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('src/main.tsx');
  });

  it.each(['/dashboard', '/edit-cull/0b6f7c1e-1111-4222-8333-944445555666', '/data?page=2'])(
    'answers the client route %s with index.html',
    async (url) => {
      const app = await start();
      const response = await app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each([
    ['a missing hashed asset', '/assets/index-00000000.js', html],
    ['an unknown /auth path', '/auth/nothing-here', html],
    ['a request that does not accept HTML', '/dashboard', { accept: 'application/json' }],
    ['a dotfile', '/.env', html],
    ['a path escaping the folder', '/..%2f..%2fetc%2fpasswd', {}],
  ])('answers 404 for %s', async (_label, url, headers: Record<string, string>) => {
    const app = await start();
    const response = await app.inject({ method: 'GET', url, headers });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('SECRET');
    expect(response.body).not.toContain('root:');
  });

  it.each([
    ['a visitor with no session, a public screen', '/terms', {}, screenPage('terms')],
    ['a visitor with no session, a screen behind sign-in', '/data', {}, INDEX_HTML],
    [
      'a visitor with a session, a screen behind sign-in',
      '/data?page=2',
      { cookie: 'cull_session=s' },
      screenPage('data'),
    ],
    [
      'a visitor with a session, a public screen',
      '/terms/',
      { cookie: 'cull_session=s' },
      screenPage('terms'),
    ],
    ['an address of no built screen', '/dashboard', { cookie: 'cull_session=s' }, INDEX_HTML],
    ["the home page's name as an address", '/home', {}, INDEX_HTML],
    ['an address with a record in it', '/data/0b6f7c1e', { cookie: 'cull_session=s' }, INDEX_HTML],
    ['an address in another case', '/DATA', { cookie: 'cull_session=s' }, INDEX_HTML],
  ])(
    'sends %s its own built page where there is one',
    async (_label, url, headers: Record<string, string>, page) => {
      const app = await start();
      const response = await app.inject({ method: 'GET', url, headers: { ...html, ...headers } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(page);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toMatch(/cookie/i);
    },
  );

  it('keeps /api answers as JSON 401 rather than the page', async () => {
    const app = await start();
    const response = await app.inject({ method: 'GET', url: '/api/culls', headers: html });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('not_authenticated');
  });
});

describe('security headers', () => {
  it('sends a Content-Security-Policy allowing only our own code and the map tiles', async () => {
    const app = await start();
    const response = await app.inject({ method: 'GET', url: '/', headers: html });
    const policy = Object.fromEntries(
      String(response.headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values.join(' ')]),
    );
    expect(policy).toEqual({
      'default-src': "'self'",
      'script-src': "'self'",
      'style-src': "'self' 'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='",
      'img-src': "'self' data: blob: https://*.tile.openstreetmap.org",
      'connect-src': "'self' https://*.tile.openstreetmap.org",
      'font-src': "'self'",
      'manifest-src': "'self'",
      'object-src': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
      'frame-ancestors': "'none'",
    });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS and upgrade-insecure-requests in production', async () => {
    const app = await start(true);
    const response = await app.inject({ method: 'GET', url: '/', headers: html });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });

  it.each([
    ['a page of the web client', '/', 200],
    ['a refused /api request', '/api/culls', 401],
    ['an unknown /auth route', '/auth/unknown', 404],
    ['a URL that cannot be decoded', '/api/culls/%E0%A4%A', 400],
  ])('sends the same security headers with %s', async (_label, url, status) => {
    const app = await start();
    const response = await app.inject({ method: 'GET', url, headers: html });
    expect(response.statusCode).toBe(status);
    expect(response.headers).toMatchObject({
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
      'permissions-policy': 'geolocation=(self), camera=(self), microphone=()',
    });
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(response.headers['cross-origin-embedder-policy']).toBeUndefined();
  });

  it.each(['/api/culls/%E0%A4%A', '/%E0%A4%A', '/auth/%'])(
    'answers a URL that cannot be decoded (%s) in the contract error shape',
    async (url) => {
      const app = await start();
      const response = await app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'bad_request', message: 'The address of this request is not valid.' },
      });
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    },
  );

  it('never shows a stack trace to the client', async () => {
    const app = await start();
    const response = await app.inject({
      method: 'POST',
      url: '/auth/dev/login',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toMatch(/at .*\.(ts|js):\d+/);
    expect(Object.keys(response.json())).toEqual(['error']);
  });
});

describe('health probes', () => {
  it.each(['/healthz', '/readyz'])('answers %s to a probe that reaches the gateway directly', async (url) => {
    const app = await start();
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it.each([
    ['/healthz', { 'x-forwarded-for': '203.0.113.9' }],
    ['/readyz', { 'x-forwarded-for': '203.0.113.9, 10.0.0.4' }],
    ['/readyz?full=1', { forwarded: 'for=203.0.113.9' }],
  ])('keeps %s off requests that came through a proxy', async (url, headers) => {
    const app = await start();
    const response = await app.inject({ method: 'GET', url, headers });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });
});
