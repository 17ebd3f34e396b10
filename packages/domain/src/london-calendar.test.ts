import { describe, expect, it } from 'vitest';
import {
  formatDateUk,
  formatMonthUk,
  londonDate,
  londonMonthKey,
  monthKey,
  seasonFor,
  seasonOfDate,
} from './london-calendar';

describe('London calendar', () => {
  it('gives the date in Europe/London across the clock changes', () => {
    expect(londonDate(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(londonDate(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
    expect(londonDate(new Date('2026-03-29T00:30:00Z'))).toBe('2026-03-29');
  });

  it('takes the month of a stored date and of a moment in London', () => {
    expect(monthKey('2026-11-03')).toBe('2026-11');
    expect(londonMonthKey(new Date('2026-10-31T23:30:00Z'))).toBe('2026-10');
    expect(londonMonthKey(new Date('2026-09-30T23:30:00Z'))).toBe('2026-10');
  });

  it.each([
    ['2026-03-31', '2025/26', '2025-04-01', '2026-03-31'],
    ['2026-04-01', '2026/27', '2026-04-01', '2027-03-31'],
    ['2026-12-31', '2026/27', '2026-04-01', '2027-03-31'],
    ['2000-01-15', '1999/00', '1999-04-01', '2000-03-31'],
  ])('puts %s in the stalking season %s', (date, label, from, to) => {
    expect(seasonOfDate(date)).toEqual({ label, from, to });
  });

  it('starts the season at midnight on 1 April London time', () => {
    expect(seasonFor(new Date('2026-03-31T22:59:00Z')).label).toBe('2025/26');
    expect(seasonFor(new Date('2026-03-31T23:00:00Z')).label).toBe('2026/27');
  });

  it('formats a stored date as dd/MM/yyyy', () => {
    expect(formatDateUk('2026-11-03')).toBe('03/11/2026');
  });

  it('names a month in words', () => {
    expect(formatMonthUk('2026-11')).toBe('November 2026');
    expect(formatMonthUk('2027-01')).toBe('January 2027');
  });
});
