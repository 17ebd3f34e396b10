import { describe, expect, it } from 'vitest';
import { effortFigures, outingHours } from './effort';

// Effort as The Deer Initiative reads it beside counts (FIELD-RULES.md): sightings per hunter-hour and hours per
// deer culled, hunter-hours being hours out times the people out.
describe('effort', () => {
  it('an outing’s hours run from its start to its end, whatever the offsets; none while under way', () => {
    expect(outingHours('2026-11-03T06:00:00+00:00', '2026-11-03T09:30:00Z')).toBe(3.5);
    expect(outingHours('2026-07-03T05:00:00+01:00', '2026-07-03T06:00:00Z')).toBe(2);
    expect(outingHours('2026-11-03T06:00:00Z', null)).toBeNull();
  });

  it('three outings worked by hand: 12 hunter-hours, 0.9 deer seen per hunter-hour, 6 hunter-hours per deer', () => {
    // 3 h × 2 people = 6 hunter-hours, 9 seen, 1 culled;
    // 4 h × 1 = 4 hunter-hours, a blank outing: none seen, none culled;
    // 2 h × 1 = 2 hunter-hours from before sightings were kept: its hours count, its sightings are not known; 1 culled.
    // Hunter-hours 6 + 4 + 2 = 12; sightings 9 over the 6 + 4 = 10 hunter-hours that recorded them = 0.9 an hour;
    // 12 hunter-hours ÷ 2 deer culled = 6 hunter-hours per deer.
    const figures = effortFigures([
      { hours: 3, hunters: 2, seen: 9, culled: 1 },
      { hours: 4, hunters: 1, seen: 0, culled: 0 },
      { hours: 2, hunters: 1, seen: null, culled: 1 },
    ]);
    expect(figures).toEqual({
      outings: 3,
      hunterHours: 12,
      seen: 9,
      hunterHoursWithSightings: 10,
      culled: 2,
      sightingsPerHunterHour: 0.9,
      hoursPerDeer: 6,
    });
  });

  it('with no deer culled hours per deer is not known, and with no sightings kept neither is the rate', () => {
    const figures = effortFigures([{ hours: 5, hunters: 1, seen: null, culled: 0 }]);
    expect(figures.hoursPerDeer).toBeNull();
    expect(figures.sightingsPerHunterHour).toBeNull();
    expect(effortFigures([]).outings).toBe(0);
  });
});
