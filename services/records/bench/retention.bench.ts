/**
 * Removing records past retention on the embedded SQLite store, and what it costs everyone else meanwhile: one user
 * holds 10,000 records culled and entered in 2016 and 2,000 entered now, among 100,000 records of twenty others.
 * While `POST /account/retention` runs, another user reads their first page, one due every few milliseconds; the
 * figures are the removal's time and that reader's wait from when each read was due (median, p99, longest) beside the
 * same reads with nothing else going on. `npm run bench -- retention`
 */
import { fieldsFor, openBench, readsDuring, waitsOf, type Seeding } from './records-bench-kit';

const KEEPER: Seeding['user'] = { uid: 'bench-keeper', display_name: 'Keeper', email: null };
const READER: Seeding['user'] = { uid: 'bench-reader-0', display_name: 'Reader', email: null };
const OLD_RECORDS = 10_000;
const RECENT_RECORDS = 2_000;
const OTHERS = 20;
const OTHERS_RECORDS = 100_000;
const BASELINE_READS = 200;
const READ_EVERY_MS = 5;
const READ = '/culls?sort=date&order=desc&page=1&page_size=25';
const ENTERED_LONG_AGO = '2016-03-01T09:00:00.000Z';
/** Seven years before now, as the gateway's daily job gives it. */
const cutoff = new Date(Date.now() - 7 * 365.25 * 24 * 60 * 60 * 1000).toISOString();

const { request, seed, close } = await openBench();
try {
  const perOther = OTHERS_RECORDS / OTHERS;
  let seconds = 0;
  for (let other = 0; other < OTHERS; other += 1) {
    const user = { uid: `bench-reader-${other}`, display_name: `Other ${other}`, email: null };
    seconds += await seed(other * perOther, (other + 1) * perOther, fieldsFor, { user });
  }
  // Culled in 2015, entered in 2016.
  const oldFields = (index: number) => ({
    ...fieldsFor(index),
    date: `2015-0${1 + (index % 9)}-${String(10 + (index % 18))}`,
  });
  seconds += await seed(0, OLD_RECORDS, oldFields, { user: KEEPER, occurredAt: ENTERED_LONG_AGO });
  seconds += await seed(OLD_RECORDS, OLD_RECORDS + RECENT_RECORDS, fieldsFor, { user: KEEPER });
  console.log(
    `Seeded ${OTHERS_RECORDS.toLocaleString('en-GB')} records of ${OTHERS} others and ` +
      `${(OLD_RECORDS + RECENT_RECORDS).toLocaleString('en-GB')} of the user, ` +
      `${OLD_RECORDS.toLocaleString('en-GB')} of them past retention, in ${seconds.toFixed(1)} s`,
  );

  const {
    result: removed,
    operationMs: removalMs,
    baseline,
    during,
  } = await readsDuring(
    request,
    { url: READ, reader: READER, baselineReads: BASELINE_READS, everyMs: READ_EVERY_MS },
    () => request('POST', '/account/retention', { cutoff }, KEEPER),
  );
  console.log(`Another user's first page, nothing else going on: ${waitsOf(baseline)}`);
  if (removed.statusCode !== 200)
    throw new Error(`retention answered ${removed.statusCode}: ${removed.body}`);
  const ids = removed.json<{ record_ids: string[] }>().record_ids;
  console.log(
    `Removed ${ids.length.toLocaleString('en-GB')} records past retention in ${(removalMs / 1000).toFixed(2)} s`,
  );
  console.log(`The same reads during the removal: ${waitsOf(during)}`);
  if (ids.length !== OLD_RECORDS) throw new Error(`${ids.length} records removed, not ${OLD_RECORDS}`);
  const left = (await request('GET', '/culls?page=1&page_size=1', undefined, KEEPER)).json<{
    total: number;
  }>();
  if (left.total !== RECENT_RECORDS) throw new Error(`${left.total} records left, not ${RECENT_RECORDS}`);
  const again = await request('POST', '/account/retention', { cutoff }, KEEPER);
  console.log(`Asked again: ${again.json<{ record_ids: string[] }>().record_ids.length} more removed`);
} finally {
  await close();
}
