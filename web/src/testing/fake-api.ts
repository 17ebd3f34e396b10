import type { CullView, Me } from '@cull-log/contracts';
import { sampleCullFields } from '@cull-log/contracts/testing';
import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  url: URL;
  body: unknown;
}

type Answer = Response | Promise<Response>;
type Handler = (request: FakeRequest) => Answer;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export function apiError(status: number, code: string, message: string, fields?: Record<string, string>) {
  return json({ error: { code, message, ...(fields ? { fields } : {}) } }, status);
}

/**
 * Replaces fetch (the only thing mocked in these tests) with handlers keyed 'METHOD /path'.
 * Every call is recorded; unknown routes answer 404 like the gateway does.
 */
export function fakeApi() {
  const handlers = new Map<string, Handler>();
  const calls: FakeRequest[] = [];
  handlers.set('GET /auth/options', () => json({ google: true, dev: false }));
  handlers.set('GET /auth/session', () => json({ user: null }));
  handlers.set('GET /api/me', () => apiError(401, 'not_authenticated', 'User must be authenticated'));

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request = { method, url, body };
    calls.push(request);
    const handler = handlers.get(`${method} ${url.pathname}`);
    return handler ? handler(request) : apiError(404, 'not_found', 'Not found');
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    calls,
    on(route: string, handler: Handler) {
      handlers.set(route, handler);
      return this;
    },
    signedInAs(user: Me = USER) {
      handlers.set('GET /auth/session', () => json({ user }));
      handlers.set('GET /api/me', () => json(user));
      return this;
    },
    callsTo(route: string): FakeRequest[] {
      const [method, path] = route.split(' ');
      return calls.filter((call) => call.method === method && call.url.pathname === path);
    },
  };
}

export type FakeApi = ReturnType<typeof fakeApi>;

export const USER: Me = { uid: 'user-1', display_name: 'Ann Stalker', email: 'ann@example.com' };

let counter = 0;

/** A record as the API answers it (with no warnings unless the test gives some). */
export function makeCull(overrides: Partial<CullView> = {}): CullView {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    ...sampleCullFields({ date: '2025-03-07', time: '06:30' }),
    created_by: USER.uid,
    created_at: '2025-03-07T07:00:00.000Z',
    updated_at: '2025-03-07T07:00:00.000Z',
    version: 1,
    warnings: [],
    ...overrides,
  };
}

/** A promise settled from outside, to hold a request open while a test looks at the waiting state. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
