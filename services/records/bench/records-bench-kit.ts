/**
 * What the records benchmarks share: an app over a fresh embedded SQLite store, signed requests as any user, seeding
 * through the domain and the event store (as the API appends), and the timing of a read.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import {
  AGE_ESTIMATES,
  CONDITIONS,
  SEXES,
  SPECIES,
  SHOT_PLACEMENTS,
  type CullFields,
} from '@cull-log/contracts';
import { openFileBlobStore } from '@cull-log/blobstore';
import { cullDecider } from '@cull-log/domain';
import { openSqliteEventStore } from '@cull-log/eventstore';
import { IDENTITY_HEADER, type Identity } from '@cull-log/service-kit';
import { TEST_PUBLIC_KEY, signedIdentity } from '@cull-log/service-kit/testing';
import { buildApp } from '../src/app';
import { openSqliteReadModel } from '../src/read-model/sqlite-cull-read-model';

const INVITATION_SECRET = 'records-benchmark-secret-0123456789abcdef';
export const BENCH_USER: Identity = { uid: 'bench-user', display_name: 'Bench', email: null };
const SEED_BATCH = 5_000;

/** Whose records a seeding makes, and the ground they are placed on, if any. */
export interface Seeding {
  user: Identity;
  groundId?: string;
  /** When the records are entered (ISO); now unless given. */
  occurredAt?: string;
}

const LOCATIONS = [
  'Ashdown Forest',
  'Home Wood',
  'Lower Meadow',
  'Beech Hanger',
  'Crowborough Warren',
  'Birch Copse',
];

export function pick<T>(values: readonly T[], index: number): T {
  return values[index % values.length] as T;
}

/** Coordinates spread over Great Britain, as a stalker's grounds across the country would be. */
export function located(index: number): Pick<CullFields, 'latitude' | 'longitude'> {
  return {
    latitude: Number((50.2 + ((index * 7717) % 8000) / 1000).toFixed(6)),
    longitude: Number((-5.5 + ((index * 3571) % 7200) / 1000).toFixed(6)),
  };
}

export function fieldsFor(index: number): CullFields {
  const day = new Date(Date.UTC(2022, 0, 1) + ((index * 7919) % 1100) * 86_400_000);
  const antlers = index % 3 === 0;
  return {
    date: day.toISOString().slice(0, 10),
    time: `${String((index * 13) % 24).padStart(2, '0')}:${String((index * 7) % 60).padStart(2, '0')}`,
    location_name: `${pick(LOCATIONS, index)} ${index % 97}`,
    species: pick(SPECIES.slice(0, -1), index * 5),
    sex: pick(SEXES, index),
    age_estimate: pick(AGE_ESTIMATES, index * 3),
    condition: pick(CONDITIONS, index * 11),
    shot_placement: pick(SHOT_PLACEMENTS.slice(0, -1), index * 2),
    antlers_present: antlers,
    ...(antlers ? { antler_points: index % 12 } : {}),
    ...(index % 4 === 0 ? {} : { weight: 5 + (index % 900) / 10 }),
    shot_distance: `${50 + (index % 200)} metres`,
    notes: 'Seeded for the benchmark',
  };
}

export function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] as number;
}

export function summary(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  return `median ${percentile(sorted, 0.5).toFixed(2)} ms, p99 ${percentile(sorted, 0.99).toFixed(2)} ms`;
}

export async function openBench() {
  const dir = mkdtempSync(join(tmpdir(), 'cull-log-records-bench-'));
  const store = openSqliteEventStore({ file: join(dir, 'records.db') });
  const readModel = openSqliteReadModel({ database: store.database });
  const app = buildApp({
    store,
    readModel,
    blobs: openFileBlobStore({ directory: join(dir, 'blobs') }),
    logger: pino({ level: 'silent' }),
    internalAuthPublicKey: TEST_PUBLIC_KEY,
    invitationSecret: INVITATION_SECRET,
  });
  await app.ready();

  const request = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: unknown,
    user: Identity = BENCH_USER,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url,
      headers: {
        ...headers,
        [IDENTITY_HEADER]: signedIdentity('records', user, {
          method,
          url,
          payload: payload as Record<string, unknown> | undefined,
          now: new Date(),
        }),
      },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  function seedBatch(from: number, to: number, fields: (index: number) => CullFields, seeding: Seeding) {
    const appends: Promise<unknown>[] = [];
    for (let index = from; index < to; index += 1) {
      const cullId = randomUUID();
      const decision = cullDecider.decide(
        {
          type: 'RecordCull',
          cullId,
          fields: fields(index),
          ...(seeding.groundId !== undefined && {
            placement: { ground_id: seeding.groundId, outing_id: null },
          }),
          meta: {
            userId: seeding.user.uid,
            eventId: randomUUID(),
            occurredAt: seeding.occurredAt ?? new Date().toISOString(),
            correlationId: 'seed',
          },
        },
        cullDecider.initialState,
      );
      if (!decision.ok) throw new Error('seed record refused');
      appends.push(store.append(cullId, 0, decision.events, (tx, events) => readModel.apply(tx, events)));
    }
    return Promise.all(appends);
  }

  /** Seeds records `from`..`to` (exclusive) and answers the seconds it took. */
  async function seed(
    from: number,
    to: number,
    fields: (index: number) => CullFields = fieldsFor,
    seeding: Seeding = { user: BENCH_USER },
  ) {
    const started = performance.now();
    for (let batch = from; batch < to; batch += SEED_BATCH) {
      await seedBatch(batch, Math.min(to, batch + SEED_BATCH), fields, seeding);
    }
    return (performance.now() - started) / 1000;
  }

  async function close(): Promise<void> {
    await app.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }

  return { app, request, seed, close };
}

export type BenchRequest = Awaited<ReturnType<typeof openBench>>['request'];

/** The times in milliseconds of `runs` sequential requests for `url` as `user`, after a few to warm up. */
export async function timedRequests(
  request: BenchRequest,
  url: string,
  runs: number,
  user: Identity = BENCH_USER,
): Promise<number[]> {
  for (let warm = 0; warm < 5; warm += 1) await request('GET', url, undefined, user);
  const samples: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const started = performance.now();
    const response = await request('GET', url, undefined, user);
    samples.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
  }
  return samples;
}

/** Median and p99 of `runs` sequential requests for `url`, after a few to warm up. */
export async function timeRequests(request: BenchRequest, url: string, runs: number): Promise<string> {
  return summary(await timedRequests(request, url, runs));
}

/** Median, p99 and longest of `samples` (milliseconds), and how many there were. */
export function waitsOf(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  return (
    `median ${percentile(sorted, 0.5).toFixed(2)} ms, p99 ${percentile(sorted, 0.99).toFixed(2)} ms, ` +
    `longest ${sorted.at(-1)!.toFixed(2)} ms (${sorted.length} reads)`
  );
}

/**
 * What a long operation costs everyone else: `reader` reads `url`, first `baselineReads` times with nothing else going
 * on, then one read due every `everyMs` while `operation` runs, each timed from when it was due (a read that could not
 * even start while the operation held the process waited all that time). Answers the operation's answer, how long it
 * took, and both sets of waits.
 */
export async function readsDuring<T>(
  request: BenchRequest,
  {
    url,
    reader,
    baselineReads,
    everyMs,
  }: { url: string; reader: Identity; baselineReads: number; everyMs: number },
  operation: () => Promise<T>,
): Promise<{ result: T; operationMs: number; baseline: number[]; during: number[] }> {
  const baseline: number[] = [];
  for (let index = 0; index < baselineReads; index += 1) {
    const started = performance.now();
    await request('GET', url, undefined, reader);
    baseline.push(performance.now() - started);
  }
  const during: number[] = [];
  let running = true;
  const reading = (async () => {
    for (let due = performance.now(); running; due += everyMs) {
      const early = due - performance.now();
      if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
      const read = await request('GET', url, undefined, reader);
      during.push(performance.now() - due);
      if (read.statusCode !== 200) throw new Error(`read answered ${read.statusCode}`);
    }
  })();
  const started = performance.now();
  try {
    const result = await operation();
    return { result, operationMs: performance.now() - started, baseline, during };
  } finally {
    running = false;
    await reading;
  }
}
