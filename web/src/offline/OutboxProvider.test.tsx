import 'fake-indexeddb/auto';
import type { RecordCullRequest } from '@cull-log/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi, type MockInstance } from 'vitest';
import { queryKeys } from '../api/keys';
import { fakeApi, json, makeCull, USER } from '../testing/fake-api';
import { openOutbox, type Outbox } from './outbox';
import { useOutbox } from './outbox-context';
import { OutboxProvider } from './OutboxProvider';

let dbCount = 0;

/** The app's outbox for a signed-in user, and every "syncing" a screen using it was drawn with. */
async function start(prepare: (outbox: Outbox) => Promise<unknown> = async () => undefined) {
  const api = fakeApi().signedInAs();
  api.on('POST /api/culls', () => json(makeCull(), 201));
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
