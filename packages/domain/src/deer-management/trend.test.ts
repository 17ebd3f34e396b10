import { describe, expect, it } from 'vitest';
import { effortSignal, trendOf } from './trend';

const seasons = (...values: Array<number | null>) =>
  values.map((value, index) => ({ season: `${2024 + index}/${25 + index}`, value }));

// Each change a season below is the least-squares slope over the seasons' mean, worked by hand.
describe('trend over seasons', () => {
  it('12, 15, 18 deer per km²: 3 a season on a mean of 15 is 20 % a season, rising', () => {
    const trend = trendOf(seasons(12, 15, 18), 'Roe Deer density on Home Wood', 'deer per km²');
    expect(trend.direction).toBe('rising');
    expect(trend.changePerSeasonPercent).toBeCloseTo(20, 9);
    expect(trend.sentence).toBe(
      'Roe Deer density on Home Wood is rising, from 12 in 2024/25 to 18 deer per km² in 2026/27: about 20 % a season.',
    );
  });

  it('20, 16, 12: −4 a season on a mean of 16 is −25 %, falling', () => {
    const trend = trendOf(seasons(20, 16, 12), 'Sightings per hunter-hour on Home Wood', 'a hunter-hour', 2);
    expect(trend.direction).toBe('falling');
    expect(trend.changePerSeasonPercent).toBeCloseTo(-25, 9);
    expect(trend.sentence).toContain('is falling');
  });

  it('10, 11, 10: no slope, steady; all zeros, steady', () => {
    expect(trendOf(seasons(10, 11, 10), 'Count', 'deer').direction).toBe('steady');
    expect(trendOf(seasons(10, 11, 10), 'Count', 'deer').sentence).toBe(
      'Count is holding steady, from 10 in 2024/25 to 10 deer in 2026/27 (within 10 % a season).',
    );
    expect(trendOf(seasons(0, 0), 'Count', 'deer').direction).toBe('steady');
  });

  it('a season with no figure keeps the spacing: 10, none, 14 is 2 a season on a mean of 12, 16.7 % rising', () => {
    const trend = trendOf(seasons(10, null, 14), 'Count', 'deer');
    expect(trend.direction).toBe('rising');
    expect(trend.changePerSeasonPercent).toBeCloseTo(16.667, 2);
  });

  it('one season’s figure is too few to say', () => {
    const trend = trendOf(seasons(null, 5), 'Count', 'deer');
    expect(trend).toEqual({
      direction: 'too_few',
      changePerSeasonPercent: null,
      sentence: 'Count: figures from two seasons or more are needed to show a trend.',
    });
  });
});

describe('what effort says of the deer', () => {
  it('hours per deer rising while sightings per hunter-hour fall: fewer deer; the reverse: more; else unclear', () => {
    expect(effortSignal({ direction: 'rising' }, { direction: 'falling' }).signal).toBe('fewer_deer');
    expect(effortSignal({ direction: 'falling' }, { direction: 'rising' }).signal).toBe('more_deer');
    expect(effortSignal({ direction: 'rising' }, { direction: 'rising' }).signal).toBe('unclear');
    expect(effortSignal({ direction: 'too_few' }, { direction: 'falling' }).signal).toBe('unclear');
  });

  it('says effort is too little to read while either figure has fewer than two seasons', () => {
    const tooFew = effortSignal({ direction: 'too_few' }, { direction: 'steady' });
    expect(tooFew).toEqual({
      signal: 'unclear',
      sentence:
        'Hours per deer and sightings per hunter-hour from two seasons or more are needed to read the deer from effort.',
    });
    expect(effortSignal({ direction: 'steady' }, { direction: 'steady' }).sentence).toContain(
      'do not point together',
    );
  });
});
