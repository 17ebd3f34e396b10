import { IMPORT_LIMITS } from '@cull-log/contracts';
import { formatNumber } from '@cull-log/domain';

/** A file that cannot be imported at all; `message` is what the user reads. */
export class ImportFileError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ImportFileError';
  }
}

const megabytes = (bytes: number) => `${formatNumber(bytes / (1024 * 1024))} MB`;

/** Why a file is refused, in the user's words; one place so the tests and the screens say the same. */
export const IMPORT_FILE_MESSAGES = {
  empty: 'This file is empty: choose the spreadsheet your culls are in.',
  noHeader:
    'The first row should name the columns (Date, Time, Species…), but this one holds values. Add a header row and import again.',
  notSpreadsheet:
    'This file is not a spreadsheet Cull Log can read. Choose a CSV, Excel (.xlsx) or OpenDocument (.ods) file.',
  oldExcel:
    'This is an old Excel workbook (.xls). Open it and save it as Excel Workbook (.xlsx) or CSV, then import that.',
  zipNotSpreadsheet:
    'This is a zip file, not a spreadsheet. Choose a CSV, Excel (.xlsx) or OpenDocument (.ods) file.',
  brokenWorkbook: 'This workbook is damaged and cannot be read. Open it, save it again, and import that.',
  zipBomb: `This file unpacks to far more than a cull diary could hold (over ${megabytes(IMPORT_LIMITS.maxUnpackedBytes)}), so it was not read.`,
  tooManyColumns: (columns: number) =>
    `This file has ${formatNumber(columns)} columns; Cull Log reads at most ${formatNumber(IMPORT_LIMITS.maxColumns)}. Remove the columns you do not need and import again.`,
  tooManyRows: `This file has more than ${formatNumber(IMPORT_LIMITS.maxRows)} rows; Cull Log imports at most ${formatNumber(IMPORT_LIMITS.maxRows)} at a time. Split it into smaller files and import each.`,
  unknownSheet: (sheet: string, sheets: readonly string[]) =>
    `This workbook has no sheet called “${sheet}”. Its sheets are: ${sheets.map((name) => `“${name}”`).join(', ')}.`,
  noSheets: 'This workbook has no sheets.',
  brokenCsv: (row: number, detail: string) => `Row ${formatNumber(row)} cannot be read: ${detail}`,
} as const;

/** Why one row (not the whole file) is refused by the reader. */
export const IMPORT_ROW_MESSAGES = {
  tooLarge: `This row holds more than ${formatNumber(IMPORT_LIMITS.maxRowBytes / 1024)} KB: a cull's row is far smaller. Check it for pasted text and import again.`,
  tooManyCells: `This row has more than ${formatNumber(IMPORT_LIMITS.maxColumns)} cells.`,
  formula: 'A formula, not a value: paste the values in (Paste Special → Values) and import again.',
  errorValue: (error: string) => `This cell holds a spreadsheet error (${error}), not a value.`,
} as const;
