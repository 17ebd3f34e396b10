import type { OutingFigures } from '@cull-log/contracts';
import { londonDate } from './london-calendar';
import { inSeason, type Season } from './seasons';

/** What the outing figures need of a live outing. */
export interface OutingRecord {
  started_at: string;
  ended_at: string | null;
  /** Live records placed in the outing. */
  cull_count: number;
}

/** One outing's share of its month's figures; a projection sums these per user and month. */
export interface OutingTally {
  outings: number;
  blank: number;
  /** Whole milliseconds out, of ended outings. */
  durationMs: number;
  deer: number;
}

/** The calendar date (Europe/London) an outing starts on, which decides its season. */
export const outingDate = (outing: Pick<OutingRecord, 'started_at'>): string =>
  londonDate(new Date(outing.started_at));

export function outingTally(outing: OutingRecord): OutingTally {
  return {
    outings: 1,
    blank: outing.cull_count === 0 ? 1 : 0,
    durationMs:
      outing.ended_at === null ? 0 : Math.max(0, Date.parse(outing.ended_at) - Date.parse(outing.started_at)),
    deer: outing.cull_count,
  };
}

const tenths = (value: number) => Math.round(value * 10) / 10;

/** The figures of summed tallies: hours to one decimal, hours per deer from the exact sum. */
export function outingFiguresOf(tally: OutingTally): OutingFigures {
  const hours = tally.durationMs / 3_600_000;
  return {
    outings: tally.outings,
    blank_outings: tally.blank,
    hours_out: tenths(hours),
    hours_per_deer: tally.deer === 0 ? null : tenths(hours / tally.deer),
  };
}

/** The season's outing figures computed straight from the outings: what the projection's answer must equal. */
export function computeOutingFigures(
  outings: Iterable<OutingRecord>,
  season: Pick<Season, 'from' | 'to'>,
): OutingFigures {
  const sum: OutingTally = { outings: 0, blank: 0, durationMs: 0, deer: 0 };
  for (const outing of outings) {
    if (!inSeason(outingDate(outing), season)) continue;
    const tally = outingTally(outing);
    sum.outings += tally.outings;
    sum.blank += tally.blank;
    sum.durationMs += tally.durationMs;
    sum.deer += tally.deer;
  }
  return outingFiguresOf(sum);
}
