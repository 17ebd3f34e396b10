import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import {
  IDENTITY_HEADER,
  generateIdentityKeys,
  identityPrivateKey,
  signIdentity,
  type SignIdentityOptions,
} from '@cull-log/service-kit';
import { MESSAGES } from '@cull-log/contracts';
import { INTERNAL_KEYS, startFakeService } from '../testing/gateway-harness';

const identity = { uid: 'user-1', display_name: 'Ada Stalker', email: 'ada@example.org' };
const gatewayKey = identityPrivateKey(INTERNAL_KEYS.privateKey);
let records: Awaited<ReturnType<typeof startFakeService>>;
let stats: Awaited<ReturnType<typeof startFakeService>>;

beforeAll(async () => {
  records = await startFakeService('records');
  stats = await startFakeService('stats');
});
afterAll(async () => {
  await records.app.close();
  await stats.app.close();
});

const signed = (options: Partial<SignIdentityOptions> = {}) =>
  signIdentity({
    privateKey: gatewayKey,
    audience: 'records',
    identity,
    method: 'GET',
    url: '/culls?page=1',
    ...options,
  });

async function callWith(
  header: string | undefined,
  { service = records, method = 'GET', path = '/culls?page=1', body }: CallOptions = {},
) {
  const response = await request(`${service.url}${path}`, {
    method,
    headers: {
      ...(header === undefined ? {} : { [IDENTITY_HEADER]: header }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body }),
  });
  return { status: response.statusCode, body: (await response.body.json()) as Record<string, unknown> };
}

interface CallOptions {
  service?: typeof records;
  method?: 'GET' | 'POST';
  path?: string;
  body?: string;
}

const NOT_AUTHENTICATED = { error: { code: 'not_authenticated', message: MESSAGES.notAuthenticated } };

describe('a service behind the gateway', () => {
  it("accepts an identity signed with the gateway's key for this service and this request", async () => {
    const { status, body } = await callWith(signed());
    expect(status).toBe(200);
    expect(body.identity).toEqual(identity);
  });

  it('accepts a body that is the one signed, and refuses one changed on the way', async () => {
    const sent = '{"species":"Roe Deer"}';
    const header = () => signed({ method: 'POST', url: '/culls', body: sent });
    const options = { method: 'POST', path: '/culls' } as const;
    expect((await callWith(header(), { ...options, body: sent })).status).toBe(200);
    const changed = await callWith(header(), { ...options, body: '{"species":"Red Deer"}' });
    expect(changed).toEqual({ status: 401, body: NOT_AUTHENTICATED });
  });

  it('refuses a header made for the records service when it is sent to the stats service', async () => {
    const forRecords = signed({ url: '/stats' });
    const { status, body } = await callWith(forRecords, { service: stats, path: '/stats' });
    expect(status).toBe(401);
    expect(body).toEqual(NOT_AUTHENTICATED);
    expect(
      (await callWith(signed({ audience: 'stats', url: '/stats' }), { service: stats, path: '/stats' }))
        .status,
    ).toBe(200);
  });

  it('takes a header once: the same header sent again is refused', async () => {
    const header = signed();
    expect((await callWith(header)).status).toBe(200);
    expect(await callWith(header)).toEqual({ status: 401, body: NOT_AUTHENTICATED });
  });

  it.each([
    ['no identity header', () => undefined],
    [
      'an identity signed with another key pair (forged)',
      () => signed({ privateKey: identityPrivateKey(generateIdentityKeys().privateKey) }),
    ],
    [
      'an identity whose payload was changed after signing',
      () => {
        const [payload, signature] = signed().split('.') as [string, string];
        const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
        const changed = Buffer.from(JSON.stringify({ ...claims, uid: 'someone-else' })).toString('base64url');
        return `${changed}.${signature}`;
      },
    ],
    [
      'an expired identity (signed two minutes ago)',
      () => signed({ now: new Date(Date.now() - 2 * 60 * 1000) }),
    ],
    ['an identity signed for another request', () => signed({ url: '/culls?page=2' })],
    ['an identity signed for another method', () => signed({ method: 'DELETE' })],
  ])('refuses %s with 401 not_authenticated', async (_label, makeHeader) => {
    const { status, body } = await callWith(makeHeader());
    expect(status).toBe(401);
    expect(body).toEqual(NOT_AUTHENTICATED);
  });
});
