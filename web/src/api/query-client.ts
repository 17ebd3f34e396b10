import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './client';
import { queryKeys } from './keys';
import { noteSignedOut } from './session';

/**
 * Client errors (4xx) are answers, not hiccups: retrying them only delays the message. A read that found no signal
 * (status 0) is tried again for as long as it takes, with the library's own backoff (one second doubling to thirty): with no signal it waits (see connectivity.ts), showing what the
 * device has, and goes on once the server can be reached. A server error is tried twice more.
 */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.status === 0) return true;
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** A write with no signal is not paused: it goes straight to the outbox (see writes.ts). Tests' clients share this. */
export const MUTATION_DEFAULTS = { retry: false, networkMode: 'always' } as const;

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      // The server saying a read needs a session is the server saying this device is signed out.
      onError: (error, query) => {
        if (error instanceof ApiRequestError && error.status === 401 && query.queryKey[0] !== queryKeys.me[0])
          noteSignedOut(queryClient);
      },
    }),
    defaultOptions: {
      // Reads stay in memory for a day unused, as kept on the device, so a screen opened with no signal has them.
      queries: {
        retry: shouldRetry,
        staleTime: 30_000,
        gcTime: 24 * 60 * 60_000,
        refetchOnWindowFocus: false,
      },
      mutations: MUTATION_DEFAULTS,
    },
  });
  return queryClient;
}
