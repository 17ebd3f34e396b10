import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@cull-log/contracts';
import { IDENTITY_HEADER, signIdentity, type Identity } from './identity';
import { generateIdentityKeys, identityPrivateKey } from './identity-keys';
import { InProcessIdentities } from './in-process-identities';
import { internalAuth } from './internal-auth';
import { createLogger } from './logger';
import { buildServiceApp } from './service-app';

const KEYS = generateIdentityKeys();
const ANN: Identity = { uid: 'ann-sub', display_name: 'Ann', email: 'ann@example.co.uk' };
const NOT_AUTHENTICATED = { error: { code: 'not_authenticated', message: MESSAGES.notAuthenticated } };

async function serviceApp(clock: { now: Date }, inProcess?: InProcessIdentities) {
  const reasons: unknown[] = [];
  const logger = createLogger({
    name: 'test',
    level: 'warn',
    destination: {
      write: (line: string) => void reasons.push((JSON.parse(line) as { reason?: unknown }).reason),
    },
  });
  const app = buildServiceApp({ name: 'records', logger, bodyLimit: 1024 });
  await app.register(internalAuth, {
    publicKey: KEYS.publicKey,
    audience: 'records',
    now: () => clock.now,
    ...(inProcess === undefined ? {} : { inProcess }),
  });
  let runs = 0;
  app.get('/culls', async (request) => {
    runs += 1;
    return { caller: request.identity };
  });
  app.post('/culls', async (request) => ({ saved: request.body, by: request.identity.uid }));
  return { app, reasons, runs: () => runs };
}

const at = new Date('2026-12-07T12:00:00Z');

/** A header for Ann's `GET /culls` of the records service, made at `at`, unless told otherwise. */
function handFor(
  identities: InProcessIdentities,
  call: Partial<Parameters<InProcessIdentities['hand']>[0]> = {},
) {
  return identities.hand({
    audience: 'records',
    identity: ANN,
    method: 'GET',
    url: '/culls',
    now: at,
    ...call,
  });
}

describe('identities handed over in memory (the one-process app)', () => {
  it('lets the call it was made for through, with its identity, and leaves nothing behind', async () => {
    const identities = new InProcessIdentities();
    const { app } = await serviceApp({ now: at }, identities);
    const header = handFor(identities);
    const answer = await app.inject({ method: 'GET', url: '/culls', headers: { [IDENTITY_HEADER]: header } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ caller: ANN });
    expect(identities.size).toBe(0);
  });

  it('takes each header once: the same header again is refused and the route does not run again', async () => {
    const identities = new InProcessIdentities();
    const { app, reasons, runs } = await serviceApp({ now: at }, identities);
    const header = handFor(identities);
    await app.inject({ method: 'GET', url: '/culls', headers: { [IDENTITY_HEADER]: header } });
    const again = await app.inject({ method: 'GET', url: '/culls', headers: { [IDENTITY_HEADER]: header } });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(NOT_AUTHENTICATED);
    expect(runs()).toBe(1);
    expect(reasons).toContain('replayed');
  });

  it('refuses a header made for another service, another request, or one made up', async () => {
    const identities = new InProcessIdentities();
    const { app, reasons } = await serviceApp({ now: at }, identities);
    const send = (header: string, method: 'GET' | 'POST' = 'GET', url = '/culls') =>
      app.inject({ method, url, headers: { [IDENTITY_HEADER]: header } });
    const forStats = handFor(identities, { audience: 'stats' });
    expect((await send(forStats)).statusCode).toBe(401);
    const forAnotherUrl = handFor(identities, { url: '/culls?page=2' });
    expect((await send(forAnotherUrl)).statusCode).toBe(401);
    const forARead = handFor(identities);
    expect((await send(forARead, 'POST')).statusCode).toBe(401);
    expect((await send('in-process:00000000-0000-4000-8000-000000000000')).statusCode).toBe(401);
    expect(reasons).toEqual(['wrong_audience', 'wrong_request', 'wrong_request', 'replayed']);
  });

  it('refuses a header 30 seconds old, as a signed one', async () => {
    const identities = new InProcessIdentities();
    const clock = { now: at };
    const { app } = await serviceApp(clock, identities);
    const header = handFor(identities);
    clock.now = new Date(at.getTime() + 30_000);
    const answer = await app.inject({ method: 'GET', url: '/culls', headers: { [IDENTITY_HEADER]: header } });
    expect(answer.statusCode).toBe(401);
  });

  it('checks the body against the one it was made for', async () => {
    const identities = new InProcessIdentities();
    const { app } = await serviceApp({ now: at }, identities);
    const call = (sent: string, signedBody: string) =>
      app.inject({
        method: 'POST',
        url: '/culls',
        headers: {
          'content-type': 'application/json',
          [IDENTITY_HEADER]: handFor(identities, { method: 'POST', body: signedBody }),
        },
        payload: sent,
      });
    expect((await call('{"species":"Roe Deer"}', '{"species":"Roe Deer"}')).json()).toEqual({
      saved: { species: 'Roe Deer' },
      by: 'ann-sub',
    });
    expect((await call('{"species":"Red Deer"}', '{"species":"Roe Deer"}')).statusCode).toBe(401);
  });

  it('is refused by an app not given the handed identities, and a signed header still works beside them', async () => {
    const identities = new InProcessIdentities();
    const header = handFor(identities);
    const { app: withoutThem } = await serviceApp({ now: at });
    expect(
      (await withoutThem.inject({ method: 'GET', url: '/culls', headers: { [IDENTITY_HEADER]: header } }))
        .statusCode,
    ).toBe(401);

    const { app: withThem } = await serviceApp({ now: at }, identities);
    const signed = signIdentity({
      privateKey: identityPrivateKey(KEYS.privateKey),
      audience: 'records',
      identity: ANN,
      method: 'GET',
      url: '/culls',
      now: at,
    });
    const answer = await withThem.inject({
      method: 'GET',
      url: '/culls',
      headers: { [IDENTITY_HEADER]: signed },
    });
    expect(answer.json()).toEqual({ caller: ANN });
  });
});
