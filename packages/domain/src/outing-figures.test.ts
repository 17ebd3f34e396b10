import { describe, expect, it } from 'vitest';
import { computeOutingFigures } from './outing-figures';
import { seasonOfKey } from './seasons';

describe('outing figures', () => {
  const season = seasonOfKey('2026-27', '08-01');

  it('counts outings and blank ones, the hours of ended outings, and hours per deer', () => {
    expect(
      computeOutingFigures(
        [
          { started_at: '2026-08-01T04:00:00.000Z', ended_at: '2026-08-01T07:30:00.000Z', cull_count: 2 },
          { started_at: '2026-09-01T17:00:00+01:00', ended_at: '2026-09-01T19:00:00+01:00', cull_count: 0 },
          { started_at: '2026-10-01T05:00:00.000Z', ended_at: null, cull_count: 1 },
          { started_at: '2026-07-31T23:30:00.000Z', ended_at: '2026-08-01T01:00:00.000Z', cull_count: 0 },
          { started_at: '2026-07-31T20:00:00.000Z', ended_at: '2026-07-31T21:00:00.000Z', cull_count: 4 },
        ],
        season,
      ),
    ).toEqual({ outings: 4, blank_outings: 2, hours_out: 7, hours_per_deer: 2.3 });
  });

  it('has no hours per deer with no deer, and zeros with no outings', () => {
    expect(computeOutingFigures([], season)).toEqual({
      outings: 0,
      blank_outings: 0,
      hours_out: 0,
      hours_per_deer: null,
    });
    expect(
      computeOutingFigures(
        [{ started_at: '2026-09-01T05:00:00.000Z', ended_at: '2026-09-01T06:00:00.000Z', cull_count: 0 }],
        season,
      ).hours_per_deer,
    ).toBeNull();
  });
});
