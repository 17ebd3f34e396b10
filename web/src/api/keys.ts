import type { QueryClient } from '@tanstack/react-query';

/** Keys start with the endpoint, so invalidating ['culls'] refreshes every list, record and map view. */
export const queryKeys = {
  me: ['me'] as const,
  /** The notice of erasure for want of use the session answer carried, kept by the session check (never fetched alone). */
  inactivityNotice: ['inactivity-notice'] as const,
  authOptions: ['auth-options'] as const,
  culls: ['culls'] as const,
  stats: ['stats'] as const,
  larder: ['larder'] as const,
  grounds: ['grounds'] as const,
  outings: ['outings'] as const,
  counts: ['counts'] as const,
  settings: ['settings'] as const,
  plans: ['plans'] as const,
  teams: ['teams'] as const,
  imports: ['imports'] as const,
  /** A ground's trends over the seasons, from its counts, outings and records. */
  trends: ['trends'] as const,
};

/**
 * The reads each kind of change makes stale, in one place: a new kind of change, or a new read that a change moves,
 * is added here rather than beside each write.
 */
const STALE_AFTER = {
  // A record moves the figures, the larder book, an outing's count, a plan's progress and a ground's trends.
  cull: [
    queryKeys.culls,
    queryKeys.stats,
    queryKeys.larder,
    queryKeys.outings,
    queryKeys.plans,
    queryKeys.trends,
  ],
  outing: [queryKeys.outings, queryKeys.stats, queryKeys.trends],
  ground: [queryKeys.grounds, queryKeys.trends],
  // A count moves its ground's density (read under the ground), its trends and the cull suggested from it (under
  // the plans).
  count: [queryKeys.counts, queryKeys.grounds, queryKeys.plans, queryKeys.trends],
  // The season start moves which season every figure, plan, outing and trend falls in.
  settings: [queryKeys.stats, queryKeys.plans, queryKeys.outings, queryKeys.trends],
  plans: [queryKeys.plans],
  // A team's change moves its members, invitations and grounds, and the list of the user's teams.
  team: [queryKeys.teams, queryKeys.grounds],
  // An import (or its undo) adds or removes many records at once: everything a record moves, and the list of imports.
  import: [
    queryKeys.culls,
    queryKeys.stats,
    queryKeys.larder,
    queryKeys.outings,
    queryKeys.plans,
    queryKeys.imports,
    queryKeys.trends,
  ],
} as const;

export type ChangeKind = keyof typeof STALE_AFTER;

/** Asks again for every read a change of this kind made stale; resolves once they have been read. */
export function refreshAfter(queryClient: QueryClient, change: ChangeKind): Promise<unknown> {
  return Promise.all(STALE_AFTER[change].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
