/**
 * `npm run bench:plans -w services/stats`: how long GET /plans/:season/progress and GET /stats take for a user with
 * 1,000 and with 100,000 records (BENCH_SIZES, comma-separated), on SQLite, through the service's routes. The records
 * spread over four grounds and ten seasons, a quarter of them young; the season read has a plan for all grounds and
 * one per ground. A read sums a season's monthly counters, so it should cost the same at either size.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { PlanProgressResponse, type StoredLogEvent } from '@cull-log/contracts';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import { TEST_PUBLIC_KEY, identityHeadersFor } from '@cull-log/service-kit/testing';
import { statsService } from '../stats-service';
import { openSqliteStatsStore } from '../store/sqlite';

const identityHeaders = identityHeadersFor('stats');

const SIZES = (process.env.BENCH_SIZES ?? '1000,100000').split(',').map(Number);
const READS = Number(process.env.BENCH_READS ?? 400);
const SPECIES = ['Roe Deer', 'Red Deer', 'Fallow Deer', 'Muntjac', 'Sika Deer'] as const;
const SEXES = ['Male', 'Female', 'Unknown'] as const;
const NOW = new Date('2026-11-20T12:00:00Z');

const count = (value: number) => Math.round(value).toLocaleString('en-GB');
const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;

async function measure(size: number): Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), 'cull-log-plans-bench-'));
  const store = openSqliteStatsStore({ file: join(directory, 'stats.db') });
  const log = createSampleEventLog();
  const apply = async (events: StoredLogEvent[]) => {
    await store.applyBatch(events);
    log.events.length = 0;
  };
  const grounds = ['North', 'South', 'East', 'West'].map((name) => log.groundCreated('stalker', name));
  log.plansSet('stalker', '2026-27', [
    {
      ground_id: null,
      targets: SPECIES.flatMap((species) =>
        (['Male', 'Female', 'Juvenile'] as const).map((plan) => ({ species, class: plan, target: 50 })),
      ),
    },
    ...grounds.map((ground) => ({
      ground_id: ground.streamId,
      targets: SPECIES.map((species) => ({ species, class: 'Female' as const, target: 10 })),
    })),
  ]);
  await apply([...log.events]);
  for (let index = 0; index < size; index++) {
    const recorded = log.recorded('stalker', {
      species: SPECIES[index % SPECIES.length],
      sex: SEXES[index % SEXES.length],
      age_estimate: index % 4 === 0 ? 'Young' : 'Adult',
      date: `${2017 + (index % 10)}-${String(1 + (index % 12)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`,
      weight: 10 + (index % 400) / 10,
    });
    log.placed('stalker', recorded.streamId, grounds[index % grounds.length]!.streamId);
    if (log.events.length >= 2000) await apply([...log.events]);
  }
  await apply([...log.events]);

  const app = statsService.buildApp({
    projectionStore: store,
    logger: pino({ level: 'silent' }),
    internalAuthPublicKey: TEST_PUBLIC_KEY,
    now: () => NOW,
  });
  await app.ready();
  const timed = async (url: string) => {
    const millis: number[] = [];
    for (let read = 0; read < READS; read++) {
      const started = performance.now();
      const response = await app.inject({
        method: 'GET',
        url,
        headers: identityHeaders('stalker', url, NOW),
      });
      millis.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
    }
    return millis.sort((a, b) => a - b);
  };
  const progressUrl = '/plans/2026-27/progress';
  const rows = PlanProgressResponse.parse(
    (
      await app.inject({
        method: 'GET',
        url: progressUrl,
        headers: identityHeaders('stalker', progressUrl, NOW),
      })
    ).json(),
  ).rows;
  const progress = await timed(progressUrl);
  const stats = await timed('/stats?season=2026-27');
  console.log(`plan progress and season figures, ${count(size)} records (SQLite, ${READS} reads each)`);
  console.log(
    `  GET /plans/2026-27/progress (${rows.length} rows): median ${percentile(progress, 0.5).toFixed(2)} ms, p99 ${percentile(progress, 0.99).toFixed(2)} ms`,
  );
  console.log(
    `  GET /stats?season=2026-27: median ${percentile(stats, 0.5).toFixed(2)} ms, p99 ${percentile(stats, 0.99).toFixed(2)} ms`,
  );
  await app.close();
  await store.close();
  rmSync(directory, { recursive: true, force: true });
}

for (const size of SIZES) await measure(size);
