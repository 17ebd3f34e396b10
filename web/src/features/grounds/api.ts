import type {
  AmendGroundRequest,
  AmendOutingRequest,
  CreateGroundRequest,
  Ground,
  ListOutingsResponse,
  Place,
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

/** Towns and villages by name, best first, to centre the drawing map on; none is an empty list. */
export async function fetchPlaces(query: string, signal?: AbortSignal): Promise<Place[]> {
  return (await getJson(`/api/places?q=${encodeURIComponent(query)}`, 'PlacesResponse', signal)).items;
}

/** A search for places: the same words answer from the cache, since the gazetteer does not change. */
export function placesQuery(query: string) {
  return queryOptions({
    queryKey: ['places', query.trim().toLowerCase()] as const,
    queryFn: ({ signal }) => fetchPlaces(query.trim(), signal),
    staleTime: Infinity,
    retry: false,
  });
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
