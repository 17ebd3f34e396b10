import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN_MESSAGES, TOKEN_PREFIX } from '@cull-log/contracts';
import { DAY_MS, fakeClock } from '../testing/gateway-harness';
import { openSqliteTokenStore } from './sqlite-token-store';
import { bearerOf } from './token-access';
import { DEFAULT_TOKEN_POLICY, TokenManager, hashTokenSecret } from './token-manager';
import type { TokenStore } from './token-store';

const ann = { uid: 'ann', display_name: 'Ann Stalker', email: 'ann@example.org' };
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function managerWith(policy = DEFAULT_TOKEN_POLICY) {
  const directory = mkdtempSync(join(tmpdir(), 'gateway-token-manager-'));
  const store: TokenStore = openSqliteTokenStore({ file: join(directory, 'tokens.sqlite') });
  cleanups.push(() => rmSync(directory, { recursive: true, force: true }));
  cleanups.push(() => store.close());
  const clock = fakeClock();
  return { manager: new TokenManager(store, clock.now, policy), store, clock };
}

const request = { name: 'Sheet', scope: 'read', expires_in_days: 30 } as const;

describe('TokenManager', () => {
  it('makes a secret of the prefix and 32 random bytes, and keeps only its hash', async () => {
    const { manager, store } = managerWith();
    const first = await manager.create(ann, request);
    const second = await manager.create(ann, request);
    expect(first.secret).toMatch(new RegExp(`^${TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(first.secret).not.toBe(second.secret);
    expect(first.token.secretHash).toBe(hashTokenSecret(first.secret));
    expect(await store.findByHash(hashTokenSecret(first.secret))).toEqual(first.token);
  });

  it('counts only live tokens against the cap: an expired or revoked one makes room', async () => {
    const { manager, clock } = managerWith({ ...DEFAULT_TOKEN_POLICY, maxTokensPerUser: 2 });
    const short = await manager.create(ann, { ...request, expires_in_days: 1 });
    const kept = await manager.create(ann, request);
    await expect(manager.create(ann, request)).rejects.toMatchObject({
      status: 409,
      code: 'limit_reached',
      message: TOKEN_MESSAGES.tooMany,
    });
    await expect(manager.create({ ...ann, uid: 'bob' }, request)).resolves.toBeDefined();
    clock.advance(DAY_MS);
    await manager.create(ann, request);
    await expect(manager.create(ann, request)).rejects.toMatchObject({ status: 409 });
    expect(await manager.revoke('ann', kept.token.id)).toBe(true);
    await manager.create(ann, request);
    expect((await manager.listFor('ann')).map(({ id }) => id)).toContain(short.token.id);
  });

  it('authenticates a live token only: unknown, revoked and expired ones are undefined', async () => {
    const { manager, clock } = managerWith();
    const { secret, token } = await manager.create(ann, { ...request, expires_in_days: 2 });
    expect((await manager.authenticate(secret))?.id).toBe(token.id);
    expect(await manager.authenticate(`${secret}x`)).toBeUndefined();
    clock.advance(2 * DAY_MS);
    expect(await manager.authenticate(secret)).toBeUndefined();
    const other = await manager.create(ann, request);
    await manager.revoke('ann', other.token.id);
    expect(await manager.authenticate(other.secret)).toBeUndefined();
  });

  it('purges tokens revoked or expired more than 30 days ago, and keeps the rest listed as they are', async () => {
    const { manager, store, clock } = managerWith();
    const expiring = await manager.create(ann, { ...request, expires_in_days: 1 });
    const revoked = await manager.create(ann, request);
    const live = await manager.create(ann, { ...request, expires_in_days: 365 });
    await manager.revoke('ann', revoked.token.id);
    clock.advance(30 * DAY_MS);
    expect(await manager.purgeEnded()).toBe(1);
    expect((await store.listByUser('ann')).map(({ id }) => id).sort()).toEqual(
      [expiring.token.id, live.token.id].sort(),
    );
    clock.advance(DAY_MS);
    expect(await manager.purgeEnded()).toBe(1);
    expect((await manager.listFor('ann')).map(({ id }) => id)).toEqual([live.token.id]);
  });
});

describe('bearerOf', () => {
  it.each([
    [undefined, undefined],
    ['Bearer cull_pat_abc', 'cull_pat_abc'],
    ['bearer   cull_pat_abc  ', 'cull_pat_abc'],
    ['Bearer', ''],
    ['Bearer   ', ''],
    ['Basic dXNlcjpwYXNz', undefined],
    ['Bearercull_pat_abc', undefined],
  ])('reads %j as %j', (header, expected) => {
    expect(bearerOf(header === undefined ? {} : { authorization: header })).toBe(expected);
  });
});
