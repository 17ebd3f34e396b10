import type { PlanProgressResponse, PlansResponse, PutPlansRequest } from '@cull-log/contracts';
import { queryOptions } from '@tanstack/react-query';
import { saveAttachment } from '../../api/attachment';
import { getJson, request } from '../../api/client';
import { sendForAnswer } from '../../api/commands';
import { queryKeys } from '../../api/keys';
import { latestWritePosition } from '../../api/write-position';

/** Cull plans and their progress, and the season's report. These writes go straight to the server. */

/** Plans and reports take a team (`team`) for the team's own, and none for the user's. */
const teamSearch = (team: string | undefined, search = new URLSearchParams()) => {
  if (team !== undefined) search.set('team', team);
  const query = search.toString();
  return query === '' ? '' : `?${query}`;
};

export function fetchPlans(season: string, signal?: AbortSignal, team?: string): Promise<PlansResponse> {
  return getJson(`/api/plans/${encodeURIComponent(season)}${teamSearch(team)}`, 'PlansResponse', signal);
}

export async function putPlans(season: string, body: PutPlansRequest, team?: string): Promise<PlansResponse> {
  return sendForAnswer(
    'PUT',
    `/api/plans/${encodeURIComponent(season)}${teamSearch(team)}`,
    body,
    'PlansResponse',
  );
}

/** Actual against target for each species and class of the season's plans, at least as fresh as our last write. */
export function fetchPlanProgress(
  season: string,
  signal?: AbortSignal,
  team?: string,
): Promise<PlanProgressResponse> {
  const search = new URLSearchParams();
  const after = latestWritePosition();
  if (after > 0) search.set('after', String(after));
  return getJson(
    `/api/plans/${encodeURIComponent(season)}/progress${teamSearch(team, search)}`,
    'PlanProgressResponse',
    signal,
  );
}

/** The season's summary (the user's, or a team's) as a PDF, saved under the name the server gives it. */
export async function downloadSeasonReport(season: string, team?: string): Promise<void> {
  const search = new URLSearchParams({ season });
  const response = await request(`/api/reports/season.pdf${teamSearch(team, search)}`, {
    headers: { accept: 'application/pdf' },
  });
  await saveAttachment(response, `season-report-${season}.pdf`);
}

export function plansQuery(season: string, team?: string) {
  return queryOptions({
    queryKey:
      team === undefined
        ? ([...queryKeys.plans, season] as const)
        : ([...queryKeys.plans, season, { team }] as const),
    queryFn: ({ signal }) => fetchPlans(season, signal, team),
  });
}

export function planProgressQuery(season: string, team?: string) {
  return queryOptions({
    queryKey:
      team === undefined
        ? ([...queryKeys.plans, season, 'progress'] as const)
        : ([...queryKeys.plans, season, 'progress', { team }] as const),
    queryFn: ({ signal }) => fetchPlanProgress(season, signal, team),
  });
}
