import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { IDENTITY_HEADER, signIdentity } from '@cull-log/service-kit';
import { MESSAGES } from '@cull-log/contracts';
import { INTERNAL_SECRET, startFakeService } from '../testing/gateway-harness';

const identity = { uid: 'user-1', display_name: 'Ada Stalker', email: 'ada@example.org' };
let service: Awaited<ReturnType<typeof startFakeService>>;

beforeAll(async () => {
  service = await startFakeService('records');
});
afterAll(async () => {
  await service.app.close();
});

async function callWith(header: string | undefined, path = '/culls?page=1') {
  const response = await request(`${service.url}${path}`, {
    headers: header === undefined ? {} : { [IDENTITY_HEADER]: header },
  });
  return { status: response.statusCode, body: (await response.body.json()) as Record<string, unknown> };
}

describe('a service behind the gateway', () => {
  it('accepts an identity signed with the shared secret for this request', async () => {
    const header = signIdentity({ secret: INTERNAL_SECRET, identity, method: 'GET', url: '/culls?page=1' });
    const { status, body } = await callWith(header);
    expect(status).toBe(200);
    expect(body.identity).toEqual(identity);
  });

  it.each([
    ['no identity header', () => undefined],
    [
      'an identity signed with another secret (forged)',
      () => signIdentity({ secret: 'x'.repeat(40), identity, method: 'GET', url: '/culls?page=1' }),
    ],
    [
      'an identity whose payload was changed after signing',
      () => {
        const [, signature] = signIdentity({
          secret: INTERNAL_SECRET,
          identity,
          method: 'GET',
          url: '/culls?page=1',
        }).split('.');
        const payload = { ...identity, uid: 'someone-else', method: 'GET', url: '/culls?page=1' };
        const now = Math.floor(Date.now() / 1000);
        const encoded = Buffer.from(JSON.stringify({ ...payload, iat: now, exp: now + 60 })).toString(
          'base64url',
        );
        return `${encoded}.${signature}`;
      },
    ],
    [
      'an expired identity (signed two minutes ago)',
      () =>
        signIdentity({
          secret: INTERNAL_SECRET,
          identity,
          method: 'GET',
          url: '/culls?page=1',
          now: new Date(Date.now() - 2 * 60 * 1000),
        }),
    ],
    [
      'an identity signed for another request',
      () => signIdentity({ secret: INTERNAL_SECRET, identity, method: 'GET', url: '/culls?page=2' }),
    ],
    [
      'an identity signed for another method',
      () => signIdentity({ secret: INTERNAL_SECRET, identity, method: 'DELETE', url: '/culls?page=1' }),
    ],
  ])('refuses %s with 401 not_authenticated', async (_label, makeHeader) => {
    const { status, body } = await callWith(makeHeader());
    expect(status).toBe(401);
    expect(body).toEqual({ error: { code: 'not_authenticated', message: MESSAGES.notAuthenticated } });
  });
});
