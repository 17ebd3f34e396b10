import { DEFAULT_SEASON_START, type SeasonKey, type SeasonStart } from '@cull-log/contracts';
import { londonDate } from './london-calendar';

/** A stalking season by a user's start: `2026-27` in paths, `2026/27` on screen, and its first and last days. */
export interface Season {
  key: SeasonKey;
  label: string;
  from: string;
  to: string;
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/** The month (1-12) a season starts in: April or August. */
const startMonth = (start: SeasonStart) => Number(start.slice(0, 2));

/** The season that begins in `year` by this start. */
export function seasonStartingIn(year: number, start: SeasonStart = DEFAULT_SEASON_START): Season {
  const month = startMonth(start);
  const next = `${year + 1}`;
  const lastMonth = month === 1 ? 12 : month - 1;
  const lastYear = month === 1 ? year : year + 1;
  const lastDay = new Date(Date.UTC(lastYear, lastMonth, 0)).getUTCDate();
  return {
    key: `${year}-${next.slice(2)}`,
    label: `${year}/${next.slice(2)}`,
    from: `${year}-${pad2(month)}-01`,
    to: `${lastYear}-${pad2(lastMonth)}-${pad2(lastDay)}`,
  };
}

/** The season a calendar date (YYYY-MM-DD) belongs to, by the user's start. */
export function seasonOfDateBy(date: string, start: SeasonStart = DEFAULT_SEASON_START): Season {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return seasonStartingIn(month >= startMonth(start) ? year : year - 1, start);
}

/** The season containing this moment in Europe/London, by the user's start. */
export function currentSeason(now: Date, start: SeasonStart = DEFAULT_SEASON_START): Season {
  return seasonOfDateBy(londonDate(now), start);
}

/** The season containing this moment in Europe/London and the `count - 1` before it, newest first. */
export function recentSeasons(now: Date, start: SeasonStart = DEFAULT_SEASON_START, count = 6): Season[] {
  const year = Number(currentSeason(now, start).from.slice(0, 4));
  return Array.from({ length: count }, (_, back) => seasonStartingIn(year - back, start));
}

/** The season a key (`2026-27`, already checked by the contract's SeasonKey) names, by the user's start. */
export function seasonOfKey(key: SeasonKey, start: SeasonStart = DEFAULT_SEASON_START): Season {
  return seasonStartingIn(Number(key.slice(0, 4)), start);
}

/** The twelve months (YYYY-MM) of a season, first first. */
export function seasonMonths(season: Pick<Season, 'from'>): string[] {
  const [year, month] = season.from.split('-').map(Number) as [number, number];
  return Array.from({ length: 12 }, (_, offset) => {
    const index = year * 12 + (month - 1) + offset;
    return `${Math.floor(index / 12)}-${pad2((index % 12) + 1)}`;
  });
}

/** Whether a calendar date (YYYY-MM-DD) falls in the season. */
export const inSeason = (date: string, season: Pick<Season, 'from' | 'to'>): boolean =>
  date >= season.from && date <= season.to;
