/**
 * Imports of 20,000 rows, as a stalker moving years of culls in would send them: Cull Log's own CSV export, and the
 * same rows in an XLSX workbook (written by exceljs). For each, the preview (read, map, check every row, look for
 * duplicates; nothing written) and the commit (read again, write the records in batches of 500 a transaction), in
 * rows per second, with the process's peak memory (RSS) above what it held before: rows are streamed and appended
 * in batches, so it should stay flat whatever the number of rows.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { pino } from 'pino';
import { CSV_COLUMNS, CSV_BOM, csvHeader, csvRow, toCsvLine } from '@cull-log/domain';
import { openFileBlobStore } from '@cull-log/blobstore';
import { openSqliteEventStore } from '@cull-log/eventstore';
import { IDENTITY_HEADER, type Identity } from '@cull-log/service-kit';
import { TEST_PUBLIC_KEY, signedIdentity } from '@cull-log/service-kit/testing';
import { buildApp } from '../src/app';
import { openSqliteReadModel } from '../src/read-model/sqlite-cull-read-model';
import { fieldsFor } from './records-bench-kit';

/** 20,000, the most an import takes; IMPORT_BENCH_ROWS sets another number (to profile a smaller run). */
const ROWS = Number(process.env.IMPORT_BENCH_ROWS ?? 20_000);
const MB = 1024 * 1024;
const INVITATION_SECRET = 'records-benchmark-secret-0123456789abcdef';

/** Row `index` as the export writes it, with a tag of its own so that no two rows are the same cull. */
function exportRow(index: number): string[] {
  return csvRow({ ...fieldsFor(index), carcass_tag: `BENCH-${index}` });
}

function csvFile(): Buffer {
  const lines = [CSV_BOM + csvHeader];
  for (let index = 0; index < ROWS; index += 1) lines.push(toCsvLine(exportRow(index)));
  return Buffer.from(lines.join(''), 'utf8');
}

async function xlsxFile(folder: string): Promise<Buffer> {
  const path = join(folder, 'culls.xlsx');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path });
  const sheet = workbook.addWorksheet('Culls');
  sheet.addRow(CSV_COLUMNS.map((column) => column.header)).commit();
  for (let index = 0; index < ROWS; index += 1) sheet.addRow(exportRow(index)).commit();
  sheet.commit();
  await workbook.commit();
  return readFileSync(path);
}

/** A multipart body with the file in `file`, as a browser sends it. */
function multipart(name: string, type: string, bytes: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----cull-log-bench-${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  return {
    body: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** The highest RSS seen while `work` runs, sampled every 5 ms. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, process.memoryUsage.rss()) };
  } finally {
    clearInterval(sampler);
  }
}

async function main(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'cull-log-imports-bench-'));
  const store = openSqliteEventStore({ file: join(folder, 'records.db') });
  const app = buildApp({
    store,
    readModel: openSqliteReadModel({ database: store.database }),
    blobs: openFileBlobStore({ directory: join(folder, 'blobs') }),
    logger: pino({ level: 'silent' }),
    internalAuthPublicKey: TEST_PUBLIC_KEY,
    invitationSecret: INVITATION_SECRET,
  });
  await app.ready();
  const send = (
    user: Identity,
    method: 'POST',
    url: string,
    payload?: { body: Buffer; contentType: string },
  ) =>
    app.inject({
      method,
      url,
      headers: {
        [IDENTITY_HEADER]: signedIdentity('records', user, {
          method,
          url,
          payload: payload?.body,
          now: new Date(),
        }),
        ...(payload === undefined ? {} : { 'content-type': payload.contentType }),
      },
      ...(payload === undefined ? {} : { payload: payload.body }),
    });

  const files = [
    { name: 'culls.csv', type: 'text/csv', bytes: csvFile() },
    {
      name: 'culls.xlsx',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      bytes: await xlsxFile(folder),
    },
  ];
  try {
    for (const [index, file] of files.entries()) {
      // Each file its own user, so neither import finds the other's records already there.
      const user: Identity = { uid: `bench-importer-${index}`, display_name: 'Bench', email: null };
      global.gc?.();
      const baseline = process.memoryUsage.rss();
      const previewStart = performance.now();
      const previewed = await peakRss(() =>
        send(user, 'POST', '/imports', multipart(file.name, file.type, file.bytes)),
      );
      const previewSeconds = (performance.now() - previewStart) / 1000;
      if (previewed.result.statusCode !== 200)
        throw new Error(`the preview answered ${previewed.result.statusCode}: ${previewed.result.body}`);
      const preview = previewed.result.json() as { id: string; rows_ready: number; rows_total: number };
      if (preview.rows_ready !== ROWS)
        throw new Error(
          `${preview.rows_ready} of ${preview.rows_total} rows ready: ${previewed.result.body.slice(0, 500)}`,
        );

      const commitStart = performance.now();
      const committed = await peakRss(() => send(user, 'POST', `/imports/${preview.id}/commit`));
      const commitSeconds = (performance.now() - commitStart) / 1000;
      if (committed.result.statusCode !== 200)
        throw new Error(`the commit answered ${committed.result.statusCode}: ${committed.result.body}`);
      const { imported } = committed.result.json() as { imported: number };

      const growth = (peak: number) => `${((peak - baseline) / MB).toFixed(0)} MB`;
      console.log(
        `import of ${ROWS.toLocaleString('en-GB')} rows from ${file.name} (${(file.bytes.length / MB).toFixed(1)} MB): ` +
          `preview ${Math.round(ROWS / previewSeconds).toLocaleString('en-GB')} rows/s (${previewSeconds.toFixed(1)} s), ` +
          `commit ${Math.round(imported / commitSeconds).toLocaleString('en-GB')} rows/s (${commitSeconds.toFixed(1)} s, ` +
          `${imported.toLocaleString('en-GB')} records); peak RSS growth: preview ${growth(previewed.peak)}, ` +
          `commit ${growth(committed.peak)} (RSS before ${(baseline / MB).toFixed(0)} MB)`,
      );
    }
  } finally {
    await app.close();
    await store.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
