/**
 * Records service benchmark on the embedded SQLite store: creates per second and list latency (median, p99)
 * for one user holding 10, 1,000 and 100,000 records, and the map's answers (GET /culls/locations, GET
 * /culls/map-points, GET /culls/at) for one user holding 10,000 and 100,000 located records. `npm run bench -- list`
 * or `npm run bench -- map` runs one part alone; `npm run bench -- search` times searches of each kind of term. Every request goes through the app (`app.inject`), with a signed
 * identity, validation, the event store and the read model, as in production minus the socket.
 *
 * Seeding: records are decided by the domain and appended with the read model updated in the append's
 * transaction, exactly as the API does; 5,000 appends are in flight at a time, so the store commits them in groups.
 */
import { performance } from 'node:perf_hooks';
import { LIMITS, MAP_POINTS_LIMIT, type MapPointsResponse } from '@cull-log/contracts';
import { fieldsFor, located, openBench, summary, timeRequests, timedRequests } from './records-bench-kit';

const SIZES = [10, 1_000, 100_000];
const TIMED_CREATES = 300;
const LIST_RUNS = 200;
const MAP_SIZES = [10_000, 100_000];
/** Records of the map's user that have no coordinates: they must cost the map nothing. */
const MAP_UNLOCATED = 2_000;
const MAP_RUNS = 50;
const SEARCH_SIZES = [1_000, 100_000];
const SEARCH_RUNS = 200;
const PARTS = ['list', 'map', 'search'] as const;

async function run(size: number): Promise<void> {
  const { request, seed, close } = await openBench();
  const seedSeconds = await seed(0, size);
  const listed = await request('GET', '/culls?page_size=1');
  if (listed.json().total !== size) throw new Error(`seeded ${listed.json().total}, wanted ${size}`);

  const createStarted = performance.now();
  for (let index = 0; index < TIMED_CREATES; index += 1) {
    const response = await request('POST', '/culls', fieldsFor(size + index));
    if (response.statusCode !== 201) throw new Error(`create answered ${response.statusCode}`);
  }
  const createsPerSecond = TIMED_CREATES / ((performance.now() - createStarted) / 1000);
  const total = size + TIMED_CREATES;

  // The last page, or the deepest a list may be asked for (LIMITS.pageMax): a page past it is refused.
  const lastPage = Math.min(Math.ceil(total / 10), LIMITS.pageMax);
  const rare = '/culls?q=hanger%2042&sort=date&order=desc&page_size=10';
  const rareLastPage = Math.max(
    1,
    Math.ceil((await request('GET', rare)).json<{ total: number }>().total / 10),
  );
  const lists: [string, string][] = [
    ['first page, sort by date', '/culls?sort=date&order=desc&page=1&page_size=10'],
    ['first page, sort by location', '/culls?sort=location_name&order=asc&page=1&page_size=10'],
    ['search "roe" (1 in 8 match)', '/culls?q=roe&sort=date&order=desc&page=1&page_size=10'],
    ['search "hanger 42" (rare)', `${rare}&page=1`],
    ['search "hanger 42", last page', `${rare}&page=${rareLastPage}`],
    ['search "ro" (too short to index)', '/culls?q=ro&sort=date&order=desc&page=1&page_size=10'],
    ['deepest page, sort by date', `/culls?sort=date&order=desc&page=${lastPage}&page_size=10`],
  ];
  console.log(`\n${size.toLocaleString('en-GB')} records (seeded in ${seedSeconds.toFixed(1)} s)`);
  console.log(
    `  creates: ${createsPerSecond.toFixed(0)} per second (${TIMED_CREATES} sequential POST /culls)`,
  );
  for (const [label, url] of lists) {
    console.log(`  ${label.padEnd(34)} ${await timeRequests(request, url, LIST_RUNS)}`);
  }
  await close();
}

async function runMap(size: number): Promise<void> {
  const { request, seed, close } = await openBench();
  const seedSeconds =
    (await seed(0, size, (index) => ({ ...fieldsFor(index), ...located(index) }))) +
    (await seed(size, size + MAP_UNLOCATED));
  const answer = await request('GET', '/culls/locations');
  const items = answer.json<{ items: unknown[] }>().items;
  const expected = Math.min(size, MAP_POINTS_LIMIT);
  if (items.length !== expected) throw new Error(`the map answered ${items.length}, wanted ${expected}`);
  const points = await request('GET', '/culls/map-points');
  const pointCount = points.json<MapPointsResponse>().points.length;
  const { latitude, longitude } = located(size - 1);

  console.log(
    `\n${size.toLocaleString('en-GB')} located records and ${MAP_UNLOCATED.toLocaleString('en-GB')} ` +
      `without coordinates (seeded in ${seedSeconds.toFixed(1)} s)`,
  );
  const kilobytes = (body: string) => `${(Buffer.byteLength(body) / 1024).toFixed(0)} KiB of JSON`;
  const maps: [string, string, string][] = [
    ['map: GET /culls/locations', '/culls/locations', kilobytes(answer.body)],
    [
      'map: GET /culls/map-points',
      '/culls/map-points',
      `${kilobytes(points.body)}, ${(Buffer.byteLength(points.body) / pointCount).toFixed(1)} bytes a point`,
    ],
    ['map: GET /culls/at (a marker)', `/culls/at?latitude=${latitude}&longitude=${longitude}`, 'one record'],
  ];
  for (const [label, url, note] of maps) {
    console.log(
      `  ${label.padEnd(34)} ${await timeRequests(request, url, MAP_RUNS)} (${MAP_RUNS} runs, ${note})`,
    );
  }
  await close();
}

/** One record in this many has a shooter, whose name is the rare word a search looks for. */
const RARE_EVERY = 1_000;

/** Search latency by kind of term, for one user holding `size` records. */
async function runSearch(size: number): Promise<void> {
  const { request, seed, close } = await openBench();
  const seedSeconds = await seed(0, size, (index) => ({
    ...fieldsFor(index),
    ...(index % RARE_EVERY === 7 ? { shooter: 'Ffion Pritchard' } : {}),
  }));
  const searches: [string, string][] = [
    ['common word "wood" (1 in 6)', 'wood'],
    ['rare word "pritchard" (1 in 1,000)', 'pritchard'],
    ['number "142" (1 in 200)', '142'],
    ['mix "wood 42" (1 in 582)', 'wood 42'],
    ['short "ro" (too short to index)', 'ro'],
    ['no match "zebra"', 'zebra'],
  ];
  console.log(`\n${size.toLocaleString('en-GB')} records (seeded in ${seedSeconds.toFixed(1)} s)`);
  for (const [label, term] of searches) {
    const url = `/culls?q=${encodeURIComponent(term)}&sort=date&order=desc&page=1&page_size=10`;
    const total = (await request('GET', url)).json<{ total: number }>().total;
    const samples = await timedRequests(request, url, SEARCH_RUNS);
    const seconds = samples.reduce((sum, sample) => sum + sample, 0) / 1000;
    console.log(
      `  ${label.padEnd(36)} ${(SEARCH_RUNS / seconds).toFixed(0).padStart(5)} req/s, ${summary(samples)}` +
        ` (${total.toLocaleString('en-GB')} found)`,
    );
  }
  await close();
}

const only = process.argv[2];
if (only !== undefined && !(PARTS as readonly string[]).includes(only)) {
  throw new Error(`Unknown part "${only}": name one of ${PARTS.join(', ')}, or none for all`);
}

console.log(`Records benchmark, embedded SQLite, Node ${process.version}, one user`);
if (only === undefined || only === 'list') {
  console.log(`List latency over ${LIST_RUNS} runs per list`);
  for (const size of SIZES) await run(size);
}
if (only === undefined || only === 'map') for (const size of MAP_SIZES) await runMap(size);
if (only === undefined || only === 'search') {
  console.log(`Search over ${SEARCH_RUNS} sequential runs per term, page 1 of 10 by date`);
  for (const size of SEARCH_SIZES) await runSearch(size);
}
