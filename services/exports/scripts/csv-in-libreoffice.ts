/**
 * `npm run check:spreadsheet -w services/exports` (by hand, not in CI: it needs LibreOffice, `soffice` on the PATH):
 * makes a real culls.csv through the service and has LibreOffice convert it to XLSX headless, both with its own
 * default for a CSV file and with UTF-8 chosen (as its Text Import dialog sets it), then reads each workbook back
 * (with exceljs when it can be imported, and through LibreOffice's UTF-8 CSV export) and reports the
 * "Temperature (°C)" header and a name with an accent as read. The same file without its byte-order mark is
 * converted beside it, to show what the mark changes.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import { TEST_PUBLIC_KEY, identityHeadersFor } from '@cull-log/service-kit/testing';
import { exportsService } from '../src/exports-service';
import { openSqliteExportStore } from '../src/store/sqlite';

const identityHeaders = identityHeadersFor('exports');

const NOW = new Date();
const directory = mkdtempSync(join(tmpdir(), 'cull-log-csv-in-libreoffice-'));
const store = openSqliteExportStore({ file: join(directory, 'exports.db') });
const app = exportsService.buildApp({
  projectionStore: store,
  logger: pino({ level: 'silent' }),
  internalAuthPublicKey: TEST_PUBLIC_KEY,
  now: () => NOW,
});

/** The ways of opening a CSV file tried: LibreOffice's own default, and UTF-8 chosen (comma, double quote). */
const OPENINGS: Record<string, readonly string[]> = {
  "LibreOffice's default": [],
  'UTF-8 chosen': ['--infilter=CSV:44,34,76'],
};

const soffice = (...args: string[]) => execFileSync('soffice', ['--headless', ...args], { stdio: 'ignore' });

/** Converts a CSV file to XLSX as LibreOffice opens it; answers the workbook's file and its first two rows as read. */
function toWorkbook(csvFile: string, opening: readonly string[]) {
  const output = join(directory, `opened-${Math.random().toString(36).slice(2)}`);
  soffice(...opening, '--convert-to', 'xlsx', '--outdir', output, csvFile);
  const xlsx = join(
    output,
    csvFile
      .split('/')
      .at(-1)!
      .replace(/\.csv$/, '.xlsx'),
  );
  soffice('--convert-to', 'csv:Text - txt - csv (StarCalc):44,34,76', '--outdir', join(output, 'back'), xlsx);
  const back = readFileSync(join(output, 'back', csvFile.split('/').at(-1)!), 'utf8');
  const [header = '', row = ''] = back.split(/\r?\n/);
  return { xlsx, header: header.split(','), row: row.split(',') };
}

/** The workbook's first sheet's header cells and first row, read by exceljs; undefined when exceljs is not installed. */
async function readWithExcelJs(xlsx: string): Promise<{ header: string[]; row: string[] } | undefined> {
  const exceljs = (await import('exceljs' as string).catch(() => undefined)) as
    { default?: { Workbook: new () => ExcelWorkbook }; Workbook?: new () => ExcelWorkbook } | undefined;
  const Workbook = exceljs?.default?.Workbook ?? exceljs?.Workbook;
  if (Workbook === undefined) return undefined;
  const workbook = new Workbook();
  await workbook.xlsx.readFile(xlsx);
  const sheet = workbook.worksheets[0]!;
  const cells = (index: number) => sheet.getRow(index).values.slice(1);
  const text = (index: number) => Array.from(cells(index), (value) => String(value ?? ''));
  return { header: text(1), row: text(2) };
}

/** What of exceljs the check uses. */
interface ExcelWorkbook {
  xlsx: { readFile(file: string): Promise<unknown> };
  worksheets: { getRow(index: number): { values: unknown[] } }[];
}

const temperatureOf = (cells: readonly string[]) =>
  cells.find((cell) => cell.includes('Temperature')) ?? '(none)';
const notesOf = (cells: readonly string[]) => cells.find((cell) => cell.includes('Jo Bront')) ?? '(none)';

try {
  const log = createSampleEventLog();
  await store.apply(
    log.recorded('alice', { notes: 'Shot by Jo Brontë', weather: { temperature_c: -4, cloud: 'Overcast' } }),
  );
  const url = '/exports/culls.csv';
  const bytes = (await app.inject({ method: 'GET', url, headers: identityHeaders('alice', url, NOW) }))
    .rawPayload;
  const withMark = join(directory, 'culls.csv');
  const withoutMark = join(directory, 'culls-without-mark.csv');
  writeFileSync(withMark, bytes);
  writeFileSync(withoutMark, bytes.subarray(3));
  const firstBytes = [...bytes.subarray(0, 3)].map((byte) => byte.toString(16)).join(' ');
  console.log(`culls.csv: ${bytes.length} bytes, starting ${firstBytes}`);

  for (const file of [withMark, withoutMark])
    for (const [opening, options] of Object.entries(OPENINGS)) {
      const { xlsx, header, row } = toWorkbook(file, options);
      console.log(`\n${file.split('/').at(-1)}, ${opening}:`);
      console.log(
        `  back through LibreOffice: ${temperatureOf(header)} | ${notesOf(row)} | first cell ${JSON.stringify(header[0])}`,
      );
      const read = await readWithExcelJs(xlsx);
      if (read === undefined)
        console.log('  exceljs is not installed (`npm install --no-save exceljs` to read with it)');
      else
        console.log(
          `  read with exceljs: ${temperatureOf(read.header)} | ${notesOf(read.row)} | ${read.header.length} columns, ` +
            `first ${JSON.stringify(read.header[0])}, last ${JSON.stringify(read.header.slice(-3))}`,
        );
    }
} finally {
  await app.close();
  await store.close();
  rmSync(directory, { recursive: true, force: true });
}
