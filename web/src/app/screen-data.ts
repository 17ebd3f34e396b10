import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router-dom';
import { groundsQuery, outingsQuery } from '../features/grounds/api';
import { planProgressQuery, settingsQuery } from '../features/plans/api';
import { cullQuery, cullsQuery } from '../features/records/api';
import { statsQuery } from '../features/dashboard/api';
import { localIsoDate } from '../lib/format';

type Reads = (
  queryClient: QueryClient,
  params: Record<string, string | undefined>,
  search: URLSearchParams,
) => unknown;

/** The user's current season, by their season start. */
async function currentSeason(queryClient: QueryClient): Promise<string> {
  const [settings, { seasonKeyOfDate }] = await Promise.all([
    queryClient.fetchQuery(settingsQuery()),
    import('../features/plans/seasons'),
  ]);
  return seasonKeyOfDate(localIsoDate(new Date()), settings.season_start);
}

/** What the record form offers, whether it adds a record or edits one: the user's grounds and outings. */
const recordFormReads = (queryClient: QueryClient) => [
  queryClient.prefetchQuery(groundsQuery()),
  queryClient.prefetchQuery(outingsQuery()),
];

/**
 * What each signed-in screen reads first, by its address: the same queries the screen itself makes, so its first
 * drawing already has them rather than drawing again as each arrives.
 */
const READS: [path: string, reads: Reads][] = [
  ['/add-cull', (queryClient) => recordFormReads(queryClient)],
  [
    '/data',
    async (queryClient, _params, search) => {
      const settings = queryClient.prefetchQuery(settingsQuery());
      // Reading the address takes the list's own check of it, with the contracts' plain words: not in the first download.
      const { paramsFrom } = await import('../features/records/data-params');
      return [queryClient.prefetchQuery(cullsQuery(paramsFrom(search))), settings];
    },
  ],
  [
    '/dashboard',
    async (queryClient) => {
      const season = await currentSeason(queryClient);
      return [
        queryClient.prefetchQuery(statsQuery(season)),
        queryClient.prefetchQuery(planProgressQuery(season)),
        queryClient.prefetchQuery(groundsQuery()),
      ];
    },
  ],
  ['/view-cull/:id', (queryClient, { id }) => id && queryClient.prefetchQuery(cullQuery(id))],
  [
    '/edit-cull/:id',
    (queryClient, { id }) => [
      id && queryClient.prefetchQuery(cullQuery(id)),
      ...recordFormReads(queryClient),
    ],
  ],
];

/** Starts the first reads of the screen at this address for a signed-in user; a read that fails is asked again by the screen. */
export function prefetchScreenData(queryClient: QueryClient, pathname: string, search: string): void {
  for (const [path, reads] of READS) {
    const match = matchPath(path, pathname);
    if (match) {
      Promise.resolve(reads(queryClient, match.params, new URLSearchParams(search))).catch(() => undefined);
      return;
    }
  }
}
