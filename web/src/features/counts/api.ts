import type {
  AmendCountRequest,
  Count,
  GroundDensityResponse,
  ListCountsResponse,
  RecordCountRequest,
} from '@cull-log/contracts';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../api/client';
import { sendForAnswer, sendJson } from '../../api/commands';
import { queryKeys } from '../../api/keys';

/** Counts on a ground and the density read from them. These writes go straight to the server, as a ground's do. */

const countPath = (id: string) => `/api/counts/${encodeURIComponent(id)}`;

/** One ground's counts, newest first. */
export function fetchCounts(groundId: string, signal?: AbortSignal): Promise<ListCountsResponse> {
  return getJson(`/api/counts?ground=${encodeURIComponent(groundId)}`, 'ListCountsResponse', signal);
}

export function recordCount(body: RecordCountRequest): Promise<Count> {
  return sendForAnswer('POST', '/api/counts', body, 'Count');
}

export function amendCount(id: string, body: AmendCountRequest): Promise<Count> {
  return sendForAnswer('PATCH', countPath(id), body, 'Count');
}

export async function deleteCount(id: string): Promise<void> {
  await sendJson('DELETE', countPath(id), undefined);
}

/** The ground's area and each species' density from its latest count; a ground with no boundary is refused. */
export function fetchDensity(groundId: string, signal?: AbortSignal): Promise<GroundDensityResponse> {
  return getJson(`/api/grounds/${encodeURIComponent(groundId)}/density`, 'GroundDensityResponse', signal);
}

export function countsQuery(groundId: string) {
  return queryOptions({
    queryKey: [...queryKeys.counts, { ground: groundId }] as const,
    queryFn: ({ signal }) => fetchCounts(groundId, signal),
  });
}

/** Kept under the grounds' key, so a redrawn boundary reads the density again. */
export function densityQuery(groundId: string) {
  return queryOptions({
    queryKey: [...queryKeys.grounds, groundId, 'density'] as const,
    queryFn: ({ signal }) => fetchDensity(groundId, signal),
  });
}
