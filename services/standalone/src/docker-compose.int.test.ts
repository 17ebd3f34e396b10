import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateIdentityKeys } from '@cull-log/service-kit';
import { randomSecret } from './config';
import { REPOSITORY_ROOT } from './repository';
import { CullLogClient } from './testing/cull-log-client';
import { CSV_HEADER, projectionsOf, sampleCull } from './testing/expectations';

/** Why `docker compose` cannot run here, or undefined when it can (the engine is not needed for `config`). */
function composeUnavailable(): string | undefined {
  const version = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
  if (version.error !== undefined) return 'the docker client is not installed';
  if (version.status !== 0) return 'the docker client has no compose plugin';
  return undefined;
}

/** The variable that turns on the end-to-end run: it builds four images and starts six containers. */
const COMPOSE_E2E_VARIABLE = 'CULL_LOG_COMPOSE_E2E';

const unavailable = composeUnavailable();
const endToEnd = process.env[COMPOSE_E2E_VARIABLE] === '1';
if (unavailable !== undefined) console.log(`Skipping the docker compose checks: ${unavailable}.`);
else if (!endToEnd) {
  console.log(
    `Skipping the docker compose end-to-end test: set ${COMPOSE_E2E_VARIABLE}=1 to build the images and run it ` +
      '(the GitHub workflow does).',
  );
}

describe.skipIf(unavailable !== undefined)('docker-compose.yml', () => {
  it('is valid for docker compose with the settings of .env.example', () => {
    // The file reads .env, which a checkout does not have: check a copy beside a copy of the example.
    const folder = mkdtempSync(join(tmpdir(), 'cull-log-compose-'));
    try {
      copyFileSync(join(REPOSITORY_ROOT, 'docker-compose.yml'), join(folder, 'docker-compose.yml'));
      copyFileSync(join(REPOSITORY_ROOT, '.env.example'), join(folder, '.env'));
      symlinkSync(join(REPOSITORY_ROOT, 'deploy'), join(folder, 'deploy'));
      const result = spawnSync('docker', ['compose', '--project-directory', folder, 'config', '--quiet'], {
        encoding: 'utf8',
      });
      expect(result.status, result.stderr).toBe(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

interface Finished {
  status: number | null;
  output: string;
}

/** A NATS password as deploy/nats/new-passwords.sh makes one: nats-server reads it as a string only after a letter. */
const natsPassword = () => `n${randomBytes(24).toString('hex')}`;

const BUILD_AND_START_TIMEOUT_MS = 30 * 60_000;
const GATEWAY_PUBLIC_URL = 'http://localhost:3000';

/**
 * The deployment of docker-compose.yml as it is (images built from deploy/Dockerfile, MongoDB as a replica set,
 * NATS JetStream, production settings on records, stats and exports), with one departure written to an override
 * file: the gateway runs the development sign-in, since a test cannot sign in to Google.
 */
describe.skipIf(unavailable !== undefined || !endToEnd)(
  'docker compose up: the distributed deployment in containers',
  () => {
    const project = `cull-log-e2e-${randomSecret()
      .slice(0, 8)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, 'x')}`;
    // Made in beforeAll: a skipped suite's body still runs, and would leave folders behind.
    let folder: string | undefined;
    let override = '';
    let ann: CullLogClient;
    let newestPosition = 0;

    /** Runs `docker compose` on this project; with `show`, its output goes to the log as it comes. */
    function compose(args: string[], { show = false } = {}): Promise<Finished> {
      const command = [
        'compose',
        '--project-name',
        project,
        '--project-directory',
        REPOSITORY_ROOT,
        '--file',
        join(REPOSITORY_ROOT, 'docker-compose.yml'),
        '--file',
        override,
        ...args,
      ];
      return new Promise((resolve, reject) => {
        const child = spawn('docker', command, { stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        const collect = (chunk: Buffer) => {
          output += chunk.toString('utf8');
          if (show) process.stdout.write(chunk);
        };
        child.stdout.on('data', collect);
        child.stderr.on('data', collect);
        child.on('error', reject);
        child.on('close', (status) => resolve({ status, output }));
      });
    }

    async function composeOk(args: string[], options?: { show?: boolean }): Promise<string> {
      const finished = await compose(args, options);
      if (finished.status !== 0) {
        throw new Error(
          `docker compose ${args.join(' ')} exited ${finished.status}:\n${finished.output.slice(-4000)}`,
        );
      }
      return finished.output;
    }

    /** Starts (or restarts) services and waits until each one's health check passes. */
    async function upAndHealthy(services: string[] = []): Promise<void> {
      await composeOk(['up', '--detach', '--wait', '--wait-timeout', '600', ...services], { show: true });
    }

    function track<T extends { position: number }>(write: T): T {
      newestPosition = Math.max(newestPosition, write.position);
      return write;
    }

    async function expectProjectionsToMatchTheRecords(): Promise<void> {
      const list = await ann.listCulls();
      const { stats, expectedStats, csv, expectedRows } = await projectionsOf(
        ann,
        list.items,
        newestPosition,
      );
      expect(stats).toEqual({ ...expectedStats, position: stats.position });
      expect(stats.position).toBeGreaterThanOrEqual(newestPosition);
      expect(stats.total_culls).toBe(list.total);
      expect(csv.header).toBe(CSV_HEADER);
      expect(csv.rows).toEqual(expectedRows);
    }

    beforeAll(async () => {
      folder = mkdtempSync(join(tmpdir(), 'cull-log-compose-e2e-'));
      override = join(folder, 'compose.e2e.yml');
      const identityKeys = generateIdentityKeys();
      const backend = { INTERNAL_AUTH_PUBLIC_KEY: identityKeys.publicKey };
      // What deploy/nats/new-passwords.sh writes: a password per service, all of them for nats-server.
      const natsPasswords = { records: natsPassword(), stats: natsPassword(), exports: natsPassword() };
      const natsUser = (service: keyof typeof natsPasswords) => ({
        NATS_USER: service,
        NATS_PASSWORD: natsPasswords[service],
      });
      // JSON is YAML: the override needs no YAML writer.
      writeFileSync(
        override,
        JSON.stringify(
          {
            services: {
              nats: {
                environment: {
                  NATS_RECORDS_PASSWORD: natsPasswords.records,
                  NATS_STATS_PASSWORD: natsPasswords.stats,
                  NATS_EXPORTS_PASSWORD: natsPasswords.exports,
                },
              },
              records: {
                environment: { ...backend, ...natsUser('records'), INVITATION_SECRET: randomSecret() },
              },
              stats: { environment: { ...backend, ...natsUser('stats') } },
              exports: { environment: { ...backend, ...natsUser('exports') } },
              gateway: {
                environment: {
                  INTERNAL_AUTH_PRIVATE_KEY: identityKeys.privateKey,
                  SESSION_SECRET: randomSecret(),
                  NODE_ENV: 'development',
                  AUTH_MODE: 'dev',
                  DEV_SIGN_IN_HOST: '0.0.0.0',
                  GOOGLE_CLIENT_ID: '',
                  GOOGLE_CLIENT_SECRET: '',
                  PUBLIC_URL: GATEWAY_PUBLIC_URL,
                },
              },
            },
          },
          null,
          2,
        ),
      );
      await upAndHealthy(['--build']);
      const published = (await composeOk(['port', 'gateway', '3000'])).trim();
      ann = new CullLogClient(`http://${published}`, GATEWAY_PUBLIC_URL);
      await ann.signIn('Ann Stalker', 'ann@example.org');
    }, BUILD_AND_START_TIMEOUT_MS);

    afterEach(async (context) => {
      if (context.task.result?.state === 'fail') {
        console.log((await compose(['logs', '--no-color', '--tail', '80'])).output);
      }
    });

    afterAll(async () => {
      try {
        await compose(['down', '--volumes', '--remove-orphans', '--timeout', '20']);
      } finally {
        if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
      }
    }, 120_000);

    it('runs every service on Node.js 24, records, stats and exports in production', async () => {
      for (const service of ['records', 'stats', 'exports', 'gateway']) {
        const answer = await composeOk([
          'exec',
          '-T',
          service,
          'node',
          '-p',
          'process.version + " " + process.env.NODE_ENV',
        ]);
        const [version, mode] = answer.trim().split(' ');
        expect(version, service).toMatch(/^v24\.\d+\.\d+$/);
        expect(mode, service).toBe(service === 'gateway' ? 'development' : 'production');
      }
    });

    it('records, amends and deletes through the gateway, and the list, stats and CSV agree (MongoDB, NATS)', async () => {
      const roe = track(await ann.recordCull(sampleCull()));
      const fox = track(await ann.recordCull(sampleCull({ species: 'Fox', sex: 'Male', weight: 7.2 })));
      const fallow = track(
        await ann.recordCull(sampleCull({ species: 'Fallow Deer', sex: 'Male', weight: 45 })),
      );
      track(await ann.amendCull(fox.cull.id, { weight: 7.8, location_name: 'Long Covert' }));
      track(await ann.deleteCull(fallow.cull.id));

      await expectProjectionsToMatchTheRecords();
      const list = await ann.listCulls();
      expect(list.items.map((record) => record.id)).toEqual([roe.cull.id, fox.cull.id]);
      expect(list.items[1]).toMatchObject({ weight: 7.8, location_name: 'Long Covert', version: 2 });
    });

    it('a stats container stopped while records are written catches up once started again', async () => {
      await composeOk(['stop', 'stats']);
      for (let index = 0; index < 3; index++) {
        track(await ann.recordCull(sampleCull({ species: 'Sika Deer', weight: 30 + index })));
      }
      await upAndHealthy(['stats']);
      await expectProjectionsToMatchTheRecords();
      expect((await ann.listCulls()).total).toBe(5);
    });

    it('keeps the signed-in session across a restart of the gateway (sessions live in MongoDB)', async () => {
      await composeOk(['restart', 'gateway']);
      await upAndHealthy(['gateway']);
      expect((await ann.listCulls()).total).toBe(5);
    });
  },
);
