import { QueryClient } from '@tanstack/react-query';
import { clear, get, set } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetReads, keepReads, restoreReads } from './device-reads';
import { userKey } from '../lib/stored';
import { queryKeys } from './keys';

const LIST = [...queryKeys.culls, 'list', { page: 1 }];
const page = (location: string) => ({ items: [{ location_name: location }], total: 1 });

/** A client that has read a list for `userId`, confirmed by the server, and kept it on the device. */
async function readAs(userId: string, location: string, restoredFor: string | undefined) {
  const client = new QueryClient();
  const stop = keepReads(client, restoredFor);
  client.setQueryData(queryKeys.me, { uid: userId, display_name: null, email: null });
  await client.fetchQuery({ queryKey: LIST, queryFn: async () => page(location) });
  await vi.advanceTimersByTimeAsync(1_500);
  stop();
  return client;
}

afterEach(async () => {
  vi.useRealTimers();
  await clear();
  localStorage.clear();
});

/** What a user leaves on the device beside their reads: places remembered for the form, and a draft. */
async function leaveTraces(userId: string) {
  localStorage.setItem(userKey('remembered', userId), JSON.stringify({ places: [{ name: 'High Seat 3' }] }));
  await set(`cull-log:draft:${userId}:add`, { typed: 'Roe buck' });
}

/** Alice read a list on this device (kept there), and left remembered places and a draft. */
async function aliceWasHere() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  await readAs('alice', 'Home Wood', 'alice');
  vi.useRealTimers();
  await leaveTraces('alice');
}

/** The app opens as Alice, the last user here, and the session check answers with `me` (or fails, with no signal). */
async function serverAnswers(me: () => Promise<unknown>) {
  const client = new QueryClient();
  const stop = keepReads(client, 'alice');
  await client.fetchQuery({ queryKey: queryKeys.me, queryFn: me, retry: false }).catch(() => undefined);
  stop();
}

/** What the device still has of `userId`'s reads, remembered places and draft. */
async function tracesOf(userId: string) {
  const reads = new QueryClient();
  await restoreReads(reads, userId);
  return {
    reads: reads.getQueryData(LIST) !== undefined,
    remembered: localStorage.getItem(userKey('remembered', userId)) !== null,
    draft: (await get(`cull-log:draft:${userId}:add`)) !== undefined,
  };
}

describe('reads kept on the device', () => {
  it("puts a user's last reads back, with when they were read", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await readAs('alice', 'Home Wood', 'alice');
    vi.useRealTimers();
    const next = new QueryClient();
    await restoreReads(next, 'alice');
    expect(next.getQueryData(LIST)).toEqual(page('Home Wood'));
    expect(next.getQueryState(LIST)?.dataUpdatedAt).toBeGreaterThan(0);
  });

  it('takes restored reads as stale, so a screen with a signal reads its data again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await readAs('alice', 'Home Wood', 'alice');
    vi.useRealTimers();
    const next = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    await restoreReads(next, 'alice');
    const fresh = await next.fetchQuery({ queryKey: LIST, queryFn: async () => page('Far Wood') });
    expect(fresh).toEqual(page('Far Wood'));
  });

  it("never gives one user another's reads", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await readAs('alice', 'Home Wood', 'alice');
    vi.useRealTimers();

    // Bob signs in on Alice's phone: her reads are restored at start, then dropped when the server names Bob.
    const client = new QueryClient();
    await restoreReads(client, 'alice');
    const stop = keepReads(client, 'alice');
    client.setQueryData(queryKeys.me, { uid: 'bob', display_name: null, email: null });
    // setQueryData is not a fetch; the server's answer is what names the user.
    await client.fetchQuery({
      queryKey: queryKeys.me,
      queryFn: async () => ({ uid: 'bob', display_name: null, email: null }),
      staleTime: 0,
    });
    expect(client.getQueryData(LIST)).toBeUndefined();
    stop();

    const bobs = new QueryClient();
    await restoreReads(bobs, 'bob');
    expect(bobs.getQueryData(LIST)).toBeUndefined();
  });

  it("keeps what a device's first visit read beside the session check, once the server names the user", async () => {
    const client = new QueryClient();
    const stop = keepReads(client, undefined);
    // The screen's first read answers before the session check does.
    await client.fetchQuery({ queryKey: LIST, queryFn: async () => page('Long Wood') });
    await client.fetchQuery({
      queryKey: queryKeys.me,
      queryFn: async () => ({ uid: 'carol', display_name: null, email: null }),
    });
    expect(client.getQueryData(LIST)).toEqual(page('Long Wood'));
    stop();
  });

  it('keeps nothing while the server has not confirmed the user they would be kept for', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const client = new QueryClient();
    const stop = keepReads(client, 'alice');
    await client.fetchQuery({ queryKey: LIST, queryFn: async () => page('Long Wood') });
    await vi.advanceTimersByTimeAsync(1_500);
    stop();
    vi.useRealTimers();
    const next = new QueryClient();
    await restoreReads(next, 'alice');
    expect(next.getQueryData(LIST)).toBeUndefined();
  });

  it("wipes another user's reads and remembered places from the device when the server names someone else, keeping what they typed", async () => {
    await aliceWasHere();
    await leaveTraces('bob');

    await serverAnswers(async () => ({ uid: 'bob', display_name: null, email: null }));

    await vi.waitFor(async () =>
      expect(await tracesOf('alice')).toEqual({ reads: false, remembered: false, draft: true }),
    );
    expect(await tracesOf('bob')).toMatchObject({ remembered: true, draft: true });
  });

  it('wipes the last user’s reads and remembered places when the server says nobody is signed in (a session revoked)', async () => {
    await aliceWasHere();

    await serverAnswers(async () => null);

    await vi.waitFor(async () =>
      expect(await tracesOf('alice')).toEqual({ reads: false, remembered: false, draft: true }),
    );
  });

  it('keeps the last user’s reads while the server has not answered (no signal)', async () => {
    await aliceWasHere();

    await serverAnswers(async () => Promise.reject(new TypeError('Failed to fetch')));

    expect(await tracesOf('alice')).toEqual({ reads: true, remembered: true, draft: true });
  });

  it('wipes every user’s reads on sign-out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await readAs('alice', 'Home Wood', 'alice');
    vi.useRealTimers();
    await forgetReads();
    const next = new QueryClient();
    await restoreReads(next, 'alice');
    expect(next.getQueryData(LIST)).toBeUndefined();
  });
});
