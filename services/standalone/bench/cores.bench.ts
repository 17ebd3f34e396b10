/**
 * `npm run bench -- cores`: what using both cores gains on this machine, with the load generator beside the app.
 * The same list page (20 records of one user, page 1), 50 connections for BENCH_SECONDS (default 8), through:
 * the one-process app (one Node process: the gateway and the services in it, one event loop); and the distributed
 * deployment (the gateway, records, stats and exports as four Node processes over NATS, the services reached over
 * HTTP with signed identities), which is how Cull Log uses more cores, and more machines. For each: requests a
 * second, median and p99, and the CPU the app's processes used (cores busy, from /proc) beside the machine's.
 */
import { readdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sampleRecordRequest } from '@cull-log/contracts/testing';
import { signIn } from './app-session';
import { developmentUid, BENCH_EMAIL } from './bench-culls';
import { buildApp, removeBuild, runLoad, startApp } from './child-processes';
import { buildServices, devSignIn, startDistributed } from './distributed';
import { httpRequest } from './http-client';
import type { LoadOptions, LoadResult } from './load';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const RECORDS = 20;
const LIST = '/api/culls?page=1&page_size=10';
/** Linux's clock ticks a second, the unit of /proc's CPU times. */
const TICKS = 100;

/** CPU seconds used so far by `pid` and every process under it (Linux). */
function treeCpuSeconds(pid: number): number {
  const stats = new Map<number, { parent: number; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const line = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The fields after the command's closing bracket: state, ppid, …, utime (14th), stime (15th).
      const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(entry), { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // Gone meanwhile.
    }
  }
  const inTree = (id: number): boolean => {
    for (let at: number | undefined = id; at !== undefined && at > 1; at = stats.get(at)?.parent)
      if (at === pid) return true;
    return false;
  };
  let ticks = 0;
  for (const [id, { ticks: used }] of stats) if (inTree(id)) ticks += used;
  return ticks / TICKS;
}

/** The machine's busy and total CPU time so far, in ticks (/proc/stat). */
function machineTicks(): { busy: number; total: number } {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const numbers = values.map(Number);
  const idle = (numbers[3] ?? 0) + (numbers[4] ?? 0);
  const total = numbers.reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, total };
}

interface Row {
  'req/s': number;
  'median (ms)': number;
  'p99 (ms)': number;
  'app CPU (cores)': string;
  'machine busy': string;
}

async function measure(url: string, headers: Record<string, string>, pid: number): Promise<Row> {
  for (let index = 0; index < RECORDS; index += 1) {
    const body = sampleRecordRequest({ location_name: `Cores Wood ${index}` });
    // Just started, a service may still be finding its feet (a 503): the same record is sent again, a few times.
    for (let attempt = 1; ; attempt += 1) {
      const answer = await httpRequest(`${url}/api/culls`, { method: 'POST', headers, body });
      if (answer.status === 201) break;
      if (attempt === 5) throw new Error(`a create answered ${answer.status}: ${answer.body.toString()}`);
      await new Promise((done) => setTimeout(done, 1_000));
    }
  }
  const cpuBefore = treeCpuSeconds(pid);
  const machineBefore = machineTicks();
  const started = performance.now();
  const result = await runLoad<LoadOptions, LoadResult>({
    url: `${url}${LIST}`,
    connections: 50,
    seconds: SECONDS,
    warmUpSeconds: 1,
    headers,
  });
  const seconds = (performance.now() - started) / 1000;
  const machineAfter = machineTicks();
  const cores = (treeCpuSeconds(pid) - cpuBefore) / seconds;
  if (result.ok === 0) throw new Error(`no request succeeded: ${JSON.stringify(result.statusCounts)}`);
  return {
    'req/s': Math.round(result.okPerSecond),
    'median (ms)': result.medianMs,
    'p99 (ms)': result.p99Ms,
    'app CPU (cores)': cores.toFixed(2),
    'machine busy': `${Math.round((100 * (machineAfter.busy - machineBefore.busy)) / (machineAfter.total - machineBefore.total))} %`,
  };
}

const rows: Record<string, Row> = {};
const loadBefore = loadavg()[0]!.toFixed(1);
buildApp();
const runDir = mkdtempSync(join(tmpdir(), 'cull-log-bench-cores-'));
try {
  const app = await startApp(join(runDir, 'data'), join(runDir, 'app.log'));
  try {
    const session = await signIn(app, developmentUid(BENCH_EMAIL));
    rows['one process (gateway and services)'] = await measure(app.url, session.headers, app.pid);
  } finally {
    await app.stop();
  }
} finally {
  removeBuild();
  rmSync(runDir, { recursive: true, force: true });
}

buildServices();
const services = await startDistributed({});
try {
  const { headers } = await devSignIn(services.url, 'Cores Stalker', 'cores@example.com');
  rows['four processes over NATS'] = await measure(services.url, headers, services.pid);
} finally {
  await services.stop();
}

console.log(
  `\nList page 1 (${RECORDS} records), 50 connections, ${SECONDS} s; ${cpus().length} cores shared with the load ` +
    `generator; load average ${loadBefore} before and ${loadavg()[0]!.toFixed(1)} after`,
);
console.table(rows);
