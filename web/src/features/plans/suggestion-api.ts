import type { CullSuggestionResponse, PlansResponse } from '@cull-log/contracts';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../api/client';
import { sendForAnswer } from '../../api/commands';
import { queryKeys } from '../../api/keys';

/** What the manager sets of a suggestion, each species' own as typed (an empty box: the server's default). */
export interface SuggestionValues {
  /** By species: target density (deer per km²), recruitment (% a year), female share (% of the cull). */
  species: Record<string, { target_density: string; recruitment: string; female_share: string }>;
  /** Seasons in which a reduction reaches the target. */
  seasons: string;
}

export const NO_VALUES: SuggestionValues = { species: {}, seasons: '' };

/**
 * The query of the suggestion's address: `ground` (with `team` for a team's ground), then each value given as
 * `Species:value`, as typed.
 */
export function suggestionSearch(groundId: string, values: SuggestionValues, teamId?: string): string {
  const search = new URLSearchParams({ ground: groundId, ...(teamId !== undefined && { team: teamId }) });
  for (const name of ['target_density', 'recruitment', 'female_share'] as const)
    for (const [species, typed] of Object.entries(values.species))
      if (typed[name].trim() !== '') search.append(name, `${species}:${typed[name].trim()}`);
  if (values.seasons.trim() !== '') search.set('seasons', values.seasons.trim());
  return search.toString();
}

const suggestionPath = (season: string, search: string) =>
  `/api/plans/${encodeURIComponent(season)}/suggestion?${search}`;

export function suggestionQuery(season: string, search: string) {
  return queryOptions({
    queryKey: [...queryKeys.plans, season, 'suggestion', search] as const,
    queryFn: ({ signal }): Promise<CullSuggestionResponse> =>
      getJson(suggestionPath(season, search), 'CullSuggestionResponse', signal),
  });
}

/** Writes the suggestion into the season's plan for its ground; answers the season's plans as they now are. */
export function acceptSuggestion(season: string, search: string): Promise<PlansResponse> {
  return sendForAnswer('POST', suggestionPath(season, search), {}, 'PlansResponse');
}
