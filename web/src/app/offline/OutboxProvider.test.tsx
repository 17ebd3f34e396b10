import 'fake-indexeddb/auto';
import type { RecordCullRequest } from '@cull-log/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { queryKeys } from '../../api/keys';
import { fakeApi, json, makeCull, USER } from '../../testing/fake-api';
import { openOutbox, type Outbox } from '../../api/outbox/outbox';
import { useOutbox } from '../../api/outbox/outbox-context';
import { OutboxProvider } from './OutboxProvider';

let dbCount = 0;

/** The app's outbox for a signed-in user, and every "syncing" a screen using it was drawn with. */
async function start(
  prepare: (outbox: Outbox) => Promise<unknown> = async () => undefined,
  { offline = false } = {},
) {
  const api = fakeApi().signedInAs();
  api.on('POST /api/culls', () => json(makeCull(), 201));
  if (offline) api.offline();
  const outbox = openOutbox(`outbox-provider-test-${++dbCount}`);
  await prepare(outbox);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(queryKeys.me, USER);
  const drawnWith: boolean[] = [];
  function Writer() {
    drawnWith.push(useOutbox()!.syncing);
    return null;
  }
  render(
    <QueryClientProvider client={queryClient}>
      <OutboxProvider outbox={outbox}>
        <Writer />
      </OutboxProvider>
    </QueryClientProvider>,
  );
  return { api, outbox, drawnWith };
}

describe('the outbox at start', () => {
  it('sends what waits, showing it syncing meanwhile', async () => {
    const { api, outbox, drawnWith } = await start((outbox) =>
      outbox.add(USER.uid, { kind: 'create', recordId: 'r-1', body: {} as RecordCullRequest }),
    );
    await waitFor(async () => expect(await outbox.list(USER.uid)).toEqual([]));
    await waitFor(() => expect(drawnWith.at(-1)).toBe(false));
    expect(api.callsTo('POST /api/culls')).toHaveLength(1);
    expect(drawnWith).toContain(true);
  });

  it('with nothing waiting, draws the screens that write only once', async () => {
    let listed: MockInstance<Outbox['list']> | undefined;
    const { api, drawnWith } = await start(async (outbox) => (listed = vi.spyOn(outbox, 'list')));
    // The start-up sync has looked once the outbox has answered it and the provider's own read.
    await waitFor(() => expect(listed).toHaveBeenCalledTimes(2));
    await act(() => Promise.all(listed!.mock.results.map((result) => result.value)));
    expect(api.callsTo('POST /api/culls')).toHaveLength(0);
    expect(drawnWith).toEqual([false]);
  });
});

describe('the outbox with a poor signal', () => {
  // The shared schemas that check an error's body load on demand: loaded first, they are there however time is faked.
  beforeAll(async () => {
    await import('../../api/contracts-read');
  });
  const waiting = (outbox: Outbox) =>
    outbox.add(USER.uid, { kind: 'create', recordId: 'r-poor', body: {} as RecordCullRequest });
  /**
   * Lets `ms` of the app's time pass, a quarter of a second at a time, with a real turn of the event loop after each
   * for the device's storage (which works on real time) to answer.
   */
  const pass = async (ms: number) => {
    for (let passed = 0; passed < ms; passed += 250) {
      await act(() => vi.advanceTimersByTimeAsync(250));
      await new Promise((resolve) => setImmediate(resolve));
    }
  };

  it('sends by itself once requests get through again, the browser never having said it was offline', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { api, outbox } = await start(waiting, { offline: true });
    await pass(60_000);
    expect(await outbox.list(USER.uid)).toHaveLength(1);

    api.online();
    await pass(60_000);
    expect(await outbox.list(USER.uid)).toEqual([]);
    expect(api.callsTo('POST /api/culls').length).toBeGreaterThan(1);
  });

  it('tries a run the server failed again by itself, waiting longer each time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let failing = true;
    const { api, outbox } = await start(waiting);
    api.on('POST /api/culls', () =>
      failing
        ? json({ error: { code: 'unavailable', message: 'Service unavailable' } }, 503)
        : json(makeCull(), 201),
    );
    // The first run tries four times over seven seconds, then waits; the next, five seconds later, four more.
    await pass(20_000);
    const triedWhileFailing = api.callsTo('POST /api/culls').length;
    expect(triedWhileFailing).toBeGreaterThanOrEqual(8);
    expect(await outbox.list(USER.uid)).toHaveLength(1);

    failing = false;
    await pass(120_000);
    expect(await outbox.list(USER.uid)).toEqual([]);
    // Nothing more is sent once it has gone.
    const sent = api.callsTo('POST /api/culls').length;
    await pass(300_000);
    expect(api.callsTo('POST /api/culls')).toHaveLength(sent);
  });
});
