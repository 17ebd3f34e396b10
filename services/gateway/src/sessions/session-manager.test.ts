import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, fakeClock } from '../testing/gateway-harness';
import {
  DEFAULT_SESSION_POLICY,
  hashSessionId,
  publicSessionId,
  RECENT_SESSION_MS,
  SessionManager,
} from './session-manager';
import type { SessionStore } from './session-store';
import { openSqliteSessionStore } from './sqlite-session-store';

const user = { uid: 'user-1', display_name: 'Ada Stalker', email: 'ada@example.org' };

describe('SessionManager', () => {
  let directory: string;
  let store: SessionStore;
  let clock: ReturnType<typeof fakeClock>;
  let manager: SessionManager;

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'session-manager-'));
    store = openSqliteSessionStore({ file: join(directory, 'sessions.sqlite') });
    clock = fakeClock();
    manager = new SessionManager(store, clock.now);
  });
  afterEach(async () => {
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('uses 30 days idle and 90 days absolute by default', () => {
    expect(DEFAULT_SESSION_POLICY.idleTimeoutMs).toBe(30 * DAY_MS);
    expect(DEFAULT_SESSION_POLICY.absoluteTimeoutMs).toBe(90 * DAY_MS);
  });

  it('stores only a hash of the session id', async () => {
    const { id, session } = await manager.start(user);
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.idHash).toBe(hashSessionId(id));
    expect(await store.find(id)).toBeUndefined();
    expect((await store.find(hashSessionId(id)))?.user).toEqual(user);
  });

  it('gives every session a different id', async () => {
    const first = await manager.start(user);
    const second = await manager.start(user);
    expect(first.id).not.toBe(second.id);
  });

  it('resumes a session used within the idle timeout', async () => {
    const { id } = await manager.start(user);
    clock.advance(29 * DAY_MS);
    expect((await manager.resume(id))?.user).toEqual(user);
  });

  it('ends a session left idle for 30 days and removes it from the store', async () => {
    const { id } = await manager.start(user);
    clock.advance(30 * DAY_MS);
    expect(await manager.resume(id)).toBeUndefined();
    expect(await store.find(hashSessionId(id))).toBeUndefined();
  });

  it('keeps a regularly used session alive until the absolute timeout, then ends it', async () => {
    const { id } = await manager.start(user);
    for (let day = 20; day < 90; day += 20) {
      clock.advance(20 * DAY_MS);
      expect(await manager.resume(id), `day ${day}`).toBeDefined();
    }
    clock.advance(10 * DAY_MS);
    expect(await manager.resume(id)).toBeUndefined();
  });

  it('records activity at most once per touch interval', async () => {
    const { id, session } = await manager.start(user);
    clock.advance(DEFAULT_SESSION_POLICY.touchIntervalMs - 1);
    await manager.resume(id);
    expect((await store.find(session.idHash))?.lastSeenAt).toEqual(session.lastSeenAt);
    clock.advance(1);
    await manager.resume(id);
    expect((await store.find(session.idHash))?.lastSeenAt).toEqual(clock.now());
  });

  it('ending a session makes its id useless', async () => {
    const { id } = await manager.start(user);
    await manager.end(id);
    expect(await manager.resume(id)).toBeUndefined();
  });

  it('answers undefined for a missing or unknown cookie value', async () => {
    expect(await manager.resume(undefined)).toBeUndefined();
    expect(await manager.resume('')).toBeUndefined();
    expect(await manager.resume('not-a-session')).toBeUndefined();
  });

  it('reads a session from the store once for the requests of the next few seconds', async () => {
    const { id } = await manager.start(user);
    let finds = 0;
    const find = store.find.bind(store);
    store.find = (idHash) => ((finds += 1), find(idHash));
    await manager.resume(id);
    clock.advance(RECENT_SESSION_MS - 1);
    expect((await manager.resume(id))?.user).toEqual(user);
    expect(finds).toBe(1);
    clock.advance(1);
    await manager.resume(id);
    expect(finds).toBe(2);
  });

  it('ends a recently read session at once on logout', async () => {
    const { id } = await manager.start(user);
    expect(await manager.resume(id)).toBeDefined();
    await manager.end(id);
    expect(await manager.resume(id)).toBeUndefined();
  });

  it('ends a recently read session at once when it expires', async () => {
    const shortLived = new SessionManager(store, clock.now, {
      idleTimeoutMs: 1_000,
      absoluteTimeoutMs: DAY_MS,
      touchIntervalMs: DAY_MS,
      maxSessionsPerUser: 10,
    });
    const { id, session } = await shortLived.start(user);
    expect(await shortLived.resume(id)).toBeDefined();
    clock.advance(1_000);
    expect(await shortLived.resume(id)).toBeUndefined();
    expect(await store.find(session.idHash)).toBeUndefined();
  });

  it('notices a session removed from the store by another process after a few seconds', async () => {
    const { id, session } = await manager.start(user);
    expect(await manager.resume(id)).toBeDefined();
    await store.destroy(session.idHash);
    clock.advance(RECENT_SESSION_MS);
    expect(await manager.resume(id)).toBeUndefined();
  });

  it('reads the store itself when asked, so a session another process ended cannot write in those seconds', async () => {
    const { id, session } = await manager.start(user);
    expect(await manager.resume(id)).toBeDefined();
    expect(await manager.resume(id, { fromStore: true })).toBeDefined();
    await store.destroy(session.idHash);
    expect(await manager.resume(id)).toBeDefined();
    expect(await manager.resume(id, { fromStore: true })).toBeUndefined();
  });

  it('purges expired sessions and keeps live ones', async () => {
    const old = await manager.start(user);
    clock.advance(20 * DAY_MS);
    const fresh = await manager.start(user);
    clock.advance(11 * DAY_MS);
    expect(await manager.purgeExpired()).toBe(1);
    expect(await store.find(old.session.idHash)).toBeUndefined();
    expect(await store.find(fresh.session.idHash)).toBeDefined();
  });

  describe("a user's sessions", () => {
    const bob = { uid: 'user-2', display_name: 'Bob', email: 'bob@example.org' };

    it('lists the live ones, the most recently used first, with their user agent', async () => {
      const phone = await manager.start(user, 'phone browser');
      clock.advance(DAY_MS);
      const laptop = await manager.start(user, 'laptop browser');
      await manager.start(bob, 'bob browser');
      clock.advance(2 * DAY_MS);
      await manager.resume(phone.id);
      const listed = await manager.listFor(user.uid);
      expect(listed.map(({ idHash }) => idHash)).toEqual([phone.session.idHash, laptop.session.idHash]);
      expect(listed.map(({ userAgent }) => userAgent)).toEqual(['phone browser', 'laptop browser']);
    });

    it('leaves out sessions past their idle timeout', async () => {
      await manager.start(user);
      clock.advance(20 * DAY_MS);
      const recent = await manager.start(user);
      clock.advance(10 * DAY_MS);
      expect((await manager.listFor(user.uid)).map(({ idHash }) => idHash)).toEqual([recent.session.idHash]);
    });

    it('keeps an empty user agent as none and cuts a long one', async () => {
      const empty = await manager.start(user, '');
      const long = await manager.start(user, 'x'.repeat(5000));
      expect(empty.session.userAgent).toBeNull();
      expect(long.session.userAgent).toHaveLength(512);
    });

    it("ends one session by its public id, and never another user's", async () => {
      const phone = await manager.start(user);
      const laptop = await manager.start(user);
      const bobs = await manager.start(bob);
      expect(await manager.endOfUser(user.uid, publicSessionId(bobs.session.idHash))).toBe(false);
      expect(await manager.resume(bobs.id)).toBeDefined();
      expect(await manager.endOfUser(user.uid, 'no-such-session')).toBe(false);
      expect(await manager.endOfUser(user.uid, publicSessionId(phone.session.idHash))).toBe(true);
      expect(await manager.resume(phone.id)).toBeUndefined();
      expect(await manager.resume(laptop.id)).toBeDefined();
    });

    it('ends every other session of the user at once, even one this process read moments ago', async () => {
      const phone = await manager.start(user);
      const laptop = await manager.start(user);
      const current = await manager.start(user);
      const bobs = await manager.start(bob);
      expect(await manager.resume(phone.id)).toBeDefined();
      expect(await manager.endOthersOfUser(user.uid, current.session.idHash)).toBe(2);
      expect(await manager.resume(phone.id)).toBeUndefined();
      expect(await manager.resume(laptop.id)).toBeUndefined();
      expect(await manager.resume(current.id)).toBeDefined();
      expect(await manager.resume(bobs.id)).toBeDefined();
    });

    it('ends the oldest sessions when a sign-in passes the cap', async () => {
      const capped = new SessionManager(store, clock.now, {
        ...DEFAULT_SESSION_POLICY,
        maxSessionsPerUser: 3,
      });
      const started = [];
      for (let index = 0; index < 5; index += 1) {
        started.push(await capped.start(user));
        clock.advance(60_000);
      }
      const bobs = await capped.start(bob);
      expect((await capped.listFor(user.uid)).map(({ idHash }) => idHash).sort()).toEqual(
        started
          .slice(2)
          .map(({ session }) => session.idHash)
          .sort(),
      );
      expect(await capped.resume(started[0]?.id)).toBeUndefined();
      expect(await capped.resume(started[1]?.id)).toBeUndefined();
      expect(await capped.resume(bobs.id)).toBeDefined();
    });

    it('caps at 10 sessions a user by default', () => {
      expect(DEFAULT_SESSION_POLICY.maxSessionsPerUser).toBe(10);
    });
  });
});
