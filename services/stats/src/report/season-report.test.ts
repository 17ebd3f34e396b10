import { describe, expect, it } from 'vitest';
import { seasonOfKey } from '@cull-log/domain';
import type { SeasonCount, SeasonRead } from '../store/stats-store';
import { seasonReport } from './season-report';

const count = (month: string, counted: number, weighed = 0, weightGrams = 0): SeasonCount => ({
  month,
  ground_id: null,
  species: 'Roe Deer',
  sex: 'Female',
  young: false,
  count: counted,
  weighed,
  weightGrams,
});

function reportOf(read: Partial<SeasonRead>) {
  return seasonReport({
    season: seasonOfKey('2026-27'),
    seasonStart: '04-01',
    stalker: 'Alice',
    madeOn: '2027-02-10',
    read: {
      counts: [],
      destinations: {},
      warnings: {},
      outings: { outings: 0, blank: 0, durationMs: 0, deer: 0 },
      plans: [],
      groundNames: {},
      position: 0,
      ...read,
    },
  });
}

describe('seasonReport', () => {
  it('lists every destination with its count, and the culls with none recorded as "Not recorded"', () => {
    const report = reportOf({
      counts: [count('2026-11', 5), count('2027-01', 3)],
      destinations: { 'Game dealer': 4, 'Own use': 1 },
    });
    expect(report.total).toBe(8);
    expect(report.destinations).toEqual([
      { destination: 'Own use', count: 1 },
      { destination: 'Game dealer', count: 4 },
      { destination: 'Given away', count: 0 },
      { destination: 'Stalking client', count: 0 },
      { destination: 'Landowner/estate', count: 0 },
      { destination: 'Not recovered', count: 0 },
      { destination: 'Condemned', count: 0 },
      { destination: 'Not recorded', count: 3 },
    ]);
    expect(report.destinations.reduce((sum, row) => sum + row.count, 0)).toBe(report.total);
  });

  it('keeps a destination the list no longer offers, before "Not recorded"', () => {
    const report = reportOf({ counts: [count('2026-11', 2)], destinations: { Freezer: 1 } });
    expect(report.destinations.slice(-2)).toEqual([
      { destination: 'Freezer', count: 1 },
      { destination: 'Not recorded', count: 1 },
    ]);
  });

  it('gives each legal warning with how many culls have it, 0 included', () => {
    const report = reportOf({ counts: [count('2026-11', 4)], warnings: { close_season: 2, night: 1 } });
    expect(report.warnings).toEqual([
      { code: 'close_season', warning: 'In the close season (Deer Act 1991, Schedule 1)', count: 2 },
      { code: 'night', warning: 'At night (section 3)', count: 1 },
      { code: 'calibre', warning: 'Rifle or bullet below the legal minimum (Schedule 2)', count: 0 },
    ]);
  });

  it('averages only the weighed culls of each species and sex', () => {
    const report = reportOf({ counts: [count('2026-11', 3, 1, 12_000)] });
    expect(report.weights).toEqual([
      { species: 'Roe Deer', sex: 'Female', culled: 3, weighed: 1, averageKg: 12 },
    ]);
  });
});
