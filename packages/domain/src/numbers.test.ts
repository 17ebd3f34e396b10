import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNumber } from './numbers';

const intl = (digits: number) => new Intl.NumberFormat('en-GB', { maximumFractionDigits: digits });

describe('formatNumber', () => {
  it('writes numbers as en-GB does', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(1234)).toBe('1,234');
    expect(formatNumber(1234567.891)).toBe('1,234,567.891');
    expect(formatNumber(12.5, 0)).toBe('13');
    expect(formatNumber(-12.5, 0)).toBe('-13');
    expect(formatNumber(3.25, 1)).toBe('3.3');
    expect(formatNumber(2.0, 1)).toBe('2');
    expect(formatNumber(999.96, 1)).toBe('1,000');
    expect(formatNumber(0.0004, 3)).toBe('0');
    expect(formatNumber(1.005, 2)).toBe(intl(2).format(1.005));
    expect(formatNumber(1e21)).toBe(intl(3).format(1e21));
    expect(formatNumber(1.5e-7, 3)).toBe('0');
  });

  it('agrees with Intl.NumberFormat for any number and up to three decimals', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 }),
          fc.integer({ min: -10_000_000, max: 10_000_000 }).map((n) => n / 1000),
          fc.integer({ min: -100_000, max: 100_000 }).map((n) => n / 200),
        ),
        fc.integer({ min: 0, max: 3 }),
        (value, digits) => {
          expect(formatNumber(value, digits)).toBe(intl(digits).format(value));
        },
      ),
      { numRuns: 5000 },
    );
  });
});
