import type { Me } from '@cull-log/contracts';
import { queryOptions } from '@tanstack/react-query';
import { ApiRequestError, getJson } from './client';
import { queryKeys } from './keys';
import { sendJson } from './commands';

export interface AuthOptions {
  google: boolean;
  dev: boolean;
}

const AuthOptionsParser = {
  parse(value: unknown): AuthOptions {
    const body = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
    return { google: body.google === true, dev: body.dev === true };
  },
};

/** Read on the sign-in page with a parser of its own, so it does not wait for the shared schemas to load. */
export function fetchAuthOptions(signal?: AbortSignal): Promise<AuthOptions> {
  return getJson('/auth/options', AuthOptionsParser, signal);
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

export async function devLogin(name: string, email: string): Promise<Me> {
  const me = await sendJson('POST', '/auth/dev/login', { name, email }, 'Me');
  if (!me) throw new ApiRequestError(500, 'internal_error', 'Sign-in answered without a user');
  return me;
}
