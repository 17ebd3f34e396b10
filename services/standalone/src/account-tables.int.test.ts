import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountDeclaration, DECLARATION_NUMBER_HEADER, ImportPreview } from '@cull-log/contracts';
import { unzipText } from '@cull-log/contracts/testing/account-download';
import { ACCOUNT_TABLES, SERVICE_EXPORT_FILES } from '@cull-log/gateway';
import { SERVICES } from '@cull-log/service-kit';
import { freePort } from '@cull-log/service-kit/testing';
import { startStandalone, type RunningStandalone } from './standalone';
import { CullLogClient } from './testing/cull-log-client';
import { testEnvironment } from './testing/environment';
import { pollUntil, sampleCull } from './testing/expectations';

/** A 1×1 PNG: the smallest photo a record can have. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);

/** The tables of a SQLite file, without SQLite's own and a full-text index's shadow tables (they are its index). */
function tablesOf(file: string): string[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare<[], { name: string; sql: string | null }>(
        "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
      )
      .all();
    const virtual = rows.filter((row) => row.sql?.startsWith('CREATE VIRTUAL TABLE')).map((row) => row.name);
    return rows
      .map((row) => row.name)
      .filter((name) => !virtual.some((index) => name.startsWith(`${index}_`)))
      .sort();
  } finally {
    db.close();
  }
}

describe('every table of every store is in the account download or said to be derived', () => {
  let dataDir: string;
  let running: RunningStandalone;
  let port: number;
  const client = () => new CullLogClient(`http://127.0.0.1:${port}`, `http://localhost:${port}`);
  let download: Map<string, string>;
  let declared: number;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cull-log-account-tables-'));
    port = await freePort();
    running = await startStandalone(
      testEnvironment({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' }),
    );

    // One of everything a user can make: records (one with a photo, one declared), a ground, an outing, settings,
    // a plan, a team with an invitation, a declaration, an import and a token.
    const ann = client();
    await ann.signIn('Ann Keeper', 'ann.keeper@example.org');
    const ground = await ann.send('POST', '/api/grounds', { name: 'Keeper Wood' });
    const groundId = (JSON.parse(ground.text) as { id: string }).id;
    const times = { started_at: '2026-05-01T05:00:00Z', ended_at: '2026-05-01T08:00:00Z' };
    const sightings = [{ species: 'Roe Deer', sex: 'Female', age_class: 'Adult', count: 2 }];
    const seen = [{ ...sightings[0], place: { latitude: 52.5108, longitude: -1.9713 } }];
    const outing = { ground_id: groundId, ...times, hunters: 2, sightings: seen };
    expect((await ann.send('POST', '/api/outings', outing)).status).toBe(201);
    const counted = { ground_id: groundId, date: '2026-03-20', method: 'vantage_point', items: sightings };
    expect((await ann.send('POST', '/api/counts', counted)).status).toBe(201);
    expect((await ann.send('PATCH', '/api/settings', { season_start: '08-01' })).status).toBe(200);
    const plans = [{ ground_id: groundId, targets: [{ species: 'Roe Deer', class: 'Female', target: 4 }] }];
    expect((await ann.send('PUT', '/api/plans/2026-27', { plans })).status).toBe(200);
    const tagged = await ann.recordCull(
      sampleCull({
        ground_id: groundId,
        carcass_tag: 'KEEP-1',
        carcass_destination: 'Game dealer',
        game_dealer: 'Vale Game',
        inspection: {
          examined_by: 'Ann Keeper',
          abnormal_behaviour: false,
          abnormalities: [],
          contamination_suspected: false,
        },
      }),
    );
    const photo = await ann.uploadPhoto(tagged.cull.id, { name: 'buck.png', type: 'image/png', bytes: PNG });
    expect(photo.status, photo.text).toBe(201);
    const team = await ann.send('POST', '/api/teams', { name: 'Keeper Syndicate', kind: 'syndicate' });
    const teamId = (JSON.parse(team.text) as { id: string }).id;
    const invite = await ann.send('POST', `/api/teams/${teamId}/invites`, { role: 'manager' });
    expect(invite.status, invite.text).toBe(201);
    const token = await ann.send('POST', '/api/tokens', {
      name: 'Sheet',
      scope: 'read',
      expires_in_days: 30,
    });
    expect(token.status, token.text).toBe(201);

    const bob = client();
    await bob.signIn('Bob Lender', 'bob.lender@example.org');
    await bob.recordCull(sampleCull({ species: 'Fallow Deer', date: '2026-02-01' }));
    const csv = await pollUntil(
      async () => (await bob.csv()).text,
      (text) => text.split('\r\n').filter((line) => line !== '').length === 2,
    );
    const uploaded = await ann.uploadImport({ name: 'bobs.csv', type: 'text/csv', bytes: csv });
    expect(uploaded.status, uploaded.text).toBe(200);
    const preview = ImportPreview.parse(JSON.parse(uploaded.text));
    expect((await ann.send('POST', `/api/imports/${preview.id}/commit`)).status).toBe(200);

    const declaration = await pollUntil(
      () => ann.send('POST', '/api/declarations', { record_ids: [tagged.cull.id], dealer: 'Vale Game' }),
      (answer) => answer.status === 200,
    );
    declared = Number(declaration.headers.get(DECLARATION_NUMBER_HEADER));
    download = await unzipText(await ann.exportAccount());
  });

  afterAll(async () => {
    await running?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(Object.entries(ACCOUNT_TABLES))(
    'the %s store: each table is listed, and nothing listed is not there',
    (store, listed) => {
      const tables = tablesOf(join(dataDir, SERVICES[store as keyof typeof SERVICES].sqliteFile));
      expect({
        'in neither the download nor the derived': tables.filter((table) => listed[table] === undefined),
        'listed, but not in the store': Object.keys(listed).filter((table) => !tables.includes(table)),
      }).toEqual({ 'in neither the download nor the derived': [], 'listed, but not in the store': [] });
    },
  );

  it('every file a table is said to be in is in the download, and the README names it', () => {
    const named = Object.values(ACCOUNT_TABLES).flatMap((tables) =>
      Object.values(tables).flatMap((table) => ('download' in table ? table.download : [])),
    );
    const readme = download.get('README.txt') ?? '';
    for (const file of new Set(named)) {
      expect(download.has(file), file).toBe(true);
      expect(readme, file).toMatch(new RegExp(`^${file.replace('.', '\\.')}\\s`, 'm'));
    }
    for (const { file } of SERVICE_EXPORT_FILES) expect(named, file).toContain(file);
  });

  it('the declaration register is in the download: its number, dealer, date and records', () => {
    const register = AccountDeclaration.array().parse(
      JSON.parse(download.get('declarations.json') ?? 'null'),
    );
    expect(register).toEqual([
      {
        number: declared,
        issued_at: expect.any(String),
        dealer: 'Vale Game',
        record_ids: [expect.any(String)],
      },
    ]);
    const records = JSON.parse(download.get('records.json') ?? '[]') as {
      id: string;
      carcass_tag?: string;
    }[];
    expect(records.find((record) => record.id === register[0]?.record_ids[0])?.carcass_tag).toBe('KEEP-1');
  });

  it('the outing’s people and sightings, where they were seen, and the count, are in the download', () => {
    const outings = JSON.parse(download.get('outings.json') ?? 'null') as {
      hunters: number;
      sightings: unknown;
    }[];
    expect(outings).toMatchObject([
      {
        hunters: 2,
        sightings: [
          {
            species: 'Roe Deer',
            sex: 'Female',
            age_class: 'Adult',
            count: 2,
            place: { latitude: 52.5108, longitude: -1.9713 },
          },
        ],
      },
    ]);
    const counts = JSON.parse(download.get('counts.json') ?? 'null') as unknown[];
    expect(counts).toMatchObject([{ date: '2026-03-20', method: 'vantage_point', items: [{ count: 2 }] }]);
  });

  it('the imports are in the download, with the records each wrote', () => {
    const imports = JSON.parse(download.get('imports.json') ?? 'null') as {
      file_name: string;
      status: string;
      record_ids: string[];
    }[];
    const records = JSON.parse(download.get('records.json') ?? '[]') as { id: string }[];
    expect(imports).toMatchObject([{ file_name: 'bobs.csv', status: 'imported' }]);
    expect(imports[0]?.record_ids).toHaveLength(1);
    expect(records.map((record) => record.id)).toContain(imports[0]?.record_ids[0]);
  });
});
