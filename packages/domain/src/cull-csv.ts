import type { CullFields } from '@cull-log/contracts';

/** The export's columns, in the order of SPEC §3. */
export const CSV_COLUMNS = [
  'Date',
  'Time',
  'Location',
  'Species',
  'Sex',
  'Age',
  'Weight',
  'Condition',
  'Shot Placement',
  'Shot Distance',
  'Antlers Present',
  'Antler Points',
  'Antler Condition',
  'Notes',
] as const;

const text = (value: string | number | undefined) => (value === undefined ? '' : String(value));

/** One record's values in CSV_COLUMNS order; empty values are empty strings. */
export function csvRow(cull: CullFields): string[] {
  return [
    cull.date,
    cull.time,
    cull.location_name,
    cull.species,
    cull.sex,
    cull.age_estimate,
    text(cull.weight),
    cull.condition,
    cull.shot_placement,
    text(cull.shot_distance),
    cull.antlers_present ? 'Yes' : 'No',
    text(cull.antler_points),
    text(cull.antler_condition),
    text(cull.notes),
  ];
}

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** A spreadsheet runs a cell starting with = + - @ tab or CR as a formula; a leading ' keeps it text. */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** One CSV line: every value neutralised and double-quoted (quotes doubled), ended by CRLF. */
export function toCsvLine(values: readonly string[]): string {
  return `${values.map((value) => `"${neutraliseFormula(value).replaceAll('"', '""')}"`).join(',')}\r\n`;
}

/** The header line of the export. */
export const csvHeader = toCsvLine(CSV_COLUMNS);
