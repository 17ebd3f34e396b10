const pad = (value: number) => String(value).padStart(2, '0');

/** 'YYYY-MM-DD' (a record's date) → 'dd/MM/yyyy'. Read as text, so no time zone can shift the day. */
export function formatDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  const [, year, month, day] = match;
  return `${day}/${month}/${year}`;
}

/** A moment shown in the UK format dd/MM/yyyy, in the browser's own calendar day. */
export function formatUkDate(date: Date): string {
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** A moment's time on the browser's own clock, as en-GB writes it: 'HH:mm', 24-hour. */
export function formatUkTime(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Today as 'YYYY-MM-DD' in the user's local calendar (the form's default date). */
export function localIsoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export const DASH = '-';

export function dashIfEmpty(value: string | number | undefined | null): string {
  if (value === undefined || value === null || value === '') return DASH;
  return String(value);
}

export function yesNo(value: boolean): string {
  return value ? 'Yes' : 'No';
}

export function formatWeight(weight: number | undefined | null): string {
  return weight === undefined || weight === null ? DASH : `${weight} kg`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'YYYY-MM' → 'Mar 2025'. */
export function formatMonth(isoMonth: string): string {
  const [year, month] = isoMonth.split('-');
  const name = MONTHS[Number(month) - 1];
  return name && year ? `${name} ${year}` : isoMonth;
}

/** 'YYYY-MM' → 'Mar', for narrow chart axes. */
export function formatMonthShort(isoMonth: string): string {
  return MONTHS[Number(isoMonth.split('-')[1]) - 1] ?? isoMonth;
}
