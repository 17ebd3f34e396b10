import {
  Cull,
  ListCullsResponse,
  MapCullsResponse,
  type MapCull,
  type ListCullsQuery,
} from '@cull-log/contracts';
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
  return getJson(`/api/culls?${cullsSearchParams(params).toString()}`, ListCullsResponse, signal);
}

export function fetchCull(id: string, signal?: AbortSignal): Promise<Cull> {
  return getJson(`/api/culls/${encodeURIComponent(id)}`, Cull, signal);
}

/** Every record of the user that has coordinates, newest first, in one answer (the map needs them all). */
export async function fetchMappedCulls(signal?: AbortSignal): Promise<MapCull[]> {
  return (await getJson('/api/culls/locations', MapCullsResponse, signal)).items;
}

/** Downloads the server's CSV export and hands it to the browser as culls.csv. */
export async function downloadCullsCsv(): Promise<void> {
  const response = await request('/api/exports/culls.csv', { headers: { accept: 'text/csv' } });
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'culls.csv';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start the download only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
