import { describe, expect, it } from 'vitest';
import { recentSeasons, seasonKeyOfDate, seasonLabel } from './seasons';

describe('seasons by the season start', () => {
  it('begins on 1 April by default, or on 1 August', () => {
    expect(seasonKeyOfDate('2026-03-31')).toBe('2025-26');
    expect(seasonKeyOfDate('2026-04-01')).toBe('2026-27');
    expect(seasonKeyOfDate('2026-07-31', '08-01')).toBe('2025-26');
    expect(seasonKeyOfDate('2026-08-01', '08-01')).toBe('2026-27');
    expect(seasonKeyOfDate('2099-12-31')).toBe('2099-00');
  });

  it('labels 2026-27 as 2026/27 and lists the recent ones newest first', () => {
    expect(seasonLabel('2026-27')).toBe('2026/27');
    expect(recentSeasons('2026-11-25', '04-01', 3)).toEqual(['2026-27', '2025-26', '2024-25']);
  });
});
