import type { StatsResponse } from '@cull-log/contracts';
import { getJson } from './client';
import { latestWritePosition } from './write-position';

export function fetchStats(signal?: AbortSignal): Promise<StatsResponse> {
  const after = latestWritePosition();
  const path = after > 0 ? `/api/stats?after=${after}` : '/api/stats';
  return getJson(path, (c) => c.StatsResponse, signal);
}
