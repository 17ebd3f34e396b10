import type { StatsResponse } from '@cull-log/contracts';
import { getJson } from './client';
import { latestWritePosition } from './write-position';

/** The dashboard's figures; `season` (`2026-27`) picks the season table's and the outings' season. */
export function fetchStats(signal?: AbortSignal, season?: string): Promise<StatsResponse> {
  const search = new URLSearchParams();
  if (season !== undefined) search.set('season', season);
  const after = latestWritePosition();
  if (after > 0) search.set('after', String(after));
  const query = search.toString();
  return getJson(`/api/stats${query === '' ? '' : `?${query}`}`, 'StatsResponse', signal);
}
