import { createReadStream } from 'node:fs';
import type { ImportCell } from '@cull-log/domain';
import ExcelJS from 'exceljs';
import { SaxesParser } from 'saxes';
import { IMPORT_FILE_MESSAGES, IMPORT_ROW_MESSAGES, ImportFileError } from './import-file-error';
import type { RawRow, RowRefusal } from './spreadsheet';
import type { GuardedZip } from './zip-guard';

/** A workbook's sheet: its name and the number of its part (`xl/worksheets/sheet3.xml` is 3). */
export interface XlsxSheet {
  name: string;
  part: number | null;
}

function attributesOf(xml: string, element: string): Record<string, string>[] {
  const found: Record<string, string>[] = [];
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => {
    if (tag.name === element || tag.name.endsWith(`:${element}`))
      found.push(tag.attributes as Record<string, string>);
  });
  parser.write(xml).close();
  return found;
}

/** A worksheet part that ends as one does, not cut short (a part cut short would otherwise read as fewer rows). */
const WORKSHEET_END = /<\/([\w-]+:)?worksheet>\s*$/;

/** The workbook's sheets in order, from `xl/workbook.xml` and its relationships. */
export async function xlsxSheets(zip: GuardedZip): Promise<XlsxSheet[]> {
  const workbook = await zip.readText('xl/workbook.xml');
  if (workbook === undefined)
    throw new ImportFileError('not-spreadsheet', IMPORT_FILE_MESSAGES.notSpreadsheet);
  const relationships = (await zip.readText('xl/_rels/workbook.xml.rels')) ?? '';
  let sheets: Record<string, string>[];
  let targets: Record<string, string>[];
  try {
    sheets = attributesOf(workbook, 'sheet');
    targets = attributesOf(relationships, 'Relationship');
  } catch {
    throw new ImportFileError('broken-workbook', IMPORT_FILE_MESSAGES.brokenWorkbook);
  }
  for (const [name, ending] of zip.endings) {
    if (/^xl\/worksheets\/sheet\d+\.xml$/.test(name) && !WORKSHEET_END.test(ending))
      throw new ImportFileError('broken-workbook', IMPORT_FILE_MESSAGES.brokenWorkbook);
  }
  return sheets.map((sheet) => {
    const target = targets.find((relationship) => relationship.Id === sheet['r:id'])?.Target ?? '';
    const part = /worksheets\/sheet(\d+)\.xml$/.exec(target)?.[1];
    return { name: sheet.name ?? '', part: part === undefined ? null : Number(part) };
  });
}

type CellValue = ExcelJS.CellValue;

/** A cell's value for an import, or why the row is refused for it: a formula, or an error such as #N/A. */
function readCell(value: CellValue): { cell: ImportCell } | { refusal: string } {
  if (value === null || value === undefined) return { cell: null };
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return { cell: value };
  if (value instanceof Date) return { cell: value };
  if ('formula' in value || 'sharedFormula' in value) return { refusal: IMPORT_ROW_MESSAGES.formula };
  if ('error' in value) return { refusal: IMPORT_ROW_MESSAGES.errorValue(String(value.error)) };
  if ('richText' in value) return { cell: value.richText.map((run) => run.text).join('') };
  if ('text' in value) return { cell: String(value.text) };
  return { cell: null };
}

function rawRow(row: ExcelJS.Row): RawRow {
  const cells: ImportCell[] = [];
  let refusal: RowRefusal | undefined;
  const values = row.values as CellValue[];
  for (let index = 1; index < values.length; index++) {
    const read = readCell(values[index]);
    if ('refusal' in read) {
      refusal ??= { column: index - 1, reason: read.refusal };
      cells.push(null);
    } else cells.push(read.cell);
  }
  return refusal === undefined ? { row: row.number, cells } : { row: row.number, cells, refusal };
}

/**
 * The chosen sheet's rows through exceljs's streaming reader: numbers as numbers, cells formatted as dates as Date
 * (their wall-clock time in the UTC fields), and a row with a formula refused at that column. The zip was checked by
 * openGuardedZip first.
 */
export async function* xlsxRawRows(
  path: string,
  sheet: XlsxSheet,
  sheetNames: readonly string[],
): AsyncIterable<RawRow> {
  const input = createReadStream(path);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'ignore',
  });
  try {
    for await (const worksheet of reader) {
      // exceljs names a sheet from the workbook's part when it has read it, and numbers it by its part otherwise.
      const { name, id } = worksheet as unknown as { name: string; id: number | string };
      const named = sheetNames.includes(name);
      const chosen = named ? name === sheet.name : Number(id) === sheet.part;
      if (!chosen) {
        for await (const _row of worksheet);
        continue;
      }
      for await (const row of worksheet) yield rawRow(row as ExcelJS.Row);
      return;
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError('broken-workbook', IMPORT_FILE_MESSAGES.brokenWorkbook);
  } finally {
    input.destroy();
  }
}
