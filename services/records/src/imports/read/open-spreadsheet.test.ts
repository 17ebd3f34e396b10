import { IMPORT_LIMITS } from '@cull-log/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMPORT_FILE_MESSAGES,
  IMPORT_ROW_MESSAGES,
  ImportFileError,
  openSpreadsheet,
  type SpreadsheetRow,
} from './index';
import { fixture, odsParts, scratchFolder, withDeclaredSize, xlsxParts, zeros, zipOf } from './test-files';

const scratch = scratchFolder();
afterAll(() => scratch.remove());

async function allRows(opened: { rows(): AsyncIterable<SpreadsheetRow> }) {
  const rows: SpreadsheetRow[] = [];
  for await (const row of opened.rows()) rows.push(row);
  return rows;
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const SHEET =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Species</t></is></c></row></sheetData></worksheet>';

async function refusal(file: { path: string; name: string }) {
  const error = await openSpreadsheet(file).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ImportFileError);
  return error as ImportFileError;
}

describe('a file that cannot be imported', () => {
  it('an empty file, or one of blank lines only, is refused as empty', async () => {
    expect((await refusal(scratch.file('empty.csv', ''))).message).toBe(IMPORT_FILE_MESSAGES.empty);
    expect((await refusal(scratch.file('blank.csv', '\uFEFF\r\n , ,\r\n\r\n'))).code).toBe('empty');
  });

  it('a PNG renamed .csv or .xlsx, a PDF renamed .ods, and random bytes are not spreadsheets, whatever their names', async () => {
    for (const file of [
      scratch.file('photo.csv', PNG),
      scratch.file('photo.xlsx', PNG),
      scratch.file('letter.ods', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n')),
      scratch.file(
        'noise.csv',
        Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919) % 256)),
      ),
      scratch.file('page.csv', '<!doctype html><html><body>Culls</body></html>'),
    ]) {
      expect((await refusal(file)).message).toBe(IMPORT_FILE_MESSAGES.notSpreadsheet);
    }
  });

  it('an old Excel 97–2003 workbook is refused with how to save it as one Cull Log reads', async () => {
    const xls = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(512)]);
    expect((await refusal(scratch.file('culls.xls', xls))).message).toBe(IMPORT_FILE_MESSAGES.oldExcel);
  });

  it('a zip that is neither an XLSX nor an ODS is refused as a zip', async () => {
    const zip = await zipOf({ 'word/document.xml': '<w:document/>' });
    expect((await refusal(scratch.file('letter.xlsx', zip))).message).toBe(
      IMPORT_FILE_MESSAGES.zipNotSpreadsheet,
    );
  });

  it('a CSV named .xlsx is read as the CSV it is', async () => {
    const file = scratch.file('misnamed.xlsx', 'Species,Sex\nRoe Deer,Female\n');
    const opened = await openSpreadsheet(file);
    expect(opened.format).toBe('csv');
    expect(await allRows(opened)).toEqual([{ row: 2, cells: ['Roe Deer', 'Female'] }]);
  });

  it('a first row of values rather than names is refused: the file needs a header row', async () => {
    const file = scratch.file(
      'no-header.csv',
      '05/11/2024,06:30,Roe Deer,Female\n06/11/2024,07:00,Roe Deer,Male\n',
    );
    expect((await refusal(file)).message).toBe(IMPORT_FILE_MESSAGES.noHeader);
  });

  it('200 columns are refused, naming how many it has and how many are read', async () => {
    const header = Array.from({ length: 200 }, (_, index) => `Column ${index + 1}`).join(',');
    const error = await refusal(scratch.file('wide.csv', `${header}\n${'x,'.repeat(199)}x\n`));
    expect(error.code).toBe('too-many-columns');
    expect(error.message).toBe(
      'This file has 200 columns; Cull Log reads at most 100. Remove the columns you do not need and import again.',
    );
  });

  it('a row of 1 MB is refused on its own; the rows around it are read', async () => {
    const big = 'x'.repeat(1024 * 1024);
    const file = scratch.file(
      'big-row.csv',
      `Species,Notes\nRoe Deer,short\nRed Deer,${big}\nSika Deer,fine\n`,
    );
    expect(await allRows(await openSpreadsheet(file))).toEqual([
      { row: 2, cells: ['Roe Deer', 'short'] },
      { row: 3, cells: [], refusal: { column: null, reason: IMPORT_ROW_MESSAGES.tooLarge } },
      { row: 4, cells: ['Sika Deer', 'fine'] },
    ]);
  });

  it(`${IMPORT_LIMITS.maxRows.toLocaleString('en-GB')} rows are read; one more refuses the file as it streams`, async () => {
    const lines = (count: number) => `Species,Weight\n${'Roe Deer,14\n'.repeat(count)}`;
    const exact = await openSpreadsheet(scratch.file('exact.csv', lines(IMPORT_LIMITS.maxRows)));
    let count = 0;
    for await (const _row of exact.rows()) count += 1;
    expect(count).toBe(IMPORT_LIMITS.maxRows);

    const over = await openSpreadsheet(scratch.file('over.csv', lines(IMPORT_LIMITS.maxRows + 1)));
    let seen = 0;
    const error = await (async () => {
      for await (const _row of over.rows()) seen += 1;
    })().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ImportFileError);
    expect((error as ImportFileError).message).toBe(IMPORT_FILE_MESSAGES.tooManyRows);
    expect(seen).toBe(IMPORT_LIMITS.maxRows);
  });
});

describe('a zip bomb', () => {
  const OVER = IMPORT_LIMITS.maxUnpackedBytes + 1024 * 1024;
  let honest: Buffer;
  beforeAll(async () => {
    honest = await zipOf({ ...xlsxParts(SHEET), 'xl/media/padding.bin': zeros(OVER) });
  }, 60_000);

  it('an XLSX whose parts declare more than a cull diary could hold is refused before anything is unpacked', async () => {
    expect(honest.length).toBeLessThan(1024 * 1024);
    const error = await refusal(scratch.file('bomb.xlsx', honest));
    expect(error.code).toBe('zip-bomb');
    expect(error.message).toMatch(/^This file unpacks to far more than a cull diary could hold/);
  });

  it('an XLSX whose headers lie about the size is stopped while unpacking', async () => {
    const error = await refusal(
      scratch.file('liar.xlsx', withDeclaredSize(honest, 'xl/media/padding.bin', 1000)),
    );
    expect(error.code).toBe('zip-bomb');
  });

  it('an ODS whose content lies about its size is stopped while it is read', async () => {
    const parts = odsParts('<table:table table:name="S"></table:table>');
    const zip = await zipOf({ mimetype: parts.mimetype!, 'content.xml': zeros(OVER) });
    expect((await refusal(scratch.file('liar.ods', withDeclaredSize(zip, 'content.xml', 1000)))).code).toBe(
      'zip-bomb',
    );
    expect((await refusal(scratch.file('bomb.ods', zip))).code).toBe('zip-bomb');
  });

  it('an XLSX with bytes hidden between its parts is refused as damaged', async () => {
    const zip = await zipOf(xlsxParts(SHEET));
    const firstEntryEnd = zip.indexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04]), 4);
    const hidden = Buffer.concat([
      zip.subarray(0, firstEntryEnd),
      Buffer.alloc(64),
      zip.subarray(firstEntryEnd),
    ]);
    // Every offset after the hidden bytes moves by 64: patch the central directory so only the gap is wrong.
    const end = hidden.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    hidden.writeUInt32LE(hidden.readUInt32LE(end + 16) + 64, end + 16);
    let offset = hidden.readUInt32LE(end + 16);
    for (let entry = 0; entry < hidden.readUInt16LE(end + 10); entry++) {
      const local = hidden.readUInt32LE(offset + 42);
      if (local > 0) hidden.writeUInt32LE(local + 64, offset + 42);
      offset +=
        46 +
        hidden.readUInt16LE(offset + 28) +
        hidden.readUInt16LE(offset + 30) +
        hidden.readUInt16LE(offset + 32);
    }
    expect((await refusal(scratch.file('hidden.xlsx', hidden))).message).toBe(
      IMPORT_FILE_MESSAGES.brokenWorkbook,
    );
  });

  it('the fixtures LibreOffice saved pass the same checks', async () => {
    await expect(openSpreadsheet(fixture('diary.xlsx'))).resolves.toMatchObject({ format: 'xlsx' });
    await expect(openSpreadsheet(fixture('diary.ods'))).resolves.toMatchObject({ format: 'ods' });
  });
});
