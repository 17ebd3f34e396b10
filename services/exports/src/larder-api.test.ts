import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { LarderResponse, type CullInspection } from '@cull-log/contracts';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import { TEST_PUBLIC_KEY, identityHeadersFor } from '@cull-log/service-kit/testing';
import { exportsService } from './exports-service';
import { openSqliteExportStore } from './store/sqlite';
import type { ExportStore } from './store/export-store';
import { accessOf, seedTeam, teamIdentityHeaders, type Member } from './testing/team-requests';

const identityHeaders = identityHeadersFor('exports');

/** In the 2026/27 season. */
const NOW = new Date('2026-11-20T12:00:00Z');
const passed: CullInspection = {
  examined_by: 'Jo Hunter',
  certificate_number: 'DSC1-123',
  abnormal_behaviour: false,
  abnormalities: [],
  contamination_suspected: false,
};

describe('the larder book', () => {
  let directory: string;
  let store: ExportStore;
  let app: ReturnType<typeof exportsService.buildApp>;
  let log: ReturnType<typeof createSampleEventLog>;

  beforeEach(async () => {
    directory = mkdtempSync(join(tmpdir(), 'cull-log-larder-'));
    store = openSqliteExportStore({ file: join(directory, 'exports.db') });
    app = exportsService.buildApp({
      projectionStore: store,
      logger: pino({ level: 'silent' }),
      internalAuthPublicKey: TEST_PUBLIC_KEY,
      now: () => NOW,
    });
    await app.ready();
    log = createSampleEventLog();
  });
  afterEach(async () => {
    await app.close();
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const get = (uid: string, url: string) =>
    app.inject({ method: 'GET', url, headers: identityHeaders(uid, url, NOW) });
  const larder = async (uid: string, url = '/larder') => {
    const response = await get(uid, url);
    expect(response.statusCode).toBe(200);
    return LarderResponse.parse(response.json());
  };

  async function seed() {
    const ids = {
      octoberBuck: log.recorded('alice', {
        date: '2026-10-02',
        time: '19:05',
        location_name: 'Top Field',
        grid_ref: 'SK 1234 5678',
        species: 'Roe Deer',
        sex: 'Male',
        carcass_tag: 'T-2',
        carcass_destination: 'Own use',
        inspection: passed,
      }),
      aprilDoe: log.recorded('alice', {
        date: '2026-04-01',
        time: '06:10',
        species: 'Muntjac',
        sex: 'Female',
        weight: 11,
        carcass_tag: 'T-1',
        carcass_destination: 'Game dealer',
        game_dealer: 'Hill Game Ltd',
        inspection: { ...passed, abnormalities: ['abscesses'] },
      }),
      sameDayEarlier: log.recorded('alice', {
        date: '2026-10-02',
        time: '06:30',
        species: 'Roe Deer',
        sex: 'Female',
        carcass_tag: 'T-3',
        carcass_destination: 'Game dealer',
        game_dealer: 'Hill Game Ltd',
      }),
      lastSeason: log.recorded('alice', { date: '2026-03-31', carcass_tag: 'T-0' }),
      bobs: log.recorded('bob', { date: '2026-06-01', carcass_tag: 'B-1' }),
    };
    for (const event of log.events) await store.apply(event);
    return Object.fromEntries(Object.entries(ids).map(([name, event]) => [name, event.streamId]));
  }

  it('answers 401 without a signed identity', async () => {
    const response = await app.inject({ method: 'GET', url: '/larder' });
    expect(response.statusCode).toBe(401);
  });

  it('lists the current season by default, in the order the carcasses were killed, with what a larder book shows', async () => {
    const ids = await seed();
    const book = await larder('alice');
    expect(book.season).toEqual({ label: '2026/27', from: '2026-04-01', to: '2027-03-31' });
    expect(book.items.map((item) => item.id)).toEqual([ids.aprilDoe, ids.sameDayEarlier, ids.octoberBuck]);
    expect(book.items[2]).toMatchObject({
      date: '2026-10-02',
      time: '19:05',
      location_name: 'Top Field',
      grid_ref: 'SK 1234 5678',
      species: 'Roe Deer',
      sex: 'Male',
      age_estimate: 'Adult',
      carcass_tag: 'T-2',
      carcass_destination: 'Own use',
      inspection_result: 'Passed: no abnormalities',
    });
    expect(book.items[2]).not.toHaveProperty('declaration_refused');
    expect(book.items[0]).toMatchObject({
      weight: 11,
      game_dealer: 'Hill Game Ltd',
      inspection_result: 'Abnormal: Abscesses',
    });
    expect(book.items[0]?.declaration_refused).toContain('Abscesses');
    expect(book.items[1]?.inspection_result).toBe('Not examined');
    // A roe doe in October, before her season opens: the warning her card bears, in the book too.
    expect(book.items[1]?.warnings?.map((warning) => warning.code)).toEqual(['close_season']);
    expect(book.items[2]).not.toHaveProperty('warnings');
    expect(book.seasons).toEqual([
      { label: '2026/27', carcasses: 3 },
      { label: '2025/26', carcasses: 1 },
    ]);
    expect(book.position).toBe(5);
  });

  it('lists another season when asked, and only the carcasses of a destination', async () => {
    const ids = await seed();
    expect((await larder('alice', '/larder?season=2025/26')).items.map((item) => item.id)).toEqual([
      ids.lastSeason,
    ]);
    const toDealer = await larder('alice', '/larder?season=2026/27&destination=Game%20dealer');
    expect(toDealer.items.map((item) => item.id)).toEqual([ids.aprilDoe, ids.sameDayEarlier]);
    expect((await larder('alice', '/larder?destination=Given%20away')).items).toEqual([]);
  });

  it("keeps seasons by the user's start: from 1 August, 2026/27 runs August to July", async () => {
    const ids = await seed();
    const log = createSampleEventLog();
    await store.apply(log.settingsChanged('alice', '08-01'));
    const book = await larder('alice', '/larder?season=2026/27');
    expect(book.season).toEqual({ label: '2026/27', from: '2026-08-01', to: '2027-07-31' });
    expect(book.items.map((item) => item.id)).toEqual([ids.sameDayEarlier, ids.octoberBuck]);
    expect(book.seasons).toEqual([
      { label: '2026/27', carcasses: 2 },
      { label: '2025/26', carcasses: 2 },
    ]);
    const csv = await app.inject({
      method: 'GET',
      url: '/larder.csv?season=2025/26',
      headers: identityHeaders('alice', '/larder.csv?season=2025/26', NOW),
    });
    expect(csv.body.split('\r\n').slice(1, -1)).toHaveLength(2);
    expect((await larder('bob')).season).toEqual({ label: '2026/27', from: '2026-04-01', to: '2027-03-31' });
  });

  it("never lists another user's carcasses", async () => {
    const ids = await seed();
    const bobs = await larder('bob');
    expect(bobs.items.map((item) => item.id)).toEqual([ids.bobs]);
    expect(bobs.seasons).toEqual([{ label: '2026/27', carcasses: 1 }]);
    expect((await larder('carol')).items).toEqual([]);
  });

  it('follows amendments and deletions: a carcass moved to another season or deleted leaves the count', async () => {
    const ids = await seed();
    await store.apply(
      log.amended('alice', ids.octoberBuck as string, { date: '2025-12-01', carcass_tag: null }),
    );
    await store.apply(log.deleted('alice', ids.lastSeason as string));
    const book = await larder('alice', '/larder?season=2025/26');
    expect(book.items.map((item) => [item.id, item.carcass_tag])).toEqual([[ids.octoberBuck, undefined]]);
    expect(book.seasons).toEqual([
      { label: '2026/27', carcasses: 2 },
      { label: '2025/26', carcasses: 1 },
    ]);
  });

  it.each([
    '/larder?season=2026',
    '/larder?season=2026/28',
    '/larder?season=26/27',
    '/larder?destination=Skip',
    '/larder?colour=red',
    '/larder.csv?season=2026-27',
  ])('%s answers 400 validation_failed', async (url) => {
    const response = await get('alice', url);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
  });

  it('downloads as a CSV of the same carcasses, filters included, every cell quoted and neutralised', async () => {
    const ids = await seed();
    await store.apply(
      log.amended('alice', ids.aprilDoe as string, { game_dealer: '=HYPERLINK("http://x")' }),
    );
    const response = await get('alice', '/larder.csv?season=2026/27&destination=Game%20dealer');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="larder-book-2026-27.csv"');
    // A byte-order mark first, so a spreadsheet reads the file as UTF-8.
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(response.body.slice(1).split('\r\n')).toEqual([
      '"Date","Time","Location","Grid Reference","Species","Sex","Age","Weight","Carcass Tag","Destination",' +
        '"Game Dealer","Examined By","Certificate Number","Inspection"',
      '"01/04/2026","06:10","Home Wood","","Muntjac","Female","Adult","11","T-1","Game dealer",' +
        '"\'=HYPERLINK(""http://x"")","Jo Hunter","DSC1-123","Abnormal: Abscesses"',
      '"02/10/2026","06:30","Home Wood","","Roe Deer","Female","Adult","18.5","T-3","Game dealer","Hill Game Ltd",' +
        '"","","Not examined"',
      '',
    ]);
    const bobs = await get('bob', '/larder.csv?season=2026/27');
    expect(bobs.body.split('\r\n').slice(1, -1)).toHaveLength(1);
    expect(bobs.body).toContain('"B-1"');
  });

  it('a rebuild (clear and replay) gives the same book', async () => {
    await seed();
    const before = await larder('alice');
    await store.clear();
    expect((await larder('alice')).items).toEqual([]);
    for (const event of log.events) await store.apply(event);
    expect(await larder('alice')).toEqual(before);
  });

  describe('read for a team (?team=)', () => {
    const teamGet = (uid: Member | string, access: ReturnType<typeof accessOf> | undefined, url: string) =>
      app.inject({ method: 'GET', url, headers: teamIdentityHeaders(uid, access, url, NOW) });
    const teamBook = async (uid: Member, teamId: string, query = '') => {
      const response = await teamGet(uid, accessOf(teamId, uid), `/larder?team=${teamId}${query}`);
      expect(response.statusCode).toBe(200);
      return LarderResponse.parse(response.json());
    };
    const culledBy = (book: LarderResponse) =>
      book.items.map((item) => [item.carcass_tag, item.culled_by?.uid, item.culled_by?.name]);

    it('a manager, a stalker and a viewer read every carcass on the team’s grounds, each named by its shooter', async () => {
      const { teamId } = await seedTeam(store, log);
      for (const uid of ['ann', 'bob', 'vic'] as const) {
        const book = await teamBook(uid, teamId);
        expect(culledBy(book), uid).toEqual([
          ['B-1', 'bob', 'Bob Bell'],
          ['A-1', 'ann', 'Ann Archer'],
          ['G-1', 'gus', 'Gus Guest'],
        ]);
        expect(book.season.label).toBe('2026/27');
        expect(book.seasons).toEqual([{ label: '2026/27', carcasses: 3 }]);
      }
      expect(culledBy(await teamBook('ann', teamId, '&destination=Own%20use'))).toEqual([
        ['B-1', 'bob', 'Bob Bell'],
      ]);
      // Without ?team=, the caller's own as before: Ann's two, no names.
      const own = await larder('ann');
      expect(own.items.map((item) => [item.carcass_tag, item.culled_by])).toEqual([
        ['A-1', undefined],
        ['A-2', undefined],
      ]);
    });

    it('a guest reads only their own carcasses on the team’s grounds', async () => {
      const { teamId } = await seedTeam(store, log);
      const book = await teamBook('gus', teamId);
      expect(culledBy(book)).toEqual([['G-1', 'gus', 'Gus Guest']]);
      expect(book.seasons).toEqual([{ label: '2026/27', carcasses: 1 }]);
    });

    it('downloads the team’s larder CSV with a "Culled by" column after the others', async () => {
      const { teamId } = await seedTeam(store, log);
      const url = `/larder.csv?team=${teamId}&season=2026/27`;
      const response = await teamGet('ann', accessOf(teamId, 'ann'), url);
      expect(response.statusCode).toBe(200);
      const [header, ...lines] = response.body.split('\r\n');
      expect(header).toBe(
        '\uFEFF"Date","Time","Location","Grid Reference","Species","Sex","Age","Weight","Carcass Tag","Destination",' +
          '"Game Dealer","Examined By","Certificate Number","Inspection","Culled by"',
      );
      expect(lines.map((line) => line.split(',').at(-1))).toEqual([
        '"Bob Bell"',
        '"Ann Archer"',
        '"Gus Guest"',
        '',
      ]);
      const guests = await teamGet('gus', accessOf(teamId, 'gus'), url);
      expect(guests.body.split('\r\n').slice(1, -1)).toEqual([expect.stringContaining('"G-1"')]);
    });

    it('answers 404 for a team the identity does not carry, and changes nothing', async () => {
      const { teamId } = await seedTeam(store, log);
      const url = `/larder?team=${teamId}`;
      for (const response of [
        await teamGet('ann', undefined, url),
        await teamGet('ann', accessOf(randomUUID(), 'ann'), url),
        await teamGet('ann', accessOf(teamId, 'ann'), '/larder.csv?team=not-a-team'),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json().error.code).toBe('not_found');
      }
      const refused = await teamGet('ann', accessOf(teamId, 'ann'), `/larder?team=${teamId}&season=2026`);
      expect(refused.statusCode).toBe(400);
      expect((await teamBook('ann', teamId)).items).toHaveLength(3);
    });

    it('lists a removed member’s carcasses by their name without their grid reference, to every role; rejoined, whole', async () => {
      const { teamId } = await seedTeam(store, log);
      await store.apply(log.memberLeft(teamId, 'member-bob', true));
      for (const uid of ['ann', 'vic'] as const) {
        const book = await teamBook(uid, teamId);
        expect(culledBy(book), uid).toEqual([
          ['B-1', 'bob', 'Bob Bell'],
          ['A-1', 'ann', 'Ann Archer'],
          ['G-1', 'gus', 'Gus Guest'],
        ]);
        expect(book.items[0], uid).toMatchObject({ location_name: 'Bob’s bank', carcass_tag: 'B-1' });
        expect(book.items[0], uid).not.toHaveProperty('grid_ref');
        // Ann, still in the team, keeps hers.
        expect(book.items[1]?.grid_ref, uid).toBe('SU 1234 5678');
        const csv = await teamGet(uid, accessOf(teamId, uid), `/larder.csv?team=${teamId}`);
        const bobsLine = csv.body.split('\r\n').find((line) => line.includes('"B-1"'));
        expect(bobsLine?.split(',').slice(2, 4), uid).toEqual(['"Bob’s bank"', '""']);
        expect(bobsLine?.endsWith('"Bob Bell"')).toBe(true);
        expect(csv.body).not.toContain('SU 2222 3333');
      }
      expect(culledBy(await teamBook('gus', teamId))).toEqual([['G-1', 'gus', 'Gus Guest']]);

      await store.apply(log.memberJoined(teamId, 'member-bob', 'stalker'));
      expect((await teamBook('ann', teamId)).items[0]).toMatchObject({
        carcass_tag: 'B-1',
        grid_ref: 'SU 2222 3333',
        culled_by: { uid: 'bob', name: 'Bob Bell' },
      });
    });

    it('keeps an erased member’s carcasses on the team’s grounds, culled by "Former member", and nothing of theirs', async () => {
      const { teamId, erase } = await seedTeam(store, log);
      await erase('ann');
      const book = await teamBook('bob', teamId);
      expect(culledBy(book)).toEqual([
        ['B-1', 'bob', 'Bob Bell'],
        ['A-1', undefined, 'Former member'],
        ['G-1', 'gus', 'Gus Guest'],
      ]);
      const kept = book.items[1];
      expect(kept).toMatchObject({
        location_name: 'Team Wood',
        carcass_tag: 'A-1',
        game_dealer: 'Vale Game',
      });
      expect(kept).not.toHaveProperty('grid_ref');
      expect(kept?.culled_by).toEqual({ name: 'Former member' });
      const csv = await teamGet('bob', accessOf(teamId, 'bob'), `/larder.csv?team=${teamId}`);
      expect(csv.body).toContain('"Former member"');
      expect(csv.body).not.toMatch(/Ann/);
    });
  });
});
