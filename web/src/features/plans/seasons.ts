import { DEFAULT_SEASON_START, type SeasonStart } from '@cull-log/contracts';

/** Stalking seasons by the user's season start: keys `2026-27` in addresses, labels `2026/27` on screen. */

const pad2 = (value: number) => String(value).padStart(2, '0');

/** The key of the season a calendar date (YYYY-MM-DD) belongs to. */
export function seasonKeyOfDate(date: string, start: SeasonStart = DEFAULT_SEASON_START): string {
  const year = Number(date.slice(0, 4));
  const first = date.slice(5) >= start ? year : year - 1;
  return `${first}-${pad2((first + 1) % 100)}`;
}

/** The season's label for a key: `2026-27` → `2026/27`. */
export const seasonLabel = (key: string) => key.replace('-', '/');

/** The current season and the `count - 1` before it, newest first. */
export function recentSeasons(today: string, start: SeasonStart = DEFAULT_SEASON_START, count = 6): string[] {
  const first = Number(seasonKeyOfDate(today, start).slice(0, 4));
  return Array.from({ length: count }, (_, back) => `${first - back}-${pad2((first - back + 1) % 100)}`);
}
