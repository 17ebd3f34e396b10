import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@cull-log/contracts';
import { openSqliteIdentityIds, type IdentityIds } from '@cull-log/storage-kit';
import { IDENTITY_HEADER, signIdentity, type Identity, type SignIdentityOptions } from './identity';
import { generateIdentityKeys, identityPrivateKey } from './identity-keys';
import { internalAuth } from './internal-auth';
import { createLogger } from './logger';
import { buildServiceApp } from './service-app';

const KEYS = generateIdentityKeys();
const GATEWAY_KEY = identityPrivateKey(KEYS.privateKey);
const ANN: Identity = { uid: 'ann-sub', display_name: 'Ann', email: 'ann@example.co.uk' };
const NOT_AUTHENTICATED = { error: { code: 'not_authenticated', message: MESSAGES.notAuthenticated } };

async function testApp(
  clock: { now: Date },
  options: { replayCapacity?: number; name?: string; identityIds?: IdentityIds } = {},
) {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    name: 'test',
    destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  const name = options.name ?? 'records';
  const app = buildServiceApp({ name, logger, readiness: async () => {}, bodyLimit: 1024 });
  await app.register(internalAuth, {
    publicKey: KEYS.publicKey,
    audience: name,
    now: () => clock.now,
    ...(options.replayCapacity === undefined ? {} : { replayCapacity: options.replayCapacity }),
    ...(options.identityIds === undefined ? {} : { identityIds: options.identityIds }),
  });
  app.get('/culls', async (request) => {
    request.log.info('listing culls');
    return { caller: request.identity };
  });
  app.post('/culls', async (request) => ({ saved: request.body, by: request.identity.uid }));
  app.delete('/culls/:id', async (request) => ({ deletedBy: request.identity.uid }));
  // Read from the connection by the route itself, as @fastify/multipart reads an upload.
  const uploads: string[] = [];
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
  const readUpload = async (raw: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of raw) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString();
  };
  app.post('/photos', async (request) => {
    const upload = await readUpload(request.raw);
    await request.bodyIntact();
    uploads.push(upload);
    return { kept: upload };
  });
  app.post('/careless-photos', async (request) => ({ kept: await readUpload(request.raw) }));
  return { app, lines, uploads };
}

function identityFor(
  method: string,
  url: string,
  now: Date,
  extra: Partial<SignIdentityOptions> = {},
): string {
  return signIdentity({
    privateKey: GATEWAY_KEY,
    audience: 'records',
    identity: ANN,
    method,
    url,
    now,
    ...extra,
  });
}

describe('internalAuth', () => {
  const signedAt = new Date('2025-06-01T12:00:00Z');

  it('lets a validly signed request through and exposes the identity', async () => {
    const { app } = await testApp({ now: signedAt });
    const response = await app.inject({
      method: 'GET',
      url: '/culls?page=1',
      headers: { [IDENTITY_HEADER]: identityFor('GET', '/culls?page=1', signedAt) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ caller: ANN });
  });

  it('logs the user id on the handler and completion lines, and never the header', async () => {
    const { app, lines } = await testApp({ now: signedAt });
    const header = identityFor('GET', '/culls', signedAt);
    await app.inject({ method: 'GET', url: '/culls', headers: { [IDENTITY_HEADER]: header } });
    expect(lines.find((line) => line.msg === 'listing culls')?.userId).toBe(ANN.uid);
    expect(lines.find((line) => line.msg === 'request completed')?.userId).toBe(ANN.uid);
    expect(JSON.stringify(lines)).not.toContain(header.split('.')[1]);
  });

  it('answers 401 with the message when the header is missing', async () => {
    const { app } = await testApp({ now: signedAt });
    const response = await app.inject({ method: 'GET', url: '/culls' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(NOT_AUTHENTICATED);
  });

  it('answers 401 to a header signed with another key pair', async () => {
    const { app } = await testApp({ now: signedAt });
    const forged = identityFor('GET', '/culls', signedAt, {
      privateKey: identityPrivateKey(generateIdentityKeys().privateKey),
    });
    const response = await app.inject({
      method: 'GET',
      url: '/culls',
      headers: { [IDENTITY_HEADER]: forged },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(NOT_AUTHENTICATED);
  });

  it('answers 401 to a header signed for the records service when it reaches the stats service', async () => {
    const { app: stats, lines } = await testApp({ now: signedAt }, { name: 'stats' });
    const forRecords = identityFor('GET', '/culls', signedAt, { audience: 'records' });
    const response = await stats.inject({
      method: 'GET',
      url: '/culls',
      headers: { [IDENTITY_HEADER]: forRecords },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(NOT_AUTHENTICATED);
    expect(lines.find((line) => line.msg === 'refused identity')?.reason).toBe('wrong_audience');
    const forStats = identityFor('GET', '/culls', signedAt, { audience: 'stats' });
    expect(
      (await stats.inject({ method: 'GET', url: '/culls', headers: { [IDENTITY_HEADER]: forStats } }))
        .statusCode,
    ).toBe(200);
  });

  it('answers 401 to a payload changed to another user', async () => {
    const { app } = await testApp({ now: signedAt });
    const [payload, signature] = identityFor('GET', '/culls', signedAt).split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const tampered = Buffer.from(JSON.stringify({ ...claims, uid: 'bob-sub' })).toString('base64url');
    const response = await app.inject({
      method: 'GET',
      url: '/culls',
      headers: { [IDENTITY_HEADER]: `${tampered}.${signature}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(NOT_AUTHENTICATED);
  });

  it('answers 401 when a header signed for a read is replayed on a delete', async () => {
    const { app } = await testApp({ now: signedAt });
    const response = await app.inject({
      method: 'DELETE',
      url: '/culls/abc',
      headers: { [IDENTITY_HEADER]: identityFor('GET', '/culls/abc', signedAt) },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(NOT_AUTHENTICATED);
  });

  it('answers 401 when a header is replayed on another URL', async () => {
    const { app } = await testApp({ now: signedAt });
    const response = await app.inject({
      method: 'DELETE',
      url: '/culls/victim',
      headers: { [IDENTITY_HEADER]: identityFor('DELETE', '/culls/mine', signedAt) },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(NOT_AUTHENTICATED);
  });

  it('answers 401 to the same header sent a second time, and does not run the route again', async () => {
    const { app } = await testApp({ now: signedAt });
    const body = '{"species":"Roe Deer"}';
    const header = identityFor('POST', '/culls', signedAt, { body });
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/culls',
        headers: { [IDENTITY_HEADER]: header, 'content-type': 'application/json' },
        payload: body,
      });
    expect((await send()).statusCode).toBe(200);
    const again = await send();
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(NOT_AUTHENTICATED);
  });

  it('answers 401 to a header another replica of the service has taken, when the two share their ids', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'cull-log-replicas-'));
    const file = join(directory, 'records-identity-ids.db');
    const [one, other] = [openSqliteIdentityIds({ file }), openSqliteIdentityIds({ file })];
    try {
      const clock = { now: signedAt };
      const first = await testApp(clock, { identityIds: one });
      const second = await testApp(clock, { identityIds: other });
      const header = identityFor('GET', '/culls', signedAt);
      const get = (app: typeof first.app) =>
        app.inject({ method: 'GET', url: '/culls', headers: { [IDENTITY_HEADER]: header } });
      expect((await get(first.app)).statusCode).toBe(200);
      clock.now = new Date(signedAt.getTime() + 5_000);
      const replayed = await get(second.app);
      expect(replayed.statusCode).toBe(401);
      expect(replayed.json()).toEqual(NOT_AUTHENTICATED);
      expect(second.lines).toContainEqual(expect.objectContaining({ reason: 'replayed' }));
      const fresh = identityFor('GET', '/culls', clock.now);
      expect(
        (await second.app.inject({ method: 'GET', url: '/culls', headers: { [IDENTITY_HEADER]: fresh } }))
          .statusCode,
      ).toBe(200);
    } finally {
      await one.close();
      await other.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('forgets a header id once the header has expired, and holds no more ids than it may', async () => {
    const clock = { now: signedAt };
    const { app } = await testApp(clock, { replayCapacity: 2 });
    const get = () =>
      app.inject({
        method: 'GET',
        url: '/culls',
        headers: { [IDENTITY_HEADER]: identityFor('GET', '/culls', clock.now) },
      });
    expect((await get()).statusCode).toBe(200);
    expect((await get()).statusCode).toBe(200);
    // Two unexpired ids held: a third is refused, never let through unremembered.
    expect((await get()).statusCode).toBe(503);
    clock.now = new Date(signedAt.getTime() + 30_000);
    expect((await get()).statusCode).toBe(200);
  });

  it('takes a body that is the one signed, and answers 401 to one changed on the way, before the route runs', async () => {
    const { app } = await testApp({ now: signedAt });
    const signedBody = '{"species":"Roe Deer"}';
    const post = (payload: string) =>
      app.inject({
        method: 'POST',
        url: '/culls',
        headers: {
          [IDENTITY_HEADER]: identityFor('POST', '/culls', signedAt, { body: signedBody }),
          'content-type': 'application/json',
        },
        payload,
      });
    const taken = await post(signedBody);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ saved: { species: 'Roe Deer' }, by: ANN.uid });
    const changed = await post('{"species":"Red Deer"}');
    expect(changed.statusCode).toBe(401);
    expect(changed.json()).toEqual(NOT_AUTHENTICATED);
  });

  it('answers 401 to a body sent with a header signed for none', async () => {
    const { app } = await testApp({ now: signedAt });
    const response = await app.inject({
      method: 'POST',
      url: '/culls',
      headers: {
        [IDENTITY_HEADER]: identityFor('POST', '/culls', signedAt),
        'content-type': 'application/json',
      },
      payload: '{"species":"Roe Deer"}',
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers 413 to a body over the route limit, without reading it whole', async () => {
    const { app } = await testApp({ now: signedAt });
    const body = JSON.stringify({ notes: 'x'.repeat(2048) });
    const response = await app.inject({
      method: 'POST',
      url: '/culls',
      headers: {
        [IDENTITY_HEADER]: identityFor('POST', '/culls', signedAt, { body }),
        'content-type': 'application/json',
      },
      payload: body,
    });
    expect(response.statusCode).toBe(413);
  });

  describe('an upload the route reads itself (multipart)', () => {
    const upload = '--b\r\nContent-Disposition: form-data; name="photo"\r\n\r\nJPEG\r\n--b--\r\n';
    const send = (
      app: Awaited<ReturnType<typeof testApp>>['app'],
      url: string,
      payload: string,
      signed = upload,
    ) =>
      app.inject({
        method: 'POST',
        url,
        headers: {
          [IDENTITY_HEADER]: identityFor('POST', url, signedAt, { body: signed }),
          'content-type': 'multipart/form-data; boundary=b',
        },
        payload,
      });

    it('is read whole by the route, and kept when it is the one signed', async () => {
      const { app, uploads } = await testApp({ now: signedAt });
      const response = await send(app, '/photos', upload);
      expect(response.statusCode).toBe(200);
      expect(uploads).toEqual([upload]);
    });

    it('is refused with 401 when it changed on the way, before the route keeps it', async () => {
      const { app, uploads } = await testApp({ now: signedAt });
      const response = await send(app, '/photos', upload.replace('JPEG', 'EVIL'));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(NOT_AUTHENTICATED);
      expect(uploads).toEqual([]);
    });

    it('cannot be answered 2xx by a route that never checked it', async () => {
      const { app } = await testApp({ now: signedAt });
      expect((await send(app, '/careless-photos', upload)).statusCode).toBe(500);
    });
  });

  it('answers 401 once the header is 30 seconds old', async () => {
    const clock = { now: signedAt };
    const { app } = await testApp(clock);
    clock.now = new Date(signedAt.getTime() + 29_000);
    const send = () =>
      app.inject({
        method: 'GET',
        url: '/culls',
        headers: { [IDENTITY_HEADER]: identityFor('GET', '/culls', signedAt) },
      });
    expect((await send()).statusCode).toBe(200);
    clock.now = new Date(signedAt.getTime() + 30_000);
    const response = await send();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(NOT_AUTHENTICATED);
  });

  it('answers 401 before 404, so routes cannot be probed without an identity', async () => {
    const { app } = await testApp({ now: signedAt });
    const response = await app.inject({ method: 'GET', url: '/no-such-route' });
    expect(response.statusCode).toBe(401);
  });

  it('leaves /healthz and /readyz open for probes', async () => {
    const { app } = await testApp({ now: signedAt });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('refuses to start with the private key, or with no key at all', async () => {
    const logger = createLogger({ name: 'test', level: 'silent' });
    const withKey = (publicKey: string) =>
      buildServiceApp({ name: 'records', logger }).register(internalAuth, { publicKey, audience: 'records' });
    await expect(withKey(KEYS.privateKey)).rejects.toThrow(/not a public key/);
    await expect(withKey('short')).rejects.toThrow();
  });
});
