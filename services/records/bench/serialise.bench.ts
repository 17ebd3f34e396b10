/**
 * `npm run bench -- serialise`: what writing the list page as JSON costs, with JSON.stringify (what the records
 * service does) and with a serialiser compiled from the contract's JSON Schema by fast-json-stringify (what a
 * Fastify response schema would do), on the real page 1 of a user with 1,000 records (10 and 100 a page). Prints
 * microseconds a page for each, and whether the two write the same document.
 */
import { performance } from 'node:perf_hooks';
import fastJsonStringify from 'fast-json-stringify';
import { z } from 'zod';
import { ListCullsResponse } from '@cull-log/contracts';
import { openBench } from './records-bench-kit';

const RECORDS = 1_000;
const RUNS = 20_000;
const ROUNDS = 3;

/** The same document: the same keys and values, whatever the order each writer put the keys in. */
function sameDocument(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return Object.is(a, b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) =>
    sameDocument((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

function microsecondsEach(write: (page: unknown) => string, page: unknown): number {
  let bytes = 0;
  const started = performance.now();
  for (let run = 0; run < RUNS; run += 1) bytes += write(page).length;
  if (bytes === 0) throw new Error('nothing was written');
  return ((performance.now() - started) * 1000) / RUNS;
}

const schema = z.toJSONSchema(ListCullsResponse, { io: 'output', target: 'draft-7' });
const compiled = fastJsonStringify(schema as Parameters<typeof fastJsonStringify>[0]);
const { request, seed, close } = await openBench();
try {
  await seed(0, RECORDS);
  for (const pageSize of [10, 100]) {
    const answer = await request('GET', `/culls?page=1&page_size=${pageSize}`);
    if (answer.statusCode !== 200) throw new Error(`the list answered ${answer.statusCode}`);
    const page: unknown = answer.json();
    const same = sameDocument(JSON.parse(compiled(page)), page);
    for (let round = 1; round <= ROUNDS; round += 1) {
      const plain = microsecondsEach(JSON.stringify, page);
      const fromSchema = microsecondsEach(compiled, page);
      console.log(
        `${pageSize} a page, round ${round}: JSON.stringify ${plain.toFixed(1)} µs, compiled from the schema ` +
          `${fromSchema.toFixed(1)} µs (${(plain / fromSchema).toFixed(2)}×), same document: ${same ? 'yes' : 'NO'}`,
      );
    }
  }
} finally {
  await close();
}
