/**
 * Erasing an account on the embedded SQLite store, and what it costs everyone else meanwhile: one user holds 10,000
 * records and 200 photos among 100,000 records of twenty others. While `DELETE /account` runs, another user reads
 * their first page, one due every few milliseconds; the figures are the erasure's time and that reader's wait from when
 * each read was due (median, p99, longest)
 * beside the same reads with nothing else going on. `npm run bench -- erasure`
 */
import { performance } from 'node:perf_hooks';
import { phoneJpeg, multipartBody } from '../src/testing/photo-files';
import { fieldsFor, openBench, readsDuring, waitsOf, type Seeding } from './records-bench-kit';

const ERASED: Seeding['user'] = { uid: 'bench-erased', display_name: 'Leaving', email: null };
const READER: Seeding['user'] = { uid: 'bench-reader-0', display_name: 'Reader', email: null };
const ERASED_RECORDS = 10_000;
const PHOTOS = 200;
const OTHERS = 20;
const OTHERS_RECORDS = 100_000;
const BASELINE_READS = 200;
const READ_EVERY_MS = 5;
const READ = '/culls?sort=date&order=desc&page=1&page_size=25';

const { request, seed, close } = await openBench();
try {
  const perOther = OTHERS_RECORDS / OTHERS;
  let seconds = 0;
  for (let other = 0; other < OTHERS; other += 1) {
    const user = { uid: `bench-reader-${other}`, display_name: `Other ${other}`, email: null };
    seconds += await seed(other * perOther, (other + 1) * perOther, fieldsFor, { user });
  }
  seconds += await seed(0, ERASED_RECORDS, fieldsFor, { user: ERASED });
  console.log(
    `Seeded ${OTHERS_RECORDS.toLocaleString('en-GB')} records of ${OTHERS} others and ` +
      `${ERASED_RECORDS.toLocaleString('en-GB')} of the user to erase in ${seconds.toFixed(1)} s`,
  );

  const theirs: { id: string }[] = [];
  for (let page = 1; theirs.length < PHOTOS; page += 1) {
    const listed = await request('GET', `/culls?page=${page}&page_size=100`, undefined, ERASED);
    theirs.push(...listed.json<{ items: { id: string }[] }>().items.slice(0, PHOTOS - theirs.length));
  }
  const photo = multipartBody([
    {
      filename: 'IMG_0001.jpg',
      contentType: 'image/jpeg',
      bytes: await phoneJpeg({ width: 1600, height: 1200 }),
    },
  ]);
  const photosStarted = performance.now();
  for (const record of theirs) {
    const added = await request('POST', `/culls/${record.id}/photos`, photo.payload, ERASED, photo.headers);
    if (added.statusCode !== 201) throw new Error(`photo answered ${added.statusCode}: ${added.body}`);
  }
  console.log(
    `Added ${theirs.length} photos in ${((performance.now() - photosStarted) / 1000).toFixed(1)} s`,
  );

  const {
    result: erased,
    operationMs: erasureMs,
    baseline,
    during,
  } = await readsDuring(
    request,
    { url: READ, reader: READER, baselineReads: BASELINE_READS, everyMs: READ_EVERY_MS },
    () => request('DELETE', '/account', undefined, ERASED),
  );
  console.log(`Another user's first page, nothing else going on: ${waitsOf(baseline)}`);
  if (erased.statusCode !== 200) throw new Error(`erasure answered ${erased.statusCode}: ${erased.body}`);
  console.log(
    `Erased ${ERASED_RECORDS.toLocaleString('en-GB')} records and ${theirs.length} photos in ` +
      `${(erasureMs / 1000).toFixed(2)} s (${JSON.stringify(erased.json())})`,
  );
  console.log(`The same reads during the erasure: ${waitsOf(during)}`);
  const left = (await request('GET', '/culls?page=1&page_size=1', undefined, ERASED)).json<{
    total: number;
  }>();
  if (left.total !== 0) throw new Error(`${left.total} records left after the erasure`);
} finally {
  await close();
}
