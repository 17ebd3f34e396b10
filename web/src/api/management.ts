import type {
  AmendGroundRequest,
  AmendOutingRequest,
  CreateGroundRequest,
  Ground,
  ListOutingsResponse,
  PlanProgressResponse,
  PlansResponse,
  PutPlansRequest,
  SeasonStart,
  Settings,
  StartOutingRequest,
} from '@cull-log/contracts';
import { EVENT_POSITION_HEADER } from '@cull-log/contracts';
import { saveAttachment } from './attachment';
import { checkAnswer } from './answers';
import { getJson, request } from './client';
import { latestWritePosition, noteWritePosition } from './write-position';

/**
 * Grounds, outings, the season setting and cull plans. These writes go straight to the server (a ground or a plan
 * is set up at home, with a signal); a cull recorded during an outing is placed in it by the server, offline too.
 */

/** Sends a change; the event position the server answers with keeps the figures read next at least this fresh. */
async function send(path: string, method: string, body: unknown): Promise<unknown> {
  const response = await request(path, { method, body: JSON.stringify(body) });
  noteWritePosition(response.headers.get(EVENT_POSITION_HEADER));
  return response.json();
}

export async function fetchGrounds(signal?: AbortSignal): Promise<Ground[]> {
  return (await getJson('/api/grounds', 'ListGroundsResponse', signal)).items;
}

export async function createGround(body: CreateGroundRequest): Promise<Ground> {
  return checkAnswer('Ground', await send('/api/grounds', 'POST', body));
}

export async function amendGround(id: string, body: AmendGroundRequest): Promise<Ground> {
  return checkAnswer('Ground', await send(`/api/grounds/${encodeURIComponent(id)}`, 'PATCH', body));
}

/** The user's outings, newest first (of one season, `2026-27`, when given), and the one under way. */
export function fetchOutings(season?: string, signal?: AbortSignal): Promise<ListOutingsResponse> {
  const query = season === undefined ? '' : `?season=${encodeURIComponent(season)}`;
  return getJson(`/api/outings${query}`, 'ListOutingsResponse', signal);
}

export async function startOuting(body: StartOutingRequest): Promise<unknown> {
  return send('/api/outings', 'POST', body);
}

export async function amendOuting(id: string, body: AmendOutingRequest): Promise<unknown> {
  return send(`/api/outings/${encodeURIComponent(id)}`, 'PATCH', body);
}

export function fetchSettings(signal?: AbortSignal): Promise<Settings> {
  return getJson('/api/settings', 'Settings', signal);
}

export async function updateSettings(seasonStart: SeasonStart): Promise<Settings> {
  return checkAnswer('Settings', await send('/api/settings', 'PATCH', { season_start: seasonStart }));
}

export function fetchPlans(season: string, signal?: AbortSignal): Promise<PlansResponse> {
  return getJson(`/api/plans/${encodeURIComponent(season)}`, 'PlansResponse', signal);
}

export async function putPlans(season: string, body: PutPlansRequest): Promise<PlansResponse> {
  return checkAnswer('PlansResponse', await send(`/api/plans/${encodeURIComponent(season)}`, 'PUT', body));
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
