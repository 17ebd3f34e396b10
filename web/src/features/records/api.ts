import type { CullView, ListCullsQuery, ListCullsResponse } from '@cull-log/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { saveAttachment } from '../../api/attachment';
import { getJson, request } from '../../api/client';
import { queryKeys } from '../../api/keys';

/** The records: the list, one record, the CSV export. */

export type ListCullsParams = ListCullsQuery;

/** Whose records a read is of: a team's (`team`, narrowed to one member's with `member`), or, without, the user's own. */
export interface RecordsScope {
  team?: string | undefined;
  member?: string | undefined;
}

function withScope(search: URLSearchParams, scope: RecordsScope): URLSearchParams {
  if (scope.team !== undefined) search.set('team', scope.team);
  if (scope.team !== undefined && scope.member !== undefined) search.set('member', scope.member);
  return search;
}

/** The list's query: its page, size, sort and order, then its search and filters where it has them. */
export function cullsSearchParams(params: ListCullsParams): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || (name === 'q' && value === '')) continue;
    search.set(name, String(value));
  }
  return search;
}

export function fetchCulls(
  params: ListCullsParams,
  signal?: AbortSignal,
  scope: RecordsScope = {},
): Promise<ListCullsResponse> {
  const search = withScope(cullsSearchParams(params), scope);
  return getJson(`/api/culls?${search.toString()}`, 'ListCullsResponse', signal);
}

/** One record: the user's own, or, read through a team (`team`), a member's on the team's grounds. */
export function fetchCull(id: string, signal?: AbortSignal, team?: string): Promise<CullView> {
  const query = team === undefined ? '' : `?team=${encodeURIComponent(team)}`;
  return getJson(`/api/culls/${encodeURIComponent(id)}${query}`, 'CullView', signal);
}

/**
 * Downloads the server's CSV export (of one season, `2026-27`, when given; of a team's records, with who culled each,
 * when `team` is) and hands it to the browser.
 */
export async function downloadCullsCsv(season?: string, team?: string): Promise<void> {
  const search = new URLSearchParams();
  if (season !== undefined) search.set('season', season);
  withScope(search, { team });
  const query = search.size === 0 ? '' : `?${search.toString()}`;
  const response = await request(`/api/exports/culls.csv${query}`, { headers: { accept: 'text/csv' } });
  await saveAttachment(response, team === undefined ? 'culls.csv' : 'team-culls.csv');
}

/** Downloads the user's own sightings (with each outing's effort) or counts as CSV, of one season when given. */
export async function downloadDeerManagementCsv(
  kind: 'sightings' | 'counts',
  season?: string,
): Promise<void> {
  const query = season === undefined ? '' : `?season=${encodeURIComponent(season)}`;
  const response = await request(`/api/${kind}.csv${query}`, { headers: { accept: 'text/csv' } });
  await saveAttachment(response, season === undefined ? `${kind}.csv` : `${kind}-${season}.csv`);
}

/** A page of records; a team's (`scope`) are kept apart from the user's own. */
export function cullsQuery(params: ListCullsParams, scope: RecordsScope = {}) {
  const scoped = scope.team !== undefined;
  return queryOptions({
    queryKey: scoped
      ? ([...queryKeys.culls, 'list', params, scope] as const)
      : ([...queryKeys.culls, 'list', params] as const),
    queryFn: ({ signal }) => fetchCulls(params, signal, scope),
    placeholderData: keepPreviousData,
  });
}

export function cullQuery(id: string, team?: string) {
  return queryOptions({
    queryKey:
      team === undefined
        ? ([...queryKeys.culls, 'detail', id] as const)
        : ([...queryKeys.culls, 'detail', id, team] as const),
    queryFn: ({ signal }) => fetchCull(id, signal, team),
  });
}
