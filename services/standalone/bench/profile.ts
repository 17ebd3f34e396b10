/**
 * `npx tsx bench/profile.ts <list|search|stats|create|catch-up> [records]`: one of the reads bench's loads
 * with the app under V8's CPU profiler, and where its time went (profile-summary.ts). The log is seeded as the
 * bench seeds it (100,000 records unless told). For a load, the app first catches up unprofiled and is started
 * again on the caught-up files, so the profile is the load's (and about a second of start); for `catch-up`,
 * it is the start that applies the whole log. The profile is left under the system's temporary folder.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { signIn, statsCatchUp } from './app-session';
import { benchFields, developmentUid, BENCH_EMAIL, seedCulls } from './bench-culls';
import { buildApp, removeBuild, runLoad, startApp } from './child-processes';
import type { LoadOptions, LoadResult } from './load';

const KINDS = {
  list: '/api/culls?page=1&page_size=10',
  search: '/api/culls?q=wood%2042&page=1&page_size=10',
  stats: '/api/stats',
  create: '/api/culls',
  'catch-up': undefined,
} as const;
type Kind = keyof typeof KINDS;

const [kind, recordsArgument] = process.argv.slice(2) as [Kind | undefined, string | undefined];
if (kind === undefined || !Object.hasOwn(KINDS, kind)) {
  process.stderr.write(`Usage: tsx bench/profile.ts <${Object.keys(KINDS).join('|')}> [records]\n`);
  process.exit(2);
}
const records = Number(recordsArgument ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

const runDir = mkdtempSync(join(tmpdir(), `cull-log-profile-${kind}-`));
const dataDir = join(runDir, 'data');
const profileDir = join(runDir, 'profile');
const userId = developmentUid(BENCH_EMAIL);
buildApp();
try {
  await seedCulls(dataDir, userId, records);
  if (kind !== 'catch-up') {
    const warm = await startApp(dataDir, join(runDir, 'app-catch-up.log'));
    await statsCatchUp(warm, await signIn(warm, userId), records);
    await warm.stop();
  }
  const app = await startApp(dataDir, join(runDir, 'app.log'), { profileDir });
  const session = await signIn(app, userId);
  const caughtUp = await statsCatchUp(app, session, records);
  const path = KINDS[kind];
  if (path !== undefined) {
    const result = await runLoad<LoadOptions, LoadResult>({
      url: `${session.url}${path}`,
      connections: kind === 'create' ? 32 : 50,
      seconds: SECONDS,
      warmUpSeconds: 1,
      headers: session.headers,
      ...(kind === 'create' ? { createBody: { ...benchFields(records) } } : {}),
    });
    console.log(
      `${kind}: ${result.okPerSecond.toFixed(0)}/s, median ${result.medianMs} ms, p99 ${result.p99Ms} ms, answers ${JSON.stringify(result.statusCounts)}`,
    );
  } else {
    console.log(`catch-up: ${records} events, stats caught up ${caughtUp.toFixed(2)} s after the start`);
  }
  await app.stop();
  const [profile] = readdirSync(profileDir);
  if (profile === undefined) throw new Error('the app wrote no profile');
  // Before the build goes: its source maps name each frame's source.
  spawnSync(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'profile-summary.ts'), join(profileDir, profile)],
    {
      stdio: 'inherit',
    },
  );
} finally {
  removeBuild();
  rmSync(dataDir, { recursive: true, force: true });
}
