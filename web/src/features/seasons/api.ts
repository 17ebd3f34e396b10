import type { SeasonStart, Settings } from '@cull-log/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { getJson } from '../../api/client';
import { sendForAnswer } from '../../api/commands';
import { queryKeys } from '../../api/keys';

/** The user's season start, by which every season, figure and plan is counted. The write goes straight to the server. */

export function fetchSettings(signal?: AbortSignal): Promise<Settings> {
  return getJson('/api/settings', 'Settings', signal);
}

export async function updateSettings(seasonStart: SeasonStart): Promise<Settings> {
  return sendForAnswer('PATCH', '/api/settings', { season_start: seasonStart }, 'Settings');
}

export function settingsQuery() {
  return queryOptions({
    queryKey: queryKeys.settings,
    queryFn: ({ signal }) => fetchSettings(signal),
  });
}

/** The user's current season, by their season start, for reads made before a screen draws. */
export async function currentSeason(queryClient: QueryClient): Promise<string> {
  const [settings, seasons] = await Promise.all([
    queryClient.fetchQuery(settingsQuery()),
    import('./seasons'),
  ]);
  return seasons.currentSeason(new Date(), settings.season_start).key;
}
