import { describe, expect, it } from 'vitest';
import { seasonSummary } from './season-summary';
import { seasonOfKey } from './seasons';

const roe = (date: string, time: string, sex: string, carcass_destination?: string) => ({
  date,
  time,
  species: 'Roe Deer',
  sex,
  ...(carcass_destination === undefined ? {} : { carcass_destination }),
});

describe('seasonSummary', () => {
  it("counts the season's destinations, the records without one, and each legal warning", () => {
    const summary = seasonSummary(
      [
        roe('2026-11-03', '10:00', 'Male', 'Game dealer'),
        roe('2026-11-04', '02:00', 'Female'),
        roe('2027-01-10', '12:00', 'Female', 'Game dealer'),
        // Another season's: not counted.
        roe('2026-03-01', '02:00', 'Male', 'Own use'),
      ],
      seasonOfKey('2026-27'),
    );
    expect(summary.destinations.filter((row) => row.count > 0)).toEqual([
      { destination: 'Game dealer', count: 2 },
      { destination: 'Not recorded', count: 1 },
    ]);
    expect(summary.destinations).toHaveLength(8);
    expect(summary.warnings.map(({ code, count }) => [code, count])).toEqual([
      ['close_season', 1],
      ['night', 1],
      ['calibre', 0],
    ]);
  });
});
