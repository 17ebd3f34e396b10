import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './client';

/** Client errors (4xx) are answers, not hiccups: retrying them only delays the message. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Reads stay in memory for a day unused, as kept on the device, so a screen opened with no signal has them.
      queries: {
        retry: shouldRetry,
        staleTime: 30_000,
        gcTime: 24 * 60 * 60_000,
        refetchOnWindowFocus: false,
      },
      // A write with no signal is not paused: it goes straight to the outbox (see writes.ts).
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
