import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'nats';
import { userSubjectToken, type Cull, type ListOutingsResponse, type Me } from '@cull-log/contracts';
import { startNatsServer, type NatsTestServer } from '@cull-log/bus/testing';
import { generateIdentityKeys, type ServiceName } from '@cull-log/service-kit';
import { freePort } from '@cull-log/service-kit/testing';
import { randomSecret } from './config';
import { REPOSITORY_ROOT, SERVICE_NAMES, serviceEntry } from './repository';
import { spawnChildProcess, type ChildProcessHandle } from './service-process';
import { CullLogClient } from './testing/cull-log-client';
import { testEnvironment } from './testing/environment';
import {
  CSV_HEADER,
  parseCsv,
  pollUntil,
  projectionsOf,
  sampleCull,
  type FiguresContext,
} from './testing/expectations';
import { filesHolding } from './testing/data-scan';
import { ProcessOutput } from './testing/process-output';
import { unzipText } from '@cull-log/contracts/testing/account-download';
import { answersOk, waitFor } from './wait-for';

const READY_TIMEOUT_MS = 60_000;

/** NATS as the deployment runs it: a user per service, each allowed only its own subjects (deploy/nats). */
const NATS_CONFIG = join(REPOSITORY_ROOT, 'deploy', 'nats', 'nats-server.conf');
const natsPasswords = {
  records: `n${randomBytes(24).toString('hex')}`,
  stats: `n${randomBytes(24).toString('hex')}`,
  exports: `n${randomBytes(24).toString('hex')}`,
};

/** The NATS sign-in of a service; the gateway does not use NATS and has none. */
function natsUserOf(name: ServiceName): Record<string, string> {
  return name === 'gateway' ? {} : { NATS_USER: name, NATS_PASSWORD: natsPasswords[name] };
}

interface RunningService {
  process: ChildProcessHandle;
  exited: boolean;
}

describe("the four services as separate processes over NATS with the deployment's users (npm run start:services)", () => {
  let nats: NatsTestServer;
  let root: string;
  const ports = {} as Record<ServiceName, number>;
  const running = new Map<ServiceName, RunningService>();
  const outputs: ProcessOutput[] = [];
  const identityKeys = generateIdentityKeys();
  const invitationSecret = randomSecret();
  let ann: CullLogClient;
  let newestPosition = 0;

  const loopback = (name: ServiceName) => `http://127.0.0.1:${ports[name]}`;

  async function startService(name: ServiceName): Promise<void> {
    const output = new ProcessOutput(`${name} #${outputs.filter((o) => o.name.startsWith(name)).length + 1}`);
    outputs.push(output);
    const child = spawnChildProcess({
      name,
      command: process.execPath,
      args: [serviceEntry(name)],
      env: testEnvironment({
        PORT: String(ports[name]),
        DATA_DIR: join(root, name),
        // Each process is given its own secrets only, as the launcher gives them.
        ...(name === 'gateway'
          ? { INTERNAL_AUTH_PRIVATE_KEY: identityKeys.privateKey }
          : { INTERNAL_AUTH_PUBLIC_KEY: identityKeys.publicKey, INVITATION_SECRET: invitationSecret }),
        NATS_URL: nats.url,
        ...natsUserOf(name),
        RECORDS_URL: loopback('records'),
        STATS_URL: loopback('stats'),
        EXPORTS_URL: loopback('exports'),
        PUBLIC_URL: `http://localhost:${ports.gateway}`,
      }),
      onLine: output.collect,
    });
    const service: RunningService = { process: child, exited: false };
    void child.exited.then(() => {
      service.exited = true;
    });
    running.set(name, service);
    await waitFor(`${name} becoming ready`, () => answersOk(`${loopback(name)}/readyz`), {
      timeoutMs: READY_TIMEOUT_MS,
      intervalMs: 200,
      giveUp: () => (service.exited ? `it exited. Its output:\n${output.tail()}` : undefined),
    });
  }

  /** Remembers the newest write, whose position every projection must reach. */
  function track<T extends { position: number }>(write: T): T {
    newestPosition = Math.max(newestPosition, write.position);
    return write;
  }

  async function expectProjectionsToMatchTheRecords(
    client = ann,
    context: FiguresContext = {},
  ): Promise<Cull[]> {
    const list = await client.listCulls();
    const { stats, expectedStats, csv, expectedRows } = await projectionsOf(
      client,
      list.items,
      newestPosition,
      context,
    );
    expect(stats.position).toBe(newestPosition);
    expect(stats).toEqual({ ...expectedStats, position: newestPosition });
    expect(stats.total_culls).toBe(list.total);
    expect(csv.header).toBe(CSV_HEADER);
    expect(csv.rows).toEqual(expectedRows);
    return list.items;
  }

  beforeAll(async () => {
    const missing = SERVICE_NAMES.filter((name) => !existsSync(serviceEntry(name)));
    if (missing.length > 0) {
      throw new Error(
        `Not built: ${missing.join(', ')}. Build first: npx turbo run build --filter=@cull-log/standalone...`,
      );
    }
    nats = await startNatsServer({
      configFile: NATS_CONFIG,
      env: {
        NATS_RECORDS_PASSWORD: natsPasswords.records,
        NATS_STATS_PASSWORD: natsPasswords.stats,
        NATS_EXPORTS_PASSWORD: natsPasswords.exports,
      },
    });
    root = mkdtempSync(join(tmpdir(), 'cull-log-distributed-'));
    for (const name of SERVICE_NAMES) ports[name] = await freePort();
    await Promise.all(SERVICE_NAMES.map(startService));
    ann = new CullLogClient(loopback('gateway'), `http://localhost:${ports.gateway}`);
    await ann.signIn('Ann Stalker', 'ann@example.org');
  });

  afterEach((context) => {
    if (context.task.result?.state === 'fail') for (const output of outputs) console.log(output.tail(40));
  });

  afterAll(async () => {
    await Promise.all([...running.values()].map(({ process }) => process.stop({ timeoutMs: 10_000 })));
    await nats?.stop();
    if (root !== undefined) rmSync(root, { recursive: true, force: true });
  });

  it('records, amends and deletes through the gateway, and the list, stats and CSV agree', async () => {
    const roe = track(await ann.recordCull(sampleCull()));
    const fox = track(await ann.recordCull(sampleCull({ species: 'Fox', sex: 'Male', weight: 7.2 })));
    const fallow = track(
      await ann.recordCull(sampleCull({ species: 'Fallow Deer', sex: 'Male', weight: 45 })),
    );
    track(await ann.amendCull(fox.cull.id, { weight: 7.8, location_name: 'Long Covert' }));
    track(await ann.deleteCull(fallow.cull.id));

    const records = await expectProjectionsToMatchTheRecords();
    expect(records.map((record) => record.id)).toEqual([roe.cull.id, fox.cull.id]);
    expect(records[1]).toMatchObject({ weight: 7.8, location_name: 'Long Covert', version: 2 });
  });

  it('a stats process killed outright while events stream in catches up after its restart, losing nothing and counting nothing twice', async () => {
    const before = await ann.listCulls();
    const [roe, fox] = before.items;
    if (roe === undefined || fox === undefined) throw new Error('the first test left no records');

    // Writes keep coming while stats dies, so it is killed part-way through what it is consuming.
    let written = 0;
    const burst = (async () => {
      for (let index = 0; index < 8; index++) {
        track(
          await ann.recordCull(
            sampleCull({ species: 'Sika Deer', weight: 30 + index, time: `08:0${index}` }),
          ),
        );
        written += 1;
      }
    })();
    await pollUntil(
      async () => written,
      (count) => count >= 3,
      { timeoutMs: 30_000, intervalMs: 20 },
    );
    const stats = running.get('stats');
    expect(await stats?.process.stop({ signal: 'SIGKILL' })).toEqual({ code: null, signal: 'SIGKILL' });
    await burst;
    expect((await ann.send('GET', '/api/stats')).status).toBeGreaterThanOrEqual(500);

    track(await ann.amendCull(roe.id, { weight: 16, sex: 'Male' }));
    track(await ann.deleteCull(fox.id));

    await startService('stats');
    const records = await expectProjectionsToMatchTheRecords();
    expect(records).toHaveLength(9);
  });

  it('records are still written while nats-server restarts, and everything arrives once it is back', async () => {
    await nats.stop();
    const written = [];
    for (let index = 0; index < 3; index++) {
      written.push(track(await ann.recordCull(sampleCull({ species: 'Muntjac', weight: 10 + index }))));
    }
    const [first] = written;
    if (first === undefined) throw new Error('nothing was written');
    track(await ann.amendCull(first.cull.id, { notes: 'Written while the bus was away' }));
    expect((await ann.listCulls()).total).toBe(12);

    await nats.restart();
    const records = await expectProjectionsToMatchTheRecords();
    expect(records).toHaveLength(12);
  });

  it("erasing an account empties every service's files and the NATS stream of the user, and no one else's", async () => {
    const bob = new CullLogClient(loopback('gateway'), `http://localhost:${ports.gateway}`);
    const bobMe = await bob.signIn('Bob Keeper', 'bob@example.org');
    track(await bob.recordCull(sampleCull({ species: 'Fox', notes: 'kept' })));
    const bobsWrite = track(await bob.recordCull(sampleCull({ species: 'Roe Deer', notes: 'kept' })));
    const bobsRecords = await bob.listCulls();
    const bobsBefore = await projectionsOf(bob, bobsRecords.items, bobsWrite.position);
    const annMe = JSON.parse((await ann.send('GET', '/api/me')).text) as Me;
    const annsRecords = await expectProjectionsToMatchTheRecords();

    const download = await unzipText(await ann.exportAccount());
    expect((JSON.parse(download.get('records.json') ?? '') as Cull[]).length).toBe(annsRecords.length);
    const events = (download.get('events.jsonl') ?? '').trim().split('\n');
    expect(events.length).toBeGreaterThan(annsRecords.length);

    expect(await ann.eraseAccount()).toEqual({ erased: true, events: events.length });

    expect((await ann.send('GET', '/api/me')).status).toBe(401);
    expect(filesHolding(root, [annMe.uid, annMe.email ?? ''])).toEqual([]);
    const connection = await connect({
      servers: nats.url,
      user: 'records',
      pass: natsPasswords.records,
      inboxPrefix: '_INBOX.records',
    });
    try {
      const info = await (
        await connection.jetstreamManager()
      ).streams.info('CULLS', { subjects_filter: '>' });
      const annsSubjects = Object.keys(info.state.subjects ?? {}).filter((subject) =>
        subject.startsWith(`culls.v1.${userSubjectToken(annMe.uid)}.`),
      );
      expect(annsSubjects).toEqual([`culls.v1.${userSubjectToken(annMe.uid)}.erased`]);
      expect(info.state.subjects?.[`culls.v1.${userSubjectToken(bobMe.uid)}.recorded`]).toBe(2);
    } finally {
      await connection.close();
    }
    expect(await bob.listCulls()).toEqual(bobsRecords);
    expect(await bob.stats()).toEqual(bobsBefore.stats);
    expect(parseCsv((await bob.csv()).text)).toEqual(bobsBefore.csv);

    await ann.signIn('Ann Stalker', 'ann@example.org');
    expect((await ann.listCulls()).total).toBe(0);
    expect((await ann.stats()).total_culls).toBe(0);
    expect(parseCsv((await ann.csv()).text).rows).toEqual([]);
  });

  it('a ground, an outing and a record placed in it cross the stream: stats and the CSV pass over them, counting the record once', async () => {
    // A user of their own, so the figures the other tests count stay theirs.
    const cat = new CullLogClient(loopback('gateway'), `http://localhost:${ports.gateway}`);
    await cat.signIn('Cat Grounds', 'cat@example.org');
    const write = async (method: string, path: string, body: unknown, status: number) => {
      const answer = await cat.send(method, path, body);
      expect(answer.status, answer.text).toBe(status);
      track({ position: Number(answer.headers.get('x-event-position')) });
      return JSON.parse(answer.text) as { id: string };
    };
    const ground = await write('POST', '/api/grounds', { name: 'Long Covert' }, 201);
    const outing = await write('POST', '/api/outings', { ground_id: ground.id }, 201);
    const placed = track(await cat.recordCull(sampleCull({ species: 'Muntjac', sex: 'Female', weight: 11 })));
    expect(placed.cull).toMatchObject({
      ground_id: ground.id,
      ground_name: 'Long Covert',
      outing_id: outing.id,
    });
    // Its placement moved the record's version on: the amendment after it is no gap to the projections.
    track(await cat.amendCull(placed.cull.id, { weight: 11.5 }));
    await write('PATCH', `/api/outings/${outing.id}`, { ended_at: new Date().toISOString() }, 200);
    await write('PATCH', '/api/settings', { season_start: '08-01' }, 200);
    await write('PUT', '/api/plans/2026-27', { plans: [{ ground_id: ground.id, targets: [] }] }, 200);

    const { items: outings } = JSON.parse(
      (await cat.send('GET', '/api/outings')).text,
    ) as ListOutingsResponse;
    expect(outings).toEqual([expect.objectContaining({ id: outing.id, cull_count: 1 })]);
    const records = await expectProjectionsToMatchTheRecords(cat, { start: '08-01', outings });
    expect(records).toEqual([expect.objectContaining({ id: placed.cull.id, weight: 11.5, version: 3 })]);
  });

  it("a team crosses the four processes: its link names the gateway, a member's cull on its ground is the manager's to read, and the projections pass its events by", async () => {
    const dee = new CullLogClient(loopback('gateway'), `http://localhost:${ports.gateway}`);
    const eve = new CullLogClient(loopback('gateway'), `http://localhost:${ports.gateway}`);
    await dee.signIn('Dee Manager', 'dee@example.org');
    const eveMe = await eve.signIn('Eve Stalker', 'eve@example.org');
    const send = async (
      client: CullLogClient,
      method: string,
      path: string,
      body: unknown,
      status: number,
    ) => {
      const answer = await client.send(method, path, body);
      expect(answer.status, answer.text).toBe(status);
      track({ position: Number(answer.headers.get('x-event-position') ?? 0) });
      return JSON.parse(answer.text) as Record<string, unknown>;
    };
    const team = await send(
      dee,
      'POST',
      '/api/teams',
      { name: 'Vale DMG', kind: 'deer_management_group' },
      201,
    );
    const ground = await send(dee, 'POST', '/api/grounds', { team_id: team.id, name: 'Vale Top' }, 201);
    const invite = await send(dee, 'POST', `/api/teams/${String(team.id)}/invites`, { role: 'stalker' }, 201);
    expect(invite.url).toBe(`http://localhost:${ports.gateway}/invites/${String(invite.token)}`);
    expect(
      await send(eve, 'POST', `/api/invites/${String(invite.token)}/accept`, undefined, 200),
    ).toMatchObject({
      id: team.id,
      role: 'stalker',
    });
    const culled = track(
      await eve.recordCull(sampleCull({ species: 'Sika Deer', ground_id: String(ground.id) })),
    );
    const read = JSON.parse((await dee.send('GET', `/api/culls?team=${String(team.id)}`)).text) as {
      items: { id: string; culled_by: unknown }[];
    };
    expect(read.items).toEqual([
      expect.objectContaining({ id: culled.cull.id, culled_by: { uid: eveMe.uid, name: 'Eve Stalker' } }),
    ]);
    // Eve's own figures count her cull once; Dee's (who made the team and its ground) count none.
    await expectProjectionsToMatchTheRecords(eve);
    expect(await expectProjectionsToMatchTheRecords(dee)).toEqual([]);
    // The team's figures and larder book, asked of the gateway, reach the stats and exports processes with Dee's place
    // in the team, which the gateway asked of the records process.
    const teamRead = async (path: string) =>
      JSON.parse((await dee.send('GET', path)).text) as Record<string, unknown>;
    await expect
      .poll(async () => (await teamRead(`/api/stats?team=${String(team.id)}`)).species_breakdown)
      .toEqual({ 'Sika Deer': 1 });
    const [year, month] = culled.cull.date.split('-').map(Number) as [number, number];
    const start = month >= 4 ? year : year - 1;
    const season = `${start}/${String((start + 1) % 100).padStart(2, '0')}`;
    const larder = (await teamRead(
      `/api/larder?team=${String(team.id)}&season=${encodeURIComponent(season)}`,
    )) as {
      items: { culled_by: unknown }[];
    };
    expect(larder.items).toEqual([
      expect.objectContaining({ culled_by: { uid: eveMe.uid, name: 'Eve Stalker' } }),
    ]);
    const csv = (await dee.send('GET', `/api/exports/culls.csv?team=${String(team.id)}`)).text;
    // Culled by, then the record's id, outing and warnings.
    expect(csv.trim().split(/\r?\n/).at(-1)).toMatch(
      new RegExp(`"Eve Stalker","${culled.cull.id}","[^"]*","[^"]*"$`),
    );
    // Someone not in the team is answered as for a team that does not exist, by every process's route.
    const fay = new CullLogClient(loopback('gateway'), `http://localhost:${ports.gateway}`);
    await fay.signIn('Fay Outsider', 'fay@example.org');
    for (const path of ['/api/stats', '/api/larder', '/api/exports/culls.csv', '/api/culls']) {
      expect((await fay.send('GET', `${path}?team=${String(team.id)}`)).status, path).toBe(404);
    }
  });

  it('every service stops cleanly on SIGTERM', async () => {
    const exits = await Promise.all(
      SERVICE_NAMES.map(async (name) => [name, await running.get(name)?.process.stop({ timeoutMs: 20_000 })]),
    );
    expect(Object.fromEntries(exits)).toEqual(
      Object.fromEntries(SERVICE_NAMES.map((name) => [name, { code: 0, signal: null }])),
    );
  });
});
