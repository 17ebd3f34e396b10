import { describe, expect, it } from 'vitest';
import { averageWeightKg, computeStats, statsFromTally, tallyRecords, type StatsRecord } from './cull-stats';

const cull = (date: string, species: string, sex: string, weight?: number): StatsRecord => ({
  date,
  species,
  sex,
  ...(weight === undefined ? {} : { weight }),
});

const midNovember = new Date('2026-11-15T12:00:00Z');

const records = [
  cull('2026-11-03', 'Roe Deer', 'Female', 14.5),
  cull('2026-11-10', 'Roe Deer', 'Male', 16),
  cull('2026-09-20', 'Red Deer', 'Male'),
  cull('2025-11-20', 'Muntjac', 'Male', 10.25),
  cull('2026-03-31', 'Fox', 'Female'),
  cull('2026-04-01', 'Fox', 'Unknown'),
];

describe('computeStats', () => {
  it('with no records answers zeros, nulls and twelve empty months', () => {
    const stats = computeStats([], midNovember);
    expect(stats).toMatchObject({
      total_culls: 0,
      this_month: 0,
      species_breakdown: {},
      average_weight: null,
      top_species: null,
      season: { label: '2026/27', from: '2026-04-01', to: '2027-03-31', species_by_sex: {} },
    });
    expect(stats.per_month).toHaveLength(12);
    expect(stats.per_month.every((month) => month.count === 0)).toBe(true);
  });

  it('counts the dashboard figures', () => {
    const stats = computeStats(records, midNovember);
    expect(stats.total_culls).toBe(6);
    expect(stats.this_month).toBe(2);
    expect(stats.species_breakdown).toEqual({ 'Roe Deer': 2, Fox: 2, 'Red Deer': 1, Muntjac: 1 });
    expect(stats.average_weight).toBe(13.6);
  });

  it('lists species most frequent first, then alphabetically', () => {
    expect(Object.keys(computeStats(records, midNovember).species_breakdown)).toEqual([
      'Fox',
      'Roe Deer',
      'Muntjac',
      'Red Deer',
    ]);
  });

  it('picks the most frequent species, the alphabetically first on a tie', () => {
    expect(computeStats(records, midNovember).top_species).toBe('Fox');
    expect(computeStats([cull('2026-11-01', 'Sika Deer', 'Male')], midNovember).top_species).toBe(
      'Sika Deer',
    );
    const moreRoe = [...records, cull('2026-10-01', 'Roe Deer', 'Female')];
    expect(computeStats(moreRoe, midNovember).top_species).toBe('Roe Deer');
  });

  it('averages only records that have a weight: a weight of 0 and null never enter it', () => {
    const stats = computeStats(
      [
        cull('2026-11-01', 'Rabbit', 'Male', 0),
        cull('2026-11-01', 'Rabbit', 'Male', 3),
        { date: '2026-11-01', species: 'Rabbit', sex: 'Male', weight: null },
      ],
      midNovember,
    );
    expect(stats.average_weight).toBe(3);
    expect(computeStats([cull('2026-11-01', 'Rabbit', 'Male', 0)], midNovember).average_weight).toBeNull();
  });

  it('rounds the average to one decimal, halves up, without floating-point slips', () => {
    expect(computeStats([cull('2026-11-01', 'Fox', 'Male', 10.05)], midNovember).average_weight).toBe(10.1);
    expect(computeStats([cull('2026-11-01', 'Fox', 'Male', 1.04)], midNovember).average_weight).toBe(1);
    const pair = [cull('2026-11-01', 'Fox', 'Male', 10.25), cull('2026-11-01', 'Fox', 'Male', 10.3)];
    expect(computeStats(pair, midNovember).average_weight).toBe(10.3);
  });

  it('"this month" is the calendar month of now in Europe/London, not UTC', () => {
    const july = [cull('2026-07-01', 'Roe Deer', 'Male')];
    // 23:30 UTC on 30 June is 00:30 on 1 July in British Summer Time.
    expect(computeStats(july, new Date('2026-06-30T23:30:00Z')).this_month).toBe(1);
    expect(computeStats(july, new Date('2026-06-30T22:30:00Z')).this_month).toBe(0);
    expect(
      computeStats([cull('2026-11-03', 'Fox', 'Male')], new Date('2025-11-03T12:00:00Z')).this_month,
    ).toBe(0);
  });

  it('per_month runs the season containing now, April to March, with zeros', () => {
    const stats = computeStats(records, midNovember);
    expect(stats.per_month.map((month) => month.month)).toEqual([
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
    ]);
    expect(stats.per_month.map((month) => month.count)).toEqual([1, 0, 0, 0, 0, 1, 0, 2, 0, 0, 0, 0]);
  });

  it('per_month runs the season chosen, by the user’s start, whatever the month now', () => {
    const earlier = computeStats(records, midNovember, { season: '2025-26' });
    expect(earlier.per_month.map((month) => month.month)).toEqual([
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    expect(earlier.per_month.find((month) => month.month === '2025-11')?.count).toBe(1);
    expect(earlier.per_month.find((month) => month.month === '2026-03')?.count).toBe(1);
    // "This month" is still the month of now, whichever season is shown.
    expect(earlier.this_month).toBe(2);
    const august = computeStats(records, midNovember, { start: '08-01' });
    expect(august.per_month[0]?.month).toBe('2026-08');
    expect(august.per_month[11]?.month).toBe('2027-07');
  });

  it('the season counts species by sex for 1 April to 31 March containing now', () => {
    expect(computeStats(records, midNovember).season).toEqual({
      label: '2026/27',
      from: '2026-04-01',
      to: '2027-03-31',
      species_by_sex: { Fox: { Unknown: 1 }, 'Red Deer': { Male: 1 }, 'Roe Deer': { Female: 1, Male: 1 } },
    });
    expect(computeStats(records, new Date('2026-02-01T12:00:00Z')).season).toEqual({
      label: '2025/26',
      from: '2025-04-01',
      to: '2026-03-31',
      species_by_sex: { Fox: { Female: 1 }, Muntjac: { Male: 1 } },
    });
  });

  it('treats free-text species such as "__proto__" as ordinary names', () => {
    const odd = [cull('2026-11-01', '__proto__', 'Male', 5), cull('2026-11-02', '__proto__', 'Female')];
    const stats = computeStats(odd, midNovember);
    expect(Object.getOwnPropertyNames(stats.species_breakdown)).toEqual(['__proto__']);
    expect(Object.getOwnPropertyDescriptor(stats.species_breakdown, '__proto__')?.value).toBe(2);
    expect(stats.top_species).toBe('__proto__');
    expect(Object.getPrototypeOf(stats.species_breakdown)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(stats.season.species_by_sex))).toEqual(
      JSON.parse('{"__proto__":{"Male":1,"Female":1}}'),
    );
  });
});

describe('statistics tally', () => {
  it('survives a JSON round trip, so a projection can store it as a document', () => {
    const tally = tallyRecords([...records, cull('2026-11-01', '__proto__', 'Male')]);
    const stored = JSON.parse(JSON.stringify(tally));
    expect(statsFromTally(stored, midNovember)).toEqual(statsFromTally(tally, midNovember));
  });
});

describe('averageWeightKg', () => {
  it('is null with nothing weighed and the mean in kg to one decimal otherwise', () => {
    expect(averageWeightKg(0, 0)).toBeNull();
    expect(averageWeightKg(40750, 3)).toBe(13.6);
    expect(averageWeightKg(10050, 1)).toBe(10.1);
  });
});
