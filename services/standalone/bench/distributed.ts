/**
 * The distributed deployment for a benchmark: the services built, then started as separate processes over NATS by
 * the launcher, as `npm run start:services` does, on a fresh DATA_DIR; and a development sign-in to it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@cull-log/service-kit/testing';
import { expectStatus, httpRequest } from './http-client';

const REPOSITORY_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const LAUNCHER = join(REPOSITORY_ROOT, 'services/standalone/dist/start-services.js');

const sleep = (milliseconds: number) => new Promise((done) => setTimeout(done, milliseconds));

export interface Distributed {
  /** The gateway's URL. */
  url: string;
  /** The launcher's process id (the services are its children). */
  pid: number;
  stop: () => Promise<void>;
}

/** Builds the one-process app and the services (`npm run start:services` runs the build's launcher). */
export function buildServices(): void {
  const built = spawnSync(
    'npx',
    ['turbo', 'run', 'build', '--filter=@cull-log/standalone...', '--output-logs=errors-only'],
    { cwd: REPOSITORY_ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (built.status !== 0) throw new Error('could not build the services');
}

async function waitUntilReady(url: string, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exited()) throw new Error('the services exited while starting');
    try {
      if ((await httpRequest(`${url}/readyz`, { timeoutMs: 1_000 })).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error('the services did not become ready within 120 s');
}

/** Starts the services on a fresh DATA_DIR, removed when they stop; `env` is added to what the launcher is given. */
export async function startDistributed(env: Record<string, string>): Promise<Distributed> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cull-log-bench-distributed-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const launcher = spawn(process.execPath, [LAUNCHER], {
    cwd: REPOSITORY_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      AUTH_MODE: 'dev',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      // The paths are measured, not the per-user limits that guard them in service.
      READ_RATE_LIMIT_PER_MINUTE: '100000000',
      WRITE_RATE_LIMIT_PER_MINUTE: '100000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stopLauncher = () => launcher.exitCode === null && launcher.kill('SIGTERM');
  process.on('exit', stopLauncher);
  const stop = async () => {
    stopLauncher();
    await new Promise((done) => (launcher.exitCode === null ? launcher.once('exit', done) : done(null)));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(url, () => launcher.exitCode !== null);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: launcher.pid as number, stop };
}

export interface SignedIn {
  identity: { uid: string; display_name: string | null; email: string | null };
  /** Cookie and same-origin headers of the signed-in user. */
  headers: Record<string, string>;
}

/** Signs a user in with the development sign-in. */
export async function devSignIn(url: string, name: string, email: string): Promise<SignedIn> {
  const signedIn = await expectStatus(`${url}/auth/dev/login`, 200, {
    method: 'POST',
    headers: { 'sec-fetch-site': 'same-origin' },
    body: { name, email },
  });
  const setCookie = signedIn.headers['set-cookie'];
  const cookie = (Array.isArray(setCookie) ? setCookie : [setCookie ?? ''])
    .map((line) => line.split(';')[0])
    .join('; ');
  return {
    identity: JSON.parse(signedIn.body.toString()) as SignedIn['identity'],
    headers: { cookie, 'sec-fetch-site': 'same-origin' },
  };
}
