/**
 * `npm run bench:team -w services/stats`: how long a team's GET /stats?team= and GET /plans/:season/progress?team=
 * take beside a member's own, for a team of 30 members (BENCH_MEMBERS) with 10,000 records each (BENCH_RECORDS), on
 * SQLite, through the service's routes. Each member's records spread over the team's four grounds and ten seasons as
 * in the personal bench; the team's plan has a plan per ground and a share per member, and the member's own the same
 * plans. The team's reads sum the same
 * monthly counters, kept under the team and its member ids, so each should cost within 1.5 times the personal read.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { PlanProgressResponse, teamOwnerId, type StoredLogEvent, type TeamAccess } from '@cull-log/contracts';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import { IDENTITY_HEADER } from '@cull-log/service-kit';
import { TEST_PUBLIC_KEY, signedIdentity } from '@cull-log/service-kit/testing';
import { statsService } from '../stats-service';
import { openSqliteStatsStore } from '../store/sqlite';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 30);
const RECORDS = Number(process.env.BENCH_RECORDS ?? 10_000);
const READS = Number(process.env.BENCH_READS ?? 400);
const SPECIES = ['Roe Deer', 'Red Deer', 'Fallow Deer', 'Muntjac', 'Sika Deer'] as const;
const SEXES = ['Male', 'Female', 'Unknown'] as const;
const NOW = new Date('2026-11-20T12:00:00Z');
const TEAM = '3c1f6f4e-8d1a-4b7e-9f00-5a2b7c9d0e11';
const MANAGER: TeamAccess = { team_id: TEAM, role: 'manager', member_id: 'mem-0' };

const count = (value: number) => Math.round(value).toLocaleString('en-GB');
const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;

const directory = mkdtempSync(join(tmpdir(), 'cull-log-team-bench-'));
const store = openSqliteStatsStore({ file: join(directory, 'stats.db') });
const log = createSampleEventLog();
const apply = async () => {
  await store.applyBatch([...log.events] as StoredLogEvent[]);
  log.events.length = 0;
};

const started = performance.now();
const owner = teamOwnerId(TEAM);
log.teamCreated(TEAM, 'Glen Syndicate', 'mem-0');
const members = Array.from({ length: MEMBERS }, (_, index) => ({
  uid: `stalker-${index}`,
  memberId: `mem-${index}`,
}));
for (const { uid, memberId } of members) log.memberLinked(uid, TEAM, memberId, `Stalker ${memberId}`);
const grounds = ['North', 'South', 'East', 'West'].map((name) => log.groundCreated(owner, name));
const seasonPlans = [
  {
    ground_id: null,
    targets: SPECIES.flatMap((species) =>
      (['Male', 'Female', 'Juvenile'] as const).map((plan) => ({ species, class: plan, target: 500 })),
    ),
  },
  ...grounds.map((ground) => ({
    ground_id: ground.streamId,
    targets: SPECIES.map((species) => ({ species, class: 'Female' as const, target: 100 })),
  })),
];
log.plansSet(owner, '2026-27', seasonPlans);
log.plansAllocated(
  owner,
  '2026-27',
  members.flatMap(({ memberId }, index) =>
    SPECIES.map((species) => ({
      member_id: memberId,
      ground_id: grounds[index % grounds.length]!.streamId,
      species,
      class: 'Female' as const,
      target: 3,
    })),
  ),
);
await apply();
for (const { uid } of members) {
  for (let index = 0; index < RECORDS; index++) {
    const recorded = log.recorded(uid, {
      species: SPECIES[index % SPECIES.length],
      sex: SEXES[index % SEXES.length],
      age_estimate: index % 4 === 0 ? 'Young' : 'Adult',
      date: `${2017 + (index % 10)}-${String(1 + (index % 12)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`,
      weight: 10 + (index % 400) / 10,
    });
    log.placed(uid, recorded.streamId, grounds[index % grounds.length]!.streamId);
    if (log.events.length >= 2000) await apply();
  }
}
await apply();
const seeded = performance.now() - started;

const app = statsService.buildApp({
  projectionStore: store,
  logger: pino({ level: 'silent' }),
  internalAuthPublicKey: TEST_PUBLIC_KEY,
  now: () => NOW,
});
await app.ready();

const ask = (uid: string, team: TeamAccess | undefined, url: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: {
      [IDENTITY_HEADER]: signedIdentity(
        'stats',
        { uid, display_name: uid, email: `${uid}@example.org`, ...(team && { team }) },
        { url, now: NOW },
      ),
    },
  });

/** Reads taken in turns (personal, team, personal, ...) so that both see the same machine. */
async function timedPair(personal: () => ReturnType<typeof ask>, team: () => ReturnType<typeof ask>) {
  const times = { personal: [] as number[], team: [] as number[] };
  for (let read = 0; read < READS; read++) {
    for (const [name, call] of [
      ['personal', personal],
      ['team', team],
    ] as const) {
      const begun = performance.now();
      const response = await call();
      times[name].push(performance.now() - begun);
      if (response.statusCode !== 200) throw new Error(`${name} read answered ${response.statusCode}`);
    }
  }
  return { personal: times.personal.sort((a, b) => a - b), team: times.team.sort((a, b) => a - b) };
}

// The personal read is a member's own, with the same plans as the team's.
const stalker = members[1]!.uid;
log.plansSet(stalker, '2026-27', seasonPlans);
await apply();
const progressUrl = '/plans/2026-27/progress';
const teamProgressUrl = `${progressUrl}?team=${TEAM}`;
const teamProgress = PlanProgressResponse.parse((await ask('stalker-0', MANAGER, teamProgressUrl)).json());
const ownProgress = PlanProgressResponse.parse((await ask(stalker, undefined, progressUrl)).json());

console.log(
  `team reads: ${MEMBERS} members with ${count(RECORDS)} records each (${count(MEMBERS * RECORDS)} in all), SQLite, ` +
    `${READS} reads each, seeded in ${(seeded / 1000).toFixed(1)} s`,
);
const report = (label: string, times: { personal: number[]; team: number[] }) => {
  const personal = percentile(times.personal, 0.5);
  const team = percentile(times.team, 0.5);
  console.log(`  ${label}`);
  console.log(
    `    personal: median ${personal.toFixed(2)} ms, p99 ${percentile(times.personal, 0.99).toFixed(2)} ms`,
  );
  console.log(
    `    team:     median ${team.toFixed(2)} ms, p99 ${percentile(times.team, 0.99).toFixed(2)} ms`,
  );
  console.log(`    team / personal median: ${(team / personal).toFixed(2)} (the issue asks at most 1.50)`);
};
report(
  'GET /stats?season=2026-27',
  await timedPair(
    () => ask(stalker, undefined, '/stats?season=2026-27'),
    () => ask('stalker-0', MANAGER, `/stats?season=2026-27&team=${TEAM}`),
  ),
);
report(
  `GET /plans/2026-27/progress (personal ${ownProgress.rows.length} rows; team ${teamProgress.rows.length} rows and ${teamProgress.members?.length ?? 0} member rows)`,
  await timedPair(
    () => ask(stalker, undefined, progressUrl),
    () => ask('stalker-0', MANAGER, teamProgressUrl),
  ),
);

await app.close();
await store.close();
rmSync(directory, { recursive: true, force: true });
