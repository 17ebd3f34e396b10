import { parseMe, SessionResponseCheck, type Me } from '@cull-log/contracts';
import { queryOptions } from '@tanstack/react-query';
import { getJson, request } from './client';
import { forgetReads } from './device-reads';
import { queryKeys } from './keys';

/**
 * The last user the server confirmed on this device, so the app still opens as them with no signal (the server
 * checks every request all the same). Forgotten on sign-out and when the server says there is no session.
 */
const LAST_SESSION_KEY = 'cull-log:last-session';

function rememberSession(user: Me | null): void {
  try {
    if (user === null) localStorage.removeItem(LAST_SESSION_KEY);
    else localStorage.setItem(LAST_SESSION_KEY, JSON.stringify(user));
  } catch {
    // Storage refused (private browsing): the app simply needs a signal to open signed in.
  }
}

export function rememberedSession(): Me | undefined {
  try {
    const stored = localStorage.getItem(LAST_SESSION_KEY);
    return stored === null ? undefined : parseMe(JSON.parse(stored));
  } catch {
    return undefined;
  }
}

/**
 * The signed-in user, or null when there is no session (asked of `/auth/session`, which answers 200 either way). Every
 * page asks, public ones too, so the answer is checked without zod.
 */
export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  const { user } = await getJson('/auth/session', SessionResponseCheck, signal);
  rememberSession(user);
  return user;
}

export function meQuery() {
  return queryOptions<Me | null>({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: 5 * 60_000,
    // With no signal the check waits; meanwhile the last confirmed user opens the app.
    placeholderData: () => (navigator.onLine ? undefined : rememberedSession()),
  });
}

/** Forgets what this device kept of the signed-in user: the last session and the reads kept for no signal. */
export async function forgetSession(): Promise<void> {
  rememberSession(null);
  await forgetReads();
}

export async function logout(): Promise<void> {
  await forgetSession();
  await request('/auth/logout', { method: 'POST' });
}
