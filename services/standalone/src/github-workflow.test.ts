import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPOSITORY_ROOT } from './repository';

/**
 * The GitHub workflow runs what this machine cannot (MongoDB, Docker). Nothing here runs it, so this reads it
 * and checks what it must keep doing, lest it rot unnoticed.
 */

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, unknown>;
  'working-directory'?: string;
}

interface Job {
  'runs-on': string;
  env?: Record<string, string>;
  steps: Step[];
}

const read = (path: string) => readFileSync(join(REPOSITORY_ROOT, path), 'utf8');
const workflow = parse(read('.github/workflows/ci.yml')) as { on: unknown; jobs: Record<string, Job> };
const jobs = Object.values(workflow.jobs);
const testJob = jobs.find((job) => job.steps.some((step) => step.run?.trim() === 'npm test'));

/** The index of the first step of `job` that satisfies `match`; fails naming `what` when there is none. */
function stepIndex(job: Job, what: string, match: (step: Step) => boolean): number {
  const index = job.steps.findIndex(match);
  expect(index, `no step ${what}`).toBeGreaterThanOrEqual(0);
  return index;
}

describe('.github/workflows/ci.yml', () => {
  it('runs on every push to main and every pull request', () => {
    expect(workflow.on).toMatchObject({ push: { branches: ['main'] }, pull_request: null });
  });

  it('sets up Node.js from .nvmrc, which names 24, as do engines and the image, with the npm cache', () => {
    expect(read('.nvmrc').trim()).toBe('24');
    expect((JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node).toBe('>=24');
    expect(read('deploy/Dockerfile')).toMatch(/^ARG NODE_IMAGE=node:24-/m);
    for (const job of jobs) {
      const setup = job.steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
      expect(setup?.with).toEqual({ 'node-version-file': '.nvmrc', cache: 'npm' });
    }
  });

  it('has a job that runs npm test after npm ci', () => {
    expect(testJob, 'no job runs npm test').toBeDefined();
    const job = testJob as Job;
    const install = stepIndex(job, 'runs npm ci', (step) => /^npm ci\b/.test(step.run ?? ''));
    expect(stepIndex(job, 'runs npm test', (step) => step.run?.trim() === 'npm test')).toBeGreaterThan(
      install,
    );
  });

  it('gives npm test a MongoDB 7 replica set, initiated and primary before the tests, as MONGODB_URL', () => {
    const job = testJob as Job;
    const mongo = stepIndex(job, 'starts MongoDB', (step) =>
      /docker run\b.*\bmongo:7\b/.test(step.run ?? ''),
    );
    const script = job.steps[mongo]?.run ?? '';
    expect(script).toMatch(/mongo:7 --replSet rs0\b/);
    expect(script).toContain("rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: '127.0.0.1:27017' }] })");
    expect(script).toContain('rs.status().ok === 1 && db.hello().isWritablePrimary');
    expect(mongo).toBeLessThan(stepIndex(job, 'runs npm test', (step) => step.run?.trim() === 'npm test'));

    // The form mongoTestTarget takes as it is: a replica set (transactions, change streams) at the initiated host.
    const url = new URL(job.env?.MONGODB_URL ?? '');
    expect(url.protocol).toBe('mongodb:');
    expect(url.host).toBe('127.0.0.1:27017');
    expect(url.searchParams.get('replicaSet')).toBe('rs0');
    // turbo passes only declared variables on to the tests.
    expect((JSON.parse(read('turbo.json')) as { globalEnv: string[] }).globalEnv).toContain('MONGODB_URL');
  });

  it("gives npm test the NATS image's nats-server, which each suite starts with JetStream (-js)", () => {
    const job = testJob as Job;
    const nats = job.steps.find((step) => /\bnats:2\.\d+/.test(step.run ?? ''))?.run ?? '';
    expect(nats).toContain('"$NATS_SERVER_BIN"');
    expect(nats).toMatch(/"\$NATS_SERVER_BIN" -js\b/);
    expect(job.env?.NATS_SERVER_BIN).toBeTruthy();
    expect(read('packages/bus/src/testing/nats-server.ts')).toMatch(/spawn\(\s*binary,\s*\[[^\]]*'-js'/);
    expect(job.env?.CHROMIUM_PATH).toBeTruthy();
  });

  it('builds the image of every service from deploy/Dockerfile', () => {
    const build = jobs
      .flatMap((job) => job.steps)
      .find((step) =>
        /docker build --file deploy\/Dockerfile --build-arg SERVICE=\$service/.test(step.run ?? ''),
      );
    expect(build?.run).toContain('for service in gateway records stats exports; do');
  });

  it('runs the distributed end-to-end test against docker compose, turned on by the variable it honours', () => {
    const compose = jobs
      .flatMap((job) => job.steps)
      .find((step) => step.run?.includes('src/docker-compose.int.test.ts'));
    expect(compose?.['working-directory']).toBe('services/standalone');
    expect(compose?.env).toEqual({ CULL_LOG_COMPOSE_E2E: '1' });
    const test = 'services/standalone/src/docker-compose.int.test.ts';
    expect(existsSync(join(REPOSITORY_ROOT, test))).toBe(true);
    expect(read(test)).toContain("const COMPOSE_E2E_VARIABLE = 'CULL_LOG_COMPOSE_E2E';");
  });
});
