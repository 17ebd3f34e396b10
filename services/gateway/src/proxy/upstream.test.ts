import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { request } from 'undici';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@cull-log/contracts';
import { createUpstream } from './upstream';
import {
  InProcessIdentities,
  buildServiceApp,
  generateIdentityKeys,
  internalAuth,
} from '@cull-log/service-kit';
import {
  buildTestGateway,
  devSignIn,
  INTERNAL_KEYS,
  silentLogger,
  startFakeService,
  type TestGateway,
} from '../testing/gateway-harness';

let gateway: TestGateway | undefined;
const services: FastifyInstance[] = [];

afterEach(async () => {
  await gateway?.close();
  gateway = undefined;
  await Promise.all(services.splice(0).map((service) => service.close()));
});

/** An exports service in this process whose CSV the test writes by hand, through the real internal auth. */
async function exportsServiceWithCsv(csv: PassThrough): Promise<FastifyInstance> {
  const service = buildServiceApp({ name: 'exports', logger: silentLogger });
  await service.register(internalAuth, { publicKey: INTERNAL_KEYS.publicKey, audience: 'exports' });
  service.get('/exports/culls.csv', async (_request, reply) =>
    reply.type('text/csv; charset=utf-8').send(csv),
  );
  services.push(service);
  return service;
}

async function listeningGatewayFor(exportsService: FastifyInstance) {
  const nowhere = 'http://127.0.0.1:9';
  gateway = await buildTestGateway({
    upstreams: { records: nowhere, stats: nowhere, exports: exportsService },
  });
  const cookie = await devSignIn(gateway.app);
  const url = await gateway.app.listen({ host: '127.0.0.1', port: 0 });
  return { url: `${url}/api/exports/culls.csv`, headers: { cookie } };
}

describe('a service in the same process', () => {
  it('refuses with 401 a request whose identity it cannot verify, as over HTTP', async () => {
    const service = await startFakeService('records', generateIdentityKeys().publicKey);
    services.push(service.app);
    gateway = await buildTestGateway({
      upstreams: { records: service.app, stats: service.app, exports: service.app },
    });
    const cookie = await devSignIn(gateway.app);
    const response = await gateway.app.inject({ method: 'GET', url: '/api/culls', headers: { cookie } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'not_authenticated', message: MESSAGES.notAuthenticated },
    });
    const unsigned = await service.app.inject({ method: 'GET', url: '/culls' });
    expect(unsigned.statusCode).toBe(401);
  });

  it('takes the identity handed over in memory, unsigned, and holds none once each call is over', async () => {
    const identities = new InProcessIdentities();
    // Checks no signature at all: the key pair is not the gateway's, so a signed header would be refused.
    const service = buildServiceApp({ name: 'records', logger: silentLogger });
    await service.register(internalAuth, {
      publicKey: generateIdentityKeys().publicKey,
      audience: 'records',
      inProcess: identities,
    });
    service.get('/culls', async (request) => ({ caller: request.identity.uid }));
    services.push(service);
    const target = { app: service, identities };
    gateway = await buildTestGateway({ upstreams: { records: target, stats: target, exports: target } });
    const cookie = await devSignIn(gateway.app);
    const read = await gateway.app.inject({ method: 'GET', url: '/api/culls', headers: { cookie } });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ caller: expect.any(String) as string });
    // A path the service has no route for is answered by it, and its identity is gone all the same.
    const unknown = await gateway.app.inject({
      method: 'GET',
      url: '/api/culls/map-points',
      headers: { cookie },
    });
    expect(unknown.statusCode).toBe(404);
    expect(identities.size).toBe(0);
  });

  it('streams its answer to the client as it is written, not once it ends', async () => {
    const csv = new PassThrough();
    const { url, headers } = await listeningGatewayFor(await exportsServiceWithCsv(csv));
    csv.write('"Date","Species"\n');
    const response = await request(url, { headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const chunks = response.body[Symbol.asyncIterator]();
    const first = await chunks.next();
    expect(Buffer.from(first.value as Buffer).toString()).toBe('"Date","Species"\n');
    expect(csv.writableEnded).toBe(false);
    csv.end('"01/06/2025","Roe Deer"\n');
    let rest = '';
    for (let chunk = await chunks.next(); !chunk.done; chunk = await chunks.next())
      rest += String(chunk.value);
    expect(rest).toBe('"01/06/2025","Roe Deer"\n');
  });

  it('stops the service writing once the client has gone', async () => {
    const csv = new PassThrough();
    const { url, headers } = await listeningGatewayFor(await exportsServiceWithCsv(csv));
    csv.write('"Date","Species"\n');
    const response = await request(url, { headers });
    await response.body[Symbol.asyncIterator]().next();
    const closed = once(csv, 'close');
    response.body.destroy();
    await closed;
    expect(csv.destroyed).toBe(true);
  });
});

describe('a service over HTTP', () => {
  it('may take longer to answer a request that allows it, and no longer than that', async () => {
    const slow = buildServiceApp({ name: 'records', logger: silentLogger });
    slow.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      return { done: true };
    });
    services.push(slow);
    const upstream = createUpstream('records', await slow.listen({ host: '127.0.0.1', port: 0 }));
    try {
      const asked = { method: 'GET', path: '/slow', headers: {}, body: undefined };
      await expect(upstream.request({ ...asked, headersTimeout: 500 })).rejects.toThrow();
      const answer = await upstream.request({ ...asked, headersTimeout: 5_000 });
      expect(answer.statusCode).toBe(200);
    } finally {
      await upstream.close();
    }
  }, 20_000);
});
