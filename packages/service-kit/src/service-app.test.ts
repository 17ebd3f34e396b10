import rateLimit from '@fastify/rate-limit';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@cull-log/contracts';
import { HttpError } from './http-error';
import { createLogger } from './logger';
import { buildServiceApp, describeError, DEFAULT_BODY_LIMIT } from './service-app';

const Body = z.strictObject({
  species: z.string({ error: 'Species is required' }).min(1, { error: 'Species is required' }),
  weight: z.number().max(1000).optional(),
});

function captureLogs() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    name: 'test',
    level: 'info',
    destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  return { logger, lines };
}

function testApp(
  options: {
    readiness?: () => Promise<void>;
    bodyLimit?: number;
    acceptRequestId?: boolean;
    successfulReadLogLevel?: 'info' | 'debug';
  } = {},
) {
  const { logger, lines } = captureLogs();
  const app = buildServiceApp({ name: 'records', logger, ...options });
  app.post('/culls', async (request, reply) => reply.status(201).send(Body.parse(request.body)));
  app.get('/culls', async () => ({ items: [] }));
  app.get('/boom', async () => {
    throw new Error('database password is hunter2 at /srv/app/store.ts:42');
  });
  app.get('/conflict', async () => {
    throw new HttpError(409, 'version_conflict', 'Changed elsewhere', { version: 'Stale' });
  });
  app.get('/down', async () => {
    throw new HttpError(503, 'service_unavailable', 'The store is unreachable');
  });
  return { app, lines };
}

describe('health and readiness', () => {
  it('/healthz answers 200 whatever the dependencies do', async () => {
    const { app } = testApp({ readiness: () => Promise.reject(new Error('store down')) });
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers 200 when the readiness check passes', async () => {
    const { app } = testApp({ readiness: async () => {} });
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('/readyz answers 503 with the error shape, and no details, when the check throws', async () => {
    const { app, lines } = testApp({
      readiness: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.7')),
    });
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: { code: 'service_unavailable', message: expect.any(String) as string },
    });
    expect(response.body).not.toContain('ECONNREFUSED');
    expect(lines.some((line) => line.msg === 'not ready')).toBe(true);
  });
});

describe('request ids', () => {
  it('echoes a sane x-request-id and logs under it', async () => {
    const { app, lines } = testApp();
    const response = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'req-42.a:b' },
    });
    expect(response.headers['x-request-id']).toBe('req-42.a:b');
    const { app: other, lines: otherLines } = testApp();
    await other.inject({
      method: 'POST',
      url: '/culls',
      headers: { 'x-request-id': 'abc-123' },
      payload: {},
    });
    expect(otherLines.find((line) => line.msg === 'request completed')?.requestId).toBe('abc-123');
    expect(lines).toEqual([]);
  });

  it('generates a UUID when the header is missing', async () => {
    const { app } = testApp();
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['x-request-id']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('replaces an id that could forge log lines or is too long', async () => {
    const { app } = testApp();
    for (const given of ['two\nlines', 'x'.repeat(129), '<script>', '']) {
      const response = await app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': given },
      });
      expect(response.headers['x-request-id']).not.toBe(given);
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("makes its own id when told not to accept the caller's, logging the caller's apart", async () => {
    const { app, lines } = testApp({ acceptRequestId: false });
    const response = await app.inject({
      method: 'POST',
      url: '/culls',
      headers: { 'x-request-id': 'client-chosen-1' },
      payload: {},
    });
    const id = response.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const logged = lines.filter((line) => line.requestId === id);
    expect(logged.map((line) => line.msg)).toContain('request completed');
    expect(logged.every((line) => line.clientRequestId === 'client-chosen-1')).toBe(true);
    expect(lines.some((line) => line.requestId === 'client-chosen-1')).toBe(false);
  });

  it("logs no caller's id when it is missing or could forge log lines", async () => {
    const { app, lines } = testApp({ acceptRequestId: false });
    await app.inject({
      method: 'POST',
      url: '/culls',
      headers: { 'x-request-id': 'two\nlines' },
      payload: {},
    });
    await app.inject({ method: 'POST', url: '/culls', payload: {} });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.clientRequestId === undefined)).toBe(true);
  });

  it('gives each request its own generated id', async () => {
    const { app } = testApp();
    const first = await app.inject({ method: 'GET', url: '/healthz' });
    const second = await app.inject({ method: 'GET', url: '/healthz' });
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });
});

describe('error shapes', () => {
  it('a zod error answers 400 validation_failed with a message per field', async () => {
    const { app } = testApp();
    const response = await app.inject({
      method: 'POST',
      url: '/culls',
      payload: { weight: 5000, colour: 'red' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: expect.any(String) as string,
        fields: {
          species: 'Species is required',
          weight: expect.any(String) as string,
          colour: 'Unknown field',
        },
      },
    });
  });

  it('malformed JSON answers 400', async () => {
    const { app } = testApp();
    const response = await app.inject({
      method: 'POST',
      url: '/culls',
      headers: { 'content-type': 'application/json' },
      payload: '{"species": "Roe",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'bad_request', message: 'The request body is not valid JSON.' },
    });
  });

  it('an empty JSON body answers 400', async () => {
    const { app } = testApp();
    const response = await app.inject({
      method: 'POST',
      url: '/culls',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('bad_request');
  });

  it('a body of a type the service does not read answers 400', async () => {
    const { app } = testApp();
    const response = await app.inject({
      method: 'POST',
      url: '/culls',
      headers: { 'content-type': 'application/xml' },
      payload: '<cull/>',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('bad_request');
  });

  it('a __proto__ key in JSON answers 400', async () => {
    const { app } = testApp();
    const response = await app.inject({
      method: 'POST',
      url: '/culls',
      headers: { 'content-type': 'application/json' },
      payload: '{"species":"Roe","__proto__":{"admin":true}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('bad_request');
  });

  it(`a body over the ${DEFAULT_BODY_LIMIT} byte default answers 413 payload_too_large`, async () => {
    const { app } = testApp();
    const response = await app.inject({
      method: 'POST',
      url: '/culls',
      payload: { species: 'x'.repeat(DEFAULT_BODY_LIMIT) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: { code: 'payload_too_large', message: 'The request body is too large.' },
    });
  });

  it('honours a smaller body limit', async () => {
    const { app } = testApp({ bodyLimit: 100 });
    const response = await app.inject({
      method: 'POST',
      url: '/culls',
      payload: { species: 'x'.repeat(100) },
    });
    expect(response.statusCode).toBe(413);
  });

  it.each(['/culls/%E0%A4%A', '/culls%E0%A4%A', '/%', '/culls/%zz'])(
    'a URL that cannot be decoded (%s) answers 400 bad_request in the contract shape',
    async (url) => {
      const { app, lines } = testApp();
      const response = await app.inject({ method: 'GET', url, headers: { 'x-request-id': 'bad-url-1' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'bad_request', message: 'The address of this request is not valid.' },
      });
      expect(ApiError.safeParse(response.json()).success).toBe(true);
      expect(response.headers['x-request-id']).toBe('bad-url-1');
      expect(lines.find((line) => line.msg === 'request refused')).toMatchObject({ status: 400 });
    },
  );

  it('an unknown route answers 404 not_found', async () => {
    const { app } = testApp();
    const response = await app.inject({ method: 'GET', url: '/no/such/route' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });

  it('a thrown Error answers 500 internal_error without its message or stack, and logs it', async () => {
    const { app, lines } = testApp();
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'internal_error', message: 'Something went wrong. Please try again.' },
    });
    expect(response.body).not.toMatch(/hunter2|store\.ts|at /);
    const logged = lines.find((line) => line.msg === 'request failed');
    expect(logged?.level).toBe(50);
    expect(JSON.stringify(logged?.err)).toContain('hunter2');
  });

  it('a thrown non-Error value answers 500 internal_error', async () => {
    const { logger } = captureLogs();
    const app = buildServiceApp({ name: 'records', logger });
    app.get('/odd', async () => {
      throw 'plain string';
    });
    const response = await app.inject({ method: 'GET', url: '/odd' });
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('internal_error');
  });

  it('an HttpError answers with its own status, code, message and fields', async () => {
    const { app } = testApp();
    const response = await app.inject({ method: 'GET', url: '/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'version_conflict', message: 'Changed elsewhere', fields: { version: 'Stale' } },
    });
  });

  it('an HttpError with a 5xx status keeps its own code and message', async () => {
    const { app } = testApp();
    const response = await app.inject({ method: 'GET', url: '/down' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: { code: 'service_unavailable', message: 'The store is unreachable' },
    });
  });

  it('a rate limit answers 429 rate_limited with a retry-after header', async () => {
    const { logger } = captureLogs();
    const app = buildServiceApp({ name: 'gateway', logger });
    await app.register(rateLimit, { max: 1, timeWindow: 60_000 });
    app.get('/limited', async () => ({ ok: true }));
    expect((await app.inject({ method: 'GET', url: '/limited' })).statusCode).toBe(200);
    const response = await app.inject({ method: 'GET', url: '/limited' });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({
      error: { code: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' },
    });
    expect(response.headers['retry-after']).toBeDefined();
  });
});

describe('error codes', () => {
  it('every error the service kit describes parses with the contract error schema', () => {
    const libraryErrors = [
      { validation: [] },
      { code: 'FST_ERR_CTP_INVALID_JSON_BODY' },
      { code: 'FST_ERR_CTP_EMPTY_JSON_BODY' },
      { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' },
      { code: 'FST_ERR_CTP_BODY_TOO_LARGE' },
      ...Array.from({ length: 200 }, (_, index) => ({ statusCode: 400 + index })),
    ];
    const thrown: unknown[] = [
      new HttpError(409, 'version_conflict', 'Changed elsewhere', { version: 'Stale' }),
      Body.safeParse({}).error,
      new Error('anything else'),
      'not even an error',
      ...libraryErrors,
    ];
    for (const error of thrown) {
      const { body } = describeError(error);
      expect(ApiError.safeParse(body).success, JSON.stringify(body)).toBe(true);
    }
  });
});

describe('request logging', () => {
  it('logs one line per request with its status and never the body', async () => {
    const { app, lines } = testApp();
    await app.inject({
      method: 'POST',
      url: '/culls?q=secret-search',
      payload: { species: 'Muntjac-private-note' },
    });
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({
      method: 'POST',
      path: '/culls',
      statusCode: 201,
      service: 'records',
    });
    expect(JSON.stringify(lines)).not.toContain('Muntjac-private-note');
    expect(JSON.stringify(lines)).not.toContain('secret-search');
  });

  it('logs a matched route by its pattern, so record ids stay out of the logs', async () => {
    const { logger, lines } = captureLogs();
    const app = buildServiceApp({ name: 'records', logger });
    app.get('/culls/:id', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/culls/3f1c0c52-9f0e-4a4b-8a55-6d7c1d2b9e10' });
    expect(lines.find((line) => line.msg === 'request completed')?.path).toBe('/culls/:id');
  });
});

describe('completion lines', () => {
  const completed = (lines: Record<string, unknown>[]) =>
    lines
      .filter((line) => line.msg === 'request completed')
      .map((line) => `${String(line.method)} ${String(line.statusCode)}`);

  it('logs one line for every request by default', async () => {
    const { app, lines } = testApp();
    await app.inject({ method: 'GET', url: '/culls' });
    await app.inject({ method: 'POST', url: '/culls', payload: { species: 'Roe Deer' } });
    expect(completed(lines)).toEqual(['GET 200', 'POST 201']);
  });

  it('logs a read that succeeded at debug when told, and writes, refusals and failures at info', async () => {
    const { app, lines } = testApp({ successfulReadLogLevel: 'debug' });
    await app.inject({ method: 'GET', url: '/culls' });
    await app.inject({ method: 'POST', url: '/culls', payload: { species: 'Roe Deer' } });
    await app.inject({ method: 'GET', url: '/conflict' });
    await app.inject({ method: 'GET', url: '/nowhere' });
    await app.inject({ method: 'GET', url: '/boom' });
    expect(completed(lines)).toEqual(['POST 201', 'GET 409', 'GET 404', 'GET 500']);
  });
});
