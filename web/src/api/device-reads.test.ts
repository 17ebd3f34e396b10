import { QueryClient } from '@tanstack/react-query';
import { clear } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetReads, keepReads, restoreReads } from './device-reads';
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
});

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
