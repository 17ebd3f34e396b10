import type { CullView, ListCullsQuery, ListCullsResponse } from '@cull-log/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { saveAttachment } from '../../api/attachment';
import { getJson, request } from '../../api/client';
import { queryKeys } from '../../api/keys';

/** The records: the list, one record, the CSV export. */

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

/** Downloads the server's CSV export (of one season, `2026-27`, when given) and hands it to the browser. */
export async function downloadCullsCsv(season?: string): Promise<void> {
  const query = season === undefined ? '' : `?season=${encodeURIComponent(season)}`;
  const response = await request(`/api/exports/culls.csv${query}`, { headers: { accept: 'text/csv' } });
  await saveAttachment(response, 'culls.csv');
}

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
