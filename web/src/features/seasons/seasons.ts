import { seasonOfKey } from '@cull-log/domain';

// The seasons' rules are the domain's, as the server keeps them (by London's calendar).
export { currentSeason, recentSeasons } from '@cull-log/domain';

/** The season's label for a key: `2026-27` → `2026/27`. */
export const seasonLabel = (key: string) => seasonOfKey(key).label;
