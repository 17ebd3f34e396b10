import { describe, expect, it } from 'vitest';
import {
  dashIfEmpty,
  formatDate,
  formatMonth,
  formatUkDate,
  formatUkTime,
  localIsoDate,
  yesNo,
} from './format';

describe('table formatting', () => {
  it('shows record dates as dd/MM/yyyy without shifting the day', () => {
    expect(formatDate('2025-03-07')).toBe('07/03/2025');
    expect(formatDate('2024-12-31')).toBe('31/12/2024');
  });

  it('shows a dash for an empty weight or distance and the value otherwise', () => {
    expect(dashIfEmpty(undefined)).toBe('-');
    expect(dashIfEmpty('')).toBe('-');
    expect(dashIfEmpty(0)).toBe('0');
    expect(dashIfEmpty(18.5)).toBe('18.5');
    expect(dashIfEmpty('150 meters')).toBe('150 meters');
  });

  it('shows antlers as Yes or No', () => {
    expect(yesNo(true)).toBe('Yes');
    expect(yesNo(false)).toBe('No');
  });

  it('writes local calendar dates for the form default and UK dates for the legal pages', () => {
    const moment = new Date(2025, 0, 5, 23, 30);
    expect(localIsoDate(moment)).toBe('2025-01-05');
    expect(formatUkDate(moment)).toBe('05/01/2025');
    expect(formatUkTime(moment)).toBe('23:30');
    expect(formatUkTime(new Date(2025, 0, 5, 7, 4))).toBe(
      new Date(2025, 0, 5, 7, 4).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' }),
    );
    expect(formatMonth('2025-03')).toBe('Mar 2025');
  });
});
