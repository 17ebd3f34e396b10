import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Cull, ListCullsResponse, StatsResponse } from '@cull-log/contracts';
import { groundAreaKm2 } from '@cull-log/domain';
import { freePort } from '@cull-log/service-kit/testing';
import { spawnChildProcess } from './service-process';
import { CullLogClient } from './testing/cull-log-client';
import { testEnvironment } from './testing/environment';
import { CSV_HEADER, parseCsv, projectionsOf, sampleCull, type ParsedCsv } from './testing/expectations';
import { ProcessOutput } from './testing/process-output';
import { BUILT_APP, requireBuiltApp, startBuiltApp, type RunningApp } from './testing/built-app';
import { SAMPLE_GROUND_BOUNDARY } from '@cull-log/contracts/testing';

describe('the one-process app (npm start)', () => {
  let dataDir: string;
  let port: number;
  let app: RunningApp | undefined;
  const outputs: ProcessOutput[] = [];

  function client(): CullLogClient {
    return new CullLogClient(`http://127.0.0.1:${port}`, `http://localhost:${port}`);
  }

  const start = (settings: Record<string, string> = {}) =>
    startBuiltApp({ PORT: String(port), DATA_DIR: dataDir, ...settings }, outputs);

  beforeAll(async () => {
    requireBuiltApp();
    dataDir = mkdtempSync(join(tmpdir(), 'cull-log-standalone-'));
    port = await freePort();
  });

  afterEach((context) => {
    if (context.task.result?.state === 'fail') for (const output of outputs) console.log(output.tail());
  });

  afterAll(async () => {
    await app?.process.stop({ signal: 'SIGKILL' });
    rmSync(dataDir, { recursive: true, force: true });
  });

  let ann: CullLogClient;
  let recordsBeforeRestart: ListCullsResponse;
  let statsBeforeRestart: StatsResponse;
  let csvBeforeRestart: ParsedCsv;

  it('prints its address and serves the web client there', async () => {
    app = await start();
    expect(app.url).toBe(`http://localhost:${port}`);
    // A development sign-in on every interface would let anyone on the network sign in as anyone.
    expect(app.output.lines.join('\n')).toContain(`listening on http://127.0.0.1:${port}`);
    const page = await fetch(`http://127.0.0.1:${port}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toMatch(/<div id="root">/);
  });

  it('records, amends and deletes through /api/culls, and the list, stats and CSV agree', async () => {
    ann = client();
    await ann.signIn('Ann Stalker', 'ann@example.org');
    const roe = await ann.recordCull(sampleCull());
    const fox = await ann.recordCull(
      sampleCull({ species: 'Fox', sex: 'Male', location_name: 'Low Wood', weight: 7.2 }),
    );
    const fallow = await ann.recordCull(sampleCull({ species: 'Fallow Deer', sex: 'Male', weight: 45 }));
    const amended = await ann.amendCull(fox.cull.id, { weight: 7.8, location_name: 'Long Covert' });
    const deleted = await ann.deleteCull(fallow.cull.id);

    const list = await ann.listCulls();
    expect(list.total).toBe(2);
    expect(list.items.map((record: Cull) => record.id)).toEqual([roe.cull.id, fox.cull.id]);
    expect(list.items[1]).toMatchObject({ weight: 7.8, location_name: 'Long Covert', version: 2 });
    expect(amended.position).toBeLessThan(deleted.position);

    const { stats, expectedStats, csv, expectedRows } = await projectionsOf(
      ann,
      list.items,
      deleted.position,
    );
    expect(stats.position).toBeGreaterThanOrEqual(deleted.position);
    expect(stats).toEqual({ ...expectedStats, position: stats.position });
    expect(stats).toMatchObject({ total_culls: 2, species_breakdown: { 'Roe Deer': 1, Fox: 1 } });
    expect(csv.header).toBe(CSV_HEADER);
    expect(csv.rows).toEqual(expectedRows);

    const answer = await ann.csv();
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(answer.headers.get('content-disposition')).toMatch(/attachment; filename="culls\.csv"/);

    const bob = client();
    await bob.signIn('Bob Keeper', 'bob@example.org');
    expect((await bob.listCulls()).total).toBe(0);
    expect((await bob.stats()).total_culls).toBe(0);

    recordsBeforeRestart = list;
    statsBeforeRestart = stats;
    csvBeforeRestart = csv;
  });

  it('stops cleanly on Ctrl-C (SIGINT)', async () => {
    const running = app;
    if (running === undefined) throw new Error('the app did not start');
    const exit = await running.process.stop({ signal: 'SIGINT', timeoutMs: 30_000 });
    app = undefined;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(running.output.lines.some((line) => line.includes('"msg":"stopped"'))).toBe(true);
  });

  it('keeps every record, figure and CSV row across a restart on the same DATA_DIR, and goes on counting', async () => {
    app = await start();
    ann = client();
    await ann.signIn('Ann Stalker', 'ann@example.org');
    const list = await ann.listCulls();
    expect(list).toEqual(recordsBeforeRestart);
    expect(await ann.stats()).toEqual(statsBeforeRestart);
    expect(parseCsv((await ann.csv()).text)).toEqual(csvBeforeRestart);

    const muntjac = await ann.recordCull(sampleCull({ species: 'Muntjac', weight: 11 }));
    const after = await ann.listCulls();
    expect(after.total).toBe(3);
    const { stats, expectedStats, csv, expectedRows } = await projectionsOf(
      ann,
      after.items,
      muntjac.position,
    );
    expect(stats).toEqual({ ...expectedStats, position: stats.position });
    expect(stats.total_culls).toBe(3);
    expect(csv.rows).toEqual(expectedRows);
  });

  it("answers plan progress and the season report through /api, from the caller's records only", async () => {
    const bob = client();
    await bob.signIn('Bob Keeper', 'bob@example.org');
    const sika = await bob.recordCull(
      sampleCull({ species: 'Sika Deer', sex: 'Male', location_name: 'Bob’s Wood' }),
    );

    const progress = await ann.planProgress('2026-27', sika.position);
    expect(progress).toMatchObject({ season: '2026/27', from: '2026-04-01', to: '2027-03-31' });
    expect(progress.rows.map((row) => [row.species, row.class, row.actual, row.target])).toEqual([
      ['Fox', 'Male', 1, null],
      ['Muntjac', 'Female', 1, null],
      ['Roe Deer', 'Female', 1, null],
    ]);
    expect((await bob.planProgress('2026-27', sika.position)).rows.map((row) => row.species)).toEqual([
      'Sika Deer',
    ]);

    const { headers, pdf } = await ann.seasonReport('2026-27');
    expect(headers.get('content-type')).toBe('application/pdf');
    expect(headers.get('content-disposition')).toBe('attachment; filename="season-report-2026-27.pdf"');
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf, encoding: 'utf8' });
    expect(text).toContain('Season report 2026/27');
    expect(text).toContain('Stalker: Ann Stalker');
    expect(text).toContain('Culled in the season: 3');
    expect(text).toMatch(/Roe Deer\s+Female\s+1\s+1\s+14.5 kg/);
    expect(text).toMatch(/Fox\s+Male\s+1\s+1\s+7.8 kg/);
    expect(text).toMatch(/Muntjac\s+Female\s+1\s+1\s+11.0 kg/);
    expect(text).not.toContain('Sika');
    expect(text).not.toContain('Bob');
  });

  it('a ground, an outing with two culls in it and a plan: progress, the season figures and the report follow', async () => {
    const cara = client();
    await cara.signIn('Cara Manager', 'cara@example.org');
    const sent = async (method: string, path: string, body: unknown, status: number) => {
      const answer = await cara.send(method, path, body);
      expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(status);
      return JSON.parse(answer.text) as { id: string };
    };
    const ground = await sent('POST', '/api/grounds', { name: 'Cwm Ŵyrfa' }, 201);
    const outing = await sent(
      'POST',
      '/api/outings',
      { ground_id: ground.id, started_at: '2026-11-03T05:00:00.000Z' },
      201,
    );
    const doe = await cara.recordCull(sampleCull({ ground_id: ground.id }));
    const kid = await cara.recordCull(sampleCull({ ground_id: ground.id, age_estimate: 'Young', weight: 9 }));
    expect([doe.cull.outing_id, kid.cull.outing_id]).toEqual([outing.id, outing.id]);
    await sent('PATCH', `/api/outings/${outing.id}`, { ended_at: '2026-11-03T09:00:00.000Z' }, 200);
    const plan = await cara.send('PUT', '/api/plans/2026-27', {
      plans: [
        {
          ground_id: null,
          targets: [
            { species: 'Roe Deer', class: 'Female', target: 3 },
            { species: 'Roe Deer', class: 'Juvenile', target: 1 },
          ],
        },
      ],
    });
    expect(plan.status, plan.text).toBe(200);
    const planned = Number(plan.headers.get('x-event-position'));

    const progress = await cara.planProgress('2026-27', planned);
    expect(progress.rows).toEqual([
      {
        ground_id: null,
        species: 'Roe Deer',
        class: 'Female',
        target: 3,
        actual: 1,
        left: 2,
        exceeded: false,
      },
      {
        ground_id: null,
        species: 'Roe Deer',
        class: 'Juvenile',
        target: 1,
        actual: 1,
        left: 0,
        exceeded: false,
      },
    ]);
    const figures = await cara.send('GET', `/api/stats?season=2026-27&after=${planned}`);
    expect(JSON.parse(figures.text).season.outings).toEqual({
      outings: 1,
      blank_outings: 0,
      hours_out: 4,
      hours_per_deer: 2,
    });
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], {
      input: (await cara.seasonReport('2026-27')).pdf,
      encoding: 'utf8',
    });
    expect(text).toMatch(/All grounds\s+Roe Deer\s+Juvenile\s+1\s+1\s+0/);
    expect(text).toMatch(/Cwm Ŵyrfa\s+2/);
    expect(text).toContain('Hours per deer: 2.0');

    const august = await cara.send('PATCH', '/api/settings', { season_start: '08-01' });
    expect(august.status, august.text).toBe(200);
    const moved = await cara.planProgress('2026-27', Number(august.headers.get('x-event-position')));
    expect(moved).toMatchObject({ from: '2026-08-01', to: '2027-07-31' });
  });

  it('sightings and counts: their CSV downloads and the season report’s deer management, through /api', async () => {
    const dee = client();
    await dee.signIn('Dee Manager', 'dee@example.org');
    const sent = async (method: string, path: string, body: unknown, status: number) => {
      const answer = await dee.send(method, path, body);
      expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(status);
      return JSON.parse(answer.text) as { id: string };
    };
    const boundary = SAMPLE_GROUND_BOUNDARY;
    const areaKm2 = groundAreaKm2(boundary)!;
    const ground = await sent('POST', '/api/grounds', { name: 'Dee Wood', boundary }, 201);
    const roe = (sex: string, count: number) => ({ species: 'Roe Deer', sex, age_class: 'Adult', count });
    await sent(
      'POST',
      '/api/counts',
      {
        ground_id: ground.id,
        date: '2026-10-20',
        method: 'vantage_point',
        items: [roe('Male', 8), roe('Female', 12)],
      },
      201,
    );
    const outing = await sent(
      'POST',
      '/api/outings',
      {
        ground_id: ground.id,
        started_at: '2026-10-03T06:00:00.000Z',
        ended_at: '2026-10-03T09:00:00.000Z',
        hunters: 2,
        sightings: [roe('Male', 6)],
      },
      201,
    );
    const buck = await dee.recordCull(
      sampleCull({
        ground_id: ground.id,
        outing_id: outing.id,
        sex: 'Male',
        date: '2026-10-03',
        time: '08:00',
      }),
    );
    await dee.planProgress('2026-27', buck.position);

    const sightings = await dee.send('GET', '/api/sightings.csv?season=2026-27');
    expect(sightings.status, sightings.text).toBe(200);
    expect(sightings.text).toContain(
      `"${outing.id}","Dee Wood","03/10/2026 07:00","03/10/2026 10:00","3","2","Roe Deer","Male","Adult","6"`,
    );
    const counts = await dee.send('GET', `/api/counts.csv?ground=${ground.id}`);
    expect(counts.status, counts.text).toBe(200);
    expect(counts.text).toContain(
      '"Dee Wood","20/10/2026","Vantage-point count","Roe Deer","Female","Adult","12"',
    );

    const text = execFileSync('pdftotext', ['-layout', '-', '-'], {
      input: (await dee.seasonReport('2026-27')).pdf,
      encoding: 'utf8',
    });
    expect(text).toContain('Deer management: Dee Wood');
    expect(text).toContain(`Area: ${areaKm2.toFixed(2)} km²`);
    expect(text).toMatch(/20\/10\/2026\s+Vantage-point count\s+Roe Deer\s+Female\s+Adult\s+12/);
    expect(text).toMatch(
      new RegExp(`Roe Deer\\s+20\\s+${(20 / areaKm2).toFixed(1)}\\s+Vantage-point count, 20/10/2026`),
    );
    expect(text).toContain('Hunter-hours: 6.0');
    expect(text).toContain('Sightings per hunter-hour: 1.00');
    expect(text).toContain('Hours per deer: 6.0');
    // Roe held at 20: 30 % is 6, 3 of each sex, 1 of them young; the buck culled on the ground is a Male.
    expect(text).toMatch(/Roe Deer\s+Male\s+2\s+–\s+1/);
    expect(text).toMatch(/Roe Deer\s+Female\s+2\s+–\s+0/);
    expect(text).toMatch(/Roe Deer\s+Juvenile\s+2\s+–\s+0/);
  });

  it('refuses to start on a bad setting and names it', async () => {
    await app?.process.stop({ signal: 'SIGINT', timeoutMs: 30_000 });
    app = undefined;
    const output = new ProcessOutput('cull-log (bad PORT)');
    outputs.push(output);
    const child = spawnChildProcess({
      name: 'cull-log',
      command: process.execPath,
      args: [BUILT_APP],
      env: testEnvironment({ PORT: 'eighty', DATA_DIR: dataDir }),
      onLine: output.collect,
    });
    expect(await child.exited).toEqual({ code: 1, signal: null });
    expect(output.lines.join('\n')).toMatch(/PORT: must be a whole number/);
  });

  it('refuses to open the development sign-in beyond this machine unless DEV_SIGN_IN_HOST says so', async () => {
    const output = new ProcessOutput('cull-log (HOST=0.0.0.0)');
    outputs.push(output);
    const child = spawnChildProcess({
      name: 'cull-log',
      command: process.execPath,
      args: [BUILT_APP],
      env: testEnvironment({ PORT: String(port), HOST: '0.0.0.0', DATA_DIR: dataDir }),
      onLine: output.collect,
    });
    expect(await child.exited).toEqual({ code: 1, signal: null });
    expect(output.lines.join('\n')).toMatch(/HOST: development sign-in listens only on a loopback address/);
    expect(output.lines.join('\n')).toContain('DEV_SIGN_IN_HOST=0.0.0.0');
  });
});
