import type { ImportFileFormat } from '@cull-log/contracts';
import { detectCsvDelimiter, detectCsvEncoding, csvRawRows, type CsvEncoding } from './csv-reader';
import { IMPORT_FILE_MESSAGES, ImportFileError } from './import-file-error';
import { ODS_MIME_TYPE, odsRawRows, odsSheets } from './ods-reader';
import { sniffFile } from './sniff-file';
import { dataRows, readHeader, type OpenedSpreadsheet, type RawRow } from './spreadsheet';
import { xlsxRawRows, xlsxSheets } from './xlsx-reader';
import { openGuardedZip, type GuardedZip } from './zip-guard';

function opened(
  format: ImportFileFormat,
  facts: { encoding?: string; delimiter?: string; sheets: string[]; sheet: string | null },
  columns: string[],
  raw: () => AsyncIterable<RawRow>,
): OpenedSpreadsheet {
  return { format, ...facts, columns, rows: () => dataRows(raw()) };
}

async function openCsv(path: string, hinted: 'utf-16le' | 'unknown'): Promise<OpenedSpreadsheet> {
  const encoding: CsvEncoding = hinted === 'utf-16le' ? 'utf-16le' : await detectCsvEncoding(path);
  const delimiter = await detectCsvDelimiter(path, encoding);
  const raw = () => csvRawRows(path, encoding, delimiter);
  const columns = await readHeader(raw());
  return opened('csv', { encoding, delimiter, sheets: [], sheet: null }, columns, raw);
}

function chooseSheet(sheets: readonly string[], wanted: string | undefined): string {
  if (sheets.length === 0) throw new ImportFileError('no-sheets', IMPORT_FILE_MESSAGES.noSheets);
  if (wanted === undefined) return sheets[0]!;
  if (!sheets.includes(wanted))
    throw new ImportFileError('unknown-sheet', IMPORT_FILE_MESSAGES.unknownSheet(wanted, sheets));
  return wanted;
}

async function openXlsx(
  path: string,
  zip: GuardedZip,
  wanted: string | undefined,
): Promise<OpenedSpreadsheet> {
  const sheets = await xlsxSheets(zip);
  const names = sheets.map((sheet) => sheet.name);
  const name = chooseSheet(names, wanted);
  const sheet = sheets.find((candidate) => candidate.name === name)!;
  const raw = () => xlsxRawRows(path, sheet, names);
  const columns = await readHeader(raw());
  return opened('xlsx', { sheets: names, sheet: name }, columns, raw);
}

async function openOds(path: string, wanted: string | undefined): Promise<OpenedSpreadsheet> {
  const zip = await openGuardedZip(path, { unpackAll: false });
  try {
    const sheets = await odsSheets(zip);
    const sheet = chooseSheet(sheets, wanted);
    const columns = await readHeader(odsRawRows(zip, sheet));
    const raw = async function* () {
      // Each reading opens the zip afresh (and checks it again), so no file stays open between readings.
      const again = await openGuardedZip(path, { unpackAll: false });
      try {
        yield* odsRawRows(again, sheet);
      } finally {
        again.close();
      }
    };
    return opened('ods', { sheets, sheet }, columns, raw);
  } finally {
    zip.close();
  }
}

/** Which workbook a zip is: an ODS names its type in `mimetype`, an XLSX has `xl/workbook.xml`. */
async function openZip(path: string, wanted: string | undefined): Promise<OpenedSpreadsheet> {
  const zip = await openGuardedZip(path, { unpackAll: false });
  let isOds: boolean;
  let isXlsx: boolean;
  try {
    isOds = (await zip.readText('mimetype'))?.trim() === ODS_MIME_TYPE;
    isXlsx = zip.names.includes('xl/workbook.xml');
  } finally {
    zip.close();
  }
  if (isOds) return openOds(path, wanted);
  if (!isXlsx) throw new ImportFileError('not-spreadsheet', IMPORT_FILE_MESSAGES.zipNotSpreadsheet);
  // exceljs walks the zip by itself: every part is unpacked here first, within the bound, and checked to lie end to end.
  const checked = await openGuardedZip(path, { unpackAll: true });
  try {
    return await openXlsx(path, checked, wanted);
  } finally {
    checked.close();
  }
}

/**
 * Opens an uploaded spreadsheet for import: what it is is read from its content, never its name; its header is read
 * and checked; its rows are read, streamed, each time `rows()` is called. Anything that cannot be imported at all
 * is an ImportFileError whose message the user reads.
 */
export async function openSpreadsheet(
  file: { path: string; name: string },
  options: { sheet?: string } = {},
): Promise<OpenedSpreadsheet> {
  const kind = await sniffFile(file.path);
  if (kind.kind === 'zip') return openZip(file.path, options.sheet);
  // A CSV has one sheet, whatever is asked for: a sheet chosen for a workbook before is no reason to refuse it.
  return openCsv(file.path, kind.encoding === 'utf-16le' ? 'utf-16le' : 'unknown');
}
