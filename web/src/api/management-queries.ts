import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from './keys';
import { fetchGrounds, fetchOutings, fetchPlanProgress, fetchPlans, fetchSettings } from './management';

/** The reads of grounds, outings, the season start and plans: apart from queries.ts, which the first page loads. */

export function groundsQuery() {
  return queryOptions({
    queryKey: queryKeys.grounds,
    queryFn: ({ signal }) => fetchGrounds(signal),
  });
}

/** The outings (of one season when given) and the one under way. */
export function outingsQuery(season?: string) {
  return queryOptions({
    queryKey: [...queryKeys.outings, season ?? 'all'] as const,
    queryFn: ({ signal }) => fetchOutings(season, signal),
  });
}

export function settingsQuery() {
  return queryOptions({
    queryKey: queryKeys.settings,
    queryFn: ({ signal }) => fetchSettings(signal),
  });
}

export function plansQuery(season: string) {
  return queryOptions({
    queryKey: [...queryKeys.plans, season] as const,
    queryFn: ({ signal }) => fetchPlans(season, signal),
  });
}

export function planProgressQuery(season: string) {
  return queryOptions({
    queryKey: [...queryKeys.plans, season, 'progress'] as const,
    queryFn: ({ signal }) => fetchPlanProgress(season, signal),
  });
}
