import { once } from './once';

/**
 * A formatter of moments in the UK's civil time (Europe/London, en-GB), made on its first use: the first `Intl`
 * formatter a page makes loads the browser's locale and time-zone data, so a screen pays that only when it needs it.
 */
export function londonFormatter(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  return once(() => new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'Europe/London' }));
}

/** Calendar arithmetic in the UK's civil time: "this month" and the stalking season follow the user's clock. */
const londonDays = londonFormatter({ year: 'numeric', month: '2-digit', day: '2-digit' });

const pad2 = (value: number) => String(value).padStart(2, '0');

/** The calendar date (YYYY-MM-DD) that a moment falls on in Europe/London. */
export function londonDate(now: Date): string {
  const parts = Object.fromEntries(
    londonDays()
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The month (YYYY-MM) of a stored record date (YYYY-MM-DD). */
export function monthKey(date: string): string {
  return date.slice(0, 7);
}

/** The month (YYYY-MM) a moment falls in, in Europe/London. */
export function londonMonthKey(now: Date): string {
  return monthKey(londonDate(now));
}

/** A stalking year, 1 April to 31 March, labelled like '2026/27'. */
export interface StalkingSeason {
  label: string;
  from: string;
  to: string;
}

/** The stalking season a calendar date (YYYY-MM-DD) belongs to. */
export function seasonOfDate(date: string): StalkingSeason {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return {
    label: `${start}/${pad2((start + 1) % 100)}`,
    from: `${start}-04-01`,
    to: `${start + 1}-03-31`,
  };
}

/** The stalking season containing this moment in Europe/London. */
export function seasonFor(now: Date): StalkingSeason {
  return seasonOfDate(londonDate(now));
}

/** A stored date (YYYY-MM-DD) as the UK shows it: dd/MM/yyyy. */
export function formatDateUk(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** The months' names in English, January first. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A month key (YYYY-MM) as words: "November 2026". */
export function formatMonthUk(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5)) - 1] ?? month} ${month.slice(0, 4)}`;
}
