import { IMPORT_LIMITS } from '@cull-log/contracts';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { IMPORT_ROW_MESSAGES, ImportFileError, openSpreadsheet, type SpreadsheetRow } from './index';
import { fixture, odsParts, scratchFolder, xlsxParts, zipOf } from './test-files';

const scratch = scratchFolder();
afterAll(() => scratch.remove());

async function allRows(opened: { rows(): AsyncIterable<SpreadsheetRow> }) {
  const rows: SpreadsheetRow[] = [];
  for await (const row of opened.rows()) rows.push(row);
  return rows;
}

const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);
const clock = (time: string) => new Date(`1899-12-30T${time}:00.000Z`);

const DIARY_ROWS = [
  {
    row: 2,
    cells: [
      day('2024-11-05'),
      clock('06:30'),
      'Roe Deer',
      'Female',
      'Home Wood',
      14.5,
      'Clean shot, dropped on the spot',
    ],
  },
  {
    row: 3,
    cells: [
      day('2024-11-12'),
      clock('16:05'),
      'Fallow Deer',
      'Male',
      'Long Meadow',
      41,
      'Said "a big one"\nline two',
    ],
  },
  { row: 4, cells: [day('2025-01-20'), clock('07:45'), 'Muntjac', 'Female', 'Top Copse', 9.8] },
];

describe.each([
  ['xlsx', 'diary.xlsx'],
  ['ods', 'diary.ods'],
] as const)('reading a workbook saved by LibreOffice as %s', (format, name) => {
  it('reads the first sheet: dates and times as Date cells, numbers as numbers, text with its line break', async () => {
    const opened = await openSpreadsheet(fixture(name));
    expect(opened.format).toBe(format);
    expect(opened.sheets).toHaveLength(1);
    expect(opened.sheet).toBe(opened.sheets[0]);
    expect(opened.columns).toEqual(['Date', 'Time', 'Species', 'Sex', 'Location', 'Weight (kg)', 'Notes']);
    expect(await allRows(opened)).toEqual(DIARY_ROWS);
  });
});

describe.each(['xlsx', 'ods'] as const)('a %s workbook of two sheets', (format) => {
  const file = fixture(`two-sheets.${format}`);

  it('lists both sheets and reads the first unless another is chosen', async () => {
    const opened = await openSpreadsheet(file);
    expect(opened).toMatchObject({
      sheets: ['Summary', 'Culls'],
      sheet: 'Summary',
      columns: ['Season', 'Culls'],
    });
    expect(await allRows(opened)).toEqual([{ row: 2, cells: ['2024-25', 2] }]);
  });

  it('reads the sheet chosen by name', async () => {
    const opened = await openSpreadsheet(file, { sheet: 'Culls' });
    expect(opened.sheet).toBe('Culls');
    expect(opened.columns).toEqual(['Date', 'Time', 'Species', 'Sex', 'Location', 'Weight (kg)']);
    expect(await allRows(opened)).toEqual([
      { row: 2, cells: [day('2024-11-05'), clock('06:30'), 'Roe Deer', 'Female', 'Home Wood', 14.5] },
      { row: 3, cells: [day('2024-11-12'), clock('16:05'), 'Fallow Deer', 'Male', 'Long Meadow', 41] },
    ]);
  });

  it('refuses a sheet it does not have, naming the sheets it has', async () => {
    await expect(openSpreadsheet(file, { sheet: 'Larder' })).rejects.toMatchObject({
      code: 'unknown-sheet',
      message: 'This workbook has no sheet called “Larder”. Its sheets are: “Summary”, “Culls”.',
    });
  });

  it('refuses the row with a formula at that column, and reads the others', async () => {
    const rows = await allRows(await openSpreadsheet(fixture(`formula.${format}`)));
    expect(rows[0]).toEqual({
      row: 2,
      cells: [day('2024-11-05'), clock('06:30'), 'Roe Deer', 'Female', 'Home Wood', 14.5],
    });
    expect(rows[1]).toMatchObject({ row: 3, refusal: { column: 5, reason: IMPORT_ROW_MESSAGES.formula } });
    expect(IMPORT_ROW_MESSAGES.formula).toBe(
      'A formula, not a value: paste the values in (Paste Special → Values) and import again.',
    );
  });
});

describe('reading an ODS', () => {
  it('honours repeated columns and rows as LibreOffice writes them, a date with a time kept whole', async () => {
    const opened = await openSpreadsheet(fixture('repeated.ods'));
    expect(opened.columns).toEqual(['Date', 'Species', 'Location', 'Ground', 'Notes']);
    expect(await allRows(opened)).toEqual([
      { row: 2, cells: [day('2024-11-05'), 'Roe Deer', 'Home Wood', 'Home Wood', 'x'] },
      { row: 5, cells: [new Date('2025-02-01T07:15:00.000Z'), 'Roe Deer', 'Top', null, 'y'] },
    ]);
  });

  it('reads typed values (percentage, currency, boolean, time) and ignores a comment’s text', async () => {
    const tables =
      '<table:table table:name="S"><table:table-row>' +
      ['A', 'B', 'C', 'D', 'E']
        .map(
          (name) =>
            `<table:table-cell office:value-type="string"><text:p>${name}</text:p></table:table-cell>`,
        )
        .join('') +
      '</table:table-row><table:table-row>' +
      '<table:table-cell office:value-type="percentage" office:value="0.25"><text:p>25%</text:p></table:table-cell>' +
      '<table:table-cell office:value-type="currency" office:value="45"><text:p>£45.00</text:p></table:table-cell>' +
      '<table:table-cell office:value-type="boolean" office:boolean-value="true"><text:p>TRUE</text:p></table:table-cell>' +
      '<table:table-cell office:value-type="time" office:time-value="PT18H05M00S"><text:p>18:05</text:p></table:table-cell>' +
      '<table:table-cell office:value-type="string"><office:annotation><text:p>a comment</text:p></office:annotation><text:p>two</text:p><text:p>para<text:s text:c="2"/>graphs</text:p></table:table-cell>' +
      '</table:table-row></table:table>';
    const file = scratch.file('typed.ods', await zipOf(odsParts(tables)));
    const rows = await allRows(await openSpreadsheet(file));
    expect(rows).toEqual([{ row: 2, cells: [0.25, 45, true, clock('18:05'), 'two\npara  graphs'] }]);
  });

  it('counts a header’s true width past the cells it keeps: 200 columns are refused as 200', async () => {
    const names = Array.from(
      { length: 200 },
      (_, index) =>
        `<table:table-cell office:value-type="string"><text:p>Column ${index + 1}</text:p></table:table-cell>`,
    );
    const file = scratch.file(
      'wide.ods',
      await zipOf(
        odsParts(
          `<table:table table:name="S"><table:table-row>${names.join('')}</table:table-row></table:table>`,
        ),
      ),
    );
    await expect(openSpreadsheet(file)).rejects.toMatchObject({
      code: 'too-many-columns',
      message: expect.stringMatching(/^This file has 200 columns/),
    });
  });

  it('refuses a cell of 1 MB as a row too large, without keeping the megabyte', async () => {
    const cells = '<table:table-cell office:value-type="string"><text:p>Notes</text:p></table:table-cell>';
    const big = `<table:table-cell office:value-type="string"><text:p>${'x'.repeat(1024 * 1024)}</text:p></table:table-cell>`;
    const file = scratch.file(
      'big.ods',
      await zipOf(
        odsParts(
          `<table:table table:name="S"><table:table-row>${cells}</table:table-row><table:table-row>${big}</table:table-row></table:table>`,
        ),
      ),
    );
    expect(await allRows(await openSpreadsheet(file))).toEqual([
      { row: 2, cells: [], refusal: { column: null, reason: IMPORT_ROW_MESSAGES.tooLarge } },
    ]);
  });

  it('caps repeats: thousands of empty columns and a million empty rows cost nothing; a row of values repeated past the limit refuses the file', async () => {
    const header =
      '<table:table-row><table:table-cell office:value-type="string"><text:p>Species</text:p></table:table-cell><table:table-cell table:number-columns-repeated="16383"/></table:table-row>';
    const emptyRows =
      '<table:table-row table:number-rows-repeated="1048000"><table:table-cell table:number-columns-repeated="16384"/></table:table-row>';
    const quiet = scratch.file(
      'quiet.ods',
      await zipOf(odsParts(`<table:table table:name="S">${header}${emptyRows}</table:table>`)),
    );
    const opened = await openSpreadsheet(quiet);
    expect(opened.columns).toEqual(['Species']);
    expect(await allRows(opened)).toEqual([]);

    const valueRows =
      '<table:table-row table:number-rows-repeated="1048000"><table:table-cell office:value-type="string"><text:p>Roe Deer</text:p></table:table-cell></table:table-row>';
    const loud = scratch.file(
      'loud.ods',
      await zipOf(odsParts(`<table:table table:name="S">${header}${valueRows}</table:table>`)),
    );
    await expect(allRows(await openSpreadsheet(loud))).rejects.toMatchObject({ code: 'too-many-rows' });
  });
});

describe('reading an XLSX made by hand', () => {
  it('reads inline and rich text, booleans and an error cell’s row refused at that column', async () => {
    const sheet =
      '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
      '<row r="1"><c r="A1" t="inlineStr"><is><t>Species</t></is></c><c r="B1" t="inlineStr"><is><t>Antlers</t></is></c><c r="C1" t="inlineStr"><is><t>Weight</t></is></c></row>' +
      '<row r="3"><c r="A3" t="inlineStr"><is><t>Roe Deer</t></is></c><c r="B3" t="b"><v>1</v></c><c r="C3"><v>14.5</v></c></row>' +
      '<row r="4"><c r="A4" t="inlineStr"><is><t>Red Deer</t></is></c><c r="C4" t="e"><v>#N/A</v></c></row>' +
      `</sheetData></worksheet>`;
    const file = scratch.file('hand.xlsx', await zipOf(xlsxParts(sheet)));
    const opened = await openSpreadsheet(file);
    expect(opened.columns).toEqual(['Species', 'Antlers', 'Weight']);
    expect(await allRows(opened)).toEqual([
      { row: 3, cells: ['Roe Deer', true, 14.5] },
      { row: 4, cells: ['Red Deer'], refusal: { column: 2, reason: IMPORT_ROW_MESSAGES.errorValue('#N/A') } },
    ]);
  });

  it('takes a header with a number among its names, and refuses a first row of numbers alone as no header', async () => {
    const sheetOf = (cells: string) =>
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1">${cells}</row></sheetData></worksheet>`;
    const named = scratch.file(
      'named.xlsx',
      await zipOf(
        xlsxParts(sheetOf('<c r="A1" t="inlineStr"><is><t>Species</t></is></c><c r="B1"><v>2024</v></c>')),
      ),
    );
    expect((await openSpreadsheet(named)).columns).toEqual(['Species', '2024']);
    const numbers = scratch.file(
      'numbers.xlsx',
      await zipOf(xlsxParts(sheetOf('<c r="A1"><v>14.5</v></c><c r="B1"><v>120</v></c>'))),
    );
    await expect(openSpreadsheet(numbers)).rejects.toMatchObject({ code: 'no-header' });
  });

  const SHEET =
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Species</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>Roe Deer</t></is></c></row></sheetData></worksheet>';
  const settle = (file: { path: string; name: string }) =>
    openSpreadsheet(file)
      .then((opened) => allRows(opened))
      .catch((thrown: unknown) => thrown);

  it.each([
    ['a worksheet cut short', { 'xl/worksheets/sheet1.xml': SHEET.slice(0, 200) }],
    ['a worksheet of garbage', { 'xl/worksheets/sheet1.xml': '\u0000\u0001<<>>&&&' }],
    ['a workbook part of garbage', { 'xl/workbook.xml': '<workbook><sheets><sheet name="Culls"' }],
  ])('refuses %s as damaged, without hanging', async (name, parts) => {
    const file = scratch.file(`${name}.xlsx`, await zipOf({ ...xlsxParts(SHEET), ...parts }));
    expect(await settle(file)).toBeInstanceOf(ImportFileError);
  });

  it.each([
    ['shared strings', { 'xl/sharedStrings.xml': '<sst><si><t>x</si></sst>' }],
    ['styles', { 'xl/styles.xml': '<styleSheet><numFmts count="1"><numFmt' }],
  ])(
    'reads past %s of garbage that its cells do not use, or refuses the file, without hanging',
    async (name, parts) => {
      const file = scratch.file(`${name}.xlsx`, await zipOf({ ...xlsxParts(SHEET), ...parts }));
      const settled = await settle(file);
      if (settled instanceof Error) expect(settled).toBeInstanceOf(ImportFileError);
      else expect(settled).toEqual([{ row: 2, cells: ['Roe Deer'] }]);
    },
  );

  it('reads at most the rows an import takes from a workbook', async () => {
    const rows = Array.from(
      { length: IMPORT_LIMITS.maxRows + 1 },
      (_, index) => `<row r="${index + 2}"><c r="A${index + 2}"><v>${index}</v></c></row>`,
    );
    const sheet = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Weight</t></is></c></row>${rows.join('')}</sheetData></worksheet>`;
    const file = scratch.file('many.xlsx', await zipOf(xlsxParts(sheet)));
    const opened = await openSpreadsheet(file);
    let seen = 0;
    await expect(
      (async () => {
        for await (const _row of opened.rows()) seen += 1;
      })(),
    ).rejects.toMatchObject({ code: 'too-many-rows' });
    expect(seen).toBe(IMPORT_LIMITS.maxRows);
  });
});

describe.each(['diary.xlsx', 'diary.ods'])('%s damaged', (name) => {
  const bytes = readFileSync(fixture(name).path);

  it('cut short or with bytes changed, is read or refused with an ImportFileError, never another error nor a hang', async () => {
    let index = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.integer({ min: 4, max: bytes.length - 1 }).map((length) => bytes.subarray(0, length)),
          fc
            .array(
              fc.tuple(fc.integer({ min: 0, max: bytes.length - 1 }), fc.integer({ min: 0, max: 255 })),
              { minLength: 1, maxLength: 8 },
            )
            .map((changes) => {
              const changed = Buffer.from(bytes);
              for (const [at, value] of changes) changed[at] = value;
              return changed;
            }),
        ),
        async (content) => {
          const file = scratch.file(`damaged-${index++}-${name}`, content);
          try {
            await allRows(await openSpreadsheet(file));
          } catch (error) {
            expect(error).toBeInstanceOf(ImportFileError);
          }
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);
});
