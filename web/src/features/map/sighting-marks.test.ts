import { describe, expect, it } from 'vitest';
import { makeOuting } from '../../testing/fake-api';
import { sightingMarks } from './sighting-marks';

const WOOD = '10000000-0000-4000-8000-00000000aaaa';
const FARM = '10000000-0000-4000-8000-00000000bbbb';
const topRide = { latitude: 52.5108, longitude: -1.9713 };

describe('the deer seen the map marks', () => {
  // 23:30 UTC on 3 October is 00:30 on the 4th in British Summer Time.
  const late = makeOuting({
    ground_id: WOOD,
    started_at: '2026-10-03T23:30:00.000Z',
    sightings: [
      { species: 'Roe Deer', sex: 'Female', age_class: 'Adult', count: 2, place: topRide },
      { species: 'Muntjac', sex: 'Unknown', age_class: 'Unknown', count: 1, place: topRide },
      { species: 'Red Deer', sex: 'Male', age_class: 'Adult', count: 3 },
    ],
  });
  const farm = makeOuting({
    ground_id: FARM,
    started_at: '2026-11-05T07:00:00.000Z',
    sightings: [{ species: 'Roe Deer', sex: 'Male', age_class: 'Young', count: 1, place: topRide }],
  });
  const unrecorded = makeOuting({ ground_id: FARM, started_at: '2026-11-06T07:00:00.000Z' });

  it('are the lines with a place, each saying species, sex, age class, count and the outing’s day in the UK', () => {
    expect(
      sightingMarks([late, farm, unrecorded]).map(({ label, latitude, longitude }) => ({
        label,
        latitude,
        longitude,
      })),
    ).toEqual([
      { label: 'Roe Deer, Female, Adult: 2 seen on 04/10/2026', ...topRide },
      { label: 'Muntjac, sex unknown, age unknown: 1 seen on 04/10/2026', ...topRide },
      { label: 'Roe Deer, Male, Young: 1 seen on 05/11/2026', ...topRide },
    ]);
  });

  it('follow the map’s species, sex and ground filters', () => {
    const labels = (filters: Parameters<typeof sightingMarks>[1]) =>
      sightingMarks([late, farm], filters).map((mark) => mark.label);
    expect(labels({ species: 'Roe Deer' })).toEqual([
      'Roe Deer, Female, Adult: 2 seen on 04/10/2026',
      'Roe Deer, Male, Young: 1 seen on 05/11/2026',
    ]);
    expect(labels({ sex: 'Male' })).toEqual(['Roe Deer, Male, Young: 1 seen on 05/11/2026']);
    expect(labels({ ground_id: WOOD })).toHaveLength(2);
  });
});
