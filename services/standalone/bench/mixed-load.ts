/**
 * The mixed load generator, run as its own process by the benchmark: autocannon against the app, each request
 * drawn at random as one of the signed-in users and as one of four kinds (list page 1, search, stats, create)
 * in the given shares, through autocannon's `setupRequest` hook; a short warm-up first, then the measured run.
 * Each answer's latency is kept under its kind (the request's `onResponse` names the kind, and autocannon's
 * `response` event that follows it at once gives the time). Prints one JSON line (MixedLoadResult) and exits.
 * The options come in a file: a thousand users' cookies are too long for one command-line argument.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import {
  LIST_PATH,
  MIXED_KINDS,
  type KindFigures,
  type MixedKind,
  type MixedLoadOptions,
  type MixedLoadResult,
  type MixedUser,
} from './mixed-requests';

const pickOne = <T>(values: readonly T[]) => values[Math.floor(Math.random() * values.length)] as T;

function pickKind(shares: Record<MixedKind, number>): MixedKind {
  let roll = Math.random() * MIXED_KINDS.reduce((sum, kind) => sum + shares[kind], 0);
  for (const kind of MIXED_KINDS) {
    roll -= shares[kind];
    if (roll < 0) return kind;
  }
  return 'list';
}

function requestOf(kind: MixedKind, user: MixedUser, options: MixedLoadOptions): Partial<autocannon.Request> {
  switch (kind) {
    case 'list':
      return { method: 'GET', path: LIST_PATH, headers: user.headers };
    case 'search':
      return {
        method: 'GET',
        path: `/api/culls?q=${encodeURIComponent(user.searchWord)}&page=1&page_size=10`,
        headers: user.headers,
      };
    case 'stats':
      return { method: 'GET', path: '/api/stats', headers: user.headers };
    case 'create':
      return {
        method: 'POST',
        path: '/api/culls',
        headers: { ...user.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ ...pickOne(options.createBodies), id: randomUUID() }),
      };
  }
}

interface Recorded {
  latencies: number[];
  statusCounts: Record<string, number>;
}

function percentile(sorted: number[], fraction: number): number | undefined {
  if (sorted.length === 0) return undefined;
  const at = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return Math.round((sorted[at] as number) * 10) / 10;
}

function figuresOf(recorded: Recorded, seconds: number): KindFigures {
  const sorted = [...recorded.latencies].sort((a, b) => a - b);
  const answered = Object.values(recorded.statusCounts).reduce((sum, count) => sum + count, 0);
  return {
    answered,
    ok: sorted.length,
    okPerSecond: sorted.length / seconds,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    statusCounts: recorded.statusCounts,
  };
}

async function run(
  options: MixedLoadOptions,
  seconds: number,
): Promise<{ result: autocannon.Result; recorded: Record<MixedKind, Recorded> }> {
  const recorded = Object.fromEntries(
    MIXED_KINDS.map((kind) => [kind, { latencies: [], statusCounts: {} }]),
  ) as unknown as Record<MixedKind, Recorded>;
  // Set by the request's onResponse, read by the `response` event autocannon emits right after it.
  let answeredKind: MixedKind | undefined;
  let finish: (error: unknown, result: autocannon.Result) => void = () => undefined;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    finish = (error, result) => (error ? reject(error as Error) : resolve(result));
  });
  const instance = autocannon(
    {
      url: options.url,
      connections: options.connections,
      duration: seconds,
      timeout: 20,
      requests: [
        {
          setupRequest: (request, context) => {
            const kind = pickKind(options.shares);
            (context as { kind?: MixedKind }).kind = kind;
            return { ...request, ...requestOf(kind, pickOne(options.users), options) };
          },
          onResponse: (_status, _body, context) => {
            answeredKind = (context as { kind?: MixedKind }).kind;
          },
        },
      ],
    },
    (error, result) => finish(error, result),
  );
  instance.on('response', (_client, status, _bytes, milliseconds) => {
    if (answeredKind === undefined) throw new Error('an answer came without the kind of its request');
    const { latencies, statusCounts } = recorded[answeredKind];
    statusCounts[status] = (statusCounts[status] ?? 0) + 1;
    if (status >= 200 && status < 300) latencies.push(milliseconds);
    answeredKind = undefined;
  });
  return { result: await finished, recorded };
}

const options = JSON.parse(readFileSync(process.argv[2] as string, 'utf8')) as MixedLoadOptions;
if (options.warmUpSeconds > 0) await run(options, options.warmUpSeconds);
const { result, recorded } = await run(options, options.seconds);
const all: Recorded = {
  latencies: MIXED_KINDS.flatMap((kind) => recorded[kind].latencies),
  statusCounts: {},
};
for (const kind of MIXED_KINDS) {
  for (const [status, count] of Object.entries(recorded[kind].statusCounts))
    all.statusCounts[status] = (all.statusCounts[status] ?? 0) + count;
}
const overall = figuresOf(all, result.duration);
const mixedResult: MixedLoadResult = {
  seconds: result.duration,
  connections: options.connections,
  users: options.users.length,
  overall,
  kinds: Object.fromEntries(
    MIXED_KINDS.map((kind) => [kind, figuresOf(recorded[kind], result.duration)]),
  ) as Record<MixedKind, KindFigures>,
  connectionErrors: result.errors,
  timeouts: result.timeouts,
  errors: overall.answered - overall.ok + result.errors,
};
process.stdout.write(`${JSON.stringify(mixedResult)}\n`);
