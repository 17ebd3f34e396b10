import { afterEach, describe, expect, it } from 'vitest';
import type { SessionStore, StoredSession } from './session-store';

/** A place sessions can be kept; `open` may be called again to reopen the same place. */
export interface SessionStoreTarget {
  open: () => Promise<SessionStore>;
  dispose: () => Promise<void>;
}

const start = new Date('2025-06-01T08:00:00.000Z');
const hours = (count: number) => new Date(start.getTime() + count * 60 * 60 * 1000);

function session(idHash: string, expiresAt = hours(24), uid = `user-${idHash}`): StoredSession {
  return {
    idHash,
    user: { uid, display_name: 'Ada Stalker', email: 'ada@example.org' },
    createdAt: start,
    lastSeenAt: start,
    expiresAt,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36',
    reauthenticatedAt: null,
    inactivityNotice: null,
  };
}

/** The behaviour every SessionStore adapter must have. */
export function describeSessionStoreContract(adapter: string, makeTarget: () => Promise<SessionStoreTarget>) {
  describe(`SessionStore contract: ${adapter}`, () => {
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

    it('finds a created session with its user and times intact', async () => {
      const { store } = await freshStore();
      await store.create(session('a'));
      expect(await store.find('a')).toEqual(session('a'));
    });

    it('answers undefined for an unknown session', async () => {
      const { store } = await freshStore();
      expect(await store.find('missing')).toBeUndefined();
    });

    it('keeps a user without a display name or e-mail address as nulls', async () => {
      const { store } = await freshStore();
      const anonymous = { ...session('n'), user: { uid: 'u', display_name: null, email: null } };
      await store.create(anonymous);
      expect(await store.find('n')).toEqual(anonymous);
    });

    it('keeps a session without a user agent as null', async () => {
      const { store } = await freshStore();
      const unknown = { ...session('ua'), userAgent: null };
      await store.create(unknown);
      expect(await store.find('ua')).toEqual(unknown);
    });

    it('keeps when the user last signed in again to prove who they are', async () => {
      const { store } = await freshStore();
      const proven = { ...session('proven'), reauthenticatedAt: hours(1) };
      await store.create(proven);
      expect(await store.find('proven')).toEqual(proven);
      expect(await store.listByUser(proven.user.uid)).toEqual([proven]);
    });

    it('keeps the notice of erasure for want of use the session began with', async () => {
      const { store } = await freshStore();
      const noticed = { ...session('noticed'), inactivityNotice: { dueAt: hours(-720), eraseAt: hours(24) } };
      await store.create(noticed);
      expect(await store.find('noticed')).toEqual(noticed);
      expect(await store.listByUser(noticed.user.uid)).toEqual([noticed]);
    });

    it("lists every session of one user and none of another user's", async () => {
      const { store } = await freshStore();
      await store.create(session('ann-phone', hours(24), 'ann'));
      await store.create(session('ann-laptop', hours(1), 'ann'));
      await store.create(session('bob-phone', hours(24), 'bob'));
      const byHash = (a: StoredSession, b: StoredSession) => a.idHash.localeCompare(b.idHash);
      expect((await store.listByUser('ann')).sort(byHash)).toEqual([
        session('ann-laptop', hours(1), 'ann'),
        session('ann-phone', hours(24), 'ann'),
      ]);
      expect(await store.listByUser('nobody')).toEqual([]);
      await store.destroy('ann-phone');
      expect((await store.listByUser('ann')).map(({ idHash }) => idHash)).toEqual(['ann-laptop']);
    });

    it('refuses a second session with the same id hash', async () => {
      const { store } = await freshStore();
      await store.create(session('dup'));
      await expect(store.create(session('dup'))).rejects.toThrow();
    });

    it('touch moves last-seen and expiry on, and ignores unknown sessions', async () => {
      const { store } = await freshStore();
      await store.create(session('t'));
      await store.touch('t', hours(2), hours(30));
      await store.touch('unknown', hours(2), hours(30));
      expect(await store.find('t')).toEqual({ ...session('t'), lastSeenAt: hours(2), expiresAt: hours(30) });
      expect(await store.find('unknown')).toBeUndefined();
    });

    it("destroyAllOfUser removes every session of that user and nobody else's", async () => {
      const { store } = await freshStore();
      await store.create(session('a1', hours(24), 'user-a'));
      await store.create(session('a2', hours(24), 'user-a'));
      await store.create(session('b1', hours(24), 'user-b'));
      expect(await store.destroyAllOfUser('user-a')).toBe(2);
      expect(await store.destroyAllOfUser('user-a')).toBe(0);
      expect(await store.listByUser('user-a')).toEqual([]);
      expect(await store.find('b1')).toBeDefined();
    });

    it('destroy removes only that session', async () => {
      const { store } = await freshStore();
      await store.create(session('keep'));
      await store.create(session('drop'));
      await store.destroy('drop');
      await store.destroy('never-existed');
      expect(await store.find('drop')).toBeUndefined();
      expect(await store.find('keep')).toBeDefined();
    });

    it('destroyExpired removes sessions expiring at or before now and counts them', async () => {
      const { store } = await freshStore();
      await store.create(session('past', hours(1)));
      await store.create(session('boundary', hours(2)));
      await store.create(session('future', hours(3)));
      expect(await store.destroyExpired(hours(2))).toBe(2);
      expect(await store.find('past')).toBeUndefined();
      expect(await store.find('boundary')).toBeUndefined();
      expect(await store.find('future')).toBeDefined();
    });

    it('keeps sessions when closed and opened again', async () => {
      const { store, target } = await freshStore();
      await store.create(session('durable'));
      await store.close();
      const reopened = await target.open();
      cleanups.push(() => reopened.close());
      expect(await reopened.find('durable')).toEqual(session('durable'));
    });

    it('answers a ping while open', async () => {
      const { store } = await freshStore();
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });
}
