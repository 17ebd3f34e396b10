/**
 * `npm run bench -- reads`: the one-process app's reads at 1,000 and at 100,000 records for one user, the
 * figures its performance targets are set on. For each size the log is seeded straight into a fresh DATA_DIR,
 * the app is built from the current source and started on it as `npm start` runs it, and autocannon drives it
 * over HTTP from another process, signed in with the development sign-in, beside a bare Fastify baseline.
 * Then a mixed load: 1,000 users with 100 records each, seeded and started the same way, each signed in, each
 * request as one of them chosen at random and drawn 60 % list page 1, 10 % search, 20 % stats, 10 % create.
 * Prints one table and the mixed load's section and writes both as JSON under the system's temporary folder.
 *
 * BENCH_SECONDS sets each load run's length (default 8); BENCH_SIZES the two sizes (default 1000,100000);
 * BENCH_MIXED_USERS the mixed load's users (default 1000).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { stringify } from 'csv-stringify';
import type { CullFields } from '@cull-log/contracts';
import { BENCH_EMAIL, benchFields, developmentUid, seedCulls, seedUsersCulls } from './bench-culls';
import {
  buildApp,
  removeBuild,
  runLoad,
  runMixedLoad,
  startApp,
  startBareFastify,
  type RunningApp,
} from './child-processes';
import { signIn, statsCatchUp, type Session } from './app-session';
import { expectStatus, httpRequest, streamRequest } from './http-client';
import type { LoadOptions, LoadResult } from './load';
import { LIST_PATH, type MixedKind, type MixedLoadOptions, type MixedLoadResult } from './mixed-requests';
import { renderMixedTable, type MixedFigures } from './mixed-report';
import { renderTable, tableRows, type SizeFigures } from './report';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARM_UP_SECONDS = 1;
const SIZES = (process.env.BENCH_SIZES ?? '1000,100000').split(',').map(Number) as [number, number];
const READ_CLIENTS = 50;
const WRITE_CLIENTS = 32;
const CSV_RUNS = 3;
const MAP_RUNS = 5;
const MIXED_USERS = Number(process.env.BENCH_MIXED_USERS ?? 1000);
const MIXED_RECORDS_PER_USER = 100;
const MIXED_SHARES: Record<MixedKind, number> = { list: 60, search: 10, stats: 20, create: 10 };
/** Distinct new records the mixed load's creates choose from. */
const MIXED_CREATE_BODIES = 100;
const RESULTS_FILE = join(tmpdir(), 'cull-log-bench-reads.json');

const sleep = (milliseconds: number) => new Promise((done) => setTimeout(done, milliseconds));
const count = (value: number) => value.toLocaleString('en-GB');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** Streams the user's CSV export once, counting its rows (one line each; the header is not one). */
async function downloadCsv(session: Session): Promise<{ rows: number; bytes: number; seconds: number }> {
  let bytes = 0;
  let lines = 0;
  const answer = await streamRequest(
    `${session.url}/api/exports/culls.csv`,
    { headers: session.headers },
    (chunk) => {
      bytes += chunk.length;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
    },
  );
  if (answer.status !== 200) throw new Error(`the CSV export answered ${answer.status}`);
  return { rows: lines - 1, bytes, seconds: answer.milliseconds / 1000 };
}

/**
 * Waits until the exports projection holds every record (it catches up beside the stats, on the same thread).
 * True when it already did at the first look, right after the stats caught up: both were done by then.
 */
async function exportsCatchUp(session: Session, records: number): Promise<boolean> {
  const deadline = performance.now() + 300_000;
  let firstLook = true;
  while ((await downloadCsv(session)).rows !== records) {
    if (performance.now() > deadline) throw new Error(`the CSV export did not reach ${records} rows`);
    firstLook = false;
    await sleep(1000);
  }
  return firstLook;
}

/** Waits until the app answers a trivial request quickly, so a slow run's backlog does not spill into the next. */
async function idle(session: Session): Promise<void> {
  const deadline = performance.now() + 30_000;
  while (performance.now() < deadline) {
    const answer = await httpRequest(`${session.url}/auth/options`);
    if (answer.milliseconds < 50) return;
    await sleep(200);
  }
}

async function load(session: Session, path: string, extra: Partial<LoadOptions> = {}): Promise<LoadResult> {
  const result = await runLoad<LoadOptions, LoadResult>({
    url: `${session.url}${path}`,
    connections: READ_CLIENTS,
    seconds: SECONDS,
    warmUpSeconds: WARM_UP_SECONDS,
    headers: session.headers,
    ...extra,
  });
  await idle(session);
  if (result.ok === 0)
    throw new Error(`${path}: no request succeeded (${JSON.stringify(result.statusCounts)})`);
  return result;
}

/** The bare Fastify baseline, serving `page` from memory in its own process. */
async function bareFastify(page: Buffer, runDir: string): Promise<LoadResult> {
  const pageFile = join(runDir, 'page.json');
  writeFileSync(pageFile, page);
  const baseline = await startBareFastify(pageFile);
  try {
    return await runLoad<LoadOptions, LoadResult>({
      url: `${baseline.url}/api/culls?page=1&page_size=10`,
      connections: READ_CLIENTS,
      seconds: SECONDS,
      warmUpSeconds: WARM_UP_SECONDS,
      headers: {},
    });
  } finally {
    await baseline.stop();
  }
}

/** What the map downloads: the compact points where the app has them, else every located record in full. */
const MAP_PATHS = ['/api/culls/map-points', '/api/culls/locations'];

/** The map's one answer: its size before compression and how long it took (median of a few). */
async function mapDownload(session: Session): Promise<SizeFigures['map']> {
  for (const path of MAP_PATHS) {
    const first = await httpRequest(`${session.url}${path}`, { headers: session.headers });
    if (first.status === 404) continue;
    if (first.status !== 200) throw new Error(`${path} answered ${first.status}`);
    // The first answer warmed the caches and is not timed.
    const timings: number[] = [];
    for (let run = 0; run < MAP_RUNS; run += 1) {
      timings.push(
        (await expectStatus(`${session.url}${path}`, 200, { headers: session.headers })).milliseconds,
      );
    }
    return { path, bytes: first.body.length, milliseconds: median(timings) };
  }
  throw new Error(`none of ${MAP_PATHS.join(', ')} answered`);
}

/** The whole CSV export, a few times; rows per second of the median run and the app's memory meanwhile. */
async function csvExport(app: RunningApp, session: Session, records: number): Promise<SizeFigures['csv']> {
  const rssBefore = app.rss();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    const rss = app.rss();
    if (rss !== undefined) rssPeak = Math.max(rssPeak ?? 0, rss);
  }, 10);
  const rates: number[] = [];
  let bytes = 0;
  try {
    for (let run = 0; run < CSV_RUNS; run += 1) {
      const download = await downloadCsv(session);
      if (download.rows !== records)
        throw new Error(`the CSV export had ${download.rows} rows, wanted ${records}`);
      rates.push(download.rows / download.seconds);
      bytes = download.bytes;
    }
  } finally {
    clearInterval(sampler);
  }
  return { rowsPerSecond: median(rates), bytes, rssBefore, rssPeak };
}

/** The export's columns; a part of a field that holds an object is named by its dotted path. */
const CSV_COLUMNS: {
  key: keyof CullFields | `${'calibre' | 'inspection' | 'weather'}.${string}`;
  header: string;
}[] = [
  { key: 'date', header: 'Date' },
  { key: 'time', header: 'Time' },
  { key: 'location_name', header: 'Location' },
  { key: 'species', header: 'Species' },
  { key: 'sex', header: 'Sex' },
  { key: 'age_estimate', header: 'Age' },
  { key: 'weight', header: 'Weight' },
  { key: 'condition', header: 'Condition' },
  { key: 'shot_placement', header: 'Shot Placement' },
  { key: 'shot_distance', header: 'Shot Distance' },
  { key: 'antlers_present', header: 'Antlers Present' },
  { key: 'antler_points', header: 'Antler Points' },
  { key: 'antler_condition', header: 'Antler Condition' },
  { key: 'notes', header: 'Notes' },
  { key: 'grid_ref', header: 'Grid Reference' },
  { key: 'latitude', header: 'Latitude' },
  { key: 'longitude', header: 'Longitude' },
  { key: 'condition_notes', header: 'Condition Notes' },
  { key: 'calibre.name', header: 'Calibre' },
  { key: 'calibre.bore_in', header: 'Bore (in)' },
  { key: 'bullet_weight_gr', header: 'Bullet Weight (gr)' },
  { key: 'bullet_type', header: 'Bullet Type' },
  { key: 'muzzle_velocity_fps', header: 'Muzzle Velocity (fps)' },
  { key: 'muzzle_energy_j', header: 'Muzzle Energy (J)' },
  { key: 'shooter', header: 'Shooter' },
  { key: 'carcass_tag', header: 'Carcass Tag' },
  { key: 'carcass_destination', header: 'Carcass Destination' },
  { key: 'game_dealer', header: 'Game Dealer' },
  { key: 'inspection.examined_by', header: 'Examined By' },
  { key: 'inspection.certificate_number', header: 'Certificate Number' },
  { key: 'inspection.abnormal_behaviour', header: 'Abnormal Behaviour' },
  { key: 'inspection.abnormalities', header: 'Abnormalities' },
  { key: 'inspection.other_abnormality', header: 'Other Abnormality' },
  { key: 'inspection.contamination_suspected', header: 'Contamination Suspected' },
  { key: 'weather.temperature_c', header: 'Temperature (°C)' },
  { key: 'weather.wind_speed_mph', header: 'Wind Speed (mph)' },
  { key: 'weather.wind_direction', header: 'Wind Direction' },
  { key: 'weather.cloud', header: 'Cloud' },
  { key: 'weather.precipitation', header: 'Precipitation' },
];

/**
 * csv-stringify alone, as a streaming export would use it: the same records written one by one with the
 * export's columns, quoted and CRLF-ended as it is, the output consumed as it comes.
 */
async function csvStringifyRowsPerSecond(records: number): Promise<number> {
  const rows = Array.from({ length: records }, (_, index) => benchFields(index));
  const rates: number[] = [];
  // One more run than is counted: the first warms the JIT, as the export's first download does.
  for (let run = 0; run <= CSV_RUNS; run += 1) {
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      const stringifier = stringify({
        header: true,
        columns: CSV_COLUMNS,
        quoted: true,
        record_delimiter: 'windows',
        cast: { boolean: (value) => (value ? 'Yes' : 'No') },
      });
      let bytes = 0;
      stringifier.on('data', (chunk: Buffer) => (bytes += chunk.length));
      stringifier.on('error', reject);
      stringifier.on('end', () => (bytes > 0 ? resolve() : reject(new Error('csv-stringify wrote nothing'))));
      for (const row of rows) stringifier.write(row);
      stringifier.end();
    });
    if (run > 0) rates.push(records / ((performance.now() - started) / 1000));
  }
  return median(rates);
}

/** The last few error lines of an app log (pino JSON, level 50 and up), or its tail when it has none. */
function lastErrors(logFile: string): string {
  const lines = readFileSync(logFile, 'utf8').trimEnd().split('\n');
  const errors = lines.filter((line) => /"level":(5|6)\d/.test(line));
  return (errors.length > 0 ? errors : lines).slice(-5).join('\n');
}

async function measure(records: number, runDir: string, userId: string): Promise<SizeFigures> {
  const dataDir = join(runDir, `data-${records}`);
  const seeded = await seedCulls(dataDir, userId, records);
  console.log(
    `\n${count(records)} records for ${userId}: seeded in ${seeded.seconds.toFixed(1)} s (${count(seeded.located)} located)`,
  );

  const logFile = join(runDir, `app-${records}.log`);
  const app = await startApp(dataDir, logFile);
  try {
    const startSeconds = (app.answeredAt - app.startedAt) / 1000;
    const session = await signIn(app, userId);
    const startToCaughtUpSeconds = await statsCatchUp(app, session, records);
    console.log(
      `  app answered after ${startSeconds.toFixed(2)} s; stats caught up after ${startToCaughtUpSeconds.toFixed(2)} s`,
    );
    const exportsCaughtUpWithStats = await exportsCatchUp(session, records);
    await idle(session);

    const stats = await load(session, '/api/stats');
    console.log(
      `  GET /api/stats: median ${stats.medianMs} ms, p99 ${stats.p99Ms} ms, ${stats.okPerSecond.toFixed(0)}/s`,
    );
    const firstPagePath = '/api/culls?page=1&page_size=10';
    const firstPage = await load(session, firstPagePath);
    const page = await expectStatus(`${session.url}${firstPagePath}`, 200, { headers: session.headers });
    const bare = await bareFastify(page.body, runDir);
    console.log(
      `  list page 1: ${firstPage.okPerSecond.toFixed(0)}/s, p99 ${firstPage.p99Ms} ms; bare Fastify ${bare.okPerSecond.toFixed(0)}/s`,
    );
    const search = await load(session, '/api/culls?q=wood%2042&page=1&page_size=10');
    console.log(`  search "wood 42": median ${search.medianMs} ms, p99 ${search.p99Ms} ms`);
    const { total } = JSON.parse(page.body.toString()) as { total: number };
    const lastPage = await load(session, `/api/culls?page=${Math.ceil(total / 10)}&page_size=10`);
    console.log(`  last page: median ${lastPage.medianMs} ms, p99 ${lastPage.p99Ms} ms`);
    const map = await mapDownload(session);
    console.log(`  map: ${map.path}, ${count(map.bytes)} bytes in ${map.milliseconds.toFixed(0)} ms`);
    const csv = await csvExport(app, session, records);
    console.log(`  CSV export: ${count(Math.round(csv.rowsPerSecond))} rows/s`);
    // Last: the creates add records, and the write limit they run into lasts a minute.
    const creates = await load(session, '/api/culls', {
      connections: WRITE_CLIENTS,
      warmUpSeconds: 0,
      createBody: { ...benchFields(records) },
    });
    console.log(
      `  creates: ${creates.okPerSecond.toFixed(0)}/s acknowledged, answers ${JSON.stringify(creates.statusCounts)}`,
    );
    await app.stop();

    // The same start with the projections already caught up: what the first start spent on anything else.
    const restart = await startApp(dataDir, join(runDir, `app-${records}-restart.log`));
    const restartSeconds = (restart.answeredAt - restart.startedAt) / 1000;
    await restart.stop();
    console.log(`  restarted with nothing to catch up: answered after ${restartSeconds.toFixed(2)} s`);

    return {
      records,
      located: seeded.located,
      seedSeconds: seeded.seconds,
      startSeconds,
      startToCaughtUpSeconds,
      restartSeconds,
      catchUpSeconds:
        startToCaughtUpSeconds > restartSeconds ? startToCaughtUpSeconds - restartSeconds : undefined,
      exportsCaughtUpWithStats,
      stats,
      firstPage,
      bareFastify: bare,
      search,
      lastPage,
      map,
      csv,
      csvStringifyRowsPerSecond: await csvStringifyRowsPerSecond(records),
      creates,
    };
  } catch (error) {
    console.error(`The app's last errors (${logFile}):\n${lastErrors(logFile)}`);
    throw error;
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The machine's one-minute load average: other work on it skews every figure, so the table states it. */
const load1 = () => (loadavg()[0] as number).toFixed(1);

/** The mixed load's user number `n`: their development sign-in e-mail. */
const mixedEmail = (n: number) => `mixed.stalker.${n}@cull-log.test`;

/** A word of the place of user `n`'s first record (their records are benchFields from `n × 100`). */
function mixedSearchWord(n: number): string {
  const word = benchFields(n * MIXED_RECORDS_PER_USER).location_name?.split(' ')[0];
  if (word === undefined || word.length < 3)
    throw new Error(`user ${n}'s first record has no place to search`);
  return word.toLowerCase();
}

/**
 * The mixed load: MIXED_USERS users with 100 records each seeded into a fresh DATA_DIR, the app started on it,
 * every user signed in, then mixed-load.ts drives it with READ_CLIENTS connections; then the bare Fastify
 * baseline answering one user's list page 1.
 */
async function measureMixed(runDir: string): Promise<MixedFigures> {
  const dataDir = join(runDir, 'data-mixed');
  const userIds = Array.from({ length: MIXED_USERS }, (_, n) => developmentUid(mixedEmail(n)));
  const seeded = await seedUsersCulls(dataDir, userIds, MIXED_RECORDS_PER_USER);
  console.log(
    `
Mixed load: ${count(MIXED_USERS)} users × ${MIXED_RECORDS_PER_USER} records seeded in ${seeded.seconds.toFixed(1)} s`,
  );

  const logFile = join(runDir, 'app-mixed.log');
  const app = await startApp(dataDir, logFile);
  try {
    const sessions: Session[] = [];
    for (const [n, userId] of userIds.entries()) sessions.push(await signIn(app, userId, mixedEmail(n)));
    const [first] = sessions as [Session];
    await statsCatchUp(app, first, seeded.records, MIXED_RECORDS_PER_USER);
    // Each user's word finds their own records: checked for the first user, as the load will ask it.
    const found = await expectStatus(
      `${app.url}/api/culls?q=${encodeURIComponent(mixedSearchWord(0))}&page=1&page_size=10`,
      200,
      { headers: first.headers },
    );
    const { total: foundTotal } = JSON.parse(found.body.toString()) as { total: number };
    if (foundTotal === 0)
      throw new Error(`searching "${mixedSearchWord(0)}" found none of the user's records`);
    console.log(`  ${count(sessions.length)} users signed in; stats caught up`);
    await idle(first);

    const options: MixedLoadOptions = {
      url: app.url,
      connections: READ_CLIENTS,
      seconds: SECONDS,
      warmUpSeconds: WARM_UP_SECONDS,
      users: sessions.map((session, n) => ({ headers: session.headers, searchWord: mixedSearchWord(n) })),
      shares: MIXED_SHARES,
      createBodies: Array.from({ length: MIXED_CREATE_BODIES }, (_, index) =>
        benchFields(seeded.records + index),
      ),
    };
    const optionsFile = join(runDir, 'mixed-load.json');
    writeFileSync(optionsFile, JSON.stringify(options));
    const loadBefore = load1();
    const mixed = await runMixedLoad<MixedLoadResult>(optionsFile);
    const loadAfter = load1();
    await idle(first);
    console.log(
      `  all: ${mixed.overall.okPerSecond.toFixed(0)}/s, p50 ${mixed.overall.p50Ms} ms, p99 ${mixed.overall.p99Ms} ms, ${mixed.errors} errors`,
    );
    const page = await expectStatus(`${app.url}${LIST_PATH}`, 200, { headers: first.headers });
    const bare = await bareFastify(page.body, runDir);
    console.log(`  bare Fastify, one user's list page 1: ${bare.okPerSecond.toFixed(0)}/s`);
    return {
      users: MIXED_USERS,
      recordsPerUser: MIXED_RECORDS_PER_USER,
      seedSeconds: seeded.seconds,
      shares: MIXED_SHARES,
      load: mixed,
      bareFastify: bare,
      loadAverage: { before: loadBefore, after: loadAfter },
    };
  } catch (error) {
    console.error(`The app's last errors (${logFile}):\n${lastErrors(logFile)}`);
    throw error;
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const started = performance.now();
const loadBefore = load1();
const runDir = mkdtempSync(join(tmpdir(), 'cull-log-bench-reads-'));
try {
  buildApp();
  const userId = developmentUid(BENCH_EMAIL);
  const [small, large] = SIZES;
  const smallFigures = await measure(small, runDir, userId);
  const largeFigures = await measure(large, runDir, userId);
  const mixedFigures = await measureMixed(runDir);
  const rows = tableRows(smallFigures, largeFigures);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `\nOne-process app, one user, ${READ_CLIENTS} clients (creates: ${WRITE_CLIENTS}), ${SECONDS} s per load run; ` +
      `took ${seconds.toFixed(0)} s; ${cpus().length} CPUs, load average ${loadBefore} before and ${load1()} after\n`,
  );
  console.log(renderTable(rows, small, large));
  console.log(`\nThe map's download is ${largeFigures.map.path}, before compression.`);
  console.log(
    `\nMixed load: ${count(mixedFigures.users)} users × ${mixedFigures.recordsPerUser} records, ` +
      `${READ_CLIENTS} connections, each request one of the users at random, ${SECONDS} s; ` +
      `load average ${mixedFigures.loadAverage.before} before and ${mixedFigures.loadAverage.after} after\n`,
  );
  console.log(renderMixedTable(mixedFigures));
  const refusedCreates =
    (largeFigures.creates.statusCounts['429'] ?? 0) + (smallFigures.creates.statusCounts['429'] ?? 0);
  if (refusedCreates > 0) {
    console.log(
      `\n${count(refusedCreates)} creates were refused 429: the gateway's write limit was in the way` +
        ' (this app does not read WRITE_RATE_LIMIT_PER_MINUTE).',
    );
  }
  writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify({ finishedAt: new Date().toISOString(), seconds, loadBefore, loadAfter: load1(), sizes: SIZES, rows, figures: [smallFigures, largeFigures], mixed: mixedFigures }, null, 2)}\n`,
  );
  console.log(`\nTable as JSON: ${RESULTS_FILE}`);
} finally {
  rmSync(runDir, { recursive: true, force: true });
  removeBuild();
}
