import { parseMe, SessionResponseCheck, type InactivityNotice, type Me } from '@cull-log/contracts';
import { queryOptions, skipToken, type QueryClient } from '@tanstack/react-query';
import { ApiRequestError, getJson, request } from './client';
import { forgetReads } from './device-reads';
import { queryKeys } from './keys';
import { forgetUsersStored, keepStored, readStored } from '../lib/stored';

/**
 * The last user the server confirmed on this device, so the app still opens as them with no signal (the server
 * checks every request all the same). Forgotten on sign-out and when the server says there is no session.
 */
const LAST_SESSION_KEY = 'cull-log:last-session';

function rememberSession(user: Me | null): void {
  keepStored('local', LAST_SESSION_KEY, user ?? undefined);
}

export const rememberedSession = (): Me | undefined => readStored('local', LAST_SESSION_KEY, parseMe);

/**
 * The signed-in user, or null when there is no session (asked of `/auth/session`, which answers 200 either way). Every
 * page asks, public ones too, so the answer is checked without zod. Only the server's own word signs the user out:
 * `{ user: null }`, or a 401. No signal, a timeout, a 5xx or a captive portal's page fail instead, and the last
 * confirmed user stays.
 */
export async function fetchMe(signal?: AbortSignal, queryClient?: QueryClient): Promise<Me | null> {
  let user: Me | null;
  let notice: InactivityNotice | null = null;
  try {
    const answer = await getJson('/auth/session', SessionResponseCheck, signal);
    user = answer.user;
    notice = answer.inactivity_notice ?? null;
  } catch (error) {
    if (!(error instanceof ApiRequestError && error.status === 401)) throw error;
    user = null;
  }
  rememberSession(user);
  // Kept beside the user rather than in what is remembered of them: it holds for the session that signed in alone.
  queryClient?.setQueryData(queryKeys.inactivityNotice, notice);
  return user;
}

/**
 * The session check, tried again (the query library's own backoff, one second doubling to thirty) for as long as the
 * server cannot say; paused with no signal.
 */
function retrySessionCheck(_failures: number, error: unknown): boolean {
  return !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500);
}

export function meQuery() {
  return queryOptions<Me | null>({
    queryKey: queryKeys.me,
    queryFn: ({ signal, client }) => fetchMe(signal, client),
    staleTime: 5 * 60_000,
    retry: retrySessionCheck,
    // Until the server answers (with no signal, a poor one, or while it is asked), the last confirmed user opens
    // the app; the server checks every request all the same, and its 'no session' signs them out here too.
    placeholderData: () => rememberedSession(),
  });
}

/**
 * The notice of erasure for want of use, while the session answer carries it (the account had gone unused so long that
 * it was to be deleted; signing in kept it): read from what the session check keeps, never asked for on its own.
 */
export function inactivityNoticeQuery() {
  return queryOptions<InactivityNotice | null>({
    queryKey: queryKeys.inactivityNotice,
    queryFn: skipToken,
    staleTime: Infinity,
  });
}

/** The server has said this device is not signed in (a 401 from any request): the app signs the user out. */
export function noteSignedOut(queryClient: QueryClient): void {
  rememberSession(null);
  queryClient.setQueryData<Me | null>(queryKeys.me, null);
  queryClient.setQueryData(queryKeys.inactivityNotice, null);
}

/**
 * Forgets what this device kept of the signed-in user: the last session, the reads kept for no signal, the drafts and
 * what was remembered for the form (places, team, import mappings).
 */
export async function forgetSession(): Promise<void> {
  rememberSession(null);
  forgetUsersStored();
  await forgetReads();
}

export async function logout(): Promise<void> {
  await forgetSession();
  await request('/auth/logout', { method: 'POST' });
}
