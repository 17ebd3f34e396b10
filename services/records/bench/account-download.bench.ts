/**
 * The account download's memory: a user of 5,000 records, then of 20,000 (the erasure bench's user is 10,000), each
 * file of their download fetched over HTTP and read as it comes, with the process's peak RSS above what it held before
 * (after a full garbage collection), sampled every 2 ms, and the file's size and time. A download that builds the
 * user's records in memory grows with them (its peak is reached in synchronous work, which only RSS still shows once
 * it is over); one that streams stays flat. `npm run bench -- account-download` (it passes `--expose-gc`).
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { IDENTITY_HEADER } from '@cull-log/service-kit';
import { signedIdentity } from '@cull-log/service-kit/testing';
import { fieldsFor, openBench, type Seeding } from './records-bench-kit';

const USER: Seeding['user'] = { uid: 'bench-downloader', display_name: 'Downloader', email: null };
const SIZES = [5_000, 20_000];
const FILES = ['records.json', 'records.csv', 'events.jsonl', 'outings.json', 'photos.json'];
const MB = 1024 * 1024;

const collectGarbage = (globalThis as { gc?: () => void }).gc;
if (collectGarbage === undefined) throw new Error('Run with --expose-gc (npm run bench -- account-download)');

/** GETs `path` as the user over HTTP, reading the answer as it comes and keeping only its size. */
function download(port: number, path: string): Promise<{ status: number; bytes: number }> {
  const url = `/account/${path}`;
  const identity = signedIdentity('records', USER, { method: 'GET', url, now: new Date() });
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { port, path: url, headers: { [IDENTITY_HEADER]: identity } },
      (incoming) => {
        let bytes = 0;
        incoming.on('data', (chunk: Buffer) => (bytes += chunk.length));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, bytes }));
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const { app, seed, close } = await openBench();
try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  let seeded = 0;
  for (const size of SIZES) {
    const seconds = await seed(seeded, size, fieldsFor, { user: USER });
    seeded = size;
    console.log(`A user of ${size.toLocaleString('en-GB')} records (seeded in ${seconds.toFixed(1)} s):`);
    for (const file of FILES) {
      collectGarbage();
      const before = process.memoryUsage.rss();
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 2);
      const started = performance.now();
      const { status, bytes } = await download(port, file);
      const ms = performance.now() - started;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage.rss());
      if (status !== 200) throw new Error(`${file} answered ${status}`);
      console.log(
        `  ${file}: ${(bytes / MB).toFixed(1)} MB in ${(ms / 1000).toFixed(2)} s, ` +
          `peak RSS growth ${((peak - before) / MB).toFixed(1)} MB`,
      );
    }
  }
} finally {
  await close();
}
