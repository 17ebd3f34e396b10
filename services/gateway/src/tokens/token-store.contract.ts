import { afterEach, describe, expect, it } from 'vitest';
import type { StoredToken, TokenStore } from './token-store';

/** A place tokens can be kept; `open` may be called again to reopen the same place. */
export interface TokenStoreTarget {
  open: () => Promise<TokenStore>;
  dispose: () => Promise<void>;
}

const start = new Date('2025-06-01T08:00:00.000Z');
const days = (count: number) => new Date(start.getTime() + count * 24 * 60 * 60 * 1000);
let counter = 0;

function token(overrides: Partial<StoredToken> = {}): StoredToken {
  counter += 1;
  const suffix = String(counter).padStart(12, '0');
  return {
    id: `0b6f7c1e-1111-4222-8333-${suffix}`,
    user: { uid: 'ann', display_name: 'Ann Stalker', email: 'ann@example.org' },
    name: 'Group spreadsheet',
    scope: 'read',
    team: null,
    secretHash: `hash-${suffix}`,
    createdAt: start,
    expiresAt: days(90),
    lastUsedAt: null,
    revokedAt: null,
    ...overrides,
  };
}

/** The behaviour every TokenStore adapter must have. */
export function describeTokenStoreContract(adapter: string, makeTarget: () => Promise<TokenStoreTarget>) {
  describe(`TokenStore contract: ${adapter}`, () => {
    const cleanups: Array<() => Promise<void>> = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });
    async function freshStore() {
      const target = await makeTarget();
      cleanups.push(target.dispose);
      const store = await target.open();
      cleanups.push(() => store.close());
      return { store, target };
    }

    it('finds a created token by the hash of its secret, every field intact', async () => {
      const { store } = await freshStore();
      const kept = token({ scope: 'write', team: '0b6f7c1e-2222-4222-8333-944445555666' });
      await store.create(kept);
      expect(await store.findByHash(kept.secretHash)).toEqual(kept);
      expect(await store.findByHash('no-such-hash')).toBeUndefined();
    });

    it('keeps a user without a display name or e-mail address as nulls', async () => {
      const { store } = await freshStore();
      const anonymous = token({ user: { uid: 'u', display_name: null, email: null } });
      await store.create(anonymous);
      expect(await store.findByHash(anonymous.secretHash)).toEqual(anonymous);
    });

    it('refuses a second token with the same id or the same secret hash', async () => {
      const { store } = await freshStore();
      const first = token();
      await store.create(first);
      await expect(store.create(token({ id: first.id }))).rejects.toThrow();
      await expect(store.create(token({ secretHash: first.secretHash }))).rejects.toThrow();
    });

    it("lists every token of one user and none of another user's", async () => {
      const { store } = await freshStore();
      const annsFirst = token();
      const annsSecond = token({ revokedAt: days(1) });
      await store.create(annsFirst);
      await store.create(annsSecond);
      await store.create(token({ user: { uid: 'bob', display_name: 'Bob', email: null } }));
      const byId = (a: StoredToken, b: StoredToken) => a.id.localeCompare(b.id);
      expect((await store.listByUser('ann')).sort(byId)).toEqual([annsFirst, annsSecond].sort(byId));
      expect(await store.listByUser('nobody')).toEqual([]);
    });

    it('markUsed records the time of use and ignores an unknown id', async () => {
      const { store } = await freshStore();
      const used = token();
      await store.create(used);
      await store.markUsed(used.id, days(2));
      await store.markUsed('0b6f7c1e-0000-4222-8333-000000000000', days(2));
      expect(await store.findByHash(used.secretHash)).toEqual({ ...used, lastUsedAt: days(2) });
    });

    it("revokes the user's own token once, and never another user's", async () => {
      const { store } = await freshStore();
      const anns = token();
      await store.create(anns);
      expect(await store.revoke('bob', anns.id, days(1))).toBe(false);
      expect((await store.findByHash(anns.secretHash))?.revokedAt).toBeNull();
      expect(await store.revoke('ann', anns.id, days(1))).toBe(true);
      expect(await store.revoke('ann', anns.id, days(2))).toBe(false);
      expect((await store.findByHash(anns.secretHash))?.revokedAt).toEqual(days(1));
      expect(await store.revoke('ann', '0b6f7c1e-0000-4222-8333-000000000000', days(1))).toBe(false);
    });

    it("destroyAllOfUser removes every token of that user and nobody else's", async () => {
      const { store } = await freshStore();
      await store.create(token());
      await store.create(token({ revokedAt: days(1) }));
      const bobs = token({ user: { uid: 'bob', display_name: null, email: null } });
      await store.create(bobs);
      expect(await store.destroyAllOfUser('ann')).toBe(2);
      expect(await store.destroyAllOfUser('ann')).toBe(0);
      expect(await store.listByUser('ann')).toEqual([]);
      expect(await store.findByHash(bobs.secretHash)).toEqual(bobs);
    });

    it('destroyEndedBefore removes tokens revoked or expired at or before then, and counts them', async () => {
      const { store } = await freshStore();
      const expired = token({ expiresAt: days(10) });
      const revoked = token({ revokedAt: days(20) });
      const revokedLater = token({ revokedAt: days(21) });
      const live = token({ expiresAt: days(30) });
      for (const each of [expired, revoked, revokedLater, live]) await store.create(each);
      expect(await store.destroyEndedBefore(days(20))).toBe(2);
      expect(await store.findByHash(expired.secretHash)).toBeUndefined();
      expect(await store.findByHash(revoked.secretHash)).toBeUndefined();
      expect(await store.findByHash(revokedLater.secretHash)).toEqual(revokedLater);
      expect(await store.findByHash(live.secretHash)).toEqual(live);
    });

    it('keeps tokens when closed and opened again', async () => {
      const { store, target } = await freshStore();
      const durable = token();
      await store.create(durable);
      await store.close();
      const reopened = await target.open();
      cleanups.push(() => reopened.close());
      expect(await reopened.findByHash(durable.secretHash)).toEqual(durable);
    });

    it('answers a ping while open', async () => {
      const { store } = await freshStore();
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });
}
