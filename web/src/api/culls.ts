import type {
  CullView,
  CullsAtQuery,
  ListCullsQuery,
  ListCullsResponse,
  MapCull,
  MapPointsQuery,
  MapPointsResponse,
} from '@cull-log/contracts';
import { saveAttachment } from './attachment';
import { getJson, request } from './client';

export type ListCullsParams = ListCullsQuery;

export function cullsSearchParams(params: ListCullsParams): URLSearchParams {
  const search = new URLSearchParams({
    page: String(params.page),
    page_size: String(params.page_size),
    sort: params.sort,
    order: params.order,
  });
  if (params.q !== '') search.set('q', params.q);
  return search;
}

export function fetchCulls(params: ListCullsParams, signal?: AbortSignal): Promise<ListCullsResponse> {
  return getJson(`/api/culls?${cullsSearchParams(params).toString()}`, 'ListCullsResponse', signal);
}

export function fetchCull(id: string, signal?: AbortSignal): Promise<CullView> {
  return getJson(`/api/culls/${encodeURIComponent(id)}`, 'CullView', signal);
}

/** The map's filters; each absent one lets every record through. */
export type MapFilters = MapPointsQuery;

/** Every located record of the user (as filtered) as a compact point, newest first, in one answer. */
export function fetchMapPoints(filters: MapFilters = {}, signal?: AbortSignal): Promise<MapPointsResponse> {
  const search = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();
  return getJson(`/api/culls/map-points${search === '' ? '' : `?${search}`}`, 'MapPointsResponse', signal);
}

/** The user's records at exactly this point, newest first: what a map marker's popup shows. */
export async function fetchCullsAt(point: CullsAtQuery, signal?: AbortSignal): Promise<MapCull[]> {
  // String() writes the shortest text that reads back as the same number, so the server matches it exactly.
  const search = new URLSearchParams({
    latitude: String(point.latitude),
    longitude: String(point.longitude),
  });
  return (await getJson(`/api/culls/at?${search.toString()}`, 'MapCullsResponse', signal)).items;
}

/** Downloads the server's CSV export (of one season, `2026-27`, when given) and hands it to the browser. */
export async function downloadCullsCsv(season?: string): Promise<void> {
  const query = season === undefined ? '' : `?season=${encodeURIComponent(season)}`;
  const response = await request(`/api/exports/culls.csv${query}`, { headers: { accept: 'text/csv' } });
  await saveAttachment(response, 'culls.csv');
}
