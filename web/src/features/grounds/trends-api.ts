import type { GroundTrendsResponse } from '@cull-log/contracts';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../api/client';
import { queryKeys } from '../../api/keys';

/**
 * One ground's trends over the seasons: each species' figures, which way they point, and a sentence. A team's ground
 * (`teamId`) gathers every member's counts, outings and culls on it.
 */
export function fetchGroundTrends(
  groundId: string,
  signal?: AbortSignal,
  teamId?: string,
): Promise<GroundTrendsResponse> {
  const team = teamId === undefined ? '' : `?team=${encodeURIComponent(teamId)}`;
  return getJson(
    `/api/grounds/${encodeURIComponent(groundId)}/trends${team}`,
    'GroundTrendsResponse',
    signal,
  );
}

export function groundTrendsQuery(groundId: string, teamId?: string) {
  return queryOptions({
    queryKey: [...queryKeys.trends, groundId, teamId ?? null] as const,
    queryFn: ({ signal }) => fetchGroundTrends(groundId, signal, teamId),
  });
}
