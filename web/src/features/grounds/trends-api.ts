import type { GroundTrendsResponse } from '@cull-log/contracts';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../api/client';
import { queryKeys } from '../../api/keys';

/** One ground's trends over the seasons: each species' figures, which way they point, and a sentence. */
export function fetchGroundTrends(groundId: string, signal?: AbortSignal): Promise<GroundTrendsResponse> {
  return getJson(`/api/grounds/${encodeURIComponent(groundId)}/trends`, 'GroundTrendsResponse', signal);
}

export function groundTrendsQuery(groundId: string) {
  return queryOptions({
    queryKey: [...queryKeys.trends, groundId] as const,
    queryFn: ({ signal }) => fetchGroundTrends(groundId, signal),
  });
}
