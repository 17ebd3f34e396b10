/**
 * `npm run bench -- hop`: what the gateway's hop costs in the distributed deployment. Builds the services and
 * starts them as separate processes over NATS, as `npm run start:services` does; signs in and adds a page of
 * records through the gateway; then times the same list page asked one request at a time of the records service
 * directly (with the identity the gateway would sign) and through the gateway, alternating so that both see the
 * same machine, and prints each median and p99 and the difference of the medians.
 *
 * BENCH_HOP_REQUESTS sets the requests timed on each path (default 3,000).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sampleRecordRequest } from '@cull-log/contracts/testing';
import {
  IDENTITY_HEADER,
  SERVICES,
  generateIdentityKeys,
  identityPrivateKey,
  signIdentity,
} from '@cull-log/service-kit';
import { freePort } from '@cull-log/service-kit/testing';
import { expectStatus, httpRequest } from './http-client';

const REQUESTS = Number(process.env.BENCH_HOP_REQUESTS ?? 3_000);
const WARM_UP_REQUESTS = 300;
const RECORDS = 20;
const REPOSITORY_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const LAUNCHER = join(REPOSITORY_ROOT, 'services/standalone/dist/start-services.js');
const LIST = '/culls?page=1&page_size=10&sort=date&order=desc';

const sleep = (milliseconds: number) => new Promise((done) => setTimeout(done, milliseconds));

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] as number;
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

async function main(): Promise<void> {
  const built = spawnSync(
    'npx',
    ['turbo', 'run', 'build', '--filter=@cull-log/standalone...', '--output-logs=errors-only'],
    { cwd: REPOSITORY_ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (built.status !== 0) throw new Error('could not build the services');

  const dataDir = mkdtempSync(join(tmpdir(), 'cull-log-bench-hop-'));
  const port = await freePort();
  const gateway = `http://127.0.0.1:${port}`;
  const records = `http://127.0.0.1:${SERVICES.records.port}`;
  const identityKeys = generateIdentityKeys();
  const gatewayKey = identityPrivateKey(identityKeys.privateKey);
  const launcher = spawn(process.execPath, [LAUNCHER], {
    cwd: REPOSITORY_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      PORT: String(port),
      PUBLIC_URL: gateway,
      DATA_DIR: dataDir,
      AUTH_MODE: 'dev',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      INTERNAL_AUTH_PRIVATE_KEY: identityKeys.privateKey,
      // The hop is measured, not the per-user limits that guard it in service.
      READ_RATE_LIMIT_PER_MINUTE: '100000000',
      WRITE_RATE_LIMIT_PER_MINUTE: '100000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stopLauncher = () => launcher.exitCode === null && launcher.kill('SIGTERM');
  process.on('exit', stopLauncher);
  try {
    await waitUntilReady(gateway, () => launcher.exitCode !== null);

    const signedIn = await expectStatus(`${gateway}/auth/dev/login`, 200, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-origin' },
      body: { name: 'Hop Stalker', email: 'hop@example.com' },
    });
    const identity = JSON.parse(signedIn.body.toString()) as {
      uid: string;
      display_name: string | null;
      email: string | null;
    };
    const setCookie = signedIn.headers['set-cookie'];
    const cookie = (Array.isArray(setCookie) ? setCookie : [setCookie ?? ''])
      .map((line) => line.split(';')[0])
      .join('; ');
    const session = { cookie, 'sec-fetch-site': 'same-origin' };
    for (let index = 0; index < RECORDS; index += 1) {
      await expectStatus(`${gateway}/api/culls`, 201, {
        method: 'POST',
        headers: session,
        body: sampleRecordRequest({ location_name: `Hop Wood ${index}` }),
      });
    }

    // The identity the gateway signs for this request, made afresh as it does, so the direct path pays for it too.
    const direct = () =>
      httpRequest(`${records}${LIST}`, {
        headers: {
          [IDENTITY_HEADER]: signIdentity({
            privateKey: gatewayKey,
            audience: 'records',
            identity,
            method: 'GET',
            url: LIST,
          }),
        },
      });
    const throughGateway = () => httpRequest(`${gateway}/api${LIST}`, { headers: session });

    const timings = { direct: [] as number[], gateway: [] as number[] };
    for (let index = 0; index < WARM_UP_REQUESTS + REQUESTS; index += 1) {
      const [first, second] =
        index % 2 === 0 ? (['direct', 'gateway'] as const) : (['gateway', 'direct'] as const);
      for (const path of [first, second]) {
        const answer = await (path === 'direct' ? direct() : throughGateway());
        if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${answer.body}`);
        if (index >= WARM_UP_REQUESTS) timings[path].push(answer.milliseconds);
      }
    }

    const summary = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return { median: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
    };
    const straight = summary(timings.direct);
    const hopped = summary(timings.gateway);
    const overhead = hopped.median - straight.median;
    const format = (milliseconds: number) => `${milliseconds.toFixed(2)} ms`;
    console.log(
      `Gateway hop, distributed (four processes over NATS), list page 1, ${REQUESTS.toLocaleString('en-GB')} ` +
        `requests each, one at a time; ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(2)}`,
    );
    console.table({
      'records service directly': { median: format(straight.median), p99: format(straight.p99) },
      'through the gateway': { median: format(hopped.median), p99: format(hopped.p99) },
    });
    console.log(
      `gateway hop overhead at p50: ${format(overhead)} (target ≤ 1 ms: ${overhead <= 1 ? 'pass' : 'fail'})`,
    );
  } finally {
    stopLauncher();
    await new Promise((done) => (launcher.exitCode === null ? launcher.once('exit', done) : done(null)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
