import type {
  AmendCountRequest,
  Count,
  GroundDensityResponse,
  ListCountsResponse,
} from '@cull-log/contracts';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../api/client';
import { sendForAnswer, sendJson } from '../../api/commands';
import { queryKeys } from '../../api/keys';

/**
 * Counts on a ground and the density read from them. A new count goes through the outbox (see CountForm); a change or
 * deletion goes straight to the server, as a ground's do.
 */

const countPath = (id: string) => `/api/counts/${encodeURIComponent(id)}`;

/** `&team=<id>` for a team's ground, read through the team; nothing for the user's own. */
const teamPart = (teamId: string | undefined, first: '?' | '&') =>
  teamId === undefined ? '' : `${first}team=${encodeURIComponent(teamId)}`;

/** One ground's counts, newest first; a team's ground (`teamId`): every member's, each with who counted. */
export function fetchCounts(
  groundId: string,
  signal?: AbortSignal,
  teamId?: string,
): Promise<ListCountsResponse> {
  return getJson(
    `/api/counts?ground=${encodeURIComponent(groundId)}${teamPart(teamId, '&')}`,
    'ListCountsResponse',
    signal,
  );
}

export function amendCount(id: string, body: AmendCountRequest): Promise<Count> {
  return sendForAnswer('PATCH', countPath(id), body, 'Count');
}

export async function deleteCount(id: string): Promise<void> {
  await sendJson('DELETE', countPath(id), undefined);
}

/**
 * The ground's area and each species' density from its latest count (a team's ground: by any member); a ground with
 * no boundary is refused.
 */
export function fetchDensity(
  groundId: string,
  signal?: AbortSignal,
  teamId?: string,
): Promise<GroundDensityResponse> {
  return getJson(
    `/api/grounds/${encodeURIComponent(groundId)}/density${teamPart(teamId, '?')}`,
    'GroundDensityResponse',
    signal,
  );
}

export function countsQuery(groundId: string, teamId?: string) {
  return queryOptions({
    queryKey: [...queryKeys.counts, { ground: groundId, team: teamId ?? null }] as const,
    queryFn: ({ signal }) => fetchCounts(groundId, signal, teamId),
  });
}

/** Kept under the grounds' key, so a redrawn boundary reads the density again. */
export function densityQuery(groundId: string, teamId?: string) {
  return queryOptions({
    queryKey: [...queryKeys.grounds, groundId, 'density', teamId ?? null] as const,
    queryFn: ({ signal }) => fetchDensity(groundId, signal, teamId),
  });
}
