import { toCsvLine } from '@cull-log/domain';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { afterAll, describe, expect, it } from 'vitest';
import { ImportFileError, openSpreadsheet, type SpreadsheetRow } from './index';
import { fixture, scratchFolder } from './test-files';

const scratch = scratchFolder();
afterAll(() => scratch.remove());

async function allRows(opened: { rows(): AsyncIterable<SpreadsheetRow> }) {
  const rows: SpreadsheetRow[] = [];
  for await (const row of opened.rows()) rows.push(row);
  return rows;
}

const DIARY_COLUMNS = ['Date', 'Time', 'Species', 'Sex', 'Location', 'Weight (kg)', 'Notes'];
const DIARY_ROWS = [
  {
    row: 2,
    cells: [
      '2024-11-05',
      '06:30',
      'Roe Deer',
      'Female',
      'Home Wood',
      '14.5',
      'Clean shot, dropped on the spot',
    ],
  },
  {
    row: 3,
    cells: ['2024-11-12', '16:05', 'Fallow Deer', 'Male', 'Long Meadow', '41', 'Said "a big one"\nline two'],
  },
  { row: 4, cells: ['2025-01-20', '07:45', 'Muntjac', 'Female', 'Top Copse', '9.8'] },
];

describe('reading a CSV', () => {
  it('reads UTF-8 without a BOM, comma-separated with LF lines, a quoted value holding a comma, quotes and a line break', async () => {
    const opened = await openSpreadsheet(fixture('diary-utf8.csv'));
    expect(opened).toMatchObject({
      format: 'csv',
      encoding: 'utf-8',
      delimiter: ',',
      sheets: [],
      sheet: null,
    });
    expect(opened.columns).toEqual(DIARY_COLUMNS);
    expect(await allRows(opened)).toEqual(DIARY_ROWS);
  });

  it('reads UTF-8 with a BOM and CRLF lines the same, the BOM not in the first column’s name', async () => {
    const opened = await openSpreadsheet(fixture('diary-bom-crlf.csv'));
    expect(opened.columns).toEqual(DIARY_COLUMNS);
    expect(await allRows(opened)).toEqual(DIARY_ROWS);
  });

  it('reads a semicolon-separated CSV (Excel in much of Europe), its decimal commas left for the mapping', async () => {
    const opened = await openSpreadsheet(fixture('diary-semicolon.csv'));
    expect(opened.delimiter).toBe(';');
    expect(opened.columns).toEqual(DIARY_COLUMNS);
    const rows = await allRows(opened);
    expect(rows.map((row) => row.cells[5])).toEqual(['14,5', '41', '9,8']);
    expect(rows[1]!.cells[6]).toBe('Said "a big one"\nline two');
  });

  it('reads a tab-separated CSV', async () => {
    const opened = await openSpreadsheet(fixture('diary-tab.csv'));
    expect(opened.delimiter).toBe('\t');
    expect(await allRows(opened)).toEqual(DIARY_ROWS);
  });

  it('reads the separator Excel names on a first line of its own, the header counted as row 1 as Excel shows it', async () => {
    const file = scratch.file('sep.csv', 'sep=;\r\nDate;Species;Weight\r\n05/11/2024;Roe Deer;14,5\r\n');
    const opened = await openSpreadsheet(file);
    expect(opened).toMatchObject({ delimiter: ';', columns: ['Date', 'Species', 'Weight'] });
    expect(await allRows(opened)).toEqual([{ row: 2, cells: ['05/11/2024', 'Roe Deer', '14,5'] }]);
  });

  it('reads Windows-1252 (not valid UTF-8) with its £ and é', async () => {
    const opened = await openSpreadsheet(fixture('diary-windows-1252.csv'));
    expect(opened.encoding).toBe('windows-1252');
    expect(await allRows(opened)).toEqual([
      {
        row: 2,
        cells: ['05/11/2024', '06:30', 'Roe Deer', 'Female', 'Bois de la Forêt', 'Sold for £45 to the café'],
      },
    ]);
  });

  it('reads UTF-16 with its BOM (Excel’s “Unicode text”), tab-separated', async () => {
    const text = '\uFEFFDate\tSpecies\tNotes\r\n05/11/2024\tRoe Deer\tJo Brontë’s\r\n';
    const file = scratch.file('unicode.txt', iconv.encode(text, 'utf-16le'));
    const opened = await openSpreadsheet(file);
    expect(opened).toMatchObject({
      encoding: 'utf-16le',
      delimiter: '\t',
      columns: ['Date', 'Species', 'Notes'],
    });
    expect(await allRows(opened)).toEqual([{ row: 2, cells: ['05/11/2024', 'Roe Deer', 'Jo Brontë’s'] }]);
  });

  it('skips blank rows but numbers every row as the spreadsheet shows it, a quoted line break counting once', async () => {
    const file = scratch.file(
      'blanks.csv',
      'Date,Species,Notes\n\n2024-11-05,Roe Deer,"two\nlines"\n,,\n   ,\n2024-11-06,Red Deer,\n',
    );
    const rows = await allRows(await openSpreadsheet(file));
    expect(rows).toEqual([
      { row: 3, cells: ['2024-11-05', 'Roe Deer', 'two\nlines'] },
      { row: 6, cells: ['2024-11-06', 'Red Deer'] },
    ]);
  });

  it('reads back without its apostrophe the text Cull Log’s own export kept from running as a formula', async () => {
    const values = ['=SUM(A1:A3)', '-in the wood', '@home', '+44 1234', '-5', "'quoted by the user", 'plain'];
    const file = scratch.file(
      'export.csv',
      toCsvLine(['Notes', 'A', 'B', 'C', 'D', 'E', 'F']) + toCsvLine(values),
    );
    const [row] = await allRows(await openSpreadsheet(file));
    expect(row!.cells).toEqual(values);
  });

  it('can read its rows again from the start', async () => {
    const opened = await openSpreadsheet(fixture('diary-utf8.csv'));
    expect(await allRows(opened)).toEqual(await allRows(opened));
  });

  it('refuses a CSV whose quoted value is never closed, naming the row', async () => {
    const file = scratch.file('broken.csv', 'Date,Notes\n2024-11-05,"never closed\n2024-11-06,fine\n');
    const opened = await openSpreadsheet(file);
    await expect(allRows(opened)).rejects.toThrow(/^Row 2 cannot be read: a quoted value is never closed/);
    await expect(allRows(opened)).rejects.toBeInstanceOf(ImportFileError);
  });
});

describe('any bytes at all', () => {
  it('read as rows or refused with an ImportFileError, never another error', async () => {
    let index = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)),
          fc
            .array(
              fc.array(
                fc.constantFrom(
                  'a',
                  '"',
                  ',',
                  ';',
                  '\t',
                  '\n',
                  '\r',
                  ' ',
                  'é',
                  '£',
                  '05/11/2024',
                  "'=x",
                  '\u0000',
                ),
                { maxLength: 40 },
              ),
              { maxLength: 30 },
            )
            .map((lines) => Buffer.from(lines.map((line) => line.join('')).join('\n'))),
        ),
        async (content) => {
          const file = scratch.file(`any-${index++}.csv`, content);
          try {
            const opened = await openSpreadsheet(file);
            for (const row of await allRows(opened)) expect(row.row).toBeGreaterThan(1);
          } catch (error) {
            expect(error).toBeInstanceOf(ImportFileError);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
