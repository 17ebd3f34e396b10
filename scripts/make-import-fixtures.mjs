#!/usr/bin/env node
/**
 * Builds the import readers' fixtures (services/records/src/imports/read/fixtures/) the way users make them: CSVs in
 * the encodings and separators spreadsheet programs write, and XLSX and ODS files saved by a real spreadsheet
 * program, LibreOffice run headless, from the CSV and flat-ODS sources written here. Run it again after changing a
 * source; the files it makes are committed, so the tests need no LibreOffice.
 *
 *   node scripts/make-import-fixtures.mjs
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, renameSync } from 'node:fs';
import { Buffer } from 'node:buffer';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';

const fixtures = fileURLToPath(new URL('../services/records/src/imports/read/fixtures/', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'cull-log-fixtures-'));

/** A few culls, as a stalker's own diary might hold them: a note with a comma, a quote and a line break. */
const DIARY = [
  ['Date', 'Time', 'Species', 'Sex', 'Location', 'Weight (kg)', 'Notes'],
  ['2024-11-05', '06:30', 'Roe Deer', 'Female', 'Home Wood', '14.5', 'Clean shot, dropped on the spot'],
  ['2024-11-12', '16:05', 'Fallow Deer', 'Male', 'Long Meadow', '41', 'Said "a big one"\nline two'],
  ['2025-01-20', '07:45', 'Muntjac', 'Female', 'Top Copse', '9.8', ''],
];

const csvField = (value) => (/[",;\t\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
const csvText = (rows, separator, lineEnd) =>
  rows.map((row) => row.map(csvField).join(separator)).join(lineEnd) + lineEnd;

function write(name, content) {
  writeFileSync(join(fixtures, name), content);
}

// CSVs as spreadsheet programs and other apps write them.
write('diary-utf8.csv', csvText(DIARY, ',', '\n'));
write('diary-bom-crlf.csv', '\uFEFF' + csvText(DIARY, ',', '\r\n'));
write(
  'diary-semicolon.csv',
  csvText(
    DIARY.map((row) => row.map((cell) => cell.replace(/^(\d+)\.(\d+)$/, '$1,$2'))),
    ';',
    '\r\n',
  ),
);
write('diary-tab.csv', csvText(DIARY, '\t', '\n'));
/** Excel's "CSV (Comma delimited)" on Windows writes Windows-1252: £ and é are one byte each, not UTF-8. */
const WESTERN = [
  ['Date', 'Time', 'Species', 'Sex', 'Location', 'Notes'],
  ['05/11/2024', '06:30', 'Roe Deer', 'Female', 'Bois de la Forêt', 'Sold for £45 to the café'],
];
write('diary-windows-1252.csv', Buffer.from(csvText(WESTERN, ',', '\r\n'), 'latin1'));

/** First Light Cull Diary's CSV export as it writes it: its own header, a BOM, CRLF lines, its own words for values. */
const FIRST_LIGHT = [
  [
    'Date',
    'Time',
    'Species',
    'Sex',
    'Location',
    'Ground',
    'Weight(kg)',
    'Tag',
    'Calibre',
    'Distance(m)',
    'Placement',
    'Age class',
    'Shooter',
    'Destination',
    'Notes',
  ],
  [
    '2024-11-05',
    '06:30',
    'Roe Deer',
    'Doe',
    'Home Wood',
    'North Beat',
    '14.5',
    'FL-001',
    '.243',
    '95',
    'Heart / Lung',
    'Adult',
    'Sam',
    'Game Dealer',
    'Clean, quick',
  ],
  [
    '2024-11-12',
    '16:05',
    'Fallow',
    'Buck',
    'Long Meadow',
    'North Beat',
    '48',
    'FL-002',
    '.308',
    '140',
    'High Shoulder',
    'Yearling',
    'Sam',
    'Own use',
    '',
  ],
  [
    '2025-01-20',
    '07:45',
    'Muntjac',
    'Doe',
    'Top Copse',
    '',
    '10.2',
    '',
    '.243',
    '60',
    'Neck',
    'Adult',
    'Jo',
    'Own use',
    '',
  ],
  [
    '2025-02-03',
    '17:10',
    'CWD',
    'Buck',
    'Fen Edge',
    '',
    '12',
    'FL-004',
    '.243',
    '110',
    'Spine',
    'Calf / Kid / Fawn',
    'Jo',
    'Given away',
    'Followed up',
  ],
  [
    '2025-02-14',
    '08:00',
    'Red Deer',
    'Hind',
    'Hill',
    'High Ground',
    '70',
    'FL-005',
    '.270',
    '180',
    'Haunch',
    'Adult',
    'Sam',
    'Game Dealer',
    '',
  ],
  [
    '2025-03-01',
    '07:20',
    'Sika',
    'Hind',
    'Forest Block',
    '',
    '35',
    'FL-006',
    '6.5x55',
    '150',
    'Abdomen',
    'Adult',
    'Sam',
    'Game Dealer',
    '',
  ],
];
write('first-light.csv', '\uFEFF' + csvText(FIRST_LIGHT, ',', '\r\n'));

function soffice(args) {
  execFileSync(
    'soffice',
    [`-env:UserInstallation=file://${join(work, 'profile')}`, '--headless', '--norestore', ...args],
    { stdio: 'ignore', timeout: 120_000 },
  );
}

/** A CSV saved by LibreOffice as a workbook: ISO dates and times become date and time cells, numbers numbers. */
function convertCsv(source, format, target) {
  const input = join(work, source);
  writeFileSync(input, csvText(DIARY, ',', '\n'));
  const filter = format === 'xlsx' ? 'xlsx:Calc MS Excel 2007 XML' : 'ods:calc8';
  soffice(['--infilter=CSV:44,34,76,1', '--convert-to', filter, '--outdir', work, input]);
  renameSync(join(work, source.replace(/\.csv$/, `.${format}`)), join(fixtures, target));
}

const xmlText = (text) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

/** One cell of a flat ODS source: text, a number, a date or time (styled so it is one), a formula, or repeated text. */
function cell(value) {
  if (typeof value === 'number')
    return `<table:table-cell office:value-type="float" office:value="${value}"><text:p>${value}</text:p></table:table-cell>`;
  if (typeof value === 'string')
    return value === ''
      ? '<table:table-cell/>'
      : `<table:table-cell office:value-type="string"><text:p>${xmlText(value)}</text:p></table:table-cell>`;
  if ('date' in value)
    return `<table:table-cell table:style-name="${value.date.includes('T') ? 'dateTime' : 'date'}" office:value-type="date" office:date-value="${value.date}"><text:p>${value.date}</text:p></table:table-cell>`;
  if ('time' in value)
    return `<table:table-cell table:style-name="time" office:value-type="time" office:time-value="${value.time}"><text:p>${value.text}</text:p></table:table-cell>`;
  if ('formula' in value)
    return `<table:table-cell table:formula="${value.formula}" office:value-type="float" office:value="${value.result}"><text:p>${value.result}</text:p></table:table-cell>`;
  return `<table:table-cell table:number-columns-repeated="${value.repeat}" office:value-type="string"><text:p>${xmlText(value.text)}</text:p></table:table-cell>`;
}
const table = (name, rows) =>
  `<table:table table:name="${name}">${rows.map((row) => `<table:table-row>${row.map(cell).join('')}</table:table-row>`).join('')}</table:table>`;

/** A flat ODS document (one XML file) that LibreOffice opens and saves as XLSX or ODS. */
const flatOds = (tables) => `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
  xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"
  xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"
  xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2"
  xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"
  xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0"
  office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.spreadsheet">
<office:automatic-styles>
  <number:date-style style:name="isoDate"><number:year number:style="long"/><number:text>-</number:text><number:month number:style="long"/><number:text>-</number:text><number:day number:style="long"/></number:date-style>
  <number:date-style style:name="isoDateTime"><number:year number:style="long"/><number:text>-</number:text><number:month number:style="long"/><number:text>-</number:text><number:day number:style="long"/><number:text> </number:text><number:hours number:style="long"/><number:text>:</number:text><number:minutes number:style="long"/></number:date-style>
  <number:time-style style:name="clock"><number:hours number:style="long"/><number:text>:</number:text><number:minutes number:style="long"/></number:time-style>
  <style:style style:name="date" style:family="table-cell" style:data-style-name="isoDate"/>
  <style:style style:name="dateTime" style:family="table-cell" style:data-style-name="isoDateTime"/>
  <style:style style:name="time" style:family="table-cell" style:data-style-name="clock"/>
</office:automatic-styles>
<office:body><office:spreadsheet>${tables.join('')}</office:spreadsheet></office:body></office:document>
`;

function convertFlatOds(name, tables, formats) {
  const input = join(work, `${name}.fods`);
  writeFileSync(input, flatOds(tables));
  for (const format of formats) {
    const filter = format === 'xlsx' ? 'xlsx:Calc MS Excel 2007 XML' : 'ods:calc8';
    soffice(['--convert-to', filter, '--outdir', work, input]);
    renameSync(join(work, `${name}.${format}`), join(fixtures, `${name}.${format}`));
  }
}

const HEADER = ['Date', 'Time', 'Species', 'Sex', 'Location', 'Weight (kg)'];

try {
  convertCsv('diary.csv', 'xlsx', 'diary.xlsx');
  convertCsv('diary-ods.csv', 'ods', 'diary.ods');
  // Two sheets: a summary first, the culls second, so the culls are read only when chosen by name.
  convertFlatOds(
    'two-sheets',
    [
      table('Summary', [
        ['Season', 'Culls'],
        ['2024-25', 2],
      ]),
      table('Culls', [
        HEADER,
        [
          { date: '2024-11-05' },
          { time: 'PT06H30M00S', text: '06:30' },
          'Roe Deer',
          'Female',
          'Home Wood',
          14.5,
        ],
        [
          { date: '2024-11-12' },
          { time: 'PT16H05M00S', text: '16:05' },
          'Fallow Deer',
          'Male',
          'Long Meadow',
          41,
        ],
      ]),
    ],
    ['xlsx', 'ods'],
  );
  // A weight worked out by a formula, which an import refuses: it holds no value of its own.
  convertFlatOds(
    'formula',
    [
      table('Culls', [
        HEADER,
        [
          { date: '2024-11-05' },
          { time: 'PT06H30M00S', text: '06:30' },
          'Roe Deer',
          'Female',
          'Home Wood',
          14.5,
        ],
        [
          { date: '2024-11-06' },
          { time: 'PT07H00M00S', text: '07:00' },
          'Roe Deer',
          'Female',
          'Home Wood',
          { formula: 'of:=[.F2]*2', result: 29 },
        ],
      ]),
    ],
    ['xlsx', 'ods'],
  );
  // The same value in neighbouring cells and empty rows between: LibreOffice writes them as repeated cells and rows.
  convertFlatOds(
    'repeated',
    [
      table('Culls', [
        ['Date', 'Species', 'Location', 'Ground', 'Notes'],
        [{ date: '2024-11-05' }, 'Roe Deer', { repeat: 2, text: 'Home Wood' }, 'x'],
        ['', '', '', '', ''],
        ['', '', '', '', ''],
        [{ date: '2025-02-01T07:15:00' }, 'Roe Deer', 'Top', '', 'y'],
      ]),
    ],
    ['ods'],
  );
  makeHillBook();
} finally {
  rmSync(work, { recursive: true, force: true });
}

/**
 * The end-to-end walk's workbook (web/e2e/fixtures/hill-book.xlsx): a stalker's own columns, weights in pounds, the
 * place under a header no rule knows ("Wood", which the user maps by hand), and one row dated 1890, refused.
 */
function makeHillBook() {
  const rows = [
    ['Date', 'Time', 'Species', 'Sex', 'Wood', 'Age', 'Condition', 'Placement', 'Weight (lbs)'],
    ['2025-11-03', '07:10', 'Roe Deer', 'Doe', 'Hanger Wood', 'Adult', 'Good', 'Heart/Lung', '30'],
    ['2025-11-18', '16:20', 'Fallow Deer', 'Doe', 'Long Spinney', 'Young', 'Fair', 'Neck', '66'],
    ['1890-03-01', '08:00', 'Muntjac', 'Buck', 'Hanger Wood', 'Adult', 'Good', 'Head/Neck', '24'],
    ['2026-01-09', '08:45', 'Muntjac', 'Doe', 'Hanger Wood', 'Adult', 'Good', 'Heart/Lung', '22'],
  ];
  const input = join(work, 'hill-book.csv');
  writeFileSync(input, csvText(rows, ',', '\n'));
  soffice([
    '--infilter=CSV:44,34,76,1',
    '--convert-to',
    'xlsx:Calc MS Excel 2007 XML',
    '--outdir',
    work,
    input,
  ]);
  const e2eFixtures = fileURLToPath(new URL('../web/e2e/fixtures/', import.meta.url));
  mkdirSync(e2eFixtures, { recursive: true });
  renameSync(join(work, 'hill-book.xlsx'), join(e2eFixtures, 'hill-book.xlsx'));
}
