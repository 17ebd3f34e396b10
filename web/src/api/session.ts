import type { Me } from '@cull-log/contracts';
import { queryOptions } from '@tanstack/react-query';
import { ApiRequestError, request } from './client';
import { queryKeys } from './keys';

/** The signed-in user, or null when there is no session. */
export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  // Every page asks this first, so the schema loads alongside the request instead of in the first download.
  const [contracts, response] = await Promise.all([
    import('@cull-log/contracts'),
    request('/api/me', signal ? { signal } : {}).catch((error: unknown) => {
      if (error instanceof ApiRequestError && error.status === 401) return null;
      throw error;
    }),
  ]);
  if (response === null) return null;
  return contracts.Me.parse(await response.json());
}

export function meQuery() {
  return queryOptions({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: 5 * 60_000,
  });
}

export async function logout(): Promise<void> {
  await request('/auth/logout', { method: 'POST' });
}
