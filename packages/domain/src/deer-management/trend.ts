import { figure } from './working';

export type TrendDirection = 'rising' | 'falling' | 'steady' | 'too_few';

/** One season's figure; null where the season has none (no count that year, no outing). */
export interface TrendPoint {
  /** The season as shown, `2026/27`. */
  season: string;
  value: number | null;
}

export interface Trend {
  direction: TrendDirection;
  /** The fitted change a season as a percentage of the seasons' mean; null with fewer than two figures. */
  changePerSeasonPercent: number | null;
  /** What a manager reads: which way it points, from what to what, over which seasons. */
  sentence: string;
}

/**
 * Within this much a season (of the seasons' mean) a figure is called steady: counts of deer are rough, and a change
 * of a few percent from one year to the next is as likely the count as the deer.
 */
export const STEADY_WITHIN_PERCENT = 10;

/**
 * The slope of the least-squares line through the figures, each at its season's place in the list, so a season
 * with no figure keeps the spacing of the others.
 */
function slopeOf(points: ReadonlyArray<{ index: number; value: number }>): number {
  const n = points.length;
  const meanIndex = points.reduce((sum, point) => sum + point.index, 0) / n;
  const meanValue = points.reduce((sum, point) => sum + point.value, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const { index, value } of points) {
    covariance += (index - meanIndex) * (value - meanValue);
    variance += (index - meanIndex) ** 2;
  }
  return variance === 0 ? 0 : covariance / variance;
}

/**
 * Which way a figure points over the seasons (oldest first): the fitted change a season, as a share of the mean,
 * beyond STEADY_WITHIN_PERCENT either way is rising or falling, within it steady; fewer than two seasons with a
 * figure is too few to say. `what` names the figure ("Roe Deer density on Home Wood"), `unit` its unit.
 */
export function trendOf(points: readonly TrendPoint[], what: string, unit: string, digits = 1): Trend {
  const known = points.flatMap((point, index) =>
    point.value === null ? [] : [{ index, value: point.value, season: point.season }],
  );
  if (known.length < 2) {
    return {
      direction: 'too_few',
      changePerSeasonPercent: null,
      sentence: `${what}: figures from two seasons or more are needed to show a trend.`,
    };
  }
  const first = known[0]!;
  const last = known.at(-1)!;
  const mean = known.reduce((sum, point) => sum + point.value, 0) / known.length;
  const slope = slopeOf(known);
  const changePerSeasonPercent = mean === 0 ? 0 : (slope / mean) * 100;
  const span = `from ${figure(first.value, digits)} in ${first.season} to ${figure(last.value, digits)} ${unit} in ${last.season}`;
  if (Math.abs(changePerSeasonPercent) <= STEADY_WITHIN_PERCENT) {
    return {
      direction: 'steady',
      changePerSeasonPercent,
      sentence: `${what} is holding steady, ${span} (within ${STEADY_WITHIN_PERCENT} % a season).`,
    };
  }
  const direction = changePerSeasonPercent > 0 ? 'rising' : 'falling';
  return {
    direction,
    changePerSeasonPercent,
    sentence: `${what} is ${direction}, ${span}: about ${figure(Math.abs(changePerSeasonPercent), 0)} % a season.`,
  };
}

export type EffortSignal = 'fewer_deer' | 'more_deer' | 'unclear';

/**
 * What effort says of the deer, as The Deer Initiative reads it: hours per deer culled rising while sightings per
 * hunter-hour fall means fewer deer; the reverse, more; anything else, no clear sign, to be read beside the counts
 * (or, with either from fewer than two seasons, too little to read).
 */
export function effortSignal(
  hoursPerDeer: Pick<Trend, 'direction'>,
  sightingsPerHunterHour: Pick<Trend, 'direction'>,
): { signal: EffortSignal; sentence: string } {
  if (hoursPerDeer.direction === 'too_few' || sightingsPerHunterHour.direction === 'too_few') {
    return {
      signal: 'unclear',
      sentence:
        'Hours per deer and sightings per hunter-hour from two seasons or more are needed to read the deer from effort.',
    };
  }
  if (hoursPerDeer.direction === 'rising' && sightingsPerHunterHour.direction === 'falling') {
    return {
      signal: 'fewer_deer',
      sentence:
        'Hours per deer are rising while sightings per hunter-hour fall: there are fewer deer than there were.',
    };
  }
  if (hoursPerDeer.direction === 'falling' && sightingsPerHunterHour.direction === 'rising') {
    return {
      signal: 'more_deer',
      sentence:
        'Hours per deer are falling while sightings per hunter-hour rise: there are more deer than there were.',
    };
  }
  return {
    signal: 'unclear',
    sentence:
      'Hours per deer and sightings per hunter-hour do not point together: read them beside the counts.',
  };
}
