import { describe, expect, it } from 'vitest';
import { SeasonKey } from '@cull-log/contracts';
import { currentSeason, inSeason, recentSeasons, seasonMonths, seasonOfDateBy, seasonOfKey } from './seasons';
import { seasonOfDate } from './london-calendar';

describe('seasons by the user’s start', () => {
  it.each([
    ['2026-03-31', '04-01', '2025-26', '2025/26', '2025-04-01', '2026-03-31'],
    ['2026-04-01', '04-01', '2026-27', '2026/27', '2026-04-01', '2027-03-31'],
    ['2026-07-31', '08-01', '2025-26', '2025/26', '2025-08-01', '2026-07-31'],
    ['2026-08-01', '08-01', '2026-27', '2026/27', '2026-08-01', '2027-07-31'],
    ['2026-04-01', '08-01', '2025-26', '2025/26', '2025-08-01', '2026-07-31'],
    ['2027-02-28', '08-01', '2026-27', '2026/27', '2026-08-01', '2027-07-31'],
    ['1999-12-31', '04-01', '1999-00', '1999/00', '1999-04-01', '2000-03-31'],
    ['2000-01-01', '08-01', '1999-00', '1999/00', '1999-08-01', '2000-07-31'],
  ] as const)('puts %s with a start of %s in %s', (date, start, key, label, from, to) => {
    expect(seasonOfDateBy(date, start)).toEqual({ key, label, from, to });
    expect(SeasonKey.safeParse(key).success).toBe(true);
  });

  it('gives the same April season as the dashboard has always used', () => {
    for (const date of ['2026-03-31', '2026-04-01', '2024-02-29', '2027-12-31']) {
      const { label, from, to } = seasonOfDateBy(date, '04-01');
      expect({ label, from, to }).toEqual(seasonOfDate(date));
    }
  });

  it('starts the season at midnight London time on the first day', () => {
    expect(currentSeason(new Date('2026-07-31T22:59:00Z'), '08-01').key).toBe('2025-26');
    expect(currentSeason(new Date('2026-07-31T23:00:00Z'), '08-01').key).toBe('2026-27');
    expect(currentSeason(new Date('2026-03-31T23:00:00Z')).key).toBe('2026-27');
  });

  it('lists the season a moment is in and those before it, newest first, by London’s calendar', () => {
    const keys = (now: Date, start: '04-01' | '08-01') => recentSeasons(now, start, 3).map(({ key }) => key);
    expect(keys(new Date('2026-11-25T12:00:00Z'), '04-01')).toEqual(['2026-27', '2025-26', '2024-25']);
    expect(keys(new Date('2026-07-31T23:00:00Z'), '08-01')).toEqual(['2026-27', '2025-26', '2024-25']);
    expect(keys(new Date('2026-07-31T22:59:00Z'), '08-01')).toEqual(['2025-26', '2024-25', '2023-24']);
    expect(recentSeasons(new Date('2026-11-25T12:00:00Z'))).toHaveLength(6);
    expect(recentSeasons(new Date('2000-01-01T12:00:00Z'), '04-01', 1)[0]).toMatchObject({
      label: '1999/00',
    });
  });

  it('names the dates of a season key by either start', () => {
    expect(seasonOfKey('2026-27', '04-01')).toMatchObject({ from: '2026-04-01', to: '2027-03-31' });
    expect(seasonOfKey('2026-27', '08-01')).toMatchObject({ from: '2026-08-01', to: '2027-07-31' });
  });

  it('lists the twelve months of a season across the year end', () => {
    expect(seasonMonths(seasonOfKey('2026-27', '08-01'))).toEqual([
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
      '2027-04',
      '2027-05',
      '2027-06',
      '2027-07',
    ]);
    expect(seasonMonths(seasonOfKey('2026-27'))[0]).toBe('2026-04');
    expect(seasonMonths(seasonOfKey('2026-27')).at(-1)).toBe('2027-03');
  });

  it('holds a date from its first to its last day', () => {
    const season = seasonOfKey('2026-27', '08-01');
    expect(inSeason('2026-07-31', season)).toBe(false);
    expect(inSeason('2026-08-01', season)).toBe(true);
    expect(inSeason('2027-07-31', season)).toBe(true);
    expect(inSeason('2027-08-01', season)).toBe(false);
  });
});
