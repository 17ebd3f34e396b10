import { afterEach, describe, expect, it } from 'vitest';
import type { SessionStore, StoredSession } from '../sessions/session-store';
import type { StoredToken, TokenStore } from '../tokens/token-store';
import type { AccountStore } from './account-store';

/** A place accounts are kept, beside the sessions and tokens they are first filled from; each `open` is another connection. */
export interface AccountStoreTarget {
  open: () => Promise<AccountStore>;
  openSessions: () => Promise<SessionStore>;
  openTokens: () => Promise<TokenStore>;
  dispose: () => Promise<void>;
}

const start = new Date('2025-06-01T08:00:00.000Z');
const days = (count: number) => new Date(start.getTime() + count * 24 * 60 * 60 * 1000);

function session(idHash: string, uid: string, lastSeenAt: Date): StoredSession {
  return {
    idHash,
    user: { uid, display_name: 'Ada Stalker', email: 'ada@example.org' },
    createdAt: start,
    lastSeenAt,
    expiresAt: days(400),
    userAgent: null,
    reauthenticatedAt: null,
    inactivityNotice: null,
  };
}

function token(id: string, uid: string, lastUsedAt: Date | null): StoredToken {
  return {
    id,
    user: { uid, display_name: null, email: null },
    name: 'Sheet',
    scope: 'read',
    team: null,
    secretHash: `hash-${id}`,
    createdAt: start,
    expiresAt: days(400),
    lastUsedAt,
    revokedAt: null,
  };
}

/** The behaviour every AccountStore adapter must have. */
export function describeAccountStoreContract(adapter: string, makeTarget: () => Promise<AccountStoreTarget>) {
  describe(`AccountStore contract: ${adapter}`, () => {
    const cleanups: Array<() => Promise<void>> = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });
    async function opened<T extends { close(): Promise<void> }>(open: () => Promise<T>): Promise<T> {
      const store = await open();
      cleanups.push(() => store.close());
      return store;
    }
    async function freshTarget() {
      const target = await makeTarget();
      cleanups.push(target.dispose);
      return target;
    }

    it('records a first use, answering that there was no account before', async () => {
      const accounts = await opened((await freshTarget()).open);
      expect(await accounts.recordUse('ann', days(1))).toBeUndefined();
      expect(await accounts.find('ann')).toEqual({
        uid: 'ann',
        lastUsedAt: days(1),
        noticeDueAt: null,
        pendingRecordIds: [],
      });
      expect(await accounts.find('bob')).toBeUndefined();
    });

    it('moves the last use on, never back', async () => {
      const accounts = await opened((await freshTarget()).open);
      await accounts.recordUse('ann', days(5));
      expect(await accounts.recordUse('ann', days(3))).toEqual({
        uid: 'ann',
        lastUsedAt: days(5),
        noticeDueAt: null,
        pendingRecordIds: [],
      });
      expect((await accounts.find('ann'))?.lastUsedAt).toEqual(days(5));
      await accounts.recordUse('ann', days(9));
      expect((await accounts.find('ann'))?.lastUsedAt).toEqual(days(9));
    });

    it('sets a notice only while the account is still unused since, and once', async () => {
      const accounts = await opened((await freshTarget()).open);
      await accounts.recordUse('ann', days(1));
      await accounts.recordUse('bob', days(1));
      await accounts.recordUse('bob', days(2));
      expect(await accounts.setNoticeDue('ann', days(1), days(700))).toBe(true);
      expect(await accounts.setNoticeDue('ann', days(1), days(701))).toBe(false);
      // Bob was used after the job read him: his notice is not set.
      expect(await accounts.setNoticeDue('bob', days(1), days(700))).toBe(false);
      expect(await accounts.setNoticeDue('nobody', days(1), days(700))).toBe(false);
      expect(await accounts.find('ann')).toEqual({
        uid: 'ann',
        lastUsedAt: days(1),
        noticeDueAt: days(700),
        pendingRecordIds: [],
      });
      expect((await accounts.find('bob'))?.noticeDueAt).toBeNull();
    });

    it('a use clears the notice, answering the account with it as it stood', async () => {
      const accounts = await opened((await freshTarget()).open);
      await accounts.recordUse('ann', days(1));
      await accounts.setNoticeDue('ann', days(1), days(700));
      expect(await accounts.recordUse('ann', days(705))).toEqual({
        uid: 'ann',
        lastUsedAt: days(1),
        noticeDueAt: days(700),
        pendingRecordIds: [],
      });
      expect(await accounts.find('ann')).toEqual({
        uid: 'ann',
        lastUsedAt: days(705),
        noticeDueAt: null,
        pendingRecordIds: [],
      });
    });

    it('keeps the removed records the other services have yet to be told of, through uses', async () => {
      const accounts = await opened((await freshTarget()).open);
      await accounts.recordUse('ann', days(1));
      await accounts.recordUse('bob', days(1));
      await accounts.setPendingRecords('ann', ['r1', 'r2']);
      await accounts.recordUse('ann', days(2));
      expect((await accounts.find('ann'))?.pendingRecordIds).toEqual(['r1', 'r2']);
      expect((await accounts.find('bob'))?.pendingRecordIds).toEqual([]);
      await accounts.setPendingRecords('ann', []);
      expect((await accounts.find('ann'))?.pendingRecordIds).toEqual([]);
    });

    it('lists every account in pages, in order of id', async () => {
      const accounts = await opened((await freshTarget()).open);
      for (const uid of ['carol', 'ann', 'dev-1', 'bob', 'Zed']) await accounts.recordUse(uid, days(1));
      const first = await accounts.list(null, 2);
      const second = await accounts.list(first.at(-1)!.uid, 2);
      const third = await accounts.list(second.at(-1)!.uid, 2);
      expect([...first, ...second, ...third].map(({ uid }) => uid)).toEqual([
        'Zed',
        'ann',
        'bob',
        'carol',
        'dev-1',
      ]);
      expect(await accounts.list('dev-1', 2)).toEqual([]);
    });

    it("forgets an erased account and no one else's", async () => {
      const accounts = await opened((await freshTarget()).open);
      await accounts.recordUse('ann', days(1));
      await accounts.recordUse('bob', days(1));
      expect(await accounts.destroy('ann')).toBe(true);
      expect(await accounts.destroy('ann')).toBe(false);
      expect(await accounts.find('ann')).toBeUndefined();
      expect(await accounts.find('bob')).toBeDefined();
    });

    it('two connections using one account at once keep the latest use', async () => {
      const target = await freshTarget();
      const [first, second] = [await opened(target.open), await opened(target.open)];
      await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          (index % 2 === 0 ? first : second).recordUse('ann', days(index)),
        ),
      );
      expect((await second.find('ann'))?.lastUsedAt).toEqual(days(19));
    });

    it('is filled at its first start from the sessions and tokens already kept, by their latest use', async () => {
      const target = await freshTarget();
      const sessions = await opened(target.openSessions);
      const tokens = await opened(target.openTokens);
      await sessions.create(session('ann-phone', 'ann', days(10)));
      await sessions.create(session('ann-laptop', 'ann', days(40)));
      await sessions.create(session('bob-phone', 'bob', days(20)));
      await tokens.create(token('ann-sheet', 'ann', days(30)));
      await tokens.create(token('bob-script', 'bob', days(60)));
      await tokens.create(token('carol-unused', 'carol', null));
      const accounts = await opened(target.open);
      expect(await accounts.list(null, 10)).toEqual([
        { uid: 'ann', lastUsedAt: days(40), noticeDueAt: null, pendingRecordIds: [] },
        { uid: 'bob', lastUsedAt: days(60), noticeDueAt: null, pendingRecordIds: [] },
        // A token never used counts from when it was made.
        { uid: 'carol', lastUsedAt: start, noticeDueAt: null, pendingRecordIds: [] },
      ]);
      // Only the first start fills it: an account erased since does not come back from a session left behind.
      await accounts.destroy('ann');
      const again = await opened(target.open);
      expect(await again.find('ann')).toBeUndefined();
    });

    it('answers a ping while open', async () => {
      const accounts = await opened((await freshTarget()).open);
      await expect(accounts.ping()).resolves.toBeUndefined();
    });
  });
}
