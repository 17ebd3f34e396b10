import type { Count, Outing, SightingItem } from '@cull-log/contracts';
import { describe, expect, it } from 'vitest';
import { seasonOfKey } from '../seasons';
import { groundAreaKm2 } from './density';
import { groundSeasonFigures } from './season-figures';
import { SAMPLE_GROUND_BOUNDARY } from '@cull-log/contracts/testing';

const BOUNDARY = SAMPLE_GROUND_BOUNDARY;
const AREA_KM2 = groundAreaKm2(BOUNDARY)!;
const ground = { id: 'g-1', name: 'Home Wood', boundary: BOUNDARY };
const season = seasonOfKey('2026-27', '04-01');

const line = (species: string, sex: string, ageClass: string, count: number) =>
  ({ species, sex, age_class: ageClass, count }) as SightingItem;

function count(date: string, method: Count['method'], items: SightingItem[]): Count {
  return {
    id: `c-${date}`,
    ground_id: ground.id,
    date,
    method,
    items,
    notes: null,
    dung: null,
    version: 1,
    created_at: `${date}T20:00:00.000Z`,
    updated_at: `${date}T20:00:00.000Z`,
  };
}

function outing(
  startedAt: string,
  endedAt: string | null,
  hunters: number,
  sightings: SightingItem[] | null,
  culls: number,
): Outing {
  return {
    id: `o-${startedAt}`,
    ground_id: ground.id,
    started_at: startedAt,
    ended_at: endedAt,
    notes: null,
    hunters,
    sightings,
    cull_count: culls,
    version: 1,
    created_at: startedAt,
    updated_at: startedAt,
  };
}

describe('a ground’s deer management in a season', () => {
  const counts = [
    count('2026-03-15', 'drive', [line('Roe Deer', 'Female', 'Adult', 40)]),
    count('2026-05-10', 'vantage_point', [
      line('Roe Deer', 'Male', 'Adult', 3),
      line('Roe Deer', 'Female', 'Adult', 5),
      line('Roe Deer', 'Unknown', 'Young', 2),
    ]),
    count('2027-02-01', 'thermal', [
      line('Roe Deer', 'Male', 'Adult', 8),
      line('Roe Deer', 'Female', 'Adult', 12),
    ]),
  ];
  const outings = [
    // 3 h with two out (6 hunter-hours), 6 deer seen, 1 culled.
    outing(
      '2026-10-03T06:00:00.000Z',
      '2026-10-03T09:00:00.000Z',
      2,
      [line('Roe Deer', 'Male', 'Adult', 6)],
      1,
    ),
    // A blank outing: 2 hunter-hours, nothing seen.
    outing('2026-10-10T16:00:00.000Z', '2026-10-10T18:00:00.000Z', 1, [], 0),
    // Sightings never recorded: its hour counts as effort and its cull, but it neither adds deer seen nor dilutes.
    outing('2026-11-12T16:00:00.000Z', '2026-11-12T17:00:00.000Z', 1, null, 1),
    // Under way, and last season's: neither counts.
    outing('2026-12-01T06:00:00.000Z', null, 1, [line('Roe Deer', 'Male', 'Adult', 9)], 0),
    outing(
      '2026-03-20T06:00:00.000Z',
      '2026-03-20T10:00:00.000Z',
      1,
      [line('Roe Deer', 'Male', 'Adult', 9)],
      3,
    ),
  ];

  it('has the season’s counts, the density from its latest, the effort and the suggested cull, worked by hand', () => {
    const figures = groundSeasonFigures(ground, outings, counts, season)!;
    expect(figures.area_km2).toBeCloseTo(AREA_KM2, 10);
    expect(figures.counts.map((each) => [each.date, each.method])).toEqual([
      ['2026-05-10', 'vantage_point'],
      ['2027-02-01', 'thermal'],
    ]);
    // The latest count of the season: 8 + 12 = 20 roe over the ground.
    expect(figures.densities).toEqual([
      {
        species: 'Roe Deer',
        count: 20,
        density_per_km2: 20 / AREA_KM2,
        method: 'thermal',
        date: '2027-02-01',
      },
    ]);
    // Hunter-hours 6 + 2 + 1 = 9; deer seen 6 over the 8 hunter-hours whose sightings were recorded = 0.75;
    // 2 culled, so 9 ÷ 2 = 4.5 hours per deer.
    expect(figures.effort).toEqual({
      outings: 3,
      hunter_hours: 9,
      seen: 6,
      culled: 2,
      sightings_per_hunter_hour: 0.75,
      hours_per_deer: 4.5,
    });
    // Held at 20 roe (no target given): 30 % of 20 = 6, half female, 3 each; young are 30 ÷ 130 = 23.1 % of each:
    // 3 × 0.231 = 0.69 → 1 young of each sex, 2 adults of each.
    expect(figures.suggested).toEqual([
      { species: 'Roe Deer', sex: 'Female', age_class: 'Adult', suggested: 2 },
      { species: 'Roe Deer', sex: 'Female', age_class: 'Young', suggested: 1 },
      { species: 'Roe Deer', sex: 'Male', age_class: 'Adult', suggested: 2 },
      { species: 'Roe Deer', sex: 'Male', age_class: 'Young', suggested: 1 },
    ]);
  });

  it('suggests from the latest count by the season’s end, not a later one', () => {
    const later = [...counts, count('2027-05-01', 'drive', [line('Roe Deer', 'Female', 'Adult', 100)])];
    expect(groundSeasonFigures(ground, outings, later, season)!.suggested).toEqual(
      groundSeasonFigures(ground, outings, counts, season)!.suggested,
    );
  });

  it('has no density and no suggestion on a ground with no boundary, and still its counts and effort', () => {
    const figures = groundSeasonFigures({ ...ground, boundary: null }, outings, counts, season)!;
    expect(figures).toMatchObject({ area_km2: null, densities: [], suggested: [] });
    expect(figures.counts).toHaveLength(2);
    expect(figures.effort.hunter_hours).toBe(9);
  });

  it('leaves out a ground with nothing counted or seen in the season', () => {
    const unrecordedOnly = [outing('2026-11-12T16:00:00.000Z', '2026-11-12T17:00:00.000Z', 1, null, 1)];
    expect(groundSeasonFigures(ground, unrecordedOnly, [counts[0]!], season)).toBeUndefined();
    expect(groundSeasonFigures(ground, [], [], season)).toBeUndefined();
    // A blank outing recorded as such is something seen (nothing), so the ground is in.
    expect(groundSeasonFigures(ground, [outings[1]!], [], season)?.effort.outings).toBe(1);
  });
});
