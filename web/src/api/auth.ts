import type { Me } from '@cull-log/contracts';
import { queryOptions } from '@tanstack/react-query';
import { ApiRequestError, request } from './client';
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

/** Read on the sign-in page, which needs none of the shared schemas, so it does not wait for them to load. */
export async function fetchAuthOptions(signal?: AbortSignal): Promise<AuthOptions> {
  const response = await request('/auth/options', signal ? { signal } : {});
  return AuthOptionsParser.parse(await response.json());
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
  const me = await sendJson('POST', '/auth/dev/login', { name, email }, (c) => c.Me);
  if (!me) throw new ApiRequestError(500, 'internal_error', 'Sign-in answered without a user');
  return me;
}
