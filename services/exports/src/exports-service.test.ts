import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { exportsService } from './exports-service';
import { openSqliteExportStore } from './store/sqlite';
import type { ExportStore } from './store/export-store';
import { accessOf, seedTeam, teamIdentityHeaders, type Member } from './testing/team-requests';
import { parseStoredEvent } from '@cull-log/contracts';
import { EVENT_LOG_V1, eventLogV1Events } from '@cull-log/contracts/testing';
import { toCsvLine } from '@cull-log/domain';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import { parse } from 'csv-parse/sync';
import { TEST_PUBLIC_KEY, identityHeadersFor } from '@cull-log/service-kit/testing';

const identityHeaders = identityHeadersFor('exports');

const NOW = new Date('2026-05-20T12:00:00Z');
/** The specification's fourteen columns first, then the place and the carcass, in the documented order. */
const ADDED_HEADERS = [
  'Grid Reference',
  'Latitude',
  'Longitude',
  'Condition Notes',
  'Calibre',
  'Bore (in)',
  'Bullet Weight (gr)',
  'Bullet Type',
  'Muzzle Velocity (fps)',
  'Muzzle Energy (J)',
  'Shooter',
  'Carcass Tag',
  'Carcass Destination',
  'Game Dealer',
  'Examined By',
  'Certificate Number',
  'Abnormal Behaviour',
  'Abnormalities',
  'Other Abnormality',
  'Contamination Suspected',
  'Temperature (°C)',
  'Wind Speed (mph)',
  'Wind Direction',
  'Cloud',
  'Precipitation',
  'Ground',
];
/** The columns after every other: the record's id, its outing and its legal warnings. */
const RECORD_HEADERS = ['Record ID', 'Outing', 'Warnings'];
const FOURTEEN = [
  'Date',
  'Time',
  'Location',
  'Species',
  'Sex',
  'Age',
  'Weight',
  'Condition',
  'Shot Placement',
  'Shot Distance',
  'Antlers Present',
  'Antler Points',
  'Antler Condition',
  'Notes',
];
const headerLine = (headers: readonly string[]) => `${headers.map((header) => `"${header}"`).join(',')}\r\n`;
const HEADER = headerLine([...FOURTEEN, ...ADDED_HEADERS, ...RECORD_HEADERS]);
/** A UTF-8 byte-order mark, first in the file, so a spreadsheet reads it as UTF-8. */
const BOM = '\uFEFF';
/** The added columns of a record with none of their fields. */
const EMPTY_ADDED = ',""'.repeat(ADDED_HEADERS.length);
/** The last columns of a record: its id, its outing's start and its warnings. */
const recordCells = (id: string, outing = '', warnings = '') => `,"${id}","${outing}","${warnings}"`;

describe('GET /exports/culls.csv', () => {
  let directory: string;
  let store: ExportStore;
  let app: ReturnType<typeof exportsService.buildApp>;

  beforeEach(async () => {
    directory = mkdtempSync(join(tmpdir(), 'cull-log-exports-app-'));
    store = openSqliteExportStore({ file: join(directory, 'exports.db') });
    app = exportsService.buildApp({
      projectionStore: store,
      logger: pino({ level: 'silent' }),
      internalAuthPublicKey: TEST_PUBLIC_KEY,
      now: () => NOW,
    });
    await app.ready();
  });
  afterEach(async () => {
    await app.close();
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const download = (uid: string, url = '/exports/culls.csv') =>
    app.inject({ method: 'GET', url, headers: identityHeaders(uid, url, NOW) });

  it('answers 401 without a signed identity', async () => {
    const response = await app.inject({ method: 'GET', url: '/exports/culls.csv' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('not_authenticated');
  });

  it('is a culls.csv attachment whose first line is the header, columns in export order', async () => {
    const response = await download('alice');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="culls.csv"');
    expect(response.body).toBe(BOM + HEADER);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it('writes one quoted line per cull, newest recorded first, antlers as Yes/No and empty values empty', async () => {
    const log = createSampleEventLog();
    const first = log.recorded('alice', {
      date: '2026-01-05',
      weight: 18.5,
      shot_distance: '150 meters',
      antler_points: 6,
      antler_condition: 'Good',
      notes: 'first',
    });
    const second = log.recorded('alice', { date: '2026-01-01', antlers_present: false, weight: undefined });
    await store.apply(first);
    await store.apply(second);
    const response = await download('alice');
    // A roe buck in January at 06:00: in its close season, and before first light.
    const warnings = 'Close season; Shot at night';
    expect(response.body).toBe(
      BOM +
        HEADER +
        `"2026-01-01","06:00","Home Wood","Roe Deer","Male","Adult","","Good","Heart/Lung","","No","","",""${EMPTY_ADDED}${recordCells(second.streamId, '', warnings)}\r\n` +
        `"2026-01-05","06:00","Home Wood","Roe Deer","Male","Adult","18.5","Good","Heart/Lung","150 meters","Yes","6","Good","first"${EMPTY_ADDED}${recordCells(first.streamId, '', warnings)}\r\n`,
    );
  });

  it('gives each record of a log written before the carcass fields the values it had in the columns of the time', async () => {
    for (const { position, ...event } of eventLogV1Events()) {
      expect(await store.apply(parseStoredEvent(event, position))).toBe('applied');
    }
    for (const userId of ['user-alice', 'user-bob']) {
      const lines = (await download(userId)).body.split('\r\n').slice(1, -1);
      const expected = Object.entries(EVENT_LOG_V1.csv)
        .filter(([id]) => EVENT_LOG_V1.records[id]?.created_by === userId)
        .map(([, row]) => toCsvLine(row).slice(0, -2));
      expect(lines).toHaveLength(expected.length);
      // The columns of the time come first, unchanged; anything added comes after them.
      const unmatched = lines.filter(
        (line) => !expected.some((start) => line === start || line.startsWith(`${start},`)),
      );
      expect(unmatched).toEqual([]);
    }
  });

  it('quotes commas, doubles quotes and keeps new lines inside notes', async () => {
    const log = createSampleEventLog();
    await store.apply(log.recorded('alice', { notes: 'Wind NW, light rain\nsaid "steady"' }));
    const response = await download('alice');
    expect(response.body).toContain(`"Wind NW, light rain\nsaid ""steady"""${EMPTY_ADDED},"`);
  });

  it('neutralises cells a spreadsheet would run as a formula, but not plain numbers', async () => {
    const log = createSampleEventLog();
    await store.apply(
      log.recorded('alice', {
        location_name: '=HYPERLINK("http://x","y")',
        species: '+Deer',
        shot_placement: '@SUM(A1)',
        shot_distance: '-80 yards',
        notes: '-12.5',
      }),
    );
    const line = (await download('alice')).body.split('\r\n')[1] ?? '';
    expect(line).toContain('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(line).toContain('"\'+Deer"');
    expect(line).toContain('"\'@SUM(A1)"');
    expect(line).toContain('"\'-80 yards"');
    expect(line).toContain(`"-12.5"${EMPTY_ADDED},"`);
  });

  it('writes the place and carcass columns after the fourteen, neutralising formulas in them too', async () => {
    const log = createSampleEventLog();
    await store.apply(
      log.recorded('alice', {
        grid_ref: 'SK 1234 5678',
        latitude: 53.1,
        longitude: -1.6,
        condition_notes: '=cmd',
        calibre: { name: '.243 Win' },
        shooter: '@Jo',
        carcass_tag: '-AF1',
        carcass_destination: 'Game dealer',
        game_dealer: '+Dealer',
        inspection: {
          examined_by: '=Sam',
          abnormal_behaviour: false,
          abnormalities: ['bad_smell'],
          contamination_suspected: false,
        },
        weather: { temperature_c: -4, cloud: 'Overcast' },
      }),
    );
    const line = (await download('alice')).body.split('\r\n')[1] ?? '';
    const cells = line
      .slice(1, -1)
      .split('","')
      .slice(14, 14 + ADDED_HEADERS.length);
    expect(cells).toEqual([
      'SK 1234 5678',
      '53.1',
      '-1.6',
      "'=cmd",
      '.243 Win',
      '0.243',
      '',
      '',
      '',
      '',
      "'@Jo",
      "'-AF1",
      'Game dealer',
      "'+Dealer",
      "'=Sam",
      '',
      'No',
      'Bad smell',
      '',
      'No',
      '-4',
      '',
      '',
      'Overcast',
      '',
      '',
    ]);
  });

  it("names each record's ground after the carcass columns, by the ground's name at the time of the export", async () => {
    const log = createSampleEventLog();
    const ground = log.groundCreated('alice', 'Cwm Ŵyrfa');
    const placed = log.recorded('alice', { notes: 'placed' });
    for (const event of [ground, placed, log.placed('alice', placed.streamId, ground.streamId)]) {
      await store.apply(event);
    }
    const groundCell = async () =>
      ((await download('alice')).body.split('\r\n')[1] ?? '').split(',').at(-1 - RECORD_HEADERS.length);
    expect(await groundCell()).toBe('"Cwm Ŵyrfa"');
    await store.apply(log.groundRenamed('alice', ground.streamId, '=Top Field'));
    expect(await groundCell()).toBe(`"'=Top Field"`);
  });

  it('keeps the fourteen first and in order, and ends with Record ID, Outing and Warnings', async () => {
    const headers = (await download('alice')).body.slice(BOM.length, -2).slice(1, -1).split('","');
    expect(headers.slice(0, 14)).toEqual(FOURTEEN);
    expect(headers.slice(-3)).toEqual(['Record ID', 'Outing', 'Warnings']);
    expect(new Set(headers).size).toBe(headers.length);
  });

  it("names each record's outing by its start in UK time, following the outing's changes", async () => {
    const log = createSampleEventLog();
    const ground = log.groundCreated('alice', 'Home Farm');
    const outing = log.outingStarted('alice', ground.streamId, '2026-06-14T04:05:00.000Z');
    const inOuting = log.recorded('alice', { date: '2026-06-14', time: '05:30', sex: 'Male', notes: 'in' });
    const alone = log.recorded('alice', { date: '2026-06-14', time: '05:30', sex: 'Male', notes: 'alone' });
    for (const event of [
      ground,
      outing,
      inOuting,
      alone,
      log.placed('alice', inOuting.streamId, ground.streamId, outing.streamId),
    ])
      await store.apply(event);
    const recordCellsOf = async () =>
      Object.fromEntries(
        (await download('alice')).body
          .split('\r\n')
          .slice(1, -1)
          .map((line) => line.slice(1, -1).split('","').slice(-3))
          .map(([id, outingCell, warnings]) => [id, [outingCell, warnings]]),
      );
    // 04:05 UTC on a June day is 05:05 in British Summer Time; a roe buck at 05:30 in June is in season and in daylight.
    expect(await recordCellsOf()).toEqual({
      [inOuting.streamId]: ['14/06/2026 05:05', ''],
      [alone.streamId]: ['', ''],
    });
    await store.apply(
      log.outingAmended('alice', outing.streamId, { started_at: '2026-06-14T03:45:00.000Z' }),
    );
    expect((await recordCellsOf())[inOuting.streamId]).toEqual(['14/06/2026 04:45', '']);
    await store.apply(log.outingDeleted('alice', outing.streamId));
    expect((await recordCellsOf())[inOuting.streamId]).toEqual(['', '']);
  });

  it('writes the legal warnings short, separated by "; "', async () => {
    const log = createSampleEventLog();
    const record = log.recorded('alice', {
      date: '2026-06-14',
      time: '23:30',
      species: 'Red Deer',
      sex: 'Female',
      calibre: { name: '.223 Rem' },
    });
    await store.apply(record);
    const line = (await download('alice')).body.split('\r\n')[1] ?? '';
    expect(
      line.endsWith(
        `,"${record.streamId}","","Close season; Shot at night; Rifle or bullet under the legal minimum"`,
      ),
    ).toBe(true);
  });

  it('reads back in a spreadsheet as written: the byte-order mark taken as UTF-8, "Temperature (°C)" intact', async () => {
    const log = createSampleEventLog();
    const record = log.recorded('alice', {
      notes: 'Jo Brontë, "steady"\nwind NW',
      weather: { temperature_c: -4 },
    });
    await store.apply(record);
    const bytes = (await download('alice')).rawPayload;
    const [header, row] = parse(bytes, { bom: true, relax_quotes: false }) as string[][];
    expect(header?.[0]).toBe('Date');
    expect(header).toContain('Temperature (°C)');
    const cell = (name: string) => row?.[header!.indexOf(name)];
    expect(cell('Temperature (°C)')).toBe('-4');
    expect(cell('Notes')).toBe('Jo Brontë, "steady"\nwind NW');
    expect(cell('Record ID')).toBe(record.streamId);
    // A reader that does not take the mark for UTF-8's finds a stray character before the first header.
    expect(() => parse(bytes, { bom: false })).toThrow(/utf8 bom/);
  });

  it("filters by season by the user's season start, within from and to", async () => {
    const log = createSampleEventLog();
    for (const date of ['2026-03-31', '2026-04-01', '2026-07-31', '2026-08-01', '2027-07-31']) {
      await store.apply(log.recorded('alice', { date }));
    }
    const dates = async (query: string) =>
      (await download('alice', `/exports/culls.csv?${query}`)).body
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.slice(1, 11))
        .sort();
    expect(await dates('season=2026-27')).toEqual(['2026-04-01', '2026-07-31', '2026-08-01']);
    await store.apply(log.settingsChanged('alice', '08-01'));
    expect(await dates('season=2026-27')).toEqual(['2026-08-01', '2027-07-31']);
    expect(await dates('season=2025-26')).toEqual(['2026-03-31', '2026-04-01', '2026-07-31']);
    expect(await dates('season=2025-26&from=2026-04-01&to=2026-12-31')).toEqual(['2026-04-01', '2026-07-31']);
    const refused = await download('alice', '/exports/culls.csv?season=2026-28');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toHaveProperty('season');
  });

  it("never includes another user's rows", async () => {
    const log = createSampleEventLog();
    await store.apply(log.recorded('alice', { notes: 'alice' }));
    await store.apply(log.recorded('bob', { notes: 'bob' }));
    const body = (await download('bob')).body;
    expect(body).toContain('"bob"');
    expect(body).not.toContain('"alice"');
  });

  it('filters by from, to and species', async () => {
    const log = createSampleEventLog();
    for (const [date, species] of [
      ['2026-01-01', 'Fox'],
      ['2026-02-01', 'Roe Deer'],
      ['2026-03-01', 'Fox'],
    ] as const) {
      await store.apply(log.recorded('alice', { date, species }));
    }
    const dates = async (query: string) =>
      (await download('alice', `/exports/culls.csv?${query}`)).body
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.slice(1, 11));
    expect(await dates('from=2026-02-01')).toEqual(['2026-03-01', '2026-02-01']);
    expect(await dates('to=2026-02-01')).toEqual(['2026-02-01', '2026-01-01']);
    expect(await dates('species=Fox&to=2026-02-15')).toEqual(['2026-01-01']);
  });

  it('refuses a malformed filter with 400 and names it', async () => {
    const response = await download('alice', '/exports/culls.csv?from=yesterday');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('from');
  });

  it('streams thousands of rows as complete lines', async () => {
    const log = createSampleEventLog();
    for (let index = 0; index < 3000; index++)
      await store.apply(log.recorded('alice', { notes: `row ${index}` }));
    const lines = (await download('alice')).body.split('\r\n');
    expect(lines).toHaveLength(3002);
    expect(lines[1]).toContain(`"row 2999"${EMPTY_ADDED},"`);
    expect(lines[3000]).toContain(`"row 0"${EMPTY_ADDED},"`);
  });

  describe('read for a team (?team=)', () => {
    const TEAM_HEADERS = [...FOURTEEN, ...ADDED_HEADERS, 'Culled by', ...RECORD_HEADERS];
    const TEAM_HEADER = BOM + headerLine(TEAM_HEADERS);
    const column = (header: string) => TEAM_HEADERS.indexOf(header);
    const teamDownload = (uid: Member, access: ReturnType<typeof accessOf> | undefined, url: string) =>
      app.inject({ method: 'GET', url, headers: teamIdentityHeaders(uid, access, url, NOW) });
    /** Each line's cells (no cell here holds `","`). */
    const teamCsv = async (uid: Member, teamId: string, query = '') => {
      const response = await teamDownload(
        uid,
        accessOf(teamId, uid),
        `/exports/culls.csv?team=${teamId}${query}`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.body.startsWith(TEAM_HEADER)).toBe(true);
      return response.body
        .slice(TEAM_HEADER.length)
        .split('\r\n')
        .slice(0, -1)
        .map((line) => line.slice(1, -1).split('","'));
    };
    const picked = (lines: string[][], ...headers: string[]) =>
      lines.map((cells) => headers.map((header) => cells[column(header)]));

    it('a manager and a stalker download every cull on the team’s grounds, notes included, with who culled each', async () => {
      const { teamId } = await seedTeam(store, createSampleEventLog());
      for (const uid of ['ann', 'bob'] as const) {
        const lines = await teamCsv(uid, teamId);
        expect(picked(lines, 'Carcass Tag', 'Ground', 'Notes', 'Condition Notes', 'Culled by'), uid).toEqual([
          ['G-1', 'Team Wood', '', '', 'Gus Guest'],
          ['B-1', 'Team Moor', 'Bob’s notes', 'Bob’s condition notes', 'Bob Bell'],
          ['A-1', 'Team Wood', 'Ann’s notes', 'Ann’s condition notes', 'Ann Archer'],
        ]);
        expect(lines.every((cells) => cells.length === TEAM_HEADERS.length)).toBe(true);
      }
      expect(picked(await teamCsv('ann', teamId, '&from=2026-06-02'), 'Carcass Tag')).toEqual([
        ['G-1'],
        ['A-1'],
      ]);
      // Without ?team=, the caller's own as before: the same columns as ever, no "Culled by".
      const own = await download('ann');
      expect(own.body.startsWith(BOM + HEADER)).toBe(true);
      expect(own.body.split('\r\n').slice(1, -1)).toHaveLength(2);
    });

    it('a viewer downloads the same culls without anyone’s notes or condition notes', async () => {
      const { teamId } = await seedTeam(store, createSampleEventLog());
      const lines = await teamCsv('vic', teamId);
      expect(picked(lines, 'Carcass Tag', 'Notes', 'Condition Notes', 'Culled by')).toEqual([
        ['G-1', '', '', 'Gus Guest'],
        ['B-1', '', '', 'Bob Bell'],
        ['A-1', '', '', 'Ann Archer'],
      ]);
      expect(lines.flat().join()).not.toMatch(/notes/);
    });

    it('a guest downloads only their own culls on the team’s grounds', async () => {
      const { teamId } = await seedTeam(store, createSampleEventLog());
      expect(picked(await teamCsv('gus', teamId), 'Carcass Tag', 'Culled by')).toEqual([
        ['G-1', 'Gus Guest'],
      ]);
    });

    it('answers 404 for a team the identity does not carry', async () => {
      const { teamId } = await seedTeam(store, createSampleEventLog());
      for (const access of [undefined, accessOf(randomUUID(), 'ann')]) {
        const response = await teamDownload('ann', access, `/exports/culls.csv?team=${teamId}`);
        expect(response.statusCode).toBe(404);
        expect(response.json().error.code).toBe('not_found');
      }
      const refused = await teamDownload(
        'ann',
        accessOf(teamId, 'ann'),
        `/exports/culls.csv?team=${teamId}&from=x`,
      );
      expect(refused.statusCode).toBe(400);
    });

    it('a member removed is still named on their culls on its grounds, without their notes or exact place, to every role; rejoined, shown whole', async () => {
      const log = createSampleEventLog();
      const { teamId } = await seedTeam(store, log);
      await store.apply(log.memberLeft(teamId, 'member-bob', true));
      const place = [
        'Carcass Tag',
        'Location',
        'Notes',
        'Condition Notes',
        'Grid Reference',
        'Latitude',
        'Longitude',
        'Culled by',
      ];
      const bobs = (lines: string[][]) => picked(lines, ...place).filter(([tag]) => tag === 'B-1');
      for (const uid of ['ann', 'vic'] as const) {
        const lines = await teamCsv(uid, teamId);
        expect(bobs(lines), uid).toEqual([['B-1', 'Bob’s bank', '', '', '', '', '', 'Bob Bell']]);
        expect(lines.flat().join(), uid).not.toMatch(/Bob’s notes|Bob’s condition notes|SU 2222|51\.3|-1\.4/);
      }
      // Ann, still in the team, is shown whole to the manager; a guest still reads only their own.
      expect(picked(await teamCsv('ann', teamId), 'Carcass Tag', 'Notes', 'Grid Reference')).toContainEqual([
        'A-1',
        'Ann’s notes',
        'SU 1234 5678',
      ]);
      expect(picked(await teamCsv('gus', teamId), 'Carcass Tag')).toEqual([['G-1']]);
      // Bob's own export keeps everything of his.
      expect((await download('bob')).body).toContain('Bob’s notes');

      await store.apply(log.memberJoined(teamId, 'member-bob', 'stalker'));
      expect(bobs(await teamCsv('ann', teamId))).toEqual([
        [
          'B-1',
          'Bob’s bank',
          'Bob’s notes',
          'Bob’s condition notes',
          'SU 2222 3333',
          '51.3',
          '-1.4',
          'Bob Bell',
        ],
      ]);
    });

    it('keeps an erased member’s culls on its grounds as "Former member", without their notes or exact place', async () => {
      const { teamId, erase } = await seedTeam(store, createSampleEventLog());
      await erase('ann');
      const lines = await teamCsv('bob', teamId);
      expect(
        picked(
          lines,
          'Carcass Tag',
          'Location',
          'Notes',
          'Grid Reference',
          'Latitude',
          'Shooter',
          'Culled by',
        ),
      ).toEqual([
        ['G-1', expect.any(String), '', '', '', '', 'Gus Guest'],
        ['B-1', expect.any(String), 'Bob’s notes', 'SU 2222 3333', '51.3', '', 'Bob Bell'],
        ['A-1', 'Team Wood', '', '', '', '', 'Former member'],
      ]);
      expect(lines.flat().join()).not.toMatch(/Ann/);
    });
  });
});
