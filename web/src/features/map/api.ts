import type { CullsAtQuery, MapCull, MapPointsQuery, MapPointsResponse } from '@cull-log/contracts';
import { keepPreviousData, queryOptions, skipToken, type QueryClient } from '@tanstack/react-query';
import { getJson } from '../../api/client';
import { queryKeys } from '../../api/keys';
import { meQuery } from '../../api/session';

/** The map's filters; each absent one lets every record through. */
export type MapFilters = MapPointsQuery;

/** Every located record of the user (as filtered) as a compact point, newest first, in one answer. */
export function fetchMapPoints(
  filters: MapFilters = {},
  signal?: AbortSignal,
  team?: string,
): Promise<MapPointsResponse> {
  const search = new URLSearchParams(
    Object.entries({ ...filters, team }).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();
  return getJson(`/api/culls/map-points${search === '' ? '' : `?${search}`}`, 'MapPointsResponse', signal);
}

/** The user's records at exactly this point, newest first: what a map marker's popup shows. */
export async function fetchCullsAt(
  point: CullsAtQuery,
  signal?: AbortSignal,
  team?: string,
): Promise<MapCull[]> {
  // String() writes the shortest text that reads back as the same number, so the server matches it exactly.
  const search = new URLSearchParams({
    latitude: String(point.latitude),
    longitude: String(point.longitude),
  });
  if (team !== undefined) search.set('team', team);
  return (await getJson(`/api/culls/at?${search.toString()}`, 'MapCullsResponse', signal)).items;
}

/** The map's points (a team's, with `team`); with no filter the key is the one the route's loader prefetches. */
export function mapPointsQuery(filters: MapFilters = {}, team?: string) {
  const filtered = Object.values(filters).some((value) => value !== undefined);
  return queryOptions({
    queryKey:
      team !== undefined
        ? ([...queryKeys.culls, 'map-points', filters, { team }] as const)
        : filtered
          ? ([...queryKeys.culls, 'map-points', filters] as const)
          : ([...queryKeys.culls, 'map-points'] as const),
    queryFn: ({ signal }) => fetchMapPoints(filters, signal, team),
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

/**
 * The records at one map point (a team's members', with `team`); with no point chosen the query waits (skipToken)
 * rather than fetching.
 */
export function cullsAtQuery(point: CullsAtQuery | null, team?: string) {
  return queryOptions({
    queryKey:
      team === undefined
        ? ([...queryKeys.culls, 'at', point] as const)
        : ([...queryKeys.culls, 'at', point, { team }] as const),
    queryFn: point ? ({ signal }) => fetchCullsAt(point, signal, team) : skipToken,
  });
}
