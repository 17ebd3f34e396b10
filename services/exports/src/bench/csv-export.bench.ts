/**
 * `npm run bench -w services/exports`: CSV export of 100,000 rows over real HTTP from the SQLite
 * projection, reporting rows per second and the process's peak RSS while streaming.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { exportsService } from '../exports-service';
import { openSqliteExportStore } from '../store/sqlite-export-store';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import { TEST_SECRET, identityHeaders } from '@cull-log/service-kit/testing';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const directory = mkdtempSync(join(tmpdir(), 'cull-log-exports-bench-'));
const store = openSqliteExportStore({ file: join(directory, 'exports.db') });
const log = createSampleEventLog();
const seedStarted = performance.now();
for (let index = 0; index < ROWS; index++) {
  await store.apply(
    log.recorded('stalker', {
      notes: `Row ${index}: wind NW, light rain, "steady" shot`,
      shot_distance: '150 meters, 80 yards',
      weight: 10 + (index % 900) / 10,
    }),
  );
  // Someone else's rows share the table, as they would in service.
  if (index % 10 === 0) await store.apply(log.recorded('neighbour'));
  // The helper keeps every event it makes; dropping them keeps the seed data out of the RSS figures.
  log.events.length = 0;
}
const seedSeconds = (performance.now() - seedStarted) / 1000;

const app = exportsService.buildApp({
  projectionStore: store,
  logger: pino({ level: 'silent' }),
  internalAuthSecret: TEST_SECRET,
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('no port');

global.gc?.();
const rssBefore = process.memoryUsage().rss;
let peakRss = rssBefore;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 5);

const url = '/exports/culls.csv';
const started = performance.now();
const { bytes, lines } = await new Promise<{ bytes: number; lines: number }>((resolve, reject) => {
  const outgoing = request(
    {
      host: '127.0.0.1',
      port: address.port,
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
      response.on('end', () => resolve({ bytes: total, lines: newlines }));
      response.on('error', reject);
    },
  );
  outgoing.on('error', reject);
  outgoing.end();
});
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage().rss);

// Every note holds no line break, so lines = header + rows.
if (lines !== ROWS + 1) throw new Error(`expected ${ROWS + 1} lines, got ${lines}`);
console.log(
  `CSV export: ${ROWS.toLocaleString('en-GB')} rows, ${megabytes(bytes)} over HTTP from the SQLite projection`,
);
console.log(
  `projection seeding through store.apply: ${Math.round(ROWS / seedSeconds).toLocaleString('en-GB')} events/s`,
);
console.log(`export: ${seconds.toFixed(2)} s, ${Math.round(ROWS / seconds).toLocaleString('en-GB')} rows/s`);
console.log(
  `RSS before export ${megabytes(rssBefore)}, peak during export ${megabytes(peakRss)} (+${megabytes(peakRss - rssBefore)}; the file is ${megabytes(bytes)})`,
);

await app.close();
await store.close();
rmSync(directory, { recursive: true, force: true });
