import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ImportCommitResponse,
  ImportPreview,
  ListImportsResponse,
  type Cull,
  type RecordCullRequest,
} from '@cull-log/contracts';
import { freePort } from '@cull-log/service-kit/testing';
import { startStandalone, type RunningStandalone } from './standalone';
import { CullLogClient } from './testing/cull-log-client';
import { testEnvironment } from './testing/environment';
import { pollUntil, sampleCull } from './testing/expectations';

const INSPECTION = {
  examined_by: 'A. Stalker',
  certificate_number: 'DSC1-12345',
  abnormal_behaviour: false,
  abnormalities: ['parasites', 'other'] as ('parasites' | 'other')[],
  other_abnormality: 'Heavy ked',
  contamination_suspected: false,
};

/** Culls with every carcass field a form can give, and one with none of them. */
const CULLS: RecordCullRequest[] = [
  sampleCull({
    date: '2025-11-03',
    time: '07:10',
    calibre: { name: '.243 Win' },
    bullet_weight_gr: 100,
    bullet_type: 'Soft point',
    muzzle_velocity_fps: 2960,
    muzzle_energy_j: 2600,
    shooter: 'Jo Bloggs',
    carcass_tag: 'AF-0042',
    carcass_destination: 'Game dealer',
    game_dealer: 'Weald Game Ltd',
    inspection: INSPECTION,
    weather: { temperature_c: 4, wind_direction: 'SW', cloud: 'Overcast', precipitation: 'Drizzle' },
  }),
  sampleCull({
    date: '2025-12-01',
    time: '15:45',
    species: 'Fallow Deer',
    sex: 'Female',
    weight: 38.5,
    calibre: { name: '.275 Rigby', bore_in: 0.284 },
    carcass_tag: 'AF-0043',
    carcass_destination: 'Own use',
    notes: 'Second of the morning, "quoted", with a comma',
  }),
  sampleCull({ date: '2026-01-12', time: '16:05', species: 'Muntjac', sex: 'Male', weight: 10.1 }),
];

/** What a record is, apart from who made it, when, its id and its version: what an import must give back. */
function fieldsOf(record: Cull): Record<string, unknown> {
  const {
    id: _id,
    created_by: _by,
    created_at: _created,
    updated_at: _updated,
    version: _version,
    warnings: _warnings,
    ...fields
  } = record as Cull & { warnings?: unknown };
  return fields;
}

describe('an export imported again (the one-process app, over HTTP)', () => {
  let dataDir: string;
  let running: RunningStandalone;
  let port: number;
  const client = () => new CullLogClient(`http://127.0.0.1:${port}`, `http://localhost:${port}`);

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cull-log-import-round-trip-'));
    port = await freePort();
    running = await startStandalone(
      testEnvironment({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' }),
    );
  });

  afterAll(async () => {
    await running?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives another user the very records of the CSV export, carcass fields included', async () => {
    const ann = client();
    await ann.signIn('Ann Stalker', 'ann@example.org');
    for (const cull of CULLS) await ann.recordCull(cull);
    const originals = (await ann.listCulls()).items;
    const csv = await pollUntil(
      async () => (await ann.csv()).text,
      (text) => text.split('\r\n').filter((line) => line !== '').length === CULLS.length + 1,
    );

    const ben = client();
    await ben.signIn('Ben Stalker', 'ben@example.org');
    const uploaded = await ben.uploadImport({ name: 'culls.csv', type: 'text/csv', bytes: csv });
    expect(uploaded.status, uploaded.text).toBe(200);
    const preview = ImportPreview.parse(JSON.parse(uploaded.text));
    expect(preview).toMatchObject({ layout: 'cull-log', rows_total: 3, rows_ready: 3, rows_refused: [] });
    const committed = await ben.send('POST', `/api/imports/${preview.id}/commit`);
    expect(committed.status, committed.text).toBe(200);
    expect(ImportCommitResponse.parse(JSON.parse(committed.text))).toEqual({
      imported: 3,
      skipped_duplicates: 0,
    });

    const copies = (await ben.listCulls()).items;
    const byTagAndDate = (record: Cull) => `${record.date} ${record.time}`;
    const expected = originals.map(fieldsOf).sort((a, b) => String(a.date).localeCompare(String(b.date)));
    const actual = copies.map(fieldsOf).sort((a, b) => String(a.date).localeCompare(String(b.date)));
    expect(actual).toEqual(expected);
    expect(copies.map(byTagAndDate).sort()).toEqual(originals.map(byTagAndDate).sort());

    // The same export again adds nothing.
    const again = ImportPreview.parse(
      JSON.parse((await ben.uploadImport({ name: 'culls.csv', type: 'text/csv', bytes: csv })).text),
    );
    expect(again).toMatchObject({ rows_ready: 0, duplicates: 3 });

    // The figures and the export see the imported records as any others.
    const stats = await pollUntil(
      () => ben.stats(),
      (figures) => figures.total_culls === 3,
    );
    expect(stats.total_culls).toBe(3);
    const bensCsv = await pollUntil(
      async () => (await ben.csv()).text,
      (text) => text.split('\r\n').filter((line) => line !== '').length === CULLS.length + 1,
    );
    expect(bensCsv.split('\r\n')[0]).toBe(csv.split('\r\n')[0]);
    const listed = ListImportsResponse.parse(JSON.parse((await ben.send('GET', '/api/imports')).text));
    expect(listed.items.map((item) => item.status)).toEqual(['previewed', 'imported']);
  });

  it('reads a First Light Cull Diary export once the condition its file lacks is chosen', async () => {
    const cara = client();
    await cara.signIn('Cara Stalker', 'cara@example.org');
    const firstLight =
      '\uFEFFDate,Time,Species,Sex,Location,Ground,Weight(kg),Tag,Calibre,Distance(m),Placement,Age class,Shooter,Destination,Notes\r\n' +
      '2025-11-14,07:20,Roe Deer,Doe,Top Field,,13.5,FL-1,.243 Win,110,Heart / Lung,Adult,Cara Stalker,Game dealer,\r\n' +
      '2025-11-15,16:30,Red Deer,Hind,Long Wood,,62,FL-2,.308 Win,140,High Shoulder,Yearling,Cara Stalker,Own use,Windy\r\n';
    const file = { name: 'first-light.csv', type: 'text/csv', bytes: firstLight };

    const withoutDefault = ImportPreview.parse(JSON.parse((await cara.uploadImport(file)).text));
    expect(withoutDefault).toMatchObject({ layout: 'first-light', rows_total: 2, rows_ready: 0 });
    expect(withoutDefault.defaults_needed).toContain('condition');
    expect(withoutDefault.rows_refused.map((refusal) => refusal.row)).toEqual([2, 3]);

    const withDefault = ImportPreview.parse(
      JSON.parse((await cara.uploadImport(file, { defaults: { condition: 'Good' } })).text),
    );
    expect(withDefault).toMatchObject({ rows_ready: 2, rows_refused: [], defaults_needed: [] });
    const committed = await cara.send('POST', `/api/imports/${withDefault.id}/commit`);
    expect(JSON.parse(committed.text)).toEqual({ imported: 2, skipped_duplicates: 0 });
    const records = (await cara.listCulls()).items;
    const byTag = [...records].sort((a, b) => (a.carcass_tag ?? '').localeCompare(b.carcass_tag ?? ''));
    expect(byTag.map((record) => [record.species, record.sex, record.condition, record.carcass_tag])).toEqual(
      [
        ['Roe Deer', 'Female', 'Good', 'FL-1'],
        ['Red Deer', 'Female', 'Good', 'FL-2'],
      ],
    );
  });
});
