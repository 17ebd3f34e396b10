/**
 * A number as en-GB writes it (`Intl.NumberFormat('en-GB', { maximumFractionDigits })`): commas between thousands,
 * a point before the decimals, at most `maximumFractionDigits` of them (rounded half away from zero, trailing zeros
 * dropped). Written out rather than asked of Intl because a page's first use of Intl loads the browser's locale data,
 * one long pause on a phone, and a screen that only shows counts and weights need not wait for it.
 */
export function formatNumber(value: number, maximumFractionDigits = 3): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? '∞' : '-∞';
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  const [whole, fraction] = roundDecimal(shortestDecimal(Math.abs(value)), maximumFractionDigits);
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** The shortest decimal digits that read back as `value` (as `String` gives), never in exponent form. */
function shortestDecimal(value: number): { digits: string; point: number } {
  const [mantissa, exponentText] = String(value).split('e') as [string, string | undefined];
  const [whole, fraction = ''] = mantissa.split('.') as [string, string | undefined];
  const digits = `${whole}${fraction}`;
  // `point`: how many of `digits` come before the decimal point (may be negative, or beyond the digits).
  return { digits, point: whole.length + Number(exponentText ?? 0) };
}

/** Rounds decimal digits half away from zero to `places` decimals: the whole part and the fraction, zeros dropped. */
function roundDecimal(
  { digits, point }: { digits: string; point: number },
  places: number,
): [string, string] {
  // Pad so the digits reach both the units and the last kept decimal.
  const lead = Math.max(0, 1 - point);
  const padded = `${'0'.repeat(lead)}${digits}`.padEnd(lead + point + places + 1, '0');
  const units = lead + point;
  const kept = padded.slice(0, units + places);
  const roundsUp = Number(padded[units + places] ?? '0') >= 5;
  const rounded = roundsUp ? addOne(kept) : kept;
  const wholeLength = rounded.length - places;
  const whole = rounded.slice(0, wholeLength).replace(/^0+(?=\d)/, '');
  const fraction = rounded.slice(wholeLength).replace(/0+$/, '');
  return [whole, fraction];
}

/** A string of decimal digits plus one in its last place ('0999' → '1000', '99' → '100'). */
function addOne(digits: string): string {
  const out = digits.split('');
  for (let index = out.length - 1; index >= 0; index -= 1) {
    if (out[index] !== '9') {
      out[index] = String(Number(out[index]) + 1);
      return out.join('');
    }
    out[index] = '0';
  }
  return `1${out.join('')}`;
}
