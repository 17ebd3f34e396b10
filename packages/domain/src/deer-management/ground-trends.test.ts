import { describe, expect, it } from 'vitest';
import type { DensityCount } from './ground-density';
import { groundTrends, type GroundTrendsInput, type TrendCull, type TrendOuting } from './ground-trends';

type SightingLine = NonNullable<TrendOuting['sightings']>[number];

const NOW = new Date('2026-11-05T09:00:00Z');

const sightCount = (date: string, roe: number, created_at = `${date}T12:00:00Z`): DensityCount => ({
  date,
  method: 'vantage_point',
  items: [
    { species: 'Roe Deer', sex: 'Male', age_class: 'Adult', count: roe / 2 },
    { species: 'Roe Deer', sex: 'Female', age_class: 'Adult', count: roe / 2 },
  ],
  created_at,
  dung: null,
});

const seen = (species: string, count: number): SightingLine => ({
  species: species as SightingLine['species'],
  sex: 'Unknown',
  age_class: 'Adult',
  count,
});

const outing = (
  id: string,
  day: string,
  hours: number,
  hunters: number,
  sightings: SightingLine[] | null,
): TrendOuting => ({
  id,
  started_at: `${day}T06:00:00Z`,
  ended_at: new Date(Date.parse(`${day}T06:00:00Z`) + hours * 3_600_000).toISOString(),
  hunters,
  sightings,
});

const cull = (date: string, sex: TrendCull['sex'], outingId?: string, species = 'Roe Deer'): TrendCull => ({
  date,
  species,
  sex,
  ...(outingId !== undefined && { outing_id: outingId }),
});

/**
 * Three seasons on a 2 km² ground (season from 1 April), worked by hand:
 * 2024/25: latest count 20 roe (an earlier one of 30 is superseded) = 10 per km². Outing a: 4 h × 2 = 8 hunter-hours,
 *   8 roe and 2 fallow seen; outing b: 2 h × 1 = 2, sightings not recorded. Roe culled on them: 2 (a buck on a, a doe
 *   on b). Sightings 8 roe ÷ 8 = 1 a hunter-hour (b's hours left out); hours per deer 10 ÷ 2 = 5.
 * 2025/26: count 16 = 8 per km². Outing c: 3 h × 2 = 6, 4 roe seen; outing d: 4 h × 1 = 4, a blank (nothing seen).
 *   A doe culled on c, a buck with no outing. Sightings 4 ÷ 10 = 0.4; hours per deer 10 ÷ 1 = 10.
 * 2026/27: count 12 = 6 per km². Outing e: 6 h × 2 = 12, 3 roe seen, a buck culled on it; an outing under way (left
 *   out). Sightings 3 ÷ 12 = 0.25; hours per deer 12.
 * Trends over three evenly spaced seasons: slope (last − first) ÷ 2 over the mean. Count 20, 16, 12: −4 on 16 =
 * −25 %. Hours 5, 10, 12: 3.5 on 9 = 38.9 % rising. Sightings 1, 0.4, 0.25: −0.375 on 0.55 = −68.2 % falling: fewer
 * deer. Fallow: 2 ÷ 8 = 0.25, then 0 ÷ 10 and 0 ÷ 12: −0.125 on 0.0833 = −150 %.
 */
const worked: GroundTrendsInput = {
  groundId: 'ground-1',
  areaKm2: 2,
  seasonStart: '04-01',
  now: NOW,
  counts: [
    sightCount('2024-04-20', 30),
    sightCount('2024-05-10', 20),
    sightCount('2025-06-01', 16),
    sightCount('2026-05-01', 12),
  ],
  outings: [
    outing('a', '2024-06-01', 4, 2, [seen('Roe Deer', 8), seen('Fallow Deer', 2)]),
    outing('b', '2024-09-01', 2, 1, null),
    outing('c', '2025-06-01', 3, 2, [seen('Roe Deer', 4)]),
    outing('d', '2025-08-01', 4, 1, []),
    outing('e', '2026-06-01', 6, 2, [seen('Roe Deer', 3)]),
    { ...outing('f', '2026-11-05', 1, 1, [seen('Roe Deer', 40)]), ended_at: null },
  ],
  culls: [
    cull('2024-06-01', 'Male', 'a'),
    cull('2024-09-01', 'Female', 'b'),
    cull('2025-06-01', 'Female', 'c'),
    cull('2025-11-01', 'Male'),
    cull('2026-06-01', 'Male', 'e'),
  ],
};

describe('a ground’s trends over seasons', () => {
  it('works out each season’s count, density, sightings per hunter-hour, hours per deer and cull by sex', () => {
    const trends = groundTrends(worked);
    expect(trends.ground_id).toBe('ground-1');
    expect(trends.area_km2).toBe(2);
    expect(trends.seasons).toEqual(['2024/25', '2025/26', '2026/27']);
    expect(trends.species.map((species) => species.species)).toEqual(['Fallow Deer', 'Roe Deer']);
    const roe = trends.species[1]!;
    expect(roe.points).toEqual([
      {
        season: '2024/25',
        count: 20,
        density_per_km2: 10,
        sightings_per_hunter_hour: 1,
        hours_per_deer: 5,
        cull: { Male: 1, Female: 1, Unknown: 0 },
      },
      {
        season: '2025/26',
        count: 16,
        density_per_km2: 8,
        sightings_per_hunter_hour: 0.4,
        hours_per_deer: 10,
        cull: { Male: 1, Female: 1, Unknown: 0 },
      },
      {
        season: '2026/27',
        count: 12,
        density_per_km2: 6,
        sightings_per_hunter_hour: 0.25,
        hours_per_deer: 12,
        cull: { Male: 1, Female: 0, Unknown: 0 },
      },
    ]);
  });

  it('says which way each figure points, that effort means fewer deer, and one sentence for the species', () => {
    const roe = groundTrends(worked).species[1]!;
    expect(roe.trends.count).toMatchObject({ direction: 'falling', change_per_season_percent: -25 });
    expect(roe.trends.density.sentence).toBe(
      'Roe Deer density is falling, from 10 in 2024/25 to 6 deer per km² in 2026/27: about 25 % a season.',
    );
    expect(roe.trends.hours_per_deer.direction).toBe('rising');
    expect(roe.trends.hours_per_deer.change_per_season_percent).toBeCloseTo(38.889, 3);
    expect(roe.trends.sightings_per_hunter_hour.direction).toBe('falling');
    expect(roe.trends.sightings_per_hunter_hour.change_per_season_percent).toBeCloseTo(-68.182, 3);
    expect(roe.trends.sightings_per_hunter_hour.sentence).toBe(
      'The sighting rate of Roe Deer is falling, from 1 in 2024/25 to 0.25 a hunter-hour in 2026/27: about 68 % a season.',
    );
    expect(roe.effort.signal).toBe('fewer_deer');
    expect(roe.sentence).toBe(`${roe.trends.density.sentence} ${roe.effort.sentence}`);
  });

  it('takes records tallied alike as so many records, by sex and on their outing', () => {
    const tallied = groundTrends({
      ...worked,
      culls: [
        { date: '2024-06-01', species: 'Roe Deer', sex: 'Male', outing_id: 'a', count: 2 },
        { date: '2024-09-01', species: 'Roe Deer', sex: 'Female', outing_id: null, count: 3 },
      ],
    });
    // 10 hunter-hours over the 2 culled on outing a; the 3 with no outing count by sex only.
    expect(tallied.species[1]!.points[0]).toMatchObject({
      hours_per_deer: 5,
      cull: { Male: 2, Female: 3, Unknown: 0 },
    });
  });

  it('a species only seen has its sighting rate, no count and no hours per deer, and says what it can', () => {
    const fallow = groundTrends(worked).species[0]!;
    expect(fallow.points.map((point) => point.sightings_per_hunter_hour)).toEqual([0.25, 0, 0]);
    expect(fallow.points.map((point) => [point.count, point.density_per_km2, point.hours_per_deer])).toEqual([
      [null, null, null],
      [null, null, null],
      [null, null, null],
    ]);
    expect(fallow.trends.count.direction).toBe('too_few');
    expect(fallow.trends.sightings_per_hunter_hour.change_per_season_percent).toBeCloseTo(-150, 9);
    expect(fallow.effort.signal).toBe('unclear');
    expect(fallow.sentence).toBe(fallow.trends.sightings_per_hunter_hour.sentence);
  });

  it('with no boundary keeps the counts and a dung count’s own density, and no deer for the dung count', () => {
    const trends = groundTrends({
      ...worked,
      areaKm2: undefined,
      counts: [
        ...worked.counts,
        {
          date: '2026-07-01',
          method: 'dung',
          items: [],
          created_at: '2026-07-01T12:00:00Z',
          dung: { species: 'Fallow Deer', deer_per_km2: 50 },
        },
      ],
    });
    expect(trends.area_km2).toBeNull();
    const [fallow, roe] = trends.species;
    expect(roe!.points.map((point) => [point.count, point.density_per_km2])).toEqual([
      [20, null],
      [16, null],
      [12, null],
    ]);
    expect(roe!.trends.density.direction).toBe('too_few');
    expect(roe!.sentence.startsWith(roe!.trends.count.sentence)).toBe(true);
    expect(fallow!.points[2]).toMatchObject({ count: null, density_per_km2: 50 });
  });

  it('puts each day in its season by the user’s start: 31 July and 1 August fall apart from August', () => {
    const trends = groundTrends({
      ...worked,
      seasonStart: '08-01',
      counts: [sightCount('2025-07-31', 10), sightCount('2025-08-01', 14)],
      outings: [],
      culls: [],
    });
    expect(trends.seasons).toEqual(['2024/25', '2025/26', '2026/27']);
    expect(trends.species[0]!.points.map((point) => point.count)).toEqual([10, 14, null]);
  });

  it('puts an outing in the season of its start in England: 23:30 GMT on 31 March 2025 is 1 April, BST', () => {
    const trends = groundTrends({
      ...worked,
      counts: [],
      culls: [],
      outings: [
        {
          id: 'late',
          started_at: '2025-03-31T23:30:00Z',
          ended_at: '2025-04-01T01:30:00Z',
          hunters: 1,
          sightings: [seen('Roe Deer', 4)],
        },
      ],
    });
    expect(trends.seasons[0]).toBe('2025/26');
    expect(trends.species[0]!.points[0]).toMatchObject({ season: '2025/26', sightings_per_hunter_hour: 2 });
  });

  it('runs to the current season, keeps only the latest ten, and has no seasons with nothing recorded', () => {
    const trends = groundTrends({
      ...worked,
      counts: [sightCount('2010-05-01', 4), sightCount('2020-05-01', 8)],
      outings: [],
      culls: [],
    });
    expect(trends.seasons).toHaveLength(10);
    expect(trends.seasons[0]).toBe('2017/18');
    expect(trends.seasons.at(-1)).toBe('2026/27');
    expect(trends.species[0]!.points.filter((point) => point.count !== null)).toEqual([
      expect.objectContaining({ season: '2020/21', count: 8 }),
    ]);
    expect(groundTrends({ ...worked, counts: [], outings: [], culls: [] })).toEqual({
      ground_id: 'ground-1',
      area_km2: 2,
      seasons: [],
      species: [],
    });
  });
});
