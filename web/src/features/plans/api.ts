import type { PlanProgressResponse, PlansResponse, PutPlansRequest } from '@cull-log/contracts';
import { queryOptions } from '@tanstack/react-query';
import { saveAttachment } from '../../api/attachment';
import { getJson, request } from '../../api/client';
import { sendForAnswer } from '../../api/commands';
import { queryKeys } from '../../api/keys';
import { latestWritePosition } from '../../api/write-position';

/** Cull plans and their progress, and the season's report. These writes go straight to the server. */

export function fetchPlans(season: string, signal?: AbortSignal): Promise<PlansResponse> {
  return getJson(`/api/plans/${encodeURIComponent(season)}`, 'PlansResponse', signal);
}

export async function putPlans(season: string, body: PutPlansRequest): Promise<PlansResponse> {
  return sendForAnswer('PUT', `/api/plans/${encodeURIComponent(season)}`, body, 'PlansResponse');
}

/** Actual against target for each species and class of the season's plans, at least as fresh as our last write. */
export function fetchPlanProgress(season: string, signal?: AbortSignal): Promise<PlanProgressResponse> {
  const after = latestWritePosition();
  const query = after > 0 ? `?after=${after}` : '';
  return getJson(`/api/plans/${encodeURIComponent(season)}/progress${query}`, 'PlanProgressResponse', signal);
}

/** The season's summary as a PDF, saved under the name the server gives it. */
export async function downloadSeasonReport(season: string): Promise<void> {
  const response = await request(`/api/reports/season.pdf?season=${encodeURIComponent(season)}`, {
    headers: { accept: 'application/pdf' },
  });
  await saveAttachment(response, `season-report-${season}.pdf`);
}

export function plansQuery(season: string) {
  return queryOptions({
    queryKey: [...queryKeys.plans, season] as const,
    queryFn: ({ signal }) => fetchPlans(season, signal),
  });
}

export function planProgressQuery(season: string) {
  return queryOptions({
    queryKey: [...queryKeys.plans, season, 'progress'] as const,
    queryFn: ({ signal }) => fetchPlanProgress(season, signal),
  });
}
