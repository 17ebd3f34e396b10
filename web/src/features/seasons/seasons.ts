// The seasons' rules are the domain's, as the server keeps them (by London's calendar); the screens' helpers here.
export { currentSeason, recentSeasons, seasonOfKey } from '@cull-log/domain';
import { seasonOfKey } from '@cull-log/domain';

/** The season's label for a key: `2026-27` → `2026/27`. */
export const seasonLabel = (key: string) => seasonOfKey(key).label;
