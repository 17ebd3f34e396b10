import { IMPORT_LIMITS, type ImportFileFormat } from '@cull-log/contracts';
import type { ImportCell } from '@cull-log/domain';
import { IMPORT_FILE_MESSAGES, IMPORT_ROW_MESSAGES, ImportFileError } from './import-file-error';

export type { ImportCell } from '@cull-log/domain';

/** Why the reader refuses one row: the column at fault (from 0), or null for the row as a whole. */
export interface RowRefusal {
  column: number | null;
  reason: string;
}

/** One row of the sheet below the header: its number as the spreadsheet program shows it (header = row 1). */
export interface SpreadsheetRow {
  row: number;
  cells: ImportCell[];
  refusal?: RowRefusal;
}

/** A spreadsheet opened for import: what it is, its header, and its rows read as a stream. */
export interface OpenedSpreadsheet {
  format: ImportFileFormat;
  /** A CSV's character set and separator, as read. */
  encoding?: string;
  delimiter?: string;
  /** A workbook's sheets in order, and the one read (null for a CSV). */
  sheets: string[];
  sheet: string | null;
  /** The header row, each name trimmed. */
  columns: string[];
  /** The rows under the header, blank ones skipped; each call reads the file again from the start. */
  rows(): AsyncIterable<SpreadsheetRow>;
}

/** A row as a format's reader gives it, the header included; the reader's number for it, counted from 1. */
export interface RawRow {
  row: number;
  cells: ImportCell[];
  refusal?: RowRefusal;
  /** How many columns the row truly spans, where the reader kept fewer cells than that. */
  width?: number;
}

function isBlank(cell: ImportCell): boolean {
  return cell === null || (typeof cell === 'string' && cell.trim() === '');
}

/** The bytes a cell takes, near enough to keep a row's size in bounds. */
function cellBytes(cell: ImportCell): number {
  return typeof cell === 'string' ? Buffer.byteLength(cell) : 8;
}

const DATE_OR_TIME = /^\s*(\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}|\d{1,2}:\d{2}(:\d{2})?)\s*$/;

/**
 * Whether a first row holds a cull's values rather than the columns' names: a date or a time in it (no header is
 * one), or nothing but numbers and yes/no values.
 */
function looksLikeValues(cells: readonly ImportCell[]): boolean {
  const filled = cells.filter((cell) => !isBlank(cell));
  if (filled.some((cell) => cell instanceof Date || (typeof cell === 'string' && DATE_OR_TIME.test(cell))))
    return true;
  return filled.every((cell) => typeof cell === 'number' || typeof cell === 'boolean');
}

/** A header row's names: trimmed, trailing empty ones left out. */
function headerNames(cells: readonly ImportCell[]): string[] {
  const names = cells.map((cell) => (cell === null ? '' : String(cell).trim()));
  while (names.length > 0 && names[names.length - 1] === '') names.pop();
  return names;
}

/** Reads the header: the first row that is not blank, checked to be names and few enough of them. */
export async function readHeader(raw: AsyncIterable<RawRow>): Promise<string[]> {
  for await (const row of raw) {
    if (row.cells.every(isBlank)) continue;
    const names = headerNames(row.cells);
    const width = Math.max(names.length, row.width ?? 0);
    if (width > IMPORT_LIMITS.maxColumns)
      throw new ImportFileError('too-many-columns', IMPORT_FILE_MESSAGES.tooManyColumns(width));
    if (looksLikeValues(row.cells)) throw new ImportFileError('no-header', IMPORT_FILE_MESSAGES.noHeader);
    return names;
  }
  throw new ImportFileError('empty', IMPORT_FILE_MESSAGES.empty);
}

/**
 * The data rows of a sheet: after the header, blank rows skipped, each row kept within its bounds (a row too large
 * or too wide is refused, not the file), and the file refused as soon as it passes the most rows an import takes.
 */
export async function* dataRows(raw: AsyncIterable<RawRow>): AsyncIterable<SpreadsheetRow> {
  let headerSeen = false;
  let count = 0;
  for await (const row of raw) {
    if (row.refusal === undefined && row.cells.every(isBlank)) continue;
    if (!headerSeen) {
      headerSeen = true;
      continue;
    }
    count += 1;
    if (count > IMPORT_LIMITS.maxRows)
      throw new ImportFileError('too-many-rows', IMPORT_FILE_MESSAGES.tooManyRows);
    yield boundedRow(row);
  }
}

function boundedRow(row: RawRow): SpreadsheetRow {
  let end = row.cells.length;
  while (end > 0 && isBlank(row.cells[end - 1]!)) end -= 1;
  const cells = end === row.cells.length ? row.cells : row.cells.slice(0, end);
  if (cells.length > IMPORT_LIMITS.maxColumns)
    return { row: row.row, cells: [], refusal: { column: null, reason: IMPORT_ROW_MESSAGES.tooManyCells } };
  let bytes = 0;
  for (const cell of cells) bytes += cellBytes(cell);
  if (bytes > IMPORT_LIMITS.maxRowBytes)
    return { row: row.row, cells: [], refusal: { column: null, reason: IMPORT_ROW_MESSAGES.tooLarge } };
  return row.refusal === undefined ? { row: row.row, cells } : { row: row.row, cells, refusal: row.refusal };
}
