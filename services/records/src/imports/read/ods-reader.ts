/**
 * OpenDocument spreadsheets (.ods), read here rather than by a library: the registry has no maintained ODS reader
 * that is safe (SheetJS's npm package is an old version with known vulnerabilities, its fixed releases are off the
 * registry), so the zip is opened with yauzl (its sizes checked first) and `content.xml` streamed through saxes, a
 * maintained streaming XML parser. Only the table elements are read: rows, cells, their repeats and typed values.
 */
import type { Readable } from 'node:stream';
import { IMPORT_LIMITS } from '@cull-log/contracts';
import type { ImportCell } from '@cull-log/domain';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { IMPORT_FILE_MESSAGES, IMPORT_ROW_MESSAGES, ImportFileError } from './import-file-error';
import type { RawRow, RowRefusal } from './spreadsheet';
import type { GuardedZip } from './zip-guard';

const CONTENT = 'content.xml';
export const ODS_MIME_TYPE = 'application/vnd.oasis.opendocument.spreadsheet';

/** The most cells of a row kept: one past the most columns an import reads, so a row wider than that is seen. */
const MAX_CELLS = IMPORT_LIMITS.maxColumns + 1;
/** The most copies of one repeated row that holds values: past the rows an import takes, the file is refused anyway. */
const MAX_REPEATED_ROWS = IMPORT_LIMITS.maxRows + 2;

const broken = () => new ImportFileError('broken-workbook', IMPORT_FILE_MESSAGES.brokenWorkbook);

function repeats(value: string | undefined, cap: number): number {
  const count = value === undefined ? 1 : Number.parseInt(value, 10);
  return Number.isFinite(count) && count >= 1 ? Math.min(count, cap) : 1;
}

/** An ISO 8601 duration of a time cell (`PT06H30M00S`) as a Date on 30 December 1899, as exceljs gives a time. */
function timeOfDay(duration: string): Date | null {
  const match = /^-?P(?:(\d+)D)?T?(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?$/.exec(duration);
  if (match === null) return null;
  const [, days, hours, minutes, seconds] = match;
  const total =
    Number(days ?? 0) * 86_400 + Number(hours ?? 0) * 3600 + Number(minutes ?? 0) * 60 + Number(seconds ?? 0);
  return new Date(Date.UTC(1899, 11, 30) + Math.round(total * 1000));
}

/** A date cell's value (`2024-11-05` or `2024-11-05T06:30:00`) with its wall-clock time in the UTC fields. */
function dateValue(text: string): Date | null {
  const match = /^(-?\d{4,})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?/.exec(text);
  if (match === null) return null;
  const [, year, month, day, hour, minute, second] = match;
  return new Date(
    Date.UTC(
      Number(year),
      Number(month) - 1,
      Number(day),
      Number(hour ?? 0),
      Number(minute ?? 0),
      Number(second ?? 0),
    ),
  );
}

/** A cell's typed value from its attributes, or undefined to take its text. */
function typedValue(attributes: Record<string, string>): ImportCell | undefined {
  switch (attributes['office:value-type']) {
    case 'float':
    case 'percentage':
    case 'currency': {
      const value = Number(attributes['office:value']);
      return Number.isFinite(value) ? value : undefined;
    }
    case 'date':
      return dateValue(attributes['office:date-value'] ?? '') ?? undefined;
    case 'time':
      return timeOfDay(attributes['office:time-value'] ?? '') ?? undefined;
    case 'boolean':
      return attributes['office:boolean-value'] === 'true';
    default:
      return undefined;
  }
}

interface SheetHandlers {
  /** A table starts; answer whether its rows are wanted. */
  table(name: string): boolean;
  row(row: RawRow): void;
}

/** Streams content.xml through saxes, handing each wanted row on as its end tag is read. */
function odsParser(handlers: SheetHandlers): SaxesParser {
  const parser = new SaxesParser();
  let wanted = false;
  let rowNumber = 0;
  let rowRepeats = 1;
  let cells: ImportCell[] = [];
  let refusal: RowRefusal | undefined;
  let pendingEmpty = 0;
  /** How far the row's values reach, counted past the cells kept, so a row too wide is told by its true width. */
  let position = 0;
  let width = 0;
  /** Inside a comment on a cell, whose text is not the cell's. */
  let inAnnotation = 0;
  let cell: {
    attributes: Record<string, string>;
    repeats: number;
    text: string[];
    length: number;
    paragraphs: number;
  } | null = null;

  /** A cell's text, kept only to just past the most a row may hold: the row is refused beyond that anyway. */
  const addText = (text: string) => {
    if (cell === null || cell.length > IMPORT_LIMITS.maxRowBytes) return;
    cell.text.push(text);
    cell.length += text.length;
  };

  const addCells = (value: ImportCell, count: number, trueCount: number) => {
    position += trueCount;
    if (value === null) {
      pendingEmpty += count;
      return;
    }
    width = position;
    for (let index = 0; index < pendingEmpty && cells.length < MAX_CELLS; index++) cells.push(null);
    pendingEmpty = 0;
    for (let index = 0; index < count && cells.length < MAX_CELLS; index++) cells.push(value);
  };

  parser.on('opentag', (tag: SaxesTagPlain) => {
    const attributes = tag.attributes as Record<string, string>;
    if (tag.name === 'office:annotation') inAnnotation += 1;
    if (inAnnotation > 0) return;
    switch (tag.name) {
      case 'table:table':
        wanted = handlers.table(attributes['table:name'] ?? '');
        rowNumber = 0;
        break;
      case 'table:table-row':
        rowRepeats = repeats(attributes['table:number-rows-repeated'], Number.MAX_SAFE_INTEGER);
        cells = [];
        refusal = undefined;
        pendingEmpty = 0;
        position = 0;
        width = 0;
        break;
      case 'table:table-cell':
      case 'table:covered-table-cell':
        if (wanted)
          cell = {
            attributes,
            repeats: repeats(attributes['table:number-columns-repeated'], MAX_CELLS),
            text: [],
            length: 0,
            paragraphs: 0,
          };
        break;
      case 'text:p':
      case 'text:h':
        if (cell !== null && cell.paragraphs++ > 0) addText('\n');
        break;
      case 'text:s':
        addText(' '.repeat(repeats(attributes['text:c'], 1000)));
        break;
      case 'text:tab':
        addText('\t');
        break;
      case 'text:line-break':
        addText('\n');
        break;
    }
  });
  parser.on('text', (text) => {
    if (cell !== null && cell.paragraphs > 0 && inAnnotation === 0) addText(text);
  });
  parser.on('closetag', (tag) => {
    if (tag.name === 'office:annotation') {
      inAnnotation -= 1;
      return;
    }
    if (inAnnotation > 0) return;
    switch (tag.name) {
      case 'table:table-cell':
      case 'table:covered-table-cell': {
        if (cell === null) break;
        const { attributes } = cell;
        const trueCount = repeats(attributes['table:number-columns-repeated'], Number.MAX_SAFE_INTEGER);
        if (attributes['table:formula'] !== undefined) {
          refusal ??= { column: cells.length + pendingEmpty, reason: IMPORT_ROW_MESSAGES.formula };
          addCells(null, cell.repeats, trueCount);
        } else {
          const text = cell.text.join('');
          addCells(typedValue(attributes) ?? (text === '' ? null : text), cell.repeats, trueCount);
        }
        cell = null;
        break;
      }
      case 'table:table-row': {
        const first = rowNumber + 1;
        rowNumber += rowRepeats;
        if (!wanted || (cells.length === 0 && refusal === undefined)) break;
        const copies = Math.min(rowRepeats, MAX_REPEATED_ROWS);
        for (let copy = 0; copy < copies; copy++) {
          const row = first + copy;
          handlers.row({
            row,
            cells: [...cells],
            ...(refusal !== undefined && { refusal }),
            ...(width > cells.length && { width }),
          });
        }
        break;
      }
      case 'table:table':
        wanted = false;
        break;
    }
  });
  return parser;
}

/** Feeds a stream to the parser, giving the rows it completed after each chunk. */
async function* rowsOf(stream: Readable, parser: SaxesParser, ready: RawRow[], done: () => boolean) {
  try {
    for await (const chunk of stream) {
      try {
        parser.write((chunk as Buffer).toString('utf8'));
      } catch {
        throw broken();
      }
      yield* ready.splice(0);
      if (done()) return;
    }
    parser.close();
    yield* ready.splice(0);
  } finally {
    stream.destroy();
  }
}

/** The names of the spreadsheet's sheets, in order. */
export async function odsSheets(zip: GuardedZip): Promise<string[]> {
  const stream = await zip.openStream(CONTENT);
  if (stream === undefined) throw new ImportFileError('not-spreadsheet', IMPORT_FILE_MESSAGES.notSpreadsheet);
  const names: string[] = [];
  const parser = odsParser({
    table: (name) => {
      names.push(name);
      return false;
    },
    row: () => undefined,
  });
  for await (const _row of rowsOf(stream, parser, [], () => false));
  return names;
}

/** The chosen sheet's rows, its cells typed by office:value-type, a row with a formula refused at that column. */
export async function* odsRawRows(zip: GuardedZip, sheet: string): AsyncIterable<RawRow> {
  const stream = await zip.openStream(CONTENT);
  if (stream === undefined) throw broken();
  const ready: RawRow[] = [];
  let state: 'before' | 'in' | 'after' = 'before';
  const parser = odsParser({
    table: (name) => {
      if (state === 'in') state = 'after';
      if (state === 'before' && name === sheet) state = 'in';
      return state === 'in';
    },
    row: (row) => ready.push(row),
  });
  yield* rowsOf(stream, parser, ready, () => state === 'after');
}
