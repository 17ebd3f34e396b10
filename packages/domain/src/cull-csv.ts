import { ABNORMALITIES, type CullFields } from '@cull-log/contracts';
import { boreOf, cullWarningCodes } from './field-rules';
import { londonFormatter } from './london-calendar';

/** One column of the export: its header, the record field under it, and that field written as text. */
export interface CsvColumn<Field extends keyof CullFields = keyof CullFields> {
  readonly header: string;
  readonly field: Field;
  value(cull: Pick<CullFields, Field>): string;
}

function column<Field extends keyof CullFields>(
  header: string,
  field: Field,
  format: (value: CullFields[Field]) => string,
): CsvColumn<Field> {
  return { header, field, value: (cull) => format(cull[field]) };
}

/** Empty values are empty strings. */
const text = (value: string | number | undefined) => (value === undefined ? '' : String(value));
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const optionalYesNo = (value: boolean | undefined) => (value === undefined ? '' : yesNo(value));

/**
 * The export's columns: the fourteen users have always downloaded, in that order, then the record's place and
 * condition notes, then the carcass. New columns go at the end, so a spreadsheet reading by position keeps working.
 */
export const CSV_COLUMNS = [
  column('Date', 'date', text),
  column('Time', 'time', text),
  column('Location', 'location_name', text),
  column('Species', 'species', text),
  column('Sex', 'sex', text),
  column('Age', 'age_estimate', text),
  column('Weight', 'weight', text),
  column('Condition', 'condition', text),
  column('Shot Placement', 'shot_placement', text),
  column('Shot Distance', 'shot_distance', text),
  column('Antlers Present', 'antlers_present', yesNo),
  column('Antler Points', 'antler_points', text),
  column('Antler Condition', 'antler_condition', text),
  column('Notes', 'notes', text),
  column('Grid Reference', 'grid_ref', text),
  column('Latitude', 'latitude', text),
  column('Longitude', 'longitude', text),
  column('Condition Notes', 'condition_notes', text),
  column('Calibre', 'calibre', (calibre) => text(calibre?.name)),
  column('Bore (in)', 'calibre', (calibre) => text(boreOf(calibre))),
  column('Bullet Weight (gr)', 'bullet_weight_gr', text),
  column('Bullet Type', 'bullet_type', text),
  column('Muzzle Velocity (fps)', 'muzzle_velocity_fps', text),
  column('Muzzle Energy (J)', 'muzzle_energy_j', text),
  column('Shooter', 'shooter', text),
  column('Carcass Tag', 'carcass_tag', text),
  column('Carcass Destination', 'carcass_destination', text),
  column('Game Dealer', 'game_dealer', text),
  column('Examined By', 'inspection', (inspection) => text(inspection?.examined_by)),
  column('Certificate Number', 'inspection', (inspection) => text(inspection?.certificate_number)),
  column('Abnormal Behaviour', 'inspection', (inspection) => optionalYesNo(inspection?.abnormal_behaviour)),
  column('Abnormalities', 'inspection', (inspection) =>
    (inspection?.abnormalities ?? []).map((code) => ABNORMALITIES[code]).join('; '),
  ),
  column('Other Abnormality', 'inspection', (inspection) => text(inspection?.other_abnormality)),
  column('Contamination Suspected', 'inspection', (inspection) =>
    optionalYesNo(inspection?.contamination_suspected),
  ),
  column('Temperature (°C)', 'weather', (weather) => text(weather?.temperature_c)),
  column('Wind Speed (mph)', 'weather', (weather) => text(weather?.wind_speed_mph)),
  column('Wind Direction', 'weather', (weather) => text(weather?.wind_direction)),
  column('Cloud', 'weather', (weather) => text(weather?.cloud)),
  column('Precipitation', 'weather', (weather) => text(weather?.precipitation)),
] as const;

/** How many columns the export had before the place and carcass columns were added after them. */
export const ORIGINAL_CSV_COLUMN_COUNT = 14;

/** The fields a CSV row is made of. */
export type CsvRecord = Pick<CullFields, (typeof CSV_COLUMNS)[number]['field']>;

/** One record's values in CSV_COLUMNS order. */
export function csvRow(cull: CsvRecord): string[] {
  return CSV_COLUMNS.map((csvColumn) => csvColumn.value(cull));
}

// eslint-disable-next-line no-control-regex
const FORMULA_START = /^[=+\-@\u0000-\u001F\u007F]/;
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * A spreadsheet runs a cell starting with = + - @ tab or CR as a formula, and may drop or act on any other control
 * character at the start (NUL above all); a leading ' keeps it text.
 */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** Whether a cell's first character is one a formula can start with: most cells are ruled out by this look alone. */
function mayBeFormula(value: string): boolean {
  const first = value.charCodeAt(0);
  if (first < 32 || first === 127) return true; // a control character
  switch (first) {
    case 61: // =
    case 43: // +
    case 45: // -
    case 64: // @
      return true;
    default:
      return false;
  }
}

/** One cell: neutralised and double-quoted, quotes doubled; the regular expressions run only when needed. */
function csvCell(value: string): string {
  const text = mayBeFormula(value) ? neutraliseFormula(value) : value;
  return text.includes('"') ? `"${text.replaceAll('"', '""')}"` : `"${text}"`;
}

/** One CSV line: every value neutralised and double-quoted (quotes doubled), ended by CRLF. */
export function toCsvLine(values: readonly string[]): string {
  let line = '';
  for (let index = 0; index < values.length; index++) {
    line += index === 0 ? csvCell(values[index] as string) : `,${csvCell(values[index] as string)}`;
  }
  return `${line}\r\n`;
}

/** The header line of the export. */
export const csvHeader = toCsvLine(CSV_COLUMNS.map((csvColumn) => csvColumn.header));

/**
 * A UTF-8 byte-order mark: written first in every CSV download, so a spreadsheet (Excel, LibreOffice) reads the
 * file as UTF-8 and shows "Temperature (°C)" and "Jo Brontë" as they were written.
 */
export const CSV_BOM = '\uFEFF';

/**
 * The CSV export's columns after the record's own: the name of the ground the record is placed on, as it is named
 * at the time of the export (the export service knows the grounds; a record alone does not).
 */
export const EXPORT_CSV_EXTRA_HEADERS = ['Ground'] as const;

/**
 * The columns after every other (after "Culled by" in a team's export): the record's id, which names its photos'
 * folder in the account download; its outing, by when it started; and the legal warnings on it, short.
 */
export const RECORD_CSV_HEADERS = ['Record ID', 'Outing', 'Warnings'] as const;

/** What the export knows of a record beside its fields: its id, and when its outing started (ISO; null for none). */
export interface CsvRecordFacts {
  id: string;
  outingStartedAt: string | null;
}

const outingStart = londonFormatter({
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An outing as the CSV names it: when it started, dd/MM/yyyy HH:mm in the UK's time. */
export function csvOutingLabel(startedAt: string): string {
  const parts = Object.fromEntries(
    outingStart()
      .formatToParts(new Date(startedAt))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** Each legal warning in a few words, for a spreadsheet's cell; the app gives the law and its exceptions. */
const WARNING_CSV_TEXT = {
  close_season: 'Close season',
  night: 'Shot at night',
  calibre: 'Rifle or bullet under the legal minimum',
  duplicate_tag: 'Carcass tag used twice',
} as const;

/** The legal warnings on a record (close season, night, rifle), short, separated by "; "; empty for none. */
export function csvWarnings(cull: CsvRecord): string {
  return cullWarningCodes(cull)
    .map((code) => WARNING_CSV_TEXT[code])
    .join('; ');
}

/** The values of RECORD_CSV_HEADERS for a record. */
export function recordCsvValues(cull: CsvRecord, facts: CsvRecordFacts): string[] {
  return [
    facts.id,
    facts.outingStartedAt === null ? '' : csvOutingLabel(facts.outingStartedAt),
    csvWarnings(cull),
  ];
}

export const exportCsvHeader = toCsvLine([
  ...CSV_COLUMNS.map((csvColumn) => csvColumn.header),
  ...EXPORT_CSV_EXTRA_HEADERS,
  ...RECORD_CSV_HEADERS,
]);

/** One line of the CSV export: the record's values, its ground's name (empty on no ground), then its id, outing and warnings. */
export function exportCsvRow(cull: CsvRecord, ground: string | null, facts: CsvRecordFacts): string[] {
  return [...csvRow(cull), ground ?? '', ...recordCsvValues(cull, facts)];
}

/** A team's CSV export: the export's columns, then who culled each record, then its id, outing and warnings. */
export const teamExportCsvHeader = toCsvLine([
  ...CSV_COLUMNS.map((csvColumn) => csvColumn.header),
  ...EXPORT_CSV_EXTRA_HEADERS,
  'Culled by',
  ...RECORD_CSV_HEADERS,
]);

/** One line of a team's CSV export. */
export function teamExportCsvRow(
  cull: CsvRecord,
  ground: string | null,
  culledBy: string,
  facts: CsvRecordFacts,
): string[] {
  return [...csvRow(cull), ground ?? '', culledBy, ...recordCsvValues(cull, facts)];
}

/** The account download's CSV: the record's own columns, then its id, outing and warnings. */
export const accountCsvHeader = toCsvLine([
  ...CSV_COLUMNS.map((csvColumn) => csvColumn.header),
  ...RECORD_CSV_HEADERS,
]);

/** One line of the account download's CSV. */
export function accountCsvRow(cull: CsvRecord, facts: CsvRecordFacts): string[] {
  return [...csvRow(cull), ...recordCsvValues(cull, facts)];
}
