/**
 * `npm run bench -w services/exports`: CSV export of 100,000 rows over real HTTP from the SQLite
 * projection, reporting rows per second (the median of three downloads after a warm-up), the process's peak
 * RSS while streaming, and csv-stringify alone writing the same rows from memory in the same process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'csv-stringify';
import { pino } from 'pino';
import { CSV_COLUMNS } from '@cull-log/domain';
import { exportsService } from '../exports-service';
import { openSqliteExportStore } from '../store/sqlite';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import { TEST_PUBLIC_KEY, identityHeadersFor } from '@cull-log/service-kit/testing';

const identityHeaders = identityHeadersFor('exports');

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const directory = mkdtempSync(join(tmpdir(), 'cull-log-exports-bench-'));
const store = openSqliteExportStore({ file: join(directory, 'exports.db') });
const log = createSampleEventLog();
const seedStarted = performance.now();
for (let index = 0; index < ROWS; index++) {
  log.recorded('stalker', {
    notes: `Row ${index}: wind NW, light rain, "steady" shot`,
    shot_distance: '150 meters, 80 yards',
    weight: 10 + (index % 900) / 10,
  });
  // Someone else's rows share the table, as they would in service.
  if (index % 10 === 0) log.recorded('neighbour');
  // Applied a page at a time, as a catch-up applies them; dropping them keeps the seed data out of the RSS figures.
  if (log.events.length >= 1000 || index === ROWS - 1) await store.applyBatch(log.events.splice(0));
}
const seedSeconds = (performance.now() - seedStarted) / 1000;

const app = exportsService.buildApp({
  projectionStore: store,
  logger: pino({ level: 'silent' }),
  internalAuthPublicKey: TEST_PUBLIC_KEY,
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('no port');
const { port } = address;

global.gc?.();
const rssBefore = process.memoryUsage().rss;
let peakRss = rssBefore;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 5);

const url = '/exports/culls.csv';
function download(): Promise<{ bytes: number; lines: number; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        path: url,
        headers: identityHeaders('stalker', url, new Date()),
      },
      (response) => {
        let total = 0;
        let newlines = 0;
        response.on('data', (chunk: Buffer) => {
          total += chunk.length;
          for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) newlines += 1;
        });
        response.on('end', () =>
          resolve({ bytes: total, lines: newlines, seconds: (performance.now() - started) / 1000 }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const RUNS = 3;
const runs: { bytes: number; lines: number; seconds: number }[] = [];
// One more download than is counted: the first warms the JIT.
for (let run = 0; run <= RUNS; run++) runs.push(await download());
const { bytes, lines } = runs[0]!;
const seconds = median(runs.slice(1).map((run) => run.seconds));
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage().rss);

/** csv-stringify alone writing the same rows, from memory, quoted and CRLF-ended as the export is. */
async function csvStringifySeconds(rows: readonly object[]): Promise<number> {
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const stringifier = stringify([...rows], {
      header: true,
      columns: CSV_COLUMNS.map(({ field, header }) => ({ key: field, header })),
      quoted: true,
      record_delimiter: 'windows',
      cast: { boolean: (value) => (value ? 'Yes' : 'No') },
    });
    stringifier.on('data', () => undefined);
    stringifier.on('error', reject);
    stringifier.on('end', resolve);
  });
  return (performance.now() - started) / 1000;
}
const sameRows: object[] = [];
for await (const row of store.rows('stalker', {})) sameRows.push(row);
const stringifyRuns: number[] = [];
for (let run = 0; run <= RUNS; run++) stringifyRuns.push(await csvStringifySeconds(sameRows));
const stringifySeconds = median(stringifyRuns.slice(1));

// Every note holds no line break, so lines = header + rows.
if (lines !== ROWS + 1) throw new Error(`expected ${ROWS + 1} lines, got ${lines}`);
console.log(
  `CSV export: ${ROWS.toLocaleString('en-GB')} rows, ${megabytes(bytes)} over HTTP from the SQLite projection`,
);
console.log(
  `projection seeding through store.applyBatch, 1,000 events a batch: ${Math.round(ROWS / seedSeconds).toLocaleString('en-GB')} events/s`,
);
console.log(`export: ${seconds.toFixed(2)} s, ${Math.round(ROWS / seconds).toLocaleString('en-GB')} rows/s`);
console.log(
  `csv-stringify alone, same rows from memory: ${Math.round(ROWS / stringifySeconds).toLocaleString('en-GB')} rows/s; export ÷ csv-stringify ${(stringifySeconds / seconds).toFixed(2)}`,
);
console.log(
  `RSS before export ${megabytes(rssBefore)}, peak during export ${megabytes(peakRss)} (+${megabytes(peakRss - rssBefore)}; the file is ${megabytes(bytes)})`,
);

await app.close();
await store.close();
rmSync(directory, { recursive: true, force: true });
