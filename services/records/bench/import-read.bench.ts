/**
 * Import readers' benchmark: a 20,000-row Cull Log CSV export and the same rows as an XLSX and an ODS, each opened,
 * streamed and every row mapped into a POST /culls body, as the import's preview does. Prints rows per second and
 * how far the heap rose, measured after a garbage collection every 5,000 rows when run with --expose-gc (a streamed
 * read keeps it flat). No store, no HTTP: the import API's own benchmark times those.
 *
 *   NODE_OPTIONS=--expose-gc npm run bench:import-read -w @cull-log/records
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { IMPORT_LIMITS } from '@cull-log/contracts';
import {
  CSV_BOM,
  exportCsvHeader,
  exportCsvRow,
  guessMapping,
  mapRow,
  toCsvLine,
  type ImportCell,
} from '@cull-log/domain';
import ExcelJS from 'exceljs';
import { openSpreadsheet } from '../src/imports/read';
import { odsParts, zipOf } from '../src/imports/read/test-files';
import { fieldsFor } from './records-bench-kit';

const ROWS = IMPORT_LIMITS.maxRows;
const folder = mkdtempSync(join(tmpdir(), 'cull-log-import-bench-'));
const header = exportCsvHeader
  .trim()
  .split(',')
  .map((quoted) => quoted.slice(1, -1));
const rowOf = (index: number) =>
  exportCsvRow(fieldsFor(index), null, { id: `id-${index}`, outingStartedAt: null });

function writeCsv(): string {
  const path = join(folder, 'culls.csv');
  const lines = [CSV_BOM + exportCsvHeader];
  for (let index = 0; index < ROWS; index++) lines.push(toCsvLine(rowOf(index)));
  writeFileSync(path, lines.join(''));
  return path;
}

async function writeXlsx(): Promise<string> {
  const path = join(folder, 'culls.xlsx');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Culls');
  sheet.addRow(header).commit();
  for (let index = 0; index < ROWS; index++)
    sheet.addRow(rowOf(index).map((value) => (value === '' ? null : value))).commit();
  await workbook.commit();
  return path;
}

const xmlText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
const odsRow = (values: readonly string[]) =>
  `<table:table-row>${values.map((value) => (value === '' ? '<table:table-cell/>' : `<table:table-cell office:value-type="string"><text:p>${xmlText(value)}</text:p></table:table-cell>`)).join('')}</table:table-row>`;

async function writeOds(): Promise<string> {
  const path = join(folder, 'culls.ods');
  const rows = [odsRow(header)];
  for (let index = 0; index < ROWS; index++) rows.push(odsRow(rowOf(index)));
  writeFileSync(
    path,
    await zipOf(odsParts(`<table:table table:name="Culls">${rows.join('')}</table:table>`)),
  );
  return path;
}

async function time(name: string, path: string): Promise<void> {
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let peakHeap = heapBefore;
  const started = performance.now();
  const opened = await openSpreadsheet({ path, name });
  const mapping = guessMapping(opened.columns, []);
  const context = { now: new Date(), grounds: [] };
  let ready = 0;
  let count = 0;
  let mappingMs = 0;
  for await (const row of opened.rows()) {
    const mapStarted = performance.now();
    if (mapRow(row.cells as ImportCell[], mapping, {}, context).ok) ready += 1;
    mappingMs += performance.now() - mapStarted;
    if (++count % 5000 === 0) {
      global.gc?.();
      peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  if (count !== ROWS || ready !== ROWS)
    throw new Error(`${name}: read ${count} rows, ${ready} ready; wanted ${ROWS}`);
  const rise = (peakHeap - heapBefore) / (1024 * 1024);
  console.log(
    `${name}: ${ROWS.toLocaleString('en-GB')} rows read and mapped in ${seconds.toFixed(2)} s (mapping ${(mappingMs / 1000).toFixed(2)} s), ${Math.round(ROWS / seconds).toLocaleString('en-GB')} rows/s; heap rose at most ${rise.toFixed(1)} MB, RSS ${(process.memoryUsage().rss / (1024 * 1024)).toFixed(0)} MB`,
  );
}

try {
  const csv = writeCsv();
  const xlsx = await writeXlsx();
  const ods = await writeOds();
  await time('CSV', csv);
  await time('XLSX', xlsx);
  await time('ODS', ods);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
