import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DECLARATION_NUMBER_HEADER,
  type Cull,
  type ListCullsResponse,
  type StatsResponse,
} from '@cull-log/contracts';
import { freePort } from '@cull-log/service-kit/testing';
import { spawnChildProcess, type ChildProcessHandle } from './service-process';
import { CullLogClient } from './testing/cull-log-client';
import { testEnvironment } from './testing/environment';
import { csvRowsOf, parseCsv, projectionsOf, sampleCull, type ParsedCsv } from './testing/expectations';
import { ProcessOutput } from './testing/process-output';
import { filesHolding } from './testing/data-scan';
import { unzipText } from '@cull-log/contracts/testing/account-download';
import { SAMPLE_GROUND_BOUNDARY } from '@cull-log/contracts/testing';

const ENTRY = fileURLToPath(new URL('../dist/main.js', import.meta.url));

describe('erasing an account in the one-process app', () => {
  let dataDir: string;
  let port: number;
  let app: { process: ChildProcessHandle; output: ProcessOutput } | undefined;
  const client = () => new CullLogClient(`http://127.0.0.1:${port}`, `http://localhost:${port}`);

  const ann = { name: 'Ann Erased', email: 'ann.erased.7f3c@example.org' };
  const bob = { name: 'Bob Kept', email: 'bob.kept.91d2@example.org' };
  let annUid: string;
  let bobUid: string;
  let annsRecords: Cull[];
  let bobsRecords: ListCullsResponse;
  let bobsStats: StatsResponse;
  let bobsCsv: ParsedCsv;
  let teamId: string;

  async function start() {
    const output = new ProcessOutput('cull-log');
    const child = spawnChildProcess({
      name: 'cull-log',
      command: process.execPath,
      args: [ENTRY],
      env: testEnvironment({ PORT: String(port), DATA_DIR: dataDir }),
      onLine: output.collect,
    });
    await output.waitForLine(/Cull Log is running at (\S+)/, { timeoutMs: 60_000 });
    app = { process: child, output };
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cull-log-erasure-'));
    port = await freePort();
    await start();
  });

  afterEach((context) => {
    if (context.task.result?.state === 'fail' && app) console.log(app.output.tail());
  });

  afterAll(async () => {
    await app?.process.stop({ signal: 'SIGKILL' });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('downloads every record and event of the user as a zip', async () => {
    const anns = client();
    annUid = (await anns.signIn(ann.name, ann.email)).uid;
    const bobs = client();
    bobUid = (await bobs.signIn(bob.name, bob.email)).uid;

    // Ann's e-mail address in her own words too: erasure must reach what she wrote, not only her id.
    const tagged = await anns.recordCull(
      sampleCull({
        notes: `Seen by ${ann.email}`,
        carcass_tag: 'ANN-1',
        carcass_destination: 'Game dealer',
        game_dealer: 'Vale Game',
        inspection: {
          examined_by: ann.name,
          abnormal_behaviour: false,
          abnormalities: [],
          contamination_suspected: false,
        },
      }),
    );
    const fox = await anns.recordCull(sampleCull({ species: 'Fox', sex: 'Male', location_name: 'Ann Wood' }));
    const gone = await anns.recordCull(sampleCull({ species: 'Muntjac', location_name: 'Gone Copse' }));
    await anns.amendCull(fox.cull.id, { weight: 8.1, shooter: ann.name });
    const last = await anns.deleteCull(gone.cull.id);
    // Her ground (her e-mail address in its notes), an outing with what she saw, a count (her name in its notes), her
    // season start and a plan: erased with her too.
    const boundary = SAMPLE_GROUND_BOUNDARY;
    const ground = await anns.send('POST', '/api/grounds', {
      name: 'Ann Wood',
      notes: `Keys from ${ann.email}`,
      boundary,
    });
    expect(ground.status).toBe(201);
    const groundId = (JSON.parse(ground.text) as { id: string }).id;
    const times = { started_at: '2026-05-01T05:00:00Z', ended_at: '2026-05-01T08:00:00Z' };
    const seen = [{ species: 'Roe Deer', sex: 'Female', age_class: 'Adult', count: 2 }];
    const outing = { ground_id: groundId, ...times, hunters: 2, sightings: seen };
    expect((await anns.send('POST', '/api/outings', outing)).status).toBe(201);
    const count = { ground_id: groundId, date: '2026-03-20', method: 'vantage_point', items: seen };
    expect(
      (await anns.send('POST', '/api/counts', { ...count, notes: `Counted by ${ann.name}` })).status,
    ).toBe(201);
    expect((await anns.send('PATCH', '/api/settings', { season_start: '08-01' })).status).toBe(200);
    const plans = [{ ground_id: groundId, targets: [{ species: 'Roe Deer', class: 'Female', target: 4 }] }];
    expect((await anns.send('PUT', '/api/plans/2026-27', { plans })).status).toBe(200);
    // The suggested cull accepted with her female share: the plan again, and the values saved for her ground.
    const accepted = await anns.send(
      'POST',
      `/api/plans/2026-27/suggestion?ground=${groundId}&female_share=60`,
    );
    expect(accepted.status, accepted.text).toBe(200);
    for (const species of ['Roe Deer', 'Fallow Deer', 'Fox'] as const) {
      await bobs.recordCull(sampleCull({ species, location_name: 'Bob Hill', notes: 'kept' }));
    }
    // Bob's syndicate, which Ann joins and runs with him: it stays his when she goes, and keeps no trace of her.
    const team = await bobs.send('POST', '/api/teams', { name: 'Bob Hill Syndicate', kind: 'syndicate' });
    expect(team.status).toBe(201);
    teamId = (JSON.parse(team.text) as { id: string }).id;
    const invitation = await bobs.send('POST', `/api/teams/${teamId}/invites`, { role: 'manager' });
    const { token } = JSON.parse(invitation.text) as { token: string };
    expect((await anns.send('POST', `/api/invites/${token}/accept`)).status).toBe(200);
    expect(JSON.parse((await bobs.send('GET', `/api/teams/${teamId}/members`)).text).members).toEqual([
      { uid: annUid, name: ann.name, role: 'manager' },
      { uid: bobUid, name: bob.name, role: 'manager' },
    ]);
    annsRecords = (await anns.listCulls()).items;
    // Her figures as the projections make them, with her season start and her outing (blank: no cull placed in it).
    const annsFigures = await projectionsOf(anns, annsRecords, last.position, {
      start: '08-01',
      outings: [{ ...times, cull_count: 0 }],
    });
    expect(annsFigures.stats).toMatchObject(annsFigures.expectedStats);
    expect(annsFigures.csv.rows).toEqual(annsFigures.expectedRows);
    // A declaration numbered for her: the register a rebuild keeps must not keep her once she is erased.
    const declared = await anns.send('POST', '/api/declarations', {
      record_ids: [tagged.cull.id],
      dealer: 'Vale Game',
    });
    expect(declared.status).toBe(200);
    bobsRecords = await bobs.listCulls();
    ({ stats: bobsStats, csv: bobsCsv } = await projectionsOf(bobs, bobsRecords.items, 1));

    const files = await unzipText(await anns.exportAccount());

    expect([...files.keys()].sort()).toEqual(
      [
        'README.txt',
        'events.jsonl',
        'grounds.json',
        'outings.json',
        'counts.json',
        'plans.json',
        'imports.json',
        'declarations.json',
        'profile.json',
        'records.csv',
        'records.json',
        'sessions.json',
        'settings.json',
        'tokens.json',
      ].sort(),
    );
    expect(JSON.parse(files.get('profile.json') ?? '')).toMatchObject({ uid: annUid, email: ann.email });
    const exported = JSON.parse(files.get('records.json') ?? '') as Cull[];
    expect(exported.map((record) => record.id).sort()).toEqual(annsRecords.map((record) => record.id).sort());
    // The list adds the warnings that apply now; the download is the record as kept.
    const { warnings: _warnings, ...foxAsListed } = annsRecords.find(
      (record) => record.id === fox.cull.id,
    ) as Cull & {
      warnings?: unknown;
    };
    expect(exported.find((record) => record.id === fox.cull.id)).toEqual(foxAsListed);
    expect(parseCsv(files.get('records.csv') ?? '').rows).toEqual(csvRowsOf(annsRecords));
    const events = (files.get('events.jsonl') ?? '')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(events.map((event: { type: string }) => event.type)).toEqual([
      'cull.recorded.v2',
      'cull.recorded.v2',
      'cull.recorded.v2',
      'cull.amended.v2',
      'cull.deleted.v1',
      'ground.created.v1',
      'outing.started.v1',
      'outing.hunters_changed.v1',
      'outing.sightings_recorded.v2',
      'count.recorded.v1',
      'settings.changed.v1',
      'plans.set.v1',
      'plans.set.v1',
      'settings.deer_values_saved.v1',
      'member.linked.v1',
    ]);
    expect(JSON.parse(files.get('counts.json') ?? '')).toMatchObject([{ notes: `Counted by ${ann.name}` }]);
    expect(JSON.parse(files.get('grounds.json') ?? '')).toMatchObject([{ name: 'Ann Wood' }]);
    expect(JSON.parse(files.get('plans.json') ?? '')).toMatchObject([{ season: '2026-27' }]);
    expect(JSON.parse(files.get('settings.json') ?? '')).toEqual({
      season_start: '08-01',
      deer_values: [{ ground_id: groundId, species: [{ species: 'Roe Deer', female_share: 60 }] }],
    });
    // Her declaration's number and dealer, from the register the exports service keeps beside its projection.
    expect(JSON.parse(files.get('declarations.json') ?? '')).toEqual([
      {
        number: Number(declared.headers.get(DECLARATION_NUMBER_HEADER)),
        issued_at: expect.any(String),
        dealer: 'Vale Game',
        record_ids: [tagged.cull.id],
      },
    ]);
    expect(events.every((event: { userId: string }) => event.userId === annUid)).toBe(true);
    expect(filesHolding(dataDir, [annUid, ann.email]).length).toBeGreaterThan(0);
  });

  it("keeps a team's records on its grounds: a member's cull on its ground, and a ground she moved into it", async () => {
    const anns = client();
    await anns.signIn(ann.name, ann.email);
    const bobs = client();
    await bobs.signIn(bob.name, bob.email);
    const beat = await bobs.send('POST', '/api/grounds', { team_id: teamId, name: 'Bob Hill Beat' });
    expect(beat.status).toBe(201);
    const beatId = (JSON.parse(beat.text) as { id: string }).id;
    // Everything of hers that a team could be tempted to keep: her notes, her words for the place, her name as the
    // shooter and the examiner, and the exact place.
    await anns.recordCull(
      sampleCull({
        ground_id: beatId,
        location_name: `${ann.name}'s high seat`,
        notes: `Called ${ann.email}`,
        condition_notes: `Thin, says ${ann.name}`,
        latitude: 51.4321,
        longitude: -1.2345,
        grid_ref: 'SU 51234 71234',
        shooter: ann.name,
        carcass_tag: 'TEAM-1',
        carcass_destination: 'Game dealer',
        game_dealer: 'Vale Game',
        inspection: {
          examined_by: ann.name,
          certificate_number: 'TH-ANN',
          abnormal_behaviour: false,
          abnormalities: [],
          contamination_suspected: false,
        },
      }),
    );
    const low = await anns.send('POST', '/api/grounds', { name: 'Low Beat' });
    const lowId = (JSON.parse(low.text) as { id: string }).id;
    await anns.recordCull(sampleCull({ ground_id: lowId, species: 'Fallow Deer', notes: `By ${ann.name}` }));
    const moved = await anns.send('PATCH', `/api/grounds/${lowId}`, { team_id: teamId });
    expect(moved.status, moved.text).toBe(200);

    const teamRecords = JSON.parse(
      (await bobs.send('GET', `/api/culls?team=${teamId}`)).text,
    ) as ListCullsResponse;
    expect(teamRecords.items.map((item) => [item.species, item.culled_by])).toEqual([
      ['Fallow Deer', { uid: annUid, name: ann.name }],
      ['Roe Deer', { uid: annUid, name: ann.name }],
    ]);
    const teamGrounds = JSON.parse((await bobs.send('GET', `/api/grounds?team=${teamId}`)).text) as {
      items: { name: string }[];
    };
    expect(teamGrounds.items.map((ground) => ground.name)).toEqual(['Bob Hill Beat', 'Low Beat']);
  });

  it("erases the account: nothing of the user is left in any file in DATA_DIR, another user's data is untouched", async () => {
    const anns = client();
    await anns.signIn(ann.name, ann.email);
    const elsewhere = client();
    await elsewhere.signIn(ann.name, ann.email);
    // A token of hers, named in her words: it goes with her, from the store and from every file.
    const made = await anns.send('POST', '/api/tokens', {
      name: `Sheet of ${ann.email}`,
      scope: 'read',
      expires_in_days: 30,
    });
    expect(made.status).toBe(201);
    const { token } = JSON.parse(made.text) as { token: string };
    const withToken = () =>
      fetch(new URL('/api/me', anns.baseUrl), { headers: { authorization: `Bearer ${token}` } });
    expect((await withToken()).status).toBe(200);

    // Her record, ground, outing, count, settings and plans events, and her link to Bob's team.
    expect(await anns.eraseAccount()).toEqual({ erased: true, events: 20 });

    expect((await anns.send('GET', '/api/me')).status).toBe(401);
    expect((await elsewhere.send('GET', '/api/me')).status).toBe(401);
    expect((await withToken()).status).toBe(401);
    expect(filesHolding(dataDir, [annUid, ann.email, ann.name])).toEqual([]);
    // The erasure journal keeps her id and when, nothing else of her, to erase again should a backup be restored.
    const journal = readFileSync(join(dataDir, 'erasures', 'erasures.jsonl'), 'utf8');
    expect(
      journal
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual([{ uid: annUid, erased_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }]);
    const bobs = client();
    await bobs.signIn(bob.name, bob.email);
    expect(JSON.parse((await bobs.send('GET', `/api/teams/${teamId}/members`)).text).members).toEqual([
      { uid: bobUid, name: bob.name, role: 'manager' },
    ]);
    expect(await bobs.listCulls()).toEqual(bobsRecords);
    // The same figures; the position moved on with the team's events, not hers.
    const stats = await bobs.stats();
    expect(stats).toEqual({ ...bobsStats, position: stats.position });
    expect(stats.position).toBeGreaterThan(bobsStats.position);
    // The team keeps the facts of her culls on its grounds, the one she moved in too, as its own: no uid, no name.
    const teamRecords = JSON.parse(
      (await bobs.send('GET', `/api/culls?team=${teamId}`)).text,
    ) as ListCullsResponse;
    expect(teamRecords.items.map((item) => [item.species, item.ground_name, item.culled_by])).toEqual([
      ['Fallow Deer', 'Low Beat', { name: 'Former member' }],
      ['Roe Deer', 'Bob Hill Beat', { name: 'Former member' }],
    ]);
    const kept = teamRecords.items[1]!;
    expect(kept).toMatchObject({
      location_name: 'Bob Hill Beat',
      carcass_tag: 'TEAM-1',
      game_dealer: 'Vale Game',
    });
    for (const field of ['notes', 'condition_notes', 'latitude', 'longitude', 'grid_ref', 'shooter'])
      expect(kept).not.toHaveProperty(field);
    const teamGrounds = JSON.parse((await bobs.send('GET', `/api/grounds?team=${teamId}`)).text) as {
      items: { name: string }[];
    };
    expect(teamGrounds.items.map((ground) => ground.name)).toEqual(['Bob Hill Beat', 'Low Beat']);
    expect(parseCsv((await bobs.csv()).text)).toEqual(bobsCsv);
    expect(filesHolding(dataDir, [bobUid, bob.email]).length).toBeGreaterThan(0);
  });

  it('nothing of the user is in DATA_DIR after the app stops either, and signing in again finds no records', async () => {
    await app?.process.stop({ signal: 'SIGINT', timeoutMs: 30_000 });
    app = undefined;
    expect(filesHolding(dataDir, [annUid, ann.email])).toEqual([]);

    await start();
    const anns = client();
    expect((await anns.signIn(ann.name, ann.email)).uid).toBe(annUid);
    expect((await anns.listCulls()).total).toBe(0);
    expect((await anns.stats()).total_culls).toBe(0);
    expect(parseCsv((await anns.csv()).text).rows).toEqual([]);
    const download = await unzipText(await anns.exportAccount());
    expect(JSON.parse(download.get('records.json') ?? '')).toEqual([]);
    expect(JSON.parse(download.get('declarations.json') ?? '')).toEqual([]);
    expect(JSON.parse(download.get('grounds.json') ?? '')).toEqual([]);
    expect(JSON.parse((await anns.send('GET', '/api/settings')).text)).toEqual({ season_start: '04-01' });
  });
});
