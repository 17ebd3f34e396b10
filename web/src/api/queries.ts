import type { CullsAtQuery } from '@cull-log/contracts';
import { keepPreviousData, queryOptions, skipToken, type QueryClient } from '@tanstack/react-query';
import {
  fetchCull,
  fetchCulls,
  fetchCullsAt,
  fetchMapPoints,
  type ListCullsParams,
  type MapFilters,
} from './culls';
import { queryKeys } from './keys';
import { meQuery } from './session';
import { fetchStats } from './stats';
import { fetchLarder, type LarderParams } from './larder';

export { queryKeys } from './keys';
export { meQuery } from './session';
export { authOptionsQuery } from './auth';

export function cullsQuery(params: ListCullsParams) {
  return queryOptions({
    queryKey: [...queryKeys.culls, 'list', params] as const,
    queryFn: ({ signal }) => fetchCulls(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function cullQuery(id: string) {
  return queryOptions({
    queryKey: [...queryKeys.culls, 'detail', id] as const,
    queryFn: ({ signal }) => fetchCull(id, signal),
  });
}

/** The map's points; with no filter the key is the one the route's loader prefetches. */
export function mapPointsQuery(filters: MapFilters = {}) {
  const filtered = Object.values(filters).some((value) => value !== undefined);
  return queryOptions({
    queryKey: filtered
      ? ([...queryKeys.culls, 'map-points', filters] as const)
      : ([...queryKeys.culls, 'map-points'] as const),
    queryFn: ({ signal }) => fetchMapPoints(filters, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * Starts reading the map's points as soon as the session says someone is signed in, so the download overlaps the
 * map screen's own. It never holds the route; a failure is left for the screen's query to report.
 */
export async function prefetchMapPoints(queryClient: QueryClient): Promise<void> {
  await queryClient.prefetchQuery(meQuery());
  if (queryClient.getQueryData(meQuery().queryKey)) await queryClient.prefetchQuery(mapPointsQuery());
}

/** The records at one map point; with no point chosen the query waits (skipToken) rather than fetching. */
export function cullsAtQuery(point: CullsAtQuery | null) {
  return queryOptions({
    queryKey: [...queryKeys.culls, 'at', point] as const,
    queryFn: point ? ({ signal }) => fetchCullsAt(point, signal) : skipToken,
  });
}

/** The dashboard's figures, of the season asked for (`2026-27`) or, without one, the current season. */
export function statsQuery(season?: string) {
  return queryOptions({
    queryKey: season === undefined ? queryKeys.stats : ([...queryKeys.stats, season] as const),
    queryFn: ({ signal }) => fetchStats(signal, season),
    placeholderData: keepPreviousData,
  });
}

/** The larder book of a season, as the page's filters ask for it. */
export function larderQuery(params: LarderParams) {
  return queryOptions({
    queryKey: [...queryKeys.larder, params] as const,
    queryFn: ({ signal }) => fetchLarder(params, signal),
    placeholderData: keepPreviousData,
  });
}
