import { seasonOfKey } from '@cull-log/domain';

// The seasons' rules are the domain's, as the server keeps them (by London's calendar).
export { currentSeason, recentSeasons } from '@cull-log/domain';

/** The season's label for a key: `2026-27` → `2026/27`. */
export const seasonLabel = (key: string) => seasonOfKey(key).label;

/** The key of the season before: `2026-27` → `2025-26`. */
export function previousSeasonKey(key: string): string {
  const year = Number(key.slice(0, 4)) - 1;
  return `${year}-${String(year + 1).slice(2)}`;
}
