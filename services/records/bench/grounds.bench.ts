/**
 * Grounds on the embedded SQLite store: what a ground's size costs. One user holds N records, all in one ground and
 * one outing, among as many elsewhere; timed through the app (`app.inject`, signed identity, validation, store):
 * a rename of the ground (its own row alone: the records' reads join the name, so it should cost the same at every
 * size), a search by the ground's name, the outings list with its numbers of culls, the map's points of the ground,
 * and its trends (which read every record on it). `npm run bench:grounds` (1,000, 10,000 and 100,000, then the renames side by side);
 * `npm run bench:grounds -- 2000 20000` for other sizes.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import type { GroundTrendsResponse } from '@cull-log/contracts';
import { sampleCullFields } from '@cull-log/contracts/testing';
import { openFileBlobStore } from '@cull-log/blobstore';
import { cullDecider } from '@cull-log/domain';
import { openSqliteEventStore } from '@cull-log/eventstore';
import { IDENTITY_HEADER } from '@cull-log/service-kit';
import { TEST_PUBLIC_KEY, signedIdentity } from '@cull-log/service-kit/testing';
import { buildApp } from '../src/app';
import { openSqliteReadModel } from '../src/read-model/sqlite-cull-read-model';

const INVITATION_SECRET = 'records-benchmark-secret-0123456789abcdef';
const USER = { uid: 'bench-user', display_name: 'Bench', email: null };
const SIZES = process.argv
  .slice(2)
  .map(Number)
  .filter((size) => size > 0);
const RUNS = 20;
const RENAMES = 5;
const SEED_BATCH = 5_000;

function median(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  return `${(sorted[Math.floor(sorted.length / 2)] as number).toFixed(1)} ms`;
}

/** Seeds N records in one ground among as many elsewhere, prints its figures, and answers its median rename. */
async function measure(size: number): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'cull-log-grounds-bench-'));
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
  const request = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) => {
    const response = await app.inject({
      method,
      url,
      headers: {
        [IDENTITY_HEADER]: signedIdentity('records', USER, {
          method,
          url,
          payload: payload as Record<string, unknown> | undefined,
          now: new Date(),
        }),
      },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response;
  };
  try {
    const ground = (await request('POST', '/grounds', { name: 'Ground 0' })).json<{ id: string }>();
    const outing = (
      await request('POST', '/outings', {
        ground_id: ground.id,
        started_at: '2026-05-01T05:00:00Z',
        ended_at: '2026-05-01T08:00:00Z',
      })
    ).json<{ id: string }>();
    // Half the records in the ground and its outing, half elsewhere.
    for (let from = 0; from < size * 2; from += SEED_BATCH) {
      const appends: Promise<unknown>[] = [];
      for (let index = from; index < Math.min(from + SEED_BATCH, size * 2); index += 1) {
        const cullId = randomUUID();
        const inGround = index % 2 === 0;
        const decision = cullDecider.decide(
          {
            type: 'RecordCull',
            cullId,
            fields: sampleCullFields({
              latitude: 51 + (index % 1000) / 1000,
              longitude: -1 - (index % 977) / 1000,
            }),
            ...(inGround && { placement: { ground_id: ground.id, outing_id: outing.id } }),
            meta: {
              userId: USER.uid,
              eventId: randomUUID(),
              occurredAt: new Date().toISOString(),
              correlationId: 'seed',
            },
          },
          cullDecider.initialState,
        );
        if (!decision.ok) throw new Error('seed record refused');
        appends.push(store.append(cullId, 0, decision.events, (tx, events) => readModel.apply(tx, events)));
      }
      await Promise.all(appends);
    }

    const renames: number[] = [];
    for (let run = 1; run <= RENAMES; run += 1) {
      const started = performance.now();
      await request('PATCH', `/grounds/${ground.id}`, { name: `Ground ${run}` });
      renames.push(performance.now() - started);
    }
    const timed = async (url: string) => {
      const samples: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const started = performance.now();
        await request('GET', url);
        samples.push(performance.now() - started);
      }
      return median(samples);
    };
    const outings = (await request('GET', '/outings')).json<{ items: { cull_count: number }[] }>();
    if (outings.items[0]?.cull_count !== size) throw new Error('the outing does not hold its records');
    const search = (await request('GET', '/culls?q=ground%20' + RENAMES)).json<{ total: number }>();
    if (search.total !== size) throw new Error('a search by the new name does not find every record');
    const trends = (await request('GET', `/grounds/${ground.id}/trends`)).json<GroundTrendsResponse>();
    const culled = trends.species.flatMap((species) =>
      species.points.map(({ cull }) => cull.Male + cull.Female + cull.Unknown),
    );
    if (culled.reduce((sum, count) => sum + count, 0) !== size)
      throw new Error('the trends do not count every record on the ground');
    console.log(
      `${size.toLocaleString('en-GB')} records in the ground (${(size * 2).toLocaleString('en-GB')} in all): ` +
        `rename ${median(renames)}, search by its name ${await timed(`/culls?q=ground%20${RENAMES}`)}, ` +
        `outings ${await timed('/outings')}, map points of the ground ${await timed(`/culls/map-points?ground_id=${ground.id}`)}, ` +
        `trends of the ground ${await timed(`/grounds/${ground.id}/trends`)}`,
    );
    return median(renames);
  } finally {
    await app.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const renames: string[] = [];
const sizes = SIZES.length > 0 ? SIZES : [1_000, 10_000, 100_000];
for (const size of sizes) renames.push(`${size.toLocaleString('en-GB')}: ${await measure(size)}`);
console.log(`rename by records in the ground: ${renames.join(', ')}`);
