import type { ImportCell } from './import-cell';

/** A cell as trimmed text; undefined when empty. Numbers as written, yes/no as Yes or No, a date as YYYY-MM-DD. */
export function cellText(cell: ImportCell): string | undefined {
  if (cell === null) return undefined;
  if (typeof cell === 'string') {
    const text = cell.trim();
    return text === '' ? undefined : text;
  }
  if (typeof cell === 'number') return String(cell);
  if (typeof cell === 'boolean') return cell ? 'Yes' : 'No';
  const { date, time } = dateTimeOfDate(cell);
  return time === '00:00' ? date : `${date} ${time}`;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A date cell's wall-clock reading: its readers put it in the UTC fields. */
function dateTimeOfDate(cell: Date): { date: string; time: string } {
  return {
    date: `${String(cell.getUTCFullYear()).padStart(4, '0')}-${pad(cell.getUTCMonth() + 1)}-${pad(cell.getUTCDate())}`,
    time: `${pad(cell.getUTCHours())}:${pad(cell.getUTCMinutes())}`,
  };
}

/** Excel counts days from 30 December 1899 (its 1900 leap-year slip included); the fraction is the time of day. */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;
/** 31 December 9999, the last day Excel shows. */
const EXCEL_LAST_DAY = 2_958_465;

function fromExcelSerial(serial: number): Date {
  return new Date(EXCEL_EPOCH + Math.round((serial * DAY_MS) / 60_000) * 60_000);
}

export type DateOrder = 'dmy' | 'ymd' | 'mdy';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function monthNumber(name: string): number | undefined {
  const index = MONTHS.indexOf(name.slice(0, 3).toLowerCase());
  return index === -1 ? undefined : index + 1;
}

/** A two-figure year: this century up to 49, the last from 50 (no cull is older than IMPORT_LIMITS.earliestYear). */
function fullYear(year: string): number {
  const value = Number(year);
  return year.length === 2 ? (value < 50 ? 2000 + value : 1900 + value) : value;
}

function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
}

const YMD = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ,]+(.+))?$/;
const NUMERIC = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})(?:[T ,]+(.+))?$/;
const WORDS_DAY_FIRST =
  /^(?:[a-z]+,?\s+)?(\d{1,2})(?:st|nd|rd|th)?[\s-]+([a-z]{3,9})\.?,?[\s-]+(\d{4}|\d{2})(?:[T ,]+(.+))?$/i;
const WORDS_MONTH_FIRST =
  /^(?:[a-z]+,?\s+)?([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?:[T ,]+(.+))?$/i;

/** What a date cell says: a date as YYYY-MM-DD, with a time as HH:MM when the cell gives one; undefined if not a date. */
export interface ReadDate {
  date: string;
  time?: string;
}

/**
 * Reads a date in any of the ways spreadsheets hold one: a date cell, an Excel serial number, `yyyy-mm-dd`, or
 * figures in the order given (day first unless told otherwise, as in the UK), or with the month in words.
 */
export function readDate(cell: ImportCell, order: DateOrder = 'dmy'): ReadDate | undefined {
  if (cell instanceof Date) {
    const { date, time } = dateTimeOfDate(cell);
    return time === '00:00' ? { date } : { date, time };
  }
  if (typeof cell === 'number') {
    if (cell < 1 || cell > EXCEL_LAST_DAY) return undefined;
    return readDate(fromExcelSerial(cell));
  }
  const text = cellText(cell);
  if (text === undefined) return undefined;
  let year: number;
  let month: number | undefined;
  let day: number;
  let rest: string | undefined;
  let match: RegExpExecArray | null;
  if ((match = YMD.exec(text)) !== null) {
    [year, month, day, rest] = [Number(match[1]), Number(match[2]), Number(match[3]), match[4]];
  } else if ((match = NUMERIC.exec(text)) !== null) {
    const [first, second] = [Number(match[1]), Number(match[2])];
    [day, month] = order === 'mdy' ? [second, first] : [first, second];
    [year, rest] = [fullYear(match[3]!), match[4]];
  } else if ((match = WORDS_DAY_FIRST.exec(text)) !== null) {
    [day, month, year, rest] = [Number(match[1]), monthNumber(match[2]!), fullYear(match[3]!), match[4]];
  } else if ((match = WORDS_MONTH_FIRST.exec(text)) !== null) {
    [month, day, year, rest] = [monthNumber(match[1]!), Number(match[2]), Number(match[3]), match[4]];
  } else return undefined;
  if (month === undefined) return undefined;
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    return undefined;
  const date = isoDate(year, month, day);
  if (rest === undefined) return { date };
  const time = readTime(rest.replace(/(Z|[+-]\d{2}:?\d{2})$/, ''));
  return time === undefined ? undefined : { date, time };
}

const CLOCK = /^(\d{1,2})[:.h](\d{2})(?::(\d{2})(?:\.\d+)?)?\s*([ap])?\.?m?\.?$/i;
const HOURS_ONLY = /^(\d{1,2})\s*([ap])\.?m\.?$/i;
const FIGURES = /^(\d{3,4})$/;

function clock(hours: number, minutes: number, meridiem: string | undefined): string | undefined {
  let hour = hours;
  if (meridiem !== undefined) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (meridiem.toLowerCase() === 'p' ? 12 : 0);
  }
  return hour > 23 || minutes > 59 ? undefined : `${pad(hour)}:${pad(minutes)}`;
}

/** Reads a time of day as HH:MM: a time cell, a fraction of a day, `6:30`, `06.30`, `0630`, `6:30 pm`, `6pm`. */
export function readTime(cell: ImportCell): string | undefined {
  if (cell instanceof Date) return dateTimeOfDate(cell).time;
  if (typeof cell === 'number') {
    if (cell >= 0 && cell < 1) return dateTimeOfDate(fromExcelSerial(cell)).time;
    if (Number.isInteger(cell) && cell >= 100 && cell <= 2359)
      return clock(Math.floor(cell / 100), cell % 100, undefined);
    return undefined;
  }
  const text = cellText(cell);
  if (text === undefined) return undefined;
  let match: RegExpExecArray | null;
  if ((match = CLOCK.exec(text)) !== null) return clock(Number(match[1]), Number(match[2]), match[4]);
  if ((match = HOURS_ONLY.exec(text)) !== null) return clock(Number(match[1]), 0, match[2]);
  if ((match = FIGURES.exec(text)) !== null) {
    const figures = Number(match[1]);
    return clock(Math.floor(figures / 100), figures % 100, undefined);
  }
  return undefined;
}

/** A unit written after a number in a cell ("14.5 kg", "32lb", "120 yds"). */
const UNIT_AFTER =
  /^(-?[\d.,]+(?:e[+-]?\d+)?)\s*(kg|kgs|kilos?|lb|lbs|pounds?|m|metres?|meters?|yd|yds|yards?|gr|grains?|fps|j|°c|c|mph|in|")?$/i;

export type NumberUnit = 'kg' | 'lb' | 'm' | 'yd';

function unitOf(written: string | undefined): NumberUnit | undefined {
  if (written === undefined) return undefined;
  const word = written.toLowerCase();
  if (/^(kg|kgs|kilo|kilos)$/.test(word)) return 'kg';
  if (/^(lb|lbs|pound|pounds)$/.test(word)) return 'lb';
  if (/^(m|metre|metres|meter|meters)$/.test(word)) return 'm';
  if (/^(yd|yds|yard|yards)$/.test(word)) return 'yd';
  return undefined;
}

/** A decimal written with a comma ("14,5", as in much of Europe) or thousands separated by commas ("1,234.5"). */
function decimal(figures: string): number | undefined {
  let text = figures;
  if (/^-?\d+,\d{1,2}$/.test(text)) text = text.replace(',', '.');
  else if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) text = text.replaceAll(',', '');
  // The exponent is how String() writes a tiny or huge number, as the export does.
  if (!/^-?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(text)) return undefined;
  return Number(text);
}

/** A number cell, or text holding one with or without a unit after it; undefined when it is not a number. */
export function readNumber(cell: ImportCell): { value: number; unit?: NumberUnit } | undefined {
  if (typeof cell === 'number') return Number.isFinite(cell) ? { value: cell } : undefined;
  const text = cellText(cell);
  if (text === undefined || cell instanceof Date || typeof cell === 'boolean') return undefined;
  const match = UNIT_AFTER.exec(text);
  if (match === null) return undefined;
  const value = decimal(match[1]!);
  if (value === undefined) return undefined;
  const unit = unitOf(match[2]);
  return unit === undefined ? { value } : { value, unit };
}

const YES = new Set(['yes', 'y', 'true', 't', '1', 'x', '✓', '✔']);
const NO = new Set(['no', 'n', 'false', 'f', '0', '-']);

/** A yes or no: a boolean cell, Yes/No, Y/N, true/false, 1/0, a tick; undefined for anything else. */
export function readYesNo(cell: ImportCell): boolean | undefined {
  if (typeof cell === 'boolean') return cell;
  if (typeof cell === 'number') return cell === 1 ? true : cell === 0 ? false : undefined;
  const text = cellText(cell)?.toLowerCase();
  if (text === undefined) return undefined;
  return YES.has(text) ? true : NO.has(text) ? false : undefined;
}
