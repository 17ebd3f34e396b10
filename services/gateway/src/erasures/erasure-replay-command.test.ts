import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildServiceApp, createLogger, internalAuth } from '@cull-log/service-kit';
import { TEST_KEYS } from '@cull-log/service-kit/testing';
import { createGatewayFromEnvironment } from '../gateway-from-environment';
import { silentLogger } from '../testing/gateway-harness';
import { runErasureReplayCommand } from './erasure-replay-command';
import { openFileErasureJournal } from './file-erasure-journal';

/** The gateway's clock, and the services' (they check the signed identity's time against it). */
const now = new Date('2026-12-07T12:00:00Z');

/** A service's `DELETE /account`, checking the signed identity as the real ones do; `failing` ids answer 500. */
async function standInService(
  service: string,
  erased: string[],
  failing: Set<string>,
): Promise<FastifyInstance> {
  const app = buildServiceApp({ name: service, logger: silentLogger });
  await app.register(internalAuth, { publicKey: TEST_KEYS.publicKey, audience: service, now: () => now });
  app.delete('/account', async (request, reply) => {
    if (failing.has(request.identity.uid)) {
      return reply.code(500).send({ error: { code: 'internal', message: 'x' } });
    }
    erased.push(`${service}:${request.identity.uid}`);
    return service === 'records' ? { events: 0 } : reply.code(204).send();
  });
  await app.ready();
  return app;
}

describe('the erasure replay command', () => {
  let dataDir: string;
  let erased: string[];
  const failing = new Set<string>();
  let services: Record<'records' | 'stats' | 'exports', FastifyInstance>;
  let output: string;

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gateway-replay-'));
    erased = [];
    failing.clear();
    output = '';
    services = {
      records: await standInService('records', erased, failing),
      stats: await standInService('stats', erased, failing),
      exports: await standInService('exports', erased, failing),
    };
  });

  afterEach(async () => {
    await Promise.all(Object.values(services).map((app) => app.close()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  const journalFile = () => join(dataDir, 'erasures', 'erasures.jsonl');
  async function journalHolding(entries: Array<[uid: string, erasedAt: string]>) {
    const journal = openFileErasureJournal({ file: journalFile() });
    for (const [uid, erasedAt] of entries) await journal.append({ uid, erasedAt: new Date(erasedAt) });
    await journal.close();
  }
  const replay = (args: string[]) =>
    runErasureReplayCommand(
      args,
      () =>
        createGatewayFromEnvironment(
          {
            INTERNAL_AUTH_PRIVATE_KEY: TEST_KEYS.privateKey,
            DATA_DIR: dataDir,
            WEB_DIST: dataDir,
            RETENTION_JOB: 'off',
          },
          {
            upstreams: services,
            now: () => now,
            logger: createLogger({ name: 'replay-test', level: 'silent' }),
          },
        ),
      (text) => {
        output += text;
      },
    );

  it('erases again, once each, every account the journal holds from --since on, leaving those erased before', async () => {
    await journalHolding([
      ['user_before', '2026-11-20T10:00:00Z'],
      ['user_a', '2026-12-02T09:00:00Z'],
      ['user_b', '2026-12-03T09:00:00Z'],
      ['user_a', '2026-12-04T09:00:00Z'],
    ]);

    expect(await replay(['--since', '2026-12-01T02:00:00Z'])).toBe(0);

    expect(erased).toEqual([
      'records:user_a',
      'stats:user_a',
      'exports:user_a',
      'records:user_b',
      'stats:user_b',
      'exports:user_b',
    ]);
    expect(output).toBe(
      'Erasures made since 2026-12-01T02:00:00.000Z: 2 account(s) erased again, 0 could not be ' +
        '(1 older erasure(s) left alone).\n',
    );
    // The replay adds nothing to the journal: its entries are kept already.
    const journal = openFileErasureJournal({ file: journalFile() });
    expect((await journal.list()).map((entry) => entry.uid)).toEqual([
      'user_before',
      'user_a',
      'user_b',
      'user_a',
    ]);
    await journal.close();
  });

  it('run twice, erases the same again and does no harm; with an empty journal, erases nothing', async () => {
    expect(await replay(['--since', '2026-12-01'])).toBe(0);
    expect(erased).toEqual([]);
    expect(output).toContain('0 account(s) erased again, 0 could not be');

    await journalHolding([['user_a', '2026-12-02T09:00:00Z']]);
    expect(await replay(['--since', '2026-12-01'])).toBe(0);
    expect(await replay(['--since', '2026-12-01'])).toBe(0);
    expect(erased.filter((call) => call === 'records:user_a')).toHaveLength(2);
  });

  it('names an account it could not erase again, goes on with the others, and exits 1', async () => {
    await journalHolding([
      ['user_down', '2026-12-02T09:00:00Z'],
      ['user_b', '2026-12-03T09:00:00Z'],
    ]);
    failing.add('user_down');

    expect(await replay(['--since', '2026-12-01T00:00:00Z'])).toBe(1);

    expect(erased).toContain('exports:user_b');
    expect(output).toContain('1 account(s) erased again, 1 could not be');
    expect(output).toMatch(/Could not erase user_down again: .+\n/);
    expect(output).toContain('Run the command again once every service answers.');
  });

  it('forgets entries older than every backup before replaying', async () => {
    await journalHolding([['user_lapsed', '2026-10-01T00:00:00Z']]);
    expect(await replay(['--since', '2026-09-01T00:00:00Z'])).toBe(0);
    expect(erased).toEqual([]);
  });

  it('without --since, or with one that is no date, says how to run it, erasing nothing', async () => {
    await journalHolding([['user_a', '2026-12-02T09:00:00Z']]);
    expect(await replay([])).toBe(2);
    expect(output).toContain('--since is required\nUsage: npm run erasures:replay -- --since');
    output = '';
    expect(await replay(['--since', 'yesterday'])).toBe(2);
    expect(output).toContain('--since yesterday is not a date and time');
    expect(await replay(['--sinse', '2026-12-01'])).toBe(2);
    expect(erased).toEqual([]);
  });
});
