import { CARCASS_DESTINATIONS } from '@cull-log/contracts';

/** What a season's summary (the report, the dashboard) says of its carcasses and its legal warnings. */

export const NOT_RECORDED = 'Not recorded';

/** The warnings the law gives a cull (England and Wales), as a summary names them, by their code. */
export const LEGAL_WARNINGS = [
  { code: 'close_season', warning: 'In the close season (Deer Act 1991, Schedule 1)' },
  { code: 'night', warning: 'At night (section 3)' },
  { code: 'calibre', warning: 'Rifle or bullet below the legal minimum (Schedule 2)' },
] as const;

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Every destination with its count, in the form's order, then any other the log holds, then the culls whose
 * destination was never recorded (the rest of the season's `total`).
 */
export function destinationsOf(
  recorded: Record<string, number>,
  total: number,
): Array<{ destination: string; count: number }> {
  const others = Object.keys(recorded)
    .filter((destination) => !(CARCASS_DESTINATIONS as readonly string[]).includes(destination))
    .sort(compareText);
  const listed = [...CARCASS_DESTINATIONS, ...others].map((destination) => ({
    destination,
    count: recorded[destination] ?? 0,
  }));
  const counted = listed.reduce((sum, row) => sum + row.count, 0);
  return [...listed, { destination: NOT_RECORDED, count: Math.max(0, total - counted) }];
}

/** Each legal warning, named, with how many culls have it (0 included), from the counts by code. */
export function warningsOf(
  byCode: Record<string, number>,
): Array<{ code: string; warning: string; count: number }> {
  return LEGAL_WARNINGS.map(({ code, warning }) => ({ code, warning, count: byCode[code] ?? 0 }));
}
