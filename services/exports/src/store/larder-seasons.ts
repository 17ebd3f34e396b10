import type { SeasonStart } from '@cull-log/contracts';
import { seasonOfDateBy } from '@cull-log/domain';

/** The seasons a user's carcasses fall in by their start, newest first, from the counts of each month. */
export function seasonsOfMonths(
  months: Iterable<{ month: string; carcasses: number }>,
  start: SeasonStart,
): { label: string; carcasses: number }[] {
  const seasons = new Map<string, number>();
  for (const { month, carcasses } of months) {
    if (carcasses <= 0) continue;
    const { label } = seasonOfDateBy(`${month}-01`, start);
    seasons.set(label, (seasons.get(label) ?? 0) + carcasses);
  }
  return [...seasons]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([label, carcasses]) => ({ label, carcasses }));
}
