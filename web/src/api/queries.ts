import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchCull, fetchCulls, fetchMappedCulls, type ListCullsParams } from './culls';
import { queryKeys } from './keys';
import { fetchStats } from './stats';

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

export function mappedCullsQuery() {
  return queryOptions({
    queryKey: [...queryKeys.culls, 'mapped'] as const,
    queryFn: ({ signal }) => fetchMappedCulls(signal),
  });
}

export function statsQuery() {
  return queryOptions({
    queryKey: queryKeys.stats,
    queryFn: ({ signal }) => fetchStats(signal),
  });
}
