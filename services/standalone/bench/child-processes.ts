/**
 * The processes a benchmark run starts: the built one-process app, the bare Fastify baseline and the load
 * generator. Each is killed when the run ends, however it ends.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { freePort } from '@cull-log/service-kit/testing';
import { httpRequest } from './http-client';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const REPOSITORY_ROOT = resolve(BENCH_DIR, '../../..');
const APP_DIST = join(BENCH_DIR, 'dist');
const APP_MAIN = join(APP_DIST, 'main.js');

const running = new Set<ChildProcess>();

function killAll(): void {
  for (const child of running) child.kill('SIGKILL');
}
process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killAll();
    process.exit(130);
  });
}

function track(child: ChildProcess): ChildProcess {
  running.add(child);
  child.on('exit', () => running.delete(child));
  return child;
}

/** SIGTERM, then SIGKILL if the process is still there after `graceMs`. */
async function stop(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

const sleep = (milliseconds: number) => new Promise((done) => setTimeout(done, milliseconds));

/**
 * Builds the one-process app from the current source with its own tsup configuration, into this folder's
 * `dist` so a failed build never empties the `dist` that `npm start` and other suites use. The workspaces it
 * bundles ship as TypeScript source, so this is the whole server; the web client is not needed for `/api`.
 */
export function buildApp(): void {
  const built = spawnSync('npx', ['tsup', '--out-dir', APP_DIST, '--silent'], {
    cwd: resolve(BENCH_DIR, '..'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0 || !existsSync(APP_MAIN)) throw new Error('could not build the one-process app');
}

/** Removes the build made by buildApp. */
export function removeBuild(): void {
  rmSync(APP_DIST, { recursive: true, force: true });
}

export interface RunningApp {
  url: string;
  pid: number;
  /** performance.now() when the process was started. */
  startedAt: number;
  /** performance.now() when the app first answered. */
  answeredAt: number;
  /** The app's resident memory now, in bytes (Linux); undefined where /proc is missing. */
  rss: () => number | undefined;
  stop: () => Promise<void>;
}

/**
 * Starts `services/standalone/dist/main.js` on a free loopback port with its data in `dataDir`. With a
 * `profileDir` (or BENCH_CPU_PROFILE set to a folder), the app writes a V8 CPU profile there when it stops.
 */
export async function startApp(
  dataDir: string,
  logFile: string,
  { profileDir = process.env.BENCH_CPU_PROFILE }: { profileDir?: string } = {},
): Promise<RunningApp> {
  const profileArgs = profileDir ? ['--cpu-prof', '--cpu-prof-dir', resolve(profileDir)] : [];
  // BENCH_NODE_ARGS: Node options to try on the app (a heap setting, say), space-separated.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== '');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = openSync(logFile, 'a');
  const startedAt = performance.now();
  const child = track(
    spawn(process.execPath, [...nodeArgs, ...profileArgs, APP_MAIN], {
      cwd: REPOSITORY_ROOT,
      // Only what `npm start` needs on a developer's machine: no MongoDB, NATS or Google settings leak in.
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(port),
        DATA_DIR: dataDir,
        AUTH_MODE: 'dev',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SESSION_SECRET: randomBytes(32).toString('base64url'),
        // Reads and creates measure their paths, not the per-user limits that guard them in service; the mixed
        // load signs a thousand users in from one address.
        WRITE_RATE_LIMIT_PER_MINUTE: '100000000',
        READ_RATE_LIMIT_PER_MINUTE: '100000000',
        SIGN_IN_RATE_LIMIT_PER_MINUTE: '100000000',
      },
      stdio: ['ignore', log, log],
    }),
  );
  closeSync(log);
  const logTail = () => readFileSync(logFile, 'utf8').slice(-2000);

  const deadline = startedAt + 120_000;
  let answeredAt: number | undefined;
  while (answeredAt === undefined) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}:\n${logTail()}`);
    if (performance.now() > deadline) {
      await stop(child);
      throw new Error(`the app did not answer within 120 s:\n${logTail()}`);
    }
    try {
      const answer = await httpRequest(`${url}/auth/options`, { timeoutMs: 1000 });
      if (answer.status === 200) answeredAt = performance.now();
    } catch {
      await sleep(20);
    }
  }

  const pid = child.pid as number;
  return {
    url,
    pid,
    startedAt,
    answeredAt,
    rss: () => {
      const status = existsSync(`/proc/${pid}/status`) ? readFileSync(`/proc/${pid}/status`, 'utf8') : '';
      const kilobytes = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
      return kilobytes === undefined ? undefined : Number(kilobytes) * 1024;
    },
    stop: () => stop(child),
  };
}

/** Starts a TypeScript script of this folder in its own Node process, its standard output piped back. */
function startScript(script: string, args: string[]): ChildProcess {
  return track(
    spawn(process.execPath, ['--import', 'tsx', join(BENCH_DIR, script), ...args], {
      cwd: BENCH_DIR,
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
}

/** The first line the child prints, parsed as JSON; rejects if it exits first. */
function firstJsonLine<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolveLine, reject) => {
    let output = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      output += chunk;
      const end = output.indexOf('\n');
      if (end !== -1) resolveLine(JSON.parse(output.slice(0, end)) as T);
    });
    // 'close' comes after the output has been read, so a line printed just before exiting still counts.
    child.on('close', (code) => reject(new Error(`${child.spawnargs.join(' ')} exited with ${code}`)));
  });
}

export interface BareFastify {
  url: string;
  stop: () => Promise<void>;
}

/** The baseline: a bare Fastify process answering `GET /api/culls` with `pageFile`'s JSON from memory. */
export async function startBareFastify(pageFile: string): Promise<BareFastify> {
  const child = startScript('bare-fastify.ts', [pageFile]);
  const { port } = await firstJsonLine<{ port: number }>(child);
  return { url: `http://127.0.0.1:${port}`, stop: () => stop(child) };
}

/** Runs a load generator script in its own process, so it does not share the bench's event loop. */
async function runGenerator<Result>(script: string, argument: string): Promise<Result> {
  const child = startScript(script, [argument]);
  try {
    return await firstJsonLine<Result>(child);
  } finally {
    await stop(child);
  }
}

/** Runs the load generator against one URL (load.ts). */
export function runLoad<Options, Result>(options: Options): Promise<Result> {
  return runGenerator<Result>('load.ts', JSON.stringify(options));
}

/** Runs the mixed load generator (mixed-load.ts) with the options written in `optionsFile`. */
export function runMixedLoad<Result>(optionsFile: string): Promise<Result> {
  return runGenerator<Result>('mixed-load.ts', optionsFile);
}
