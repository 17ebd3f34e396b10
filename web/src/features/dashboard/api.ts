import type { StatsResponse } from '@cull-log/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getJson } from '../../api/client';
import { queryKeys } from '../../api/keys';
import { latestWritePosition } from '../../api/write-position';

/** The dashboard's figures; `season` (`2026-27`) picks the season table's and the outings' season. */
export function fetchStats(signal?: AbortSignal, season?: string, team?: string): Promise<StatsResponse> {
  const search = new URLSearchParams();
  if (season !== undefined) search.set('season', season);
  if (team !== undefined) search.set('team', team);
  const after = latestWritePosition();
  if (after > 0) search.set('after', String(after));
  const query = search.toString();
  return getJson(`/api/stats${query === '' ? '' : `?${query}`}`, 'StatsResponse', signal);
}

/**
 * The dashboard's figures, of the season asked for (`2026-27`) or, without one, the current season; a team's
 * (`team`) instead of the user's own.
 */
export function statsQuery(season?: string, team?: string) {
  return queryOptions({
    queryKey:
      team !== undefined
        ? ([...queryKeys.stats, season ?? 'current', { team }] as const)
        : season === undefined
          ? queryKeys.stats
          : ([...queryKeys.stats, season] as const),
    queryFn: ({ signal }) => fetchStats(signal, season, team),
    placeholderData: keepPreviousData,
  });
}
