import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@cull-log/service-kit/testing';

const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));
const APP_ENTRY = join(REPOSITORY, 'services/standalone/dist/main.js');
const START_TIMEOUT_MS = 60_000;

async function waitUntilReady(url: string, app: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (app.exitCode !== null)
      throw new Error(`The app exited with ${app.exitCode} while starting:\n${output()}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The app did not become ready within ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

/**
 * Starts the whole app the way `npm start` does (the built one-process app, development sign-in, a fresh data
 * folder) unless E2E_BASE_URL points at one already running.
 */
export default async function startApp(): Promise<(() => Promise<void>) | void> {
  if (process.env.E2E_BASE_URL) return;
  if (!existsSync(APP_ENTRY)) {
    throw new Error(
      `${APP_ENTRY} is missing: run "npx turbo run build --filter=@cull-log/standalone..." first`,
    );
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'cull-log-e2e-'));
  const url = `http://localhost:${port}`;
  let output = '';
  const app = spawn(process.execPath, [APP_ENTRY], {
    cwd: REPOSITORY,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      AUTH_MODE: 'dev',
      GOOGLE_CLIENT_ID: '',
      MONGODB_URL: '',
      NATS_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  app.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  app.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitUntilReady(url, app, () => output);
  process.env.E2E_BASE_URL = url;

  return async () => {
    const exited = new Promise((resolve) => app.once('exit', resolve));
    app.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (app.exitCode === null) app.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
}
