import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestGateway, devConfig, type TestGateway } from '../testing/gateway-harness';

let gateway: TestGateway | undefined;
afterEach(async () => {
  await gateway?.close();
  gateway = undefined;
});

describe('the API description and its reference page', () => {
  it('answers the OpenAPI document to anyone, signed in or not', async () => {
    gateway = await buildTestGateway();
    const response = await gateway.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/api/culls'].get.operationId).toBe('listCulls');
  });

  it('serves the reference page and its script from the gateway, never a CDN', async () => {
    gateway = await buildTestGateway();
    const moved = await gateway.app.inject({ method: 'GET', url: '/api/docs' });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/api/docs/');
    const page = await gateway.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const sources = [...page.body.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map(([, source]) => source);
    expect(sources).toEqual(['js/scalar.js']);
    expect(page.body).toContain('/api/openapi.json');
    expect(page.body).not.toMatch(/https?:\/\//);
    const script = await gateway.app.inject({ method: 'GET', url: '/api/docs/js/scalar.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^application\/javascript/);
  });

  it('gives the page alone a policy that admits its own inline script by hash, and nothing inline besides', async () => {
    gateway = await buildTestGateway();
    const page = await gateway.app.inject({ method: 'GET', url: '/api/docs/' });
    const policy = String(page.headers['content-security-policy']);
    const inline = [...page.body.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, body] of inline) {
      const hash = createHash('sha256')
        .update(body ?? '')
        .digest('base64');
      expect(policy).toContain(`'sha256-${hash}'`);
    }
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    // Every other answer keeps the app's own policy.
    const app = await gateway.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(String(app.headers['content-security-policy'])).toMatch(/script-src 'self';/);
  });

  it('keeps every other /api route behind sign-in', async () => {
    gateway = await buildTestGateway();
    for (const url of ['/api/me', '/api/culls', '/api/docs-not', '/api/openapi.yaml']) {
      const response = await gateway.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('limits how often one address may ask', async () => {
    gateway = await buildTestGateway({ config: devConfig({ rateLimits: { readsPerMinute: 2 } }) });
    const statuses = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      statuses.push((await gateway.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});
