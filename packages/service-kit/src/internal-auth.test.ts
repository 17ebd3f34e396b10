import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@cull-log/contracts';
import { IDENTITY_HEADER, signIdentity, type Identity } from './identity';
import { internalAuth } from './internal-auth';
import { createLogger } from './logger';
import { buildServiceApp } from './service-app';

const SECRET = 'internal-auth-secret-at-least-32-chars';
const ANN: Identity = { uid: 'ann-sub', display_name: 'Ann', email: 'ann@example.co.uk' };
const NOT_AUTHENTICATED = { error: { code: 'not_authenticated', message: MESSAGES.notAuthenticated } };

async function testApp(clock: { now: Date }) {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    name: 'test',
    destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  const app = buildServiceApp({ name: 'records', logger, readiness: async () => {} });
  await app.register(internalAuth, { secret: SECRET, now: () => clock.now });
  app.get('/culls', async (request) => {
    request.log.info('listing culls');
    return { caller: request.identity };
  });
  app.delete('/culls/:id', async (request) => ({ deletedBy: request.identity.uid }));
  return { app, lines };
}

function identityFor(method: string, url: string, now: Date, secret = SECRET): string {
  return signIdentity({ secret, identity: ANN, method, url, now });
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

  it('answers 401 to a header signed with another secret', async () => {
    const { app } = await testApp({ now: signedAt });
    const forged = identityFor('GET', '/culls', signedAt, 'someone-elses-secret-of-32-characters');
    const response = await app.inject({
      method: 'GET',
      url: '/culls',
      headers: { [IDENTITY_HEADER]: forged },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(NOT_AUTHENTICATED);
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

  it('answers 401 once the header is 60 seconds old', async () => {
    const clock = { now: signedAt };
    const { app } = await testApp(clock);
    const header = identityFor('GET', '/culls', signedAt);
    clock.now = new Date(signedAt.getTime() + 59_000);
    expect(
      (await app.inject({ method: 'GET', url: '/culls', headers: { [IDENTITY_HEADER]: header } })).statusCode,
    ).toBe(200);
    clock.now = new Date(signedAt.getTime() + 60_000);
    const response = await app.inject({
      method: 'GET',
      url: '/culls',
      headers: { [IDENTITY_HEADER]: header },
    });
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

  it('refuses to start with a short secret', async () => {
    const logger = createLogger({ name: 'test', level: 'silent' });
    const app = buildServiceApp({ name: 'records', logger });
    await expect(app.register(internalAuth, { secret: 'short' })).rejects.toThrow(/32 characters/);
  });
});
