/**
 * `npm run bench:larder -w services/exports`: the larder book's read of one season over real HTTP from the SQLite
 * projection, for a user whose other seasons hold 1,000 and then 100,000 records (`BENCH_OTHER_ROWS`), the
 * season itself always 200 carcasses. A flat read costs the same at both sizes: the table prints the median
 * time of a read of `GET /larder` and of the store's season list, and their ratio.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import { TEST_SECRET, identityHeaders } from '@cull-log/service-kit/testing';
import { exportsService } from '../exports-service';
import { openSqliteExportStore } from '../store/sqlite';

const SEASON_ROWS = 200;
const SIZES = (process.env.BENCH_OTHER_ROWS ?? '1000,100000').split(',').map(Number);
const READS = 300;
const NOW = new Date('2026-11-20T12:00:00Z');

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function measure(otherRows: number) {
  const directory = mkdtempSync(join(tmpdir(), 'cull-log-larder-bench-'));
  const store = openSqliteExportStore({ file: join(directory, 'exports.db') });
  const log = createSampleEventLog();
  const dayOf = (index: number, firstYear: number, years: number) =>
    `${firstYear + (index % years)}-${String(1 + (index % 12)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`;
  for (let index = 0; index < otherRows; index++) {
    // Dates from 2006 to 2024, every month: the twenty seasons 2005/06 to 2024/25.
    log.recorded('stalker', { date: dayOf(index, 2006, 19), carcass_tag: `O-${index}` });
    if (log.events.length >= 5000) await store.applyBatch(log.events.splice(0));
  }
  for (let index = 0; index < SEASON_ROWS; index++) {
    log.recorded('stalker', {
      date: `2026-${String(4 + (index % 8)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`,
      carcass_tag: `S-${index}`,
      carcass_destination: index % 2 === 0 ? 'Game dealer' : 'Own use',
    });
  }
  await store.applyBatch(log.events.splice(0));

  const app = exportsService.buildApp({
    projectionStore: store,
    logger: pino({ level: 'silent' }),
    internalAuthSecret: TEST_SECRET,
    now: () => NOW,
  });
  await app.ready();
  const url = '/larder?season=2026/27';
  const read = async () => {
    const response = await app.inject({ method: 'GET', url, headers: identityHeaders('stalker', url, NOW) });
    if (response.json().items.length !== SEASON_ROWS) throw new Error('the season did not read back whole');
  };
  for (let warm = 0; warm < 30; warm++) await read();
  const pageTimes: number[] = [];
  for (let index = 0; index < READS; index++) {
    const started = performance.now();
    await read();
    pageTimes.push(performance.now() - started);
  }
  const seasonTimes: number[] = [];
  for (let index = 0; index < READS; index++) {
    const started = performance.now();
    await store.larderSeasons('stalker', '04-01');
    seasonTimes.push(performance.now() - started);
  }
  await app.close();
  await store.close();
  rmSync(directory, { recursive: true, force: true });
  return { otherRows, page: median(pageTimes), seasons: median(seasonTimes) };
}

const results = [];
for (const size of SIZES) results.push(await measure(size));
const first = results[0];
console.table(
  results.map((result) => ({
    'other seasons rows': result.otherRows,
    'GET /larder (200 carcasses), median ms': result.page.toFixed(2),
    'season list, median ms': result.seasons.toFixed(3),
    'GET /larder vs first size': first ? (result.page / first.page).toFixed(2) : '',
  })),
);
