import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { isOnline, watchConnectivity } from './connectivity';
import { createQueryClient } from './query-client';
import { getJson } from './client';
import { apiError, fakeApi, json, USER } from '../testing/fake-api';
import { useSession } from './useSession';

const LAST_SESSION_KEY = 'cull-log:last-session';
const MINUTE = 60_000;

let onLine = true;

function setBrowserOnline(value: boolean) {
  onLine = value;
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}

function renderSession(queryClient: QueryClient = createQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { ...renderHook(() => useSession(), { wrapper }), queryClient };
}

/** Lets `ms` of the app's time pass, its timers and the promises they start included. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

// The shared schemas that check an error's body load on demand: loaded first, they are there however time is faked.
beforeAll(async () => {
  await import('./contracts-read');
});

beforeEach(() => {
  vi.useFakeTimers();
  onLine = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => onLine);
  watchConnectivity();
  localStorage.setItem(LAST_SESSION_KEY, JSON.stringify(USER));
});

afterEach(() => {
  setBrowserOnline(true);
  vi.restoreAllMocks();
});

describe('the session with no signal', () => {
  it('keeps the last confirmed user for minutes when the app opens offline, and asks once the signal is back', async () => {
    const api = fakeApi().signedInAs();
    setBrowserOnline(false);
    const { result } = renderSession();
    expect(result.current).toEqual({ status: 'signed-in', user: USER });

    await pass(2 * MINUTE);
    expect(result.current.status).toBe('signed-in');
    // Paused, not failing: with no signal the check is not even tried.
    expect(api.callsTo('GET /auth/session')).toHaveLength(0);

    setBrowserOnline(true);
    await pass(1_000);
    expect(api.callsTo('GET /auth/session')).toHaveLength(1);
    expect(result.current).toEqual({ status: 'signed-in', user: USER });
  });

  it('keeps the user while requests fail with the browser believing it is online, and checks again by itself', async () => {
    const api = fakeApi().signedInAs().offline();
    const { result } = renderSession();
    await pass(2 * MINUTE);
    expect(result.current).toEqual({ status: 'signed-in', user: USER });
    expect(isOnline()).toBe(false);

    api.online();
    await pass(MINUTE);
    expect(isOnline()).toBe(true);
    expect(result.current).toEqual({ status: 'signed-in', user: USER });
    expect(api.callsTo('GET /auth/session').length).toBeGreaterThan(2);
  });

  it('keeps the user when a captive portal answers the check with its own page', async () => {
    const api = fakeApi();
    api.on(
      'GET /auth/session',
      () =>
        new Response('<html><body>Sign in to the Wi-Fi</body></html>', {
          headers: { 'content-type': 'text/html' },
        }),
    );
    const { result } = renderSession();
    await pass(MINUTE);
    expect(result.current).toEqual({ status: 'signed-in', user: USER });
    expect(isOnline()).toBe(false);
  });

  it('keeps the user when the server answers 503', async () => {
    const api = fakeApi();
    api.on('GET /auth/session', () => apiError(503, 'unavailable', 'Service unavailable'));
    const { result } = renderSession();
    await pass(MINUTE);
    expect(result.current).toEqual({ status: 'signed-in', user: USER });
    expect(api.callsTo('GET /auth/session').length).toBeGreaterThan(1);
  });

  it('keeps the user while the check hangs, and counts the hang as no signal', async () => {
    fakeApi();
    // A request that never answers, until it is called off.
    vi.stubGlobal(
      'fetch',
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error)),
        ),
    );
    const { result } = renderSession();
    await pass(MINUTE);
    expect(result.current).toEqual({ status: 'signed-in', user: USER });
    expect(isOnline()).toBe(false);
  });
});

describe('signing out', () => {
  it('follows the server saying there is no session', async () => {
    fakeApi().on('GET /auth/session', () => json({ user: null }));
    const { result } = renderSession();
    await pass(100);
    expect(result.current.status).toBe('signed-out');
    expect(localStorage.getItem(LAST_SESSION_KEY)).toBeNull();
  });

  it('follows a 401 to the session check', async () => {
    fakeApi().on('GET /auth/session', () => apiError(401, 'not_authenticated', 'User must be authenticated'));
    const { result } = renderSession();
    await pass(100);
    expect(result.current.status).toBe('signed-out');
  });

  it('follows a 401 to any other read', async () => {
    fakeApi()
      .signedInAs()
      .on('GET /api/culls', () => apiError(401, 'not_authenticated', 'User must be authenticated'));
    const queryClient = createQueryClient();
    const { result } = renderSession(queryClient);
    await pass(100);
    expect(result.current.status).toBe('signed-in');
    const records = { queryKey: ['culls'], queryFn: () => getJson('/api/culls', 'ListCullsResponse') };
    renderHook(() => useQuery(records), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      ),
    });
    await pass(100);
    expect(result.current.status).toBe('signed-out');
    expect(localStorage.getItem(LAST_SESSION_KEY)).toBeNull();
  });
});
