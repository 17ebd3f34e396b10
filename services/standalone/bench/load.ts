/**
 * The load generator, run as its own process by the benchmark: autocannon against one URL, a short warm-up
 * first, then the measured run; prints one JSON line (LoadResult) and exits.
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  /** Requests made before the measured run, to warm the JIT and the database caches; not counted. */
  warmUpSeconds: number;
  headers: Record<string, string>;
  /** When set, each request POSTs this body with a fresh client-made `id`, as a new record from the form. */
  createBody?: Record<string, unknown>;
}

export interface LoadResult {
  seconds: number;
  /** Answers per second, whatever their status. */
  requestsPerSecond: number;
  /** 2xx answers per second. */
  okPerSecond: number;
  /** Latencies of 2xx answers, in whole milliseconds. */
  medianMs: number;
  p99Ms: number;
  ok: number;
  statusCounts: Record<string, number>;
  errors: number;
  timeouts: number;
}

function requestsOf(options: LoadOptions): autocannon.Request[] | undefined {
  const body = options.createBody;
  if (body === undefined) return undefined;
  return [
    {
      method: 'POST',
      setupRequest: (request) => ({ ...request, body: JSON.stringify({ ...body, id: randomUUID() }) }),
    },
  ];
}

async function run(options: LoadOptions, seconds: number): Promise<autocannon.Result> {
  const requests = requestsOf(options);
  return autocannon({
    url: options.url,
    connections: options.connections,
    duration: seconds,
    timeout: 20,
    headers: {
      ...options.headers,
      ...(options.createBody === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(requests === undefined ? {} : { requests }),
  });
}

const options = JSON.parse(process.argv[2] as string) as LoadOptions;
if (options.warmUpSeconds > 0) await run(options, options.warmUpSeconds);
const result = await run(options, options.seconds);
const statusCounts: Record<string, number> = {};
for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {}))
  statusCounts[status] = count ?? 0;
const answered = Object.values(statusCounts).reduce((sum, count) => sum + count, 0);
const loadResult: LoadResult = {
  seconds: result.duration,
  requestsPerSecond: answered / result.duration,
  okPerSecond: result['2xx'] / result.duration,
  medianMs: result.latency.p50,
  p99Ms: result.latency.p99,
  ok: result['2xx'],
  statusCounts,
  errors: result.errors,
  timeouts: result.timeouts,
};
process.stdout.write(`${JSON.stringify(loadResult)}\n`);
