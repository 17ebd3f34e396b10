import { CARCASS_DESTINATIONS, type StatsResponse } from '@cull-log/contracts';
import { cullWarningCodes, type WarningFacts } from './field-rules';
import { inSeason, type Season } from './seasons';

/**
 * What a season's summary (the season report, the dashboard) says of its carcasses and its legal warnings, shaped
 * from counts a projection keeps, or worked out from the records themselves.
 */

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

/** A record as the season summary reads it: its date, destination and what its legal warnings read. */
export type SummaryRecord = WarningFacts & { carcass_destination?: string | null | undefined };

/** The season's destinations and legal warnings worked out from its records (all of a user's, or a team's). */
export function seasonSummary(
  records: Iterable<SummaryRecord>,
  season: Pick<Season, 'from' | 'to'>,
): Required<Pick<StatsResponse['season'], 'destinations' | 'warnings'>> {
  const destinations: Record<string, number> = {};
  const warnings: Record<string, number> = {};
  let total = 0;
  for (const record of records) {
    if (!inSeason(record.date, season)) continue;
    total += 1;
    const destination = record.carcass_destination;
    if (destination != null) destinations[destination] = (destinations[destination] ?? 0) + 1;
    for (const code of cullWarningCodes(record)) warnings[code] = (warnings[code] ?? 0) + 1;
  }
  return { destinations: destinationsOf(destinations, total), warnings: warningsOf(warnings) };
}
