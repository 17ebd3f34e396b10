import { open } from 'node:fs/promises';
import { IMPORT_FILE_MESSAGES, ImportFileError } from './import-file-error';

/** What a file's first bytes say it is: text for a CSV, a zip (an XLSX or ODS, to be looked into), or neither. */
export type FileKind = { kind: 'text'; encoding: 'utf-8' | 'utf-16le' | 'unknown' } | { kind: 'zip' };

const SNIFF_BYTES = 8192;

/** The starts of files people pick by mistake, each refused with the same words. */
const NOT_SPREADSHEETS: readonly number[][] = [
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x52, 0x49, 0x46, 0x46], // RIFF: WebP, WAV, AVI
  [0x1f, 0x8b], // gzip
  [0x52, 0x61, 0x72, 0x21], // RAR
  [0x37, 0x7a, 0xbc, 0xaf], // 7-Zip
  [0x7b, 0x5c, 0x72, 0x74, 0x66], // {\rtf
];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];
const OLE_COMPOUND = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // Excel 97–2003 .xls
const UTF16LE_BOM = [0xff, 0xfe];

const startsWith = (bytes: Buffer, magic: readonly number[]) =>
  bytes.length >= magic.length && magic.every((byte, index) => bytes[index] === byte);

/** Whether bytes are text: no NUL, and hardly any control characters beside tab, line feed and carriage return. */
function looksLikeText(bytes: Buffer): boolean {
  let controls = 0;
  for (const byte of bytes) {
    if (byte === 0) return false;
    if (byte < 32 && byte !== 9 && byte !== 10 && byte !== 13 && byte !== 12) controls += 1;
  }
  return controls <= bytes.length / 100;
}

/** A text file that is plainly something else: a web page, XML, JSON. */
const NOT_TABLE_TEXT = /^\s*(<|\{|\[\s*[{"\d])/;

/**
 * What the file is, from its content and never its name (a PNG renamed .csv is still a PNG): text, a zip, or an
 * ImportFileError for an empty file or one that is not a spreadsheet.
 */
export async function sniffFile(path: string): Promise<FileKind> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    const bytes = buffer.subarray(0, bytesRead);
    if (bytes.length === 0) throw new ImportFileError('empty', IMPORT_FILE_MESSAGES.empty);
    if (startsWith(bytes, ZIP) || startsWith(bytes, EMPTY_ZIP)) return { kind: 'zip' };
    if (startsWith(bytes, OLE_COMPOUND))
      throw new ImportFileError('old-excel', IMPORT_FILE_MESSAGES.oldExcel);
    if (NOT_SPREADSHEETS.some((magic) => startsWith(bytes, magic)))
      throw new ImportFileError('not-spreadsheet', IMPORT_FILE_MESSAGES.notSpreadsheet);
    if (startsWith(bytes, UTF16LE_BOM)) return { kind: 'text', encoding: 'utf-16le' };
    if (!looksLikeText(bytes))
      throw new ImportFileError('not-spreadsheet', IMPORT_FILE_MESSAGES.notSpreadsheet);
    const start = bytes.toString('latin1').replace(/^\u00ef\u00bb\u00bf/, '');
    if (start.trim() === '') throw new ImportFileError('empty', IMPORT_FILE_MESSAGES.empty);
    if (NOT_TABLE_TEXT.test(start))
      throw new ImportFileError('not-spreadsheet', IMPORT_FILE_MESSAGES.notSpreadsheet);
    return { kind: 'text', encoding: 'unknown' };
  } finally {
    await handle.close();
  }
}
