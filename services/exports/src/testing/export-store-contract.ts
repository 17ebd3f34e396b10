import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CsvFields, DateRange, ExportLine, ExportStore, TeamScope } from '../store/export-store';
import { seasonKeyOf, teamOwnerId, type CullInspection, type ExportQuery } from '@cull-log/contracts';
import { seasonOfKey } from '@cull-log/domain';
import { randomUUID } from 'node:crypto';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import { declarationKey } from '../declarations/declaration-key';
import { keptIdOf, teamKeeps, type KeptSource } from './kept-culls';

async function collectLines<Line extends ExportLine>(rows: AsyncIterable<Line>): Promise<Line[]> {
  const result: Line[] = [];
  for await (const row of rows) result.push(row);
  return result;
}

/** A season's dates from its label, by the April start. */
const april = (label: string): DateRange => seasonOfKey(seasonKeyOf(label), '04-01');

/** The behaviour every ExportStore adapter must show; each adapter's test file runs it. */
export function exportStoreContract(name: string, open: () => Promise<ExportStore>) {
  describe(`${name} export store`, () => {
    let store: ExportStore;
    const lines = (userId: string, filter: Omit<ExportQuery, 'season'> = {}) =>
      collectLines(store.rows(userId, filter));
    const rows = async (userId: string, filter: Omit<ExportQuery, 'season'> = {}): Promise<CsvFields[]> =>
      (await lines(userId, filter)).map((line) => line.fields);

    beforeEach(async () => {
      store = await open();
      await store.clear();
    });
    afterEach(async () => {
      await store.close();
    });

    it('keeps the CSV fields of a recorded cull, newest recorded first', async () => {
      const log = createSampleEventLog();
      await store.apply(log.recorded('alice', { notes: 'first', latitude: 52.1 }));
      await store.apply(
        log.recorded('alice', {
          notes: 'second',
          inspection: {
            examined_by: 'Jo',
            abnormal_behaviour: true,
            abnormalities: [],
            contamination_suspected: false,
          },
        }),
      );
      const found = await rows('alice');
      expect(found.map((row) => row.notes)).toEqual(['second', 'first']);
      expect(found[0]?.inspection).toEqual({
        examined_by: 'Jo',
        abnormal_behaviour: true,
        abnormalities: [],
        contamination_suspected: false,
      });
      expect(found[1]).toMatchObject({
        species: 'Roe Deer',
        antlers_present: true,
        weight: 18.5,
        latitude: 52.1,
      });
    });

    it('a batch that records, amends and deletes culls leaves the rows one event at a time would', async () => {
      const log = createSampleEventLog();
      const kept = log.recorded('alice', { notes: 'kept' });
      const gone = log.recorded('alice', { notes: 'gone' });
      const events = [
        kept,
        gone,
        log.amended('alice', kept.streamId, { notes: 'amended', weight: 20 }),
        log.deleted('alice', gone.streamId),
        log.recorded('alice', { notes: 'last' }),
      ];
      expect(await store.applyBatch(events)).toEqual(events.map(() => 'applied'));
      const found = await rows('alice');
      expect(found.map((row) => row.notes)).toEqual(['last', 'amended']);
      expect(found[1]).toMatchObject({ weight: 20 });
      expect(await store.position()).toBe(events.length);
    });

    it("never returns another user's rows", async () => {
      const log = createSampleEventLog();
      await store.apply(log.recorded('alice'));
      await store.apply(log.recorded('bob', { notes: 'bob' }));
      expect((await rows('bob')).map((row) => row.notes)).toEqual(['bob']);
      expect(await rows('carol')).toEqual([]);
    });

    it("erasing a user leaves no row of theirs, another user's unchanged, and is harmless twice", async () => {
      const log = createSampleEventLog();
      await store.apply(log.recorded('alice', { notes: 'hers' }));
      await store.apply(log.recorded('bob', { notes: 'his' }));
      const his = await rows('bob');

      const issue = (userId: string, key: string) =>
        store.declaration(userId, key, {
          recordIds: [key],
          dealer: 'Vale',
          now: new Date('2026-11-25T12:00:00Z'),
        });
      await issue('alice', 'hers');
      await issue('bob', 'his');

      await store.eraseUser('alice');
      await store.eraseUser('alice');

      expect(await rows('alice')).toEqual([]);
      expect(await rows('bob')).toEqual(his);
      // Her declaration numbers went with her: a new declaration of hers starts again at 1; his keeps its number.
      expect((await issue('alice', 'new')).number).toBe(1);
      expect((await issue('alice', 'hers')).number).toBe(2);
      expect((await issue('bob', 'his')).number).toBe(1);
    });

    it('filters by inclusive date range and by species', async () => {
      const log = createSampleEventLog();
      for (const [date, species] of [
        ['2026-01-01', 'Fox'],
        ['2026-02-01', 'Roe Deer'],
        ['2026-03-01', 'Fox'],
        ['2026-04-01', 'Fox'],
      ] as const) {
        await store.apply(log.recorded('alice', { date, species }));
      }
      const dates = async (filter: ExportQuery) => (await rows('alice', filter)).map((row) => row.date);
      expect(await dates({ from: '2026-02-01', to: '2026-03-01' })).toEqual(['2026-03-01', '2026-02-01']);
      expect(await dates({ species: 'Fox' })).toEqual(['2026-04-01', '2026-03-01', '2026-01-01']);
      expect(await dates({ from: '2026-03-01', species: 'Fox' })).toEqual(['2026-04-01', '2026-03-01']);
      expect(await dates({ to: '2026-01-31' })).toEqual(['2026-01-01']);
    });

    it('an amendment changes the row and clearing antlers drops their details', async () => {
      const log = createSampleEventLog();
      const recorded = log.recorded('alice', { antler_points: 6, antler_condition: 'Good', notes: 'x' });
      await store.apply(recorded);
      await store.apply(
        log.amended('alice', recorded.streamId, { antlers_present: false, notes: null, species: 'Fox' }),
      );
      const [row] = await rows('alice');
      expect(row).toMatchObject({ species: 'Fox', antlers_present: false });
      expect(row).not.toHaveProperty('antler_points');
      expect(row).not.toHaveProperty('antler_condition');
      expect(row).not.toHaveProperty('notes');
    });

    it('redelivery is a duplicate, a skipped version is a gap, and neither changes anything', async () => {
      const log = createSampleEventLog();
      const recorded = log.recorded('alice');
      const amended = log.amended('alice', recorded.streamId, { species: 'Fox' });
      expect(await store.apply(amended)).toBe('gap');
      expect(await rows('alice')).toEqual([]);
      expect(await store.apply(recorded)).toBe('applied');
      expect(await store.apply(amended)).toBe('applied');
      expect(await store.apply(recorded)).toBe('duplicate');
      expect((await rows('alice')).map((row) => row.species)).toEqual(['Fox']);
    });

    it('a photo added or removed moves the version on and leaves the row as it was', async () => {
      const log = createSampleEventLog();
      const recorded = log.recorded('alice', { notes: 'first' });
      await store.apply(recorded);
      const before = await rows('alice');
      expect(await store.apply(log.photoAdded('alice', recorded.streamId))).toBe('applied');
      expect(await store.apply(log.photoRemoved('alice', recorded.streamId))).toBe('applied');
      expect(await rows('alice')).toEqual(before);
      expect(await store.apply(log.amended('alice', recorded.streamId, { notes: 'second' }))).toBe('applied');
      expect((await rows('alice')).map((row) => row.notes)).toEqual(['second']);
    });

    it('a deleted cull leaves the export and a late redelivery of its creation does not bring it back', async () => {
      const log = createSampleEventLog();
      const recorded = log.recorded('alice');
      await store.apply(recorded);
      await store.apply(log.deleted('alice', recorded.streamId));
      expect(await store.apply(recorded)).toBe('duplicate');
      expect(await rows('alice')).toEqual([]);
      expect(await store.position()).toBe(2);
    });

    it('stopping a read early releases it and the store keeps working', async () => {
      const log = createSampleEventLog();
      for (let index = 0; index < 5; index++) await store.apply(log.recorded('alice'));
      for await (const _row of store.rows('alice', {})) break;
      await store.apply(log.recorded('alice'));
      expect(await rows('alice')).toHaveLength(6);
    });

    it('clear forgets rows, versions and the checkpoint', async () => {
      const log = createSampleEventLog();
      const recorded = log.recorded('alice');
      await store.apply(recorded);
      await store.clear();
      expect(await store.position()).toBe(0);
      expect(await store.apply(recorded)).toBe('applied');
    });

    it('keeps the larder book by season in the order of the kill, with a count per season, as events apply', async () => {
      const log = createSampleEventLog();
      const late = log.recorded('alice', {
        date: '2026-10-01',
        time: '18:00',
        carcass_destination: 'Own use',
      });
      const early = log.recorded('alice', {
        date: '2026-10-01',
        time: '06:00',
        carcass_destination: 'Game dealer',
      });
      const old = log.recorded('alice', { date: '2026-03-31' });
      const bobs = log.recorded('bob', { date: '2026-05-01' });
      // One batch, as the consumer delivers them, then a change of season and a deletion.
      expect(await store.applyBatch([late, early, old, bobs])).toEqual([
        'applied',
        'applied',
        'applied',
        'applied',
      ]);
      expect((await store.larder('alice', april('2026/27'))).map((row) => row.id)).toEqual([
        early.streamId,
        late.streamId,
      ]);
      expect((await store.larder('alice', april('2026/27'), 'Game dealer')).map((row) => row.id)).toEqual([
        early.streamId,
      ]);
      expect(await store.larderSeasons('alice', '04-01')).toEqual([
        { label: '2026/27', carcasses: 2 },
        { label: '2025/26', carcasses: 1 },
      ]);
      await store.applyBatch([
        log.amended('alice', late.streamId, { date: '2026-01-01', carcass_tag: 'T-9' }),
        log.deleted('alice', old.streamId),
      ]);
      expect(await store.larderSeasons('alice', '04-01')).toEqual([
        { label: '2026/27', carcasses: 1 },
        { label: '2025/26', carcasses: 1 },
      ]);
      expect(await store.larder('alice', april('2025/26'))).toEqual([
        { id: late.streamId, fields: expect.objectContaining({ date: '2026-01-01', carcass_tag: 'T-9' }) },
      ]);
      expect(await store.larderSeasons('bob', '04-01')).toEqual([{ label: '2026/27', carcasses: 1 }]);
      expect((await store.larderRows('alice', [bobs.streamId, early.streamId])).map((row) => row.id)).toEqual(
        [early.streamId],
      );
      // The records' full fields, for the book's warnings: as amended, and none for a deleted record.
      const fields = await store.recordFields([late.streamId, old.streamId, bobs.streamId]);
      expect([...fields.keys()].sort()).toEqual([late.streamId, bobs.streamId].sort());
      expect(fields.get(late.streamId)).toMatchObject({ date: '2026-01-01', carcass_tag: 'T-9' });
    });

    it('counts the larder seasons by the season start asked for, from the months of the carcasses', async () => {
      const log = createSampleEventLog();
      for (const date of ['2026-04-01', '2026-07-31', '2026-08-01', '2027-03-31']) {
        await store.apply(log.recorded('alice', { date }));
      }
      expect(await store.larderSeasons('alice', '04-01')).toEqual([{ label: '2026/27', carcasses: 4 }]);
      expect(await store.larderSeasons('alice', '08-01')).toEqual([
        { label: '2026/27', carcasses: 2 },
        { label: '2025/26', carcasses: 2 },
      ]);
      const august = seasonOfKey('2026-27', '08-01');
      expect((await store.larder('alice', august)).map((row) => row.fields.date)).toEqual([
        '2026-08-01',
        '2027-03-31',
      ]);
    });

    it("keeps each user's season start, the default until they set one", async () => {
      const log = createSampleEventLog();
      expect(await store.seasonStart('alice')).toBe('04-01');
      await store.apply(log.settingsChanged('alice', '08-01'));
      expect(await store.seasonStart('alice')).toBe('08-01');
      expect(await store.seasonStart('bob')).toBe('04-01');
      await store.apply(log.settingsChanged('alice', '04-01'));
      expect(await store.seasonStart('alice')).toBe('04-01');
    });

    it("gives each row its ground's name as it is now, and never another user's ground", async () => {
      const log = createSampleEventLog();
      const north = log.groundCreated('alice', 'North');
      const placed = log.recorded('alice', { notes: 'placed' });
      const elsewhere = log.recorded('alice', { notes: 'nowhere' });
      const bobsGround = log.groundCreated('bob', 'Bob’s');
      const bobs = log.recorded('bob', { notes: 'bob' });
      for (const event of [
        north,
        placed,
        elsewhere,
        bobsGround,
        bobs,
        log.placed('alice', placed.streamId, north.streamId),
        log.placed('bob', bobs.streamId, bobsGround.streamId),
      ]) {
        expect(await store.apply(event)).toBe('applied');
      }
      const grounds = async (userId: string) =>
        (await lines(userId)).map((line) => [line.fields.notes, line.ground]);
      expect(await grounds('alice')).toEqual([
        ['nowhere', null],
        ['placed', 'North'],
      ]);
      await store.apply(log.groundRenamed('alice', north.streamId, 'North Hill'));
      expect(await grounds('alice')).toEqual([
        ['nowhere', null],
        ['placed', 'North Hill'],
      ]);
      await store.apply(log.amended('alice', placed.streamId, { notes: 'amended' }));
      await store.apply(log.placed('alice', elsewhere.streamId, north.streamId));
      await store.apply(log.placed('alice', placed.streamId, null));
      expect(await grounds('alice')).toEqual([
        ['nowhere', 'North Hill'],
        ['amended', null],
      ]);
      expect(await grounds('bob')).toEqual([['bob', 'Bob’s']]);
    });

    it('a redelivered event leaves the larder and its counts as they were', async () => {
      const log = createSampleEventLog();
      const recorded = log.recorded('alice', { date: '2026-06-01' });
      await store.apply(recorded);
      expect(await store.apply(recorded)).toBe('duplicate');
      expect(await store.larderSeasons('alice', '04-01')).toEqual([{ label: '2026/27', carcasses: 1 }]);
      expect(await store.larder('alice', april('2026/27'))).toHaveLength(1);
    });

    it('numbers declarations per user, gives a key its number again, and clear forgets the larder but not them', async () => {
      const [ada, bea] = [randomUUID(), randomUUID()];
      const issue = (userId: string, key: string, day: string) =>
        store.declaration(userId, key, { recordIds: [key], dealer: 'Vale', now: new Date(day) });
      expect(await issue(ada, 'a', '2026-11-01T10:00:00Z')).toEqual({
        number: 1,
        issuedAt: '2026-11-01T10:00:00.000Z',
      });
      expect((await issue(ada, 'b', '2026-11-02T10:00:00Z')).number).toBe(2);
      expect((await issue(bea, 'a', '2026-11-02T10:00:00Z')).number).toBe(1);
      const log = createSampleEventLog();
      await store.apply(log.recorded(ada));
      await store.clear();
      expect(await store.larderSeasons(ada, '04-01')).toEqual([]);
      expect(await issue(ada, 'a', '2026-12-01T10:00:00Z')).toEqual({
        number: 1,
        issuedAt: '2026-11-01T10:00:00.000Z',
      });
      expect((await issue(ada, 'c', '2026-12-01T10:00:00Z')).number).toBe(3);
    });

    it('reads an issued declaration by its key without issuing one, and answers nothing for a key never issued', async () => {
      const [ada, bea] = [randomUUID(), randomUUID()];
      expect(await store.issuedDeclaration(ada, 'a')).toBeUndefined();
      await store.declaration(ada, 'a', {
        recordIds: ['a'],
        dealer: 'Vale',
        now: new Date('2026-11-03T09:00:00Z'),
      });
      expect(await store.issuedDeclaration(ada, 'a')).toEqual({
        number: 1,
        issuedAt: '2026-11-03T09:00:00.000Z',
      });
      expect(await store.issuedDeclaration(bea, 'a')).toBeUndefined();
      expect(await store.issuedDeclaration(ada, 'b')).toBeUndefined();
      // Reading issued nothing: the next declaration is still number 2.
      expect(
        (await store.declaration(ada, 'b', { recordIds: ['b'], dealer: 'Vale', now: new Date() })).number,
      ).toBe(2);
    });

    it("lists a user's declarations by number, with their dealers, dates and records, and only theirs", async () => {
      const [ada, bea] = [randomUUID(), randomUUID()];
      const issue = (userId: string, key: string, recordIds: string[], dealer: string, day: string) =>
        store.declaration(userId, key, { recordIds, dealer, now: new Date(day) });
      await issue(ada, 'b', ['r2', 'r3'], 'Vale', '2026-11-02T10:00:00Z');
      await issue(ada, 'a', ['r1'], 'Hill Game', '2026-11-01T10:00:00Z');
      await issue(bea, 'a', ['r9'], 'Vale', '2026-11-03T10:00:00Z');
      await store.clear();
      expect(await store.declarationsOf(ada)).toEqual([
        { number: 1, issued_at: '2026-11-02T10:00:00.000Z', dealer: 'Vale', record_ids: ['r2', 'r3'] },
        { number: 2, issued_at: '2026-11-01T10:00:00.000Z', dealer: 'Hill Game', record_ids: ['r1'] },
      ]);
      expect(await store.declarationsOf(randomUUID())).toEqual([]);
      await store.eraseUser(ada);
      expect(await store.declarationsOf(ada)).toEqual([]);
      expect(await store.declarationsOf(bea)).toHaveLength(1);
    });

    it('the same new declaration asked for at once by several requests gets one number', async () => {
      const userId = randomUUID();
      const numbers = await Promise.all(
        Array.from({ length: 5 }, () =>
          store.declaration(userId, 'same', { recordIds: ['x'], dealer: 'Vale', now: new Date() }),
        ),
      );
      expect(new Set(numbers.map((issued) => issued.number))).toEqual(new Set([1]));
    });

    describe("a team's larder book and CSV", () => {
      const teamId = randomUUID();
      const owner = teamOwnerId(teamId);
      const everyone: TeamScope = { teamId };
      const examinedByAnn: CullInspection = {
        examined_by: 'Ann Archer',
        certificate_number: 'DSC1-777',
        abnormal_behaviour: false,
        abnormalities: [],
        contamination_suspected: false,
      };

      /**
       * Ann (who made the team) and Bob (who joined it) in a team with two grounds; culls on them, on Ann's own ground
       * and on another team's.
       */
      async function seedTeam() {
        const log = createSampleEventLog();
        const wood = log.groundCreated(owner, 'Team Wood');
        const moor = log.groundCreated(owner, 'Team Moor');
        const annsOwn = log.groundCreated('ann', 'Ann’s Own');
        const otherTeams = log.groundCreated(teamOwnerId(randomUUID()), 'Elsewhere');
        log.teamCreated(teamId, 'The Syndicate', 'member-ann');
        log.memberLinked('ann', teamId, 'member-ann', 'Ann Archer');
        log.memberLinked('bob', teamId, 'member-bob', 'Bob Bell');
        log.memberJoined(teamId, 'member-bob');
        const recorded = new Map<string, KeptSource>();
        const placedCull = (userId: string, groundId: string, fields: Parameters<typeof log.recorded>[1]) => {
          const cull = log.recorded(userId, fields);
          log.placed(userId, cull.streamId, groundId);
          const groundName = [wood, moor].find((ground) => ground.streamId === groundId)?.data.name ?? '';
          recorded.set(cull.streamId, { recorded: cull, groundId, groundName });
          return cull.streamId;
        };
        const ids = {
          annsOnWood: placedCull('ann', wood.streamId, {
            date: '2026-06-02',
            time: '05:10',
            notes: 'Ann’s own words',
            condition_notes: 'Ann’s condition notes',
            grid_ref: 'SU 1234 5678',
            latitude: 51.25,
            longitude: -1.5,
            location_name: 'Ann’s high seat',
            shooter: 'Ann Archer',
            carcass_tag: 'A-1',
            carcass_destination: 'Game dealer',
            game_dealer: 'Vale Game',
            weight: 14,
            inspection: examinedByAnn,
          }),
          bobsOnMoor: placedCull('bob', moor.streamId, {
            date: '2026-06-01',
            carcass_tag: 'B-1',
            carcass_destination: 'Own use',
            notes: 'Bob’s notes',
            condition_notes: 'Bob’s condition notes',
            location_name: 'Bob’s bank',
            grid_ref: 'SU 2222 3333',
            latitude: 51.3,
            longitude: -1.4,
          }),
          bobsLastSeason: placedCull('bob', wood.streamId, { date: '2026-02-01', carcass_tag: 'B-0' }),
          annsOnHerOwn: placedCull('ann', annsOwn.streamId, { date: '2026-06-03', carcass_tag: 'A-2' }),
          elsewhere: placedCull('bob', otherTeams.streamId, { date: '2026-06-04', carcass_tag: 'E-1' }),
          unplaced: log.recorded('ann', { date: '2026-06-05', carcass_tag: 'A-3' }).streamId,
        };
        expect(new Set(await store.applyBatch(log.events))).toEqual(new Set(['applied']));
        /** As the records service erases `userId`: the team keeps the facts of their culls on its grounds, then theirs go. */
        const erase = async (userId: string, memberId: string, onTeamGrounds: string[]) => {
          const sources = onTeamGrounds.map((id) => recorded.get(id)!);
          expect(await store.apply(teamKeeps(log, teamId, memberId, sources))).toBe('applied');
          await store.eraseUser(userId);
        };
        return { log, ids, wood, moor, erase };
      }
      const tags = (found: { fields: { carcass_tag?: string } }[]) =>
        found.map((row) => row.fields.carcass_tag);
      const teamLines = (scope: TeamScope, filter: Omit<ExportQuery, 'season'> = {}) =>
        collectLines(store.teamRows(scope, filter));

      it('removing culls past retention leaves what a rebuild without them holds; their declarations keep the rest', async () => {
        // The register outlives `clear`: Bob's numbers from other tests go first.
        await store.eraseUser('bob');
        const { log, ids } = await seedTeam();
        const dealer = 'Vale Game';
        const declare = (recordIds: string[], day: string) =>
          store.declaration('bob', declarationKey(recordIds, dealer), {
            recordIds,
            dealer,
            now: new Date(day),
          });
        await declare([ids.bobsOnMoor, ids.elsewhere], '2026-06-05T10:00:00Z');
        await declare([ids.bobsLastSeason], '2026-06-06T10:00:00Z');
        // The same carcass to the same dealer as the first will be once Bob's moor cull is gone.
        await declare([ids.elsewhere], '2026-06-07T10:00:00Z');
        const everyId = Object.values(ids);
        const held = async () => {
          const of = async (userId: string) => ({
            lines: await lines(userId),
            larder: [
              await store.larder(userId, april('2026-27')),
              await store.larder(userId, april('2025-26')),
            ],
            seasons: await store.larderSeasons(userId, '04-01'),
            larderRows: await store.larderRows(userId, everyId),
            declarations: await store.declarationsOf(userId),
          });
          return {
            // Read by id whoever's: a record removed is not found.
            fields: [...(await store.recordFields(everyId))].map(([id]) => id).sort(),
            bob: await of('bob'),
            ann: await of('ann'),
            team: {
              larder: [
                await store.teamLarder(everyone, april('2026-27')),
                await store.teamLarder(everyone, april('2025-26')),
              ],
              seasons: await store.teamLarderSeasons(everyone, '04-01'),
              lines: await teamLines(everyone),
            },
          };
        };
        const annsBefore = (await held()).ann;
        const removedIds = [ids.bobsOnMoor, ids.bobsLastSeason];

        // Ann's cull named among Bob's is hers, and stays.
        expect(await store.removeRecords('bob', [...removedIds, ids.annsOnWood])).toBe(2);
        const after = await held();
        expect(after.ann).toEqual(annsBefore);
        expect(tags(after.bob.lines)).toEqual(['E-1']);
        expect(tags(after.team.larder.flat())).toEqual(['A-1']);
        expect(after.team.seasons).toEqual([{ label: '2026/27', carcasses: 1 }]);
        expect(after.bob.declarations.map(({ number, record_ids }) => ({ number, record_ids }))).toEqual([
          { number: 1, record_ids: [ids.elsewhere] },
          { number: 3, record_ids: [ids.elsewhere] },
        ]);
        const register = JSON.stringify(after.bob.declarations);
        for (const id of removedIds) expect(register).not.toContain(id);
        expect((await store.issuedDeclaration('bob', declarationKey([ids.elsewhere], dealer)))?.number).toBe(
          3,
        );
        const next = await declare([ids.bobsOnMoor, ids.elsewhere], '2026-06-08T10:00:00Z');
        expect(next.number).toBe(4);
        await store.removeRecords('bob', [ids.bobsOnMoor]);
        const settled = await held();

        // Asked again, nothing more goes.
        expect(await store.removeRecords('bob', removedIds)).toBe(0);
        expect(await held()).toEqual(settled);
        // A rebuild from the log, which no longer holds those records' events, holds the same.
        const gone = new Set(removedIds);
        await store.clear();
        expect(
          new Set(await store.applyBatch(log.events.filter((event) => !gone.has(event.streamId)))),
        ).toEqual(new Set(['applied']));
        expect(await held()).toEqual(settled);
      });

      it("a team's kept cull removed past retention leaves its larder and CSV as a rebuild from a log no longer keeping it", async () => {
        const { log, ids, erase } = await seedTeam();
        await erase('bob', 'member-bob', [ids.bobsOnMoor, ids.bobsLastSeason]);
        const kept = log.events.at(-1)!;
        const team = async () => ({
          larder: [
            await store.teamLarder(everyone, april('2026-27')),
            await store.teamLarder(everyone, april('2025-26')),
          ],
          seasons: await store.teamLarderSeasons(everyone, '04-01'),
          lines: await teamLines(everyone),
        });
        expect(tags((await team()).lines).sort()).toEqual(['A-1', 'B-0', 'B-1']);
        const oldId = keptIdOf(ids.bobsLastSeason);
        expect(await store.apply(log.keptCullsRemoved(teamId, [oldId, 'kept-elsewhere']))).toBe('applied');
        const after = await team();
        expect(tags(after.lines).sort()).toEqual(['A-1', 'B-1']);
        expect(tags(after.larder.flat()).sort()).toEqual(['A-1', 'B-1']);
        expect(after.seasons).toEqual([{ label: '2026/27', carcasses: 2 }]);
        expect([...(await store.recordFields([oldId]))]).toEqual([]);
        // The log as the erasure and the retention leave it: no Bob, the kept event holding the recent cull alone.
        const rebuilt = log.events
          .filter((event) => event.userId !== 'bob')
          .map((event) =>
            event.id === kept.id && event.type === 'team.culls_kept.v1'
              ? {
                  ...event,
                  data: { ...event.data, culls: event.data.culls.filter((cull) => cull.id !== oldId) },
                }
              : event,
          );
        await store.clear();
        expect(new Set(await store.applyBatch(rebuilt))).toEqual(new Set(['applied']));
        expect(await team()).toEqual(after);
      });

      it('lists every cull on the team’s grounds in the order killed, each with its shooter’s name in the team', async () => {
        const { ids } = await seedTeam();
        const found = await store.teamLarder(everyone, april('2026/27'));
        expect(found.map((row) => [row.id, row.culledBy])).toEqual([
          [ids.bobsOnMoor, { uid: 'bob', name: 'Bob Bell' }],
          [ids.annsOnWood, { uid: 'ann', name: 'Ann Archer' }],
        ]);
        expect(tags(await store.teamLarder(everyone, april('2025/26')))).toEqual(['B-0']);
        expect(tags(await store.teamLarder(everyone, april('2026/27'), 'Own use'))).toEqual(['B-1']);
        expect(await store.teamLarder({ teamId: randomUUID() }, april('2026/27'))).toEqual([]);
      });

      it('gives a guest only their own culls on the team’s grounds', async () => {
        await seedTeam();
        const bobOnly: TeamScope = { teamId, onlyUserId: 'bob' };
        expect(tags(await store.teamLarder(bobOnly, april('2026/27')))).toEqual(['B-1']);
        expect(await store.teamLarderSeasons(bobOnly, '04-01')).toEqual([
          { label: '2026/27', carcasses: 1 },
          { label: '2025/26', carcasses: 1 },
        ]);
        expect((await teamLines(bobOnly)).map((line) => line.fields.carcass_tag)).toEqual(['B-0', 'B-1']);
      });

      it('counts the team’s seasons from its grounds, following placements, amendments and deletions', async () => {
        const { log, ids, wood } = await seedTeam();
        expect(await store.teamLarderSeasons(everyone, '04-01')).toEqual([
          { label: '2026/27', carcasses: 2 },
          { label: '2025/26', carcasses: 1 },
        ]);
        await store.applyBatch([
          log.placed('ann', ids.unplaced, wood.streamId),
          log.placed('ann', ids.annsOnWood, null),
          log.amended('bob', ids.bobsLastSeason, { date: '2026-09-01' }),
        ]);
        expect(await store.teamLarderSeasons(everyone, '04-01')).toEqual([
          { label: '2026/27', carcasses: 3 },
        ]);
        await store.apply(log.deleted('bob', ids.bobsOnMoor));
        expect(await store.teamLarderSeasons(everyone, '08-01')).toEqual([
          { label: '2026/27', carcasses: 1 },
          { label: '2025/26', carcasses: 1 },
        ]);
        expect(tags(await store.teamLarder(everyone, april('2026/27')))).toEqual(['A-3', 'B-0']);
      });

      it('streams the team’s CSV rows newest recorded first, named by ground and shooter, filtered as a user’s', async () => {
        await seedTeam();
        const found = await teamLines(everyone);
        expect(found.map((line) => [line.fields.carcass_tag, line.ground, line.culledBy.name])).toEqual([
          ['B-0', 'Team Wood', 'Bob Bell'],
          ['B-1', 'Team Moor', 'Bob Bell'],
          ['A-1', 'Team Wood', 'Ann Archer'],
        ]);
        expect(found[2]?.fields.notes).toBe('Ann’s own words');
        const june = await teamLines(everyone, { from: '2026-06-01', to: '2026-06-01' });
        expect(june.map((line) => line.fields.carcass_tag)).toEqual(['B-1']);
        expect(await teamLines(everyone, { species: 'Fox' })).toEqual([]);
      });

      it('keeps the facts of an erased member’s culls on its grounds as a former member’s, and nothing of theirs', async () => {
        const { ids, erase } = await seedTeam();
        await erase('ann', 'member-ann', [ids.annsOnWood]);
        await store.eraseUser('ann');

        const book = await store.teamLarder(everyone, april('2026/27'));
        expect(book.map((row) => [row.id, row.culledBy])).toEqual([
          [ids.bobsOnMoor, { uid: 'bob', name: 'Bob Bell' }],
          [keptIdOf(ids.annsOnWood), { name: 'Former member' }],
        ]);
        expect(book[1]?.fields).toEqual({
          date: '2026-06-02',
          time: '05:10',
          location_name: 'Team Wood',
          species: 'Roe Deer',
          sex: 'Male',
          age_estimate: expect.any(String),
          weight: 14,
          carcass_tag: 'A-1',
          carcass_destination: 'Game dealer',
          game_dealer: 'Vale Game',
          inspection: { ...examinedByAnn, examined_by: 'Former member', certificate_number: undefined },
        });
        expect(book[1]?.fields.inspection).not.toHaveProperty('certificate_number');
        const [kept] = (await teamLines(everyone)).filter((line) => line.fields.carcass_tag === 'A-1');
        expect(kept?.culledBy).toEqual({ name: 'Former member' });
        for (const gone of [
          'notes',
          'condition_notes',
          'grid_ref',
          'latitude',
          'longitude',
          'shooter',
        ] as const)
          expect(kept?.fields).not.toHaveProperty(gone);
        expect(JSON.stringify([book, await teamLines(everyone)])).not.toMatch(/ann/i);

        // Her culls elsewhere left with her; the team's seasons still count what it kept.
        expect(await rows('ann')).toEqual([]);
        expect(await store.larderSeasons('ann', '04-01')).toEqual([]);
        expect(await store.teamLarderSeasons(everyone, '04-01')).toEqual([
          { label: '2026/27', carcasses: 2 },
          { label: '2025/26', carcasses: 1 },
        ]);
        expect(await store.teamLarder({ teamId, onlyUserId: 'ann' }, april('2026/27'))).toEqual([]);
        // Bob's are as they were, his name included.
        expect((await rows('bob')).map((row) => row.carcass_tag).sort()).toEqual(['B-0', 'B-1', 'E-1']);
      });

      /** Bob's cull on the moor as the team's larder book and CSV show it: who culled it, and their place and words. */
      async function bobsOnMoor() {
        const [entry] = (await store.teamLarder(everyone, april('2026/27'))).filter(
          (row) => row.fields.carcass_tag === 'B-1',
        );
        const [line] = (await teamLines(everyone)).filter((row) => row.fields.carcass_tag === 'B-1');
        return { entry, line };
      }
      const LEFT_WITH_THEM = ['notes', 'condition_notes', 'grid_ref', 'latitude', 'longitude'] as const;

      it('names a member who has left on their culls on its grounds, without their notes or exact place', async () => {
        const { log } = await seedTeam();
        await store.apply(log.memberLeft(teamId, 'member-bob'));
        const { entry, line } = await bobsOnMoor();
        expect(entry?.culledBy).toEqual({ uid: 'bob', name: 'Bob Bell' });
        expect(entry?.fields).toMatchObject({ carcass_tag: 'B-1', location_name: 'Bob’s bank' });
        expect(entry?.fields).not.toHaveProperty('grid_ref');
        expect(line).toMatchObject({ ground: 'Team Moor', culledBy: { uid: 'bob', name: 'Bob Bell' } });
        expect(line?.fields).toMatchObject({
          carcass_tag: 'B-1',
          location_name: 'Bob’s bank',
          date: '2026-06-01',
        });
        for (const gone of LEFT_WITH_THEM) expect(line?.fields).not.toHaveProperty(gone);
        // Ann, still in the team, is shown whole; Bob's own export keeps all of his.
        const [anns] = (await teamLines(everyone)).filter((row) => row.fields.carcass_tag === 'A-1');
        expect(anns?.fields).toMatchObject({ notes: 'Ann’s own words', grid_ref: 'SU 1234 5678' });
        const [own] = (await rows('bob')).filter((row) => row.carcass_tag === 'B-1');
        expect(own).toMatchObject({ notes: 'Bob’s notes', grid_ref: 'SU 2222 3333', latitude: 51.3 });
        // A guest's read of their own is the same.
        const [asGuest] = await collectLines(
          store.teamRows({ teamId, onlyUserId: 'bob' }, { species: 'Roe Deer' }),
        );
        expect(asGuest?.fields).not.toHaveProperty('notes');
      });

      it('shows a member who rejoined whole again, and one who left and rejoined in a batch as in the team', async () => {
        const { log } = await seedTeam();
        await store.apply(log.memberLeft(teamId, 'member-bob', true));
        await store.apply(log.memberJoined(teamId, 'member-bob'));
        const { entry, line } = await bobsOnMoor();
        expect(entry?.fields.grid_ref).toBe('SU 2222 3333');
        expect(line?.fields).toMatchObject({
          notes: 'Bob’s notes',
          condition_notes: 'Bob’s condition notes',
          grid_ref: 'SU 2222 3333',
          latitude: 51.3,
          longitude: -1.4,
        });
        await store.applyBatch([
          log.memberLeft(teamId, 'member-bob'),
          log.memberJoined(teamId, 'member-bob'),
        ]);
        expect((await bobsOnMoor()).line?.fields.notes).toBe('Bob’s notes');
        await store.applyBatch([
          log.memberJoined(teamId, 'member-bob'),
          log.memberLeft(teamId, 'member-bob'),
        ]);
        expect((await bobsOnMoor()).line?.fields).not.toHaveProperty('notes');
      });

      it('keeps who is in the team through a member’s erasure, and a member who left and then erased as a former member', async () => {
        const { log, ids, erase } = await seedTeam();
        await store.apply(log.memberLeft(teamId, 'member-bob'));
        await erase('bob', 'member-bob', [ids.bobsOnMoor, ids.bobsLastSeason]);
        await erase('ann', 'member-ann', [ids.annsOnWood]);
        // Ann's membership is the team's, not hers: erasing Bob left it, and her own erasure made her culls the team's.
        const book = await store.teamLarder(everyone, april('2026/27'));
        expect(book.map((row) => [row.id, row.culledBy])).toEqual([
          [keptIdOf(ids.bobsOnMoor), { name: 'Former member' }],
          [keptIdOf(ids.annsOnWood), { name: 'Former member' }],
        ]);
        expect(JSON.stringify([book, await teamLines(everyone)])).not.toMatch(/bob|ann/i);
      });

      it('reads a member not known to be in the team as one who has left: who is in it comes from its events', async () => {
        const { log } = await seedTeam();
        await store.clear();
        // The team's own stream (its creation and Bob's joining) not yet followed; everything else, links included.
        await store.applyBatch(log.events.filter((event) => event.streamId !== teamId));
        const [anns] = (await teamLines(everyone)).filter((row) => row.fields.carcass_tag === 'A-1');
        expect(anns?.culledBy).toEqual({ uid: 'ann', name: 'Ann Archer' });
        expect(anns?.fields).not.toHaveProperty('notes');
        await store.applyBatch(log.events.filter((event) => event.streamId === teamId));
        const [whole] = (await teamLines(everyone)).filter((row) => row.fields.carcass_tag === 'A-1');
        expect(whole?.fields.notes).toBe('Ann’s own words');
      });

      it('clear forgets the members’ names and the ground counts', async () => {
        await seedTeam();
        await store.clear();
        expect(await store.teamLarderSeasons(everyone, '04-01')).toEqual([]);
        expect(await teamLines(everyone)).toEqual([]);
      });
    });
  });
}
