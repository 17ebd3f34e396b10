import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { AccountDeclaration, LarderResponse, type CullInspection } from '@cull-log/contracts';
import { declaredDealerChanges } from '@cull-log/domain';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import { TEST_PUBLIC_KEY, identityHeadersFor } from '@cull-log/service-kit/testing';
import { exportsService } from './exports-service';
import { openSqliteExportStore } from './store/sqlite';
import type { ExportStore } from './store/export-store';
import { pdfText } from './testing/pdf-text';

const identityHeaders = identityHeadersFor('exports');

const NOW = new Date('2026-11-20T12:00:00Z');
const passed: CullInspection = {
  examined_by: 'Jo Hunter',
  certificate_number: 'DSC1-123',
  abnormal_behaviour: false,
  abnormalities: [],
  contamination_suspected: false,
};

describe('trained-hunter declarations', () => {
  let directory: string;
  let file: string;
  let store: ExportStore;
  let app: ReturnType<typeof exportsService.buildApp>;
  let log: ReturnType<typeof createSampleEventLog>;
  let clock: Date;

  async function start() {
    store = openSqliteExportStore({ file });
    app = exportsService.buildApp({
      projectionStore: store,
      logger: pino({ level: 'silent' }),
      internalAuthPublicKey: TEST_PUBLIC_KEY,
      now: () => clock,
    });
    await app.ready();
  }
  async function stop() {
    await app.close();
    await store.close();
  }

  beforeEach(async () => {
    directory = mkdtempSync(join(tmpdir(), 'cull-log-declarations-'));
    file = join(directory, 'exports.db');
    clock = NOW;
    await start();
    log = createSampleEventLog();
  });
  afterEach(async () => {
    await stop();
    rmSync(directory, { recursive: true, force: true });
  });

  /** Makes (POST) or reads again (GET) one carcass's declaration. */
  const one = (uid: string, id: string, method: 'GET' | 'POST' = 'POST') => {
    const url = `/culls/${id}/declaration.pdf`;
    return app.inject({ method, url, headers: identityHeaders(uid, url, clock, method) });
  };
  const consignment = (uid: string, body: unknown) => {
    const payload = JSON.stringify(body);
    return app.inject({
      method: 'POST',
      url: '/declarations',
      headers: {
        ...identityHeaders(uid, '/declarations', clock, 'POST', payload),
        'content-type': 'application/json',
      },
      payload,
    });
  };

  async function seed() {
    const events = {
      roe: log.recorded('alice', {
        date: '2026-11-02',
        time: '07:15',
        location_name: 'Top Field',
        grid_ref: 'SK 1234 5678',
        species: 'Roe Deer',
        sex: 'Female',
        carcass_tag: 'T-101',
        carcass_destination: 'Game dealer',
        game_dealer: 'Hill Game Ltd',
        inspection: passed,
      }),
      fallow: log.recorded('alice', {
        date: '2026-11-03',
        time: '16:40',
        location_name: 'Long Wood',
        grid_ref: 'SU 123 456',
        species: 'Fallow Deer',
        sex: 'Male',
        carcass_tag: 'T-102',
        inspection: { ...passed, examined_by: 'Sam Keeper', certificate_number: 'DSC1-999' },
      }),
      abscess: log.recorded('alice', {
        carcass_tag: 'T-103',
        inspection: { ...passed, abnormalities: ['abscesses'] },
      }),
      bobs: log.recorded('bob', { carcass_tag: 'B-1', inspection: passed }),
    };
    for (const event of log.events) await store.apply(event);
    return Object.fromEntries(
      Object.entries(events).map(([name, event]) => [name, event.streamId]),
    ) as Record<keyof typeof events, string>;
  }

  it("one carcass's declaration is a PDF attachment with its number, the statement, and the carcass's tag, date, time and place", async () => {
    const ids = await seed();
    const response = await one('alice', ids.roe);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="declaration-1.pdf"');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-declaration-number']).toBe('1');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(response.rawPayload);
    expect(text).toContain("Trained hunter's declaration");
    expect(text).toContain('Declaration number: 1');
    expect(text).toContain('Date of declaration: 20/11/2026');
    expect(text).toContain('Game dealer: Hill Game Ltd');
    expect(text).toMatch(/I, Jo Hunter \(DSC1-123\), a trained person/);
    expect(text).toMatch(/no abnormal\s+characteristics were found/);
    for (const shown of [
      'T-101',
      'Roe Deer, female',
      '02/11/2026 07:15',
      'Top Field',
      'SK 1234 5678',
      'DSC1-123',
    ])
      expect(text).toContain(shown);
  });

  it('writes Welsh and other letters beyond Western Europe as they were typed', async () => {
    const welsh = log.recorded('alice', {
      location_name: 'Bryn Ŵyn, ffridd uchaf',
      carcass_tag: 'Ŷ-1',
      inspection: { ...passed, examined_by: 'Zoë Łukasz', certificate_number: 'DSC1–77' },
    });
    await store.apply(welsh);
    const text = pdfText((await one('alice', welsh.streamId)).rawPayload);
    for (const shown of ['Bryn Ŵyn, ffridd uchaf', 'Ŷ-1', 'I, Zoë Łukasz (DSC1–77)'])
      expect(text).toContain(shown);
  });

  it('a consignment lists each carcass with its own tag, date, time, place and examiner, to the dealer named', async () => {
    const ids = await seed();
    const response = await consignment('alice', {
      record_ids: [ids.fallow, ids.roe],
      dealer: 'Vale Venison',
    });
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Game dealer: Vale Venison');
    expect(text).toContain('Carcasses: 2');
    expect(text).toMatch(/We, the trained persons named against each carcass/);
    for (const shown of [
      'T-101',
      '02/11/2026 07:15',
      'Top Field',
      'T-102',
      'Fallow Deer, male',
      '03/11/2026 16:40',
      'Long Wood',
      'SU 123 456',
      'Sam Keeper',
      'DSC1-999',
    ])
      expect(text).toContain(shown);
    // In the order they were killed, whatever the order asked.
    expect(text.indexOf('T-101')).toBeLessThan(text.indexOf('T-102'));
  });

  it("the dealer a consignment names, kept on its records that name none, shows in the larder book, its CSV and the export's Game Dealer column", async () => {
    const ids = await seed();
    const get = (url: string) =>
      app.inject({ method: 'GET', url, headers: identityHeaders('alice', url, clock) });
    const book = async () => LarderResponse.parse((await get('/larder?season=2026/27')).json()).items;
    const declared = await consignment('alice', {
      record_ids: [ids.fallow, ids.roe],
      dealer: 'Vale Venison',
    });
    expect(declared.statusCode).toBe(200);
    // What the records service appends for POST /culls/declared-dealer, which the web sends after a declaration.
    for (const entry of await book()) {
      const changes = declaredDealerChanges(entry, 'Vale Venison');
      if ([ids.fallow, ids.roe].includes(entry.id) && changes !== undefined)
        await store.apply(log.amended('alice', entry.id, changes));
    }

    const dealers = Object.fromEntries((await book()).map((entry) => [entry.id, entry.game_dealer]));
    expect(dealers[ids.fallow]).toBe('Vale Venison');
    expect(dealers[ids.roe]).toBe('Hill Game Ltd');
    expect(dealers[ids.abscess]).toBeUndefined();

    const cell = (csv: string, tag: string) => {
      const [header, ...lines] = csv.split('\r\n');
      const column = header!.split(',').indexOf('"Game Dealer"');
      return lines.find((line) => line.includes(`"${tag}"`))?.split(',')[column];
    };
    const larderCsv = (await get('/larder.csv?season=2026/27')).body;
    expect(cell(larderCsv, 'T-102')).toBe('"Vale Venison"');
    expect(cell(larderCsv, 'T-101')).toBe('"Hill Game Ltd"');
    const exported = (await get('/exports/culls.csv')).body;
    expect(cell(exported, 'T-102')).toBe('"Vale Venison"');
    expect(cell(exported, 'T-103')).toBe('""');
  });

  it('the same declaration asked for again keeps its number, across a restart and a rebuild; another gets the next', async () => {
    const ids = await seed();
    const numberOf = (response: { statusCode: number; headers: Record<string, unknown> }) => {
      expect(response.statusCode).toBe(200);
      return response.headers['x-declaration-number'];
    };
    expect(numberOf(await one('alice', ids.roe))).toBe('1');
    expect(
      numberOf(await consignment('alice', { record_ids: [ids.roe, ids.fallow], dealer: 'Vale Venison' })),
    ).toBe('2');
    expect(numberOf(await one('alice', ids.roe))).toBe('1');
    // The same carcasses in another order, the dealer typed with other case and spacing: the same declaration.
    clock = new Date('2026-12-24T12:00:00Z');
    const again = await consignment('alice', {
      record_ids: [ids.fallow, ids.roe],
      dealer: ' vale  VENISON ',
    });
    expect(numberOf(again)).toBe('2');
    expect(pdfText(again.rawPayload)).toContain('Date of declaration: 20/11/2026');

    await stop();
    await start();
    await store.clear();
    for (const event of log.events) await store.apply(event);
    expect(numberOf(await one('alice', ids.roe))).toBe('1');
    expect(numberOf(await consignment('alice', { record_ids: [ids.roe], dealer: 'Vale Venison' }))).toBe('3');
    expect(numberOf(await one('alice', ids.fallow))).toBe('4');
    // Numbers are the user's own.
    expect(numberOf(await one('bob', ids.bobs))).toBe('1');
  });

  it('reading a declaration never issues one: 404 until it is made, then the same number and PDF each time', async () => {
    const ids = await seed();
    const unmade = await one('alice', ids.roe, 'GET');
    expect(unmade.statusCode).toBe(404);
    expect(unmade.json().error.message).toMatch(/^No declaration has been made for this carcass yet/);

    const made = await one('alice', ids.roe);
    expect(made.headers['x-declaration-number']).toBe('1');
    const read = await one('alice', ids.roe, 'GET');
    expect(read.statusCode).toBe(200);
    expect(read.headers['x-declaration-number']).toBe('1');
    expect(pdfText(read.rawPayload)).toContain('Declaration number: 1');
    expect((await one('bob', ids.roe, 'GET')).statusCode).toBe(404);
    // The reads used no number: the next carcass made is number 2.
    expect((await one('alice', ids.fallow)).headers['x-declaration-number']).toBe('2');
  });

  it("the user's register for their download: each number, when, the dealer and the records, and no one else's", async () => {
    const ids = await seed();
    const register = (uid: string) =>
      app.inject({
        method: 'GET',
        url: '/account/declarations.json',
        headers: identityHeaders(uid, '/account/declarations.json', clock),
      });
    expect((await register('alice')).json()).toEqual([]);
    expect((await one('alice', ids.roe)).statusCode).toBe(200);
    clock = new Date('2026-11-21T09:30:00Z');
    const pair = [ids.roe, ids.fallow];
    expect((await consignment('alice', { record_ids: pair, dealer: 'Vale Venison' })).statusCode).toBe(200);
    expect((await one('bob', ids.bobs)).statusCode).toBe(200);

    const answer = await register('alice');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(AccountDeclaration.array().parse(answer.json())).toEqual([
      { number: 1, issued_at: NOW.toISOString(), dealer: 'Hill Game Ltd', record_ids: [ids.roe] },
      { number: 2, issued_at: '2026-11-21T09:30:00.000Z', dealer: 'Vale Venison', record_ids: pair },
    ]);
    expect((await register('bob')).json()).toEqual([
      { number: 1, issued_at: '2026-11-21T09:30:00.000Z', dealer: '', record_ids: [ids.bobs] },
    ]);
    // A rebuild keeps the register, so the download still has it.
    await store.clear();
    expect((await register('alice')).json()).toHaveLength(2);
  });

  it('a carcass with abnormalities gets no declaration: 409 saying why, and no number is used', async () => {
    const ids = await seed();
    const refused = await one('alice', ids.abscess);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('not_declarable');
    expect(refused.json().error.message).toMatch(/Carcass T-103 gets no declaration .*Abscesses/);
    const inConsignment = await consignment('alice', { record_ids: [ids.roe, ids.abscess], dealer: 'Vale' });
    expect(inConsignment.statusCode).toBe(409);
    expect(inConsignment.json().error.message).toContain('T-103');
    expect((await one('alice', ids.roe)).headers['x-declaration-number']).toBe('1');
  });

  it("another user's record, or one that does not exist, answers 404", async () => {
    const ids = await seed();
    expect((await one('bob', ids.roe)).statusCode).toBe(404);
    expect((await one('alice', 'not-a-uuid')).statusCode).toBe(404);
    expect((await one('alice', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const mixed = await consignment('bob', { record_ids: [ids.bobs, ids.roe], dealer: 'Vale' });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json().error.code).toBe('not_found');
  });

  it.each([
    [{}, 'record_ids'],
    [{ record_ids: [], dealer: 'Vale' }, 'record_ids'],
    [{ record_ids: ['x'], dealer: 'Vale' }, 'record_ids.0'],
    [{ record_ids: ['00000000-0000-4000-8000-000000000000'], dealer: '  ' }, 'dealer'],
    [{ record_ids: ['00000000-0000-4000-8000-000000000000'], dealer: 'Vale', extra: 1 }, 'extra'],
  ])('a consignment of %j answers 400 naming %s', async (body, field) => {
    const response = await consignment('alice', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
    expect(Object.keys(response.json().error.fields)).toContain(field);
  });
});
