import {
  ACCOUNT_ERASURE_CONFIRMATION,
  ACCOUNT_EXPORT_FILE,
  parseAuthOptions,
  type AuthOptionsResponse,
  type CreateTokenRequest,
  type CreateTokenResponse,
  type Me,
} from '@cull-log/contracts';
import { queryOptions } from '@tanstack/react-query';
import { ApiRequestError, getJson, request } from '../../api/client';
import { checkAnswer } from '../../api/answers';
import { sendForAnswer, sendJson } from '../../api/commands';
import { queryKeys } from '../../api/keys';
import { forgetSession } from '../../api/session';

/** Read on the sign-in page with the contracts' check without zod, so it does not wait for the shared schemas. */
export function fetchAuthOptions(signal?: AbortSignal): Promise<AuthOptionsResponse> {
  return getJson('/auth/options', { parse: parseAuthOptions }, signal);
}

export function authOptionsQuery() {
  return queryOptions({
    queryKey: queryKeys.authOptions,
    queryFn: ({ signal }) => fetchAuthOptions(signal),
    staleTime: Infinity,
  });
}

/** Google sign-in is a full-page round trip through the gateway, which sets the session cookie. */
export const GOOGLE_SIGN_IN_URL = '/auth/google';

/**
 * Signing in again with Google before the account's erasure: the same round trip, Google asking for the password
 * again, back to this page with the deletion dialog open.
 */
export const GOOGLE_REAUTHENTICATION_URL = `${GOOGLE_SIGN_IN_URL}?reauth=1`;

/** The development sign-in asked again before the account's erasure: the signed-in user's own e-mail address. */
export async function devReauthenticate(email: string): Promise<void> {
  await request('/auth/dev/reauthenticate', { method: 'POST', body: JSON.stringify({ email }) });
}

export async function devLogin(name: string, email: string): Promise<Me> {
  const me = await sendJson('POST', '/auth/dev/login', { name, email }, 'Me');
  if (!me) throw new ApiRequestError(500, 'internal_error', 'Sign-in answered without a user');
  return me;
}

/** Where the browser downloads everything kept about the user, as one zip, straight to disk. */
export const ACCOUNT_EXPORT_URL = '/api/account/export';
export { ACCOUNT_EXPORT_FILE };

/** What the user types to confirm that their account is to be deleted; the server checks it too. */
export const DELETE_CONFIRMATION = ACCOUNT_ERASURE_CONFIRMATION;

/**
 * Erases the account on the server (every record, event, figure and session of the user), sending what the user
 * typed to confirm it, then forgets what this device kept of them: the last session and the reads kept for use with
 * no signal. Refused with `reauthentication_required` unless the user has just signed in again.
 */
export async function deleteAccount(confirmation: string): Promise<void> {
  await request('/api/account', { method: 'DELETE', body: JSON.stringify({ confirmation }) });
  await forgetSession();
}

/** Every browser signed in as this user. */
export const sessionsQuery = () =>
  queryOptions({
    queryKey: ['sessions'] as const,
    queryFn: ({ signal }) => getJson('/api/sessions', 'SessionsResponse', signal),
    // Another device may sign in or out at any time; this list is only worth showing fresh.
    staleTime: 0,
  });

/** Signs one browser out. */
export const endSession = (id: string) =>
  request(`/api/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Signs out every browser but this one. */
export const endOtherSessions = async () =>
  checkAnswer(
    'EndOtherSessionsResponse',
    await (await request('/api/sessions', { method: 'DELETE' })).json(),
  );

/** The user's personal access tokens, without their secrets. */
export const tokensQuery = () =>
  queryOptions({
    queryKey: ['tokens'] as const,
    queryFn: async ({ signal }) => (await getJson('/api/tokens', 'ListTokensResponse', signal)).items,
    // A tool may use a token at any time; when it was last used is only worth showing fresh.
    staleTime: 0,
  });

/** Makes a token; the answer holds its secret, this once. */
export const createToken = (body: CreateTokenRequest): Promise<CreateTokenResponse> =>
  sendForAnswer('POST', '/api/tokens', body, 'CreateTokenResponse');

/** Revokes a token: any tool using it is refused from then on. */
export const revokeToken = (id: string) =>
  request(`/api/tokens/${encodeURIComponent(id)}`, { method: 'DELETE' });
