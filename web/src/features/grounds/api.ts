import type {
  AmendGroundRequest,
  AmendOutingRequest,
  CreateGroundRequest,
  Ground,
  ListOutingsResponse,
  StartOutingRequest,
} from '@cull-log/contracts';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../api/client';
import { sendForAnswer, sendJson } from '../../api/commands';
import { queryKeys } from '../../api/keys';

/**
 * Grounds and outings. These writes go straight to the server (a ground is set up at home, with a signal); a cull
 * recorded during an outing is placed in it by the server, offline too.
 */

export async function fetchGrounds(signal?: AbortSignal): Promise<Ground[]> {
  return (await getJson('/api/grounds', 'ListGroundsResponse', signal)).items;
}

export async function createGround(body: CreateGroundRequest): Promise<Ground> {
  return sendForAnswer('POST', '/api/grounds', body, 'Ground');
}

export async function amendGround(id: string, body: AmendGroundRequest): Promise<Ground> {
  return sendForAnswer('PATCH', `/api/grounds/${encodeURIComponent(id)}`, body, 'Ground');
}

/** The user's outings, newest first (of one season, `2026-27`, when given), and the one under way. */
export function fetchOutings(season?: string, signal?: AbortSignal): Promise<ListOutingsResponse> {
  const query = season === undefined ? '' : `?season=${encodeURIComponent(season)}`;
  return getJson(`/api/outings${query}`, 'ListOutingsResponse', signal);
}

export async function startOuting(body: StartOutingRequest): Promise<void> {
  await sendJson('POST', '/api/outings', body);
}

export async function amendOuting(id: string, body: AmendOutingRequest): Promise<void> {
  await sendJson('PATCH', `/api/outings/${encodeURIComponent(id)}`, body);
}

export function groundsQuery() {
  return queryOptions({
    queryKey: queryKeys.grounds,
    queryFn: ({ signal }) => fetchGrounds(signal),
  });
}

/** The outings (of one season when given) and the one under way. */
export function outingsQuery(season?: string) {
  return queryOptions({
    queryKey: [...queryKeys.outings, season ?? 'all'] as const,
    queryFn: ({ signal }) => fetchOutings(season, signal),
  });
}
