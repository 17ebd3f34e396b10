import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { neutraliseFormula, type ImportCell } from '@cull-log/domain';
import { CsvError, parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { IMPORT_FILE_MESSAGES, ImportFileError } from './import-file-error';
import type { RawRow } from './spreadsheet';

/** The character sets a CSV is read in: UTF-8 (with or without a BOM), Windows-1252 (Excel's "CSV" on Windows), and UTF-16 (Excel's "Unicode text"). */
export type CsvEncoding = 'utf-8' | 'windows-1252' | 'utf-16le';
export const CSV_DELIMITERS = [',', ';', '\t'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/** UTF-8 if every byte of the file is valid UTF-8; otherwise Windows-1252, which any byte is. Read as a stream. */
export async function detectCsvEncoding(path: string): Promise<CsvEncoding> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(path)) decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

const HEADER_SAMPLE_BYTES = 64 * 1024;

/** Excel's own first line naming the separator (`sep=;`), which Excel hides: the header is the line after it. */
const EXCEL_SEPARATOR_LINE = /^sep=([,;\t])\r?\n/i;

const isSeparatorLine = (record: readonly string[]) =>
  record.length === 2 && record[0]!.toLowerCase() === 'sep=' && record[1] === '';

/**
 * The separator Excel's `sep=` line names, else the one the header line uses most, outside quotes: comma, semicolon
 * (Excel in much of Europe) or tab.
 */
export async function detectCsvDelimiter(path: string, encoding: CsvEncoding): Promise<CsvDelimiter> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of createReadStream(path, { end: HEADER_SAMPLE_BYTES - 1 })) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
  }
  const text = iconv.decode(Buffer.concat(chunks, length), encoding);
  const named = EXCEL_SEPARATOR_LINE.exec(text)?.[1];
  if (named !== undefined) return named as CsvDelimiter;
  const counts = new Map<CsvDelimiter, number>(CSV_DELIMITERS.map((delimiter) => [delimiter, 0]));
  let quoted = false;
  let seen = false;
  for (const character of text) {
    if (character === '"') quoted = !quoted;
    else if (!quoted && (character === '\n' || character === '\r')) {
      if (seen) break;
    } else if (!quoted && counts.has(character as CsvDelimiter)) {
      counts.set(character as CsvDelimiter, counts.get(character as CsvDelimiter)! + 1);
    }
    if (character.trim() !== '') seen = true;
  }
  let best: CsvDelimiter = ',';
  for (const delimiter of CSV_DELIMITERS) if (counts.get(delimiter)! > counts.get(best)!) best = delimiter;
  return best;
}

/**
 * A cell as written: empty is null; text our own export kept from running as a formula (a leading apostrophe before
 * = + - @ or a control character) is read back without the apostrophe, so an export re-imports as it was.
 */
export function csvCell(text: string): ImportCell {
  if (text === '') return null;
  if (text.startsWith("'") && text.length > 1) {
    const written = text.slice(1);
    if (neutraliseFormula(written) === text) return written;
  }
  return text;
}

function csvProblem(error: CsvError): string {
  return error.code === 'CSV_QUOTE_NOT_CLOSED'
    ? 'a quoted value is never closed (a " is missing), so the rest of the file cannot be told apart.'
    : 'it is not valid CSV.';
}

/** The file's rows as csv-parse reads them, decoded as it streams; the header is row 1 (a record, not a line). */
export async function* csvRawRows(
  path: string,
  encoding: CsvEncoding,
  delimiter: CsvDelimiter,
): AsyncIterable<RawRow> {
  const source = createReadStream(path);
  const parser = parse({ delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: false });
  const flowing = pipeline(source, iconv.decodeStream(encoding), parser).catch(() => undefined);
  let row = 0;
  try {
    for await (const record of parser) {
      if (row === 0 && isSeparatorLine(record as string[])) continue;
      row += 1;
      yield { row, cells: (record as string[]).map(csvCell) };
    }
  } catch (error) {
    if (error instanceof CsvError)
      throw new ImportFileError('broken-csv', IMPORT_FILE_MESSAGES.brokenCsv(row + 1, csvProblem(error)));
    throw error;
  } finally {
    source.destroy();
    await flowing;
  }
}
