import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seasonMonths, seasonOfKey } from '@cull-log/domain';
import type { StoredLogEvent } from '@cull-log/contracts';
import type { StatsStore, StatsWindow } from '../store/stats-store';
import { createSampleEventLog } from '@cull-log/eventstore/testing';

const window = (userId: string): StatsWindow => ({
  userId,
  months: ['2026-03', '2026-04', '2026-05'],
  seasonMonths: seasonMonths(seasonOfKey('2026-27')),
});
const NO_OUTINGS = { outings: 0, blank: 0, durationMs: 0, deer: 0 };

/** The behaviour every StatsStore adapter must show; each adapter's test file runs it. */
export function statsStoreContract(name: string, open: () => Promise<StatsStore>) {
  describe(`${name} stats store`, () => {
    let store: StatsStore;
    beforeEach(async () => {
      store = await open();
      await store.clear();
    });
    afterEach(async () => {
      await store.close();
    });

    it('counts a recorded cull in every bucket it belongs to', async () => {
      const log = createSampleEventLog();
      expect(await store.apply(log.recorded('alice', { date: '2026-05-02', weight: 20 }))).toBe('applied');
      expect(
        await store.apply(log.recorded('alice', { date: '2026-03-30', species: 'Fox', sex: 'Female' })),
      ).toBe('applied');
      expect(await store.aggregates(window('alice'))).toEqual({
        total: 2,
        speciesCounts: { 'Roe Deer': 1, Fox: 1 },
        weightGrams: 38_500,
        weighed: 2,
        perMonth: { '2026-05': 1, '2026-03': 1 },
        seasonSpeciesBySex: { 'Roe Deer': { Male: 1 } },
        seasonOutings: NO_OUTINGS,
        seasonDestinations: {},
        seasonWarnings: {},
        position: 2,
      });
    });

    it('an empty projection answers zeros and position 0', async () => {
      expect(await store.aggregates(window('nobody'))).toEqual({
        total: 0,
        speciesCounts: {},
        weightGrams: 0,
        weighed: 0,
        perMonth: {},
        seasonSpeciesBySex: {},
        seasonOutings: NO_OUTINGS,
        seasonDestinations: {},
        seasonWarnings: {},
        position: 0,
      });
    });

    it("never counts another user's culls", async () => {
      const log = createSampleEventLog();
      await store.apply(log.recorded('alice'));
      await store.apply(log.recorded('bob', { species: 'Muntjac' }));
      const figures = await store.aggregates(window('bob'));
      expect(figures.total).toBe(1);
      expect(figures.speciesCounts).toEqual({ Muntjac: 1 });
    });

    it("erasing a user leaves no figure of theirs, another user's unchanged, and is harmless twice", async () => {
      const log = createSampleEventLog();
      await store.apply(log.recorded('alice', { date: '2026-05-02', weight: 20 }));
      await store.apply(log.recorded('bob', { species: 'Muntjac', date: '2026-04-01' }));
      const bobs = await store.aggregates(window('bob'));

      await store.eraseUser('alice');
      await store.eraseUser('alice');

      expect(await store.aggregates(window('alice'))).toEqual({
        total: 0,
        speciesCounts: {},
        weightGrams: 0,
        weighed: 0,
        perMonth: {},
        seasonSpeciesBySex: {},
        seasonOutings: NO_OUTINGS,
        seasonDestinations: {},
        seasonWarnings: {},
        position: 2,
      });
      expect(await store.aggregates(window('bob'))).toEqual(bobs);
    });

    it('a species named like an object property is counted as a plain name', async () => {
      const log = createSampleEventLog();
      await store.apply(log.recorded('alice', { species: '__proto__', date: '2026-05-01' }));
      await store.apply(log.recorded('alice', { species: 'constructor', date: '2026-05-02' }));
      const figures = await store.aggregates(window('alice'));
      expect(Object.entries(figures.speciesCounts)).toEqual(
        expect.arrayContaining([
          ['__proto__', 1],
          ['constructor', 1],
        ]),
      );
      expect(Object.hasOwn(figures.seasonSpeciesBySex, '__proto__')).toBe(true);
      expect(({} as Record<string, unknown>).Male).toBeUndefined();
    });

    it('a redelivered event is reported as a duplicate and changes nothing', async () => {
      const log = createSampleEventLog();
      const recorded = log.recorded('alice');
      await store.apply(recorded);
      const amended = log.amended('alice', recorded.streamId, { species: 'Fox' });
      await store.apply(amended);
      expect(await store.apply(recorded)).toBe('duplicate');
      expect(await store.apply(amended)).toBe('duplicate');
      const figures = await store.aggregates(window('alice'));
      expect(figures.total).toBe(1);
      expect(figures.speciesCounts).toEqual({ Fox: 1 });
    });

    it('an event ahead of its stream is reported as a gap and changes nothing', async () => {
      const log = createSampleEventLog();
      const recorded = log.recorded('alice');
      const amended = log.amended('alice', recorded.streamId, { species: 'Fox' });
      expect(await store.apply(amended)).toBe('gap');
      expect(await store.position()).toBe(0);
      expect(await store.apply(recorded)).toBe('applied');
      expect(await store.apply(amended)).toBe('applied');
      expect((await store.aggregates(window('alice'))).speciesCounts).toEqual({ Fox: 1 });
    });

    it('an amendment moves the cull between species, month, sex and weight buckets', async () => {
      const log = createSampleEventLog();
      const recorded = log.recorded('alice', { date: '2026-05-02', weight: 20 });
      await store.apply(recorded);
      await store.apply(
        log.amended('alice', recorded.streamId, {
          species: 'Sika Deer',
          sex: 'Female',
          date: '2026-03-10',
          weight: null,
        }),
      );
      expect(await store.aggregates(window('alice'))).toMatchObject({
        total: 1,
        speciesCounts: { 'Sika Deer': 1 },
        weighed: 0,
        perMonth: { '2026-03': 1 },
        seasonSpeciesBySex: {},
      });
      await store.apply(log.amended('alice', recorded.streamId, { date: '2026-04-01', weight: 31.2 }));
      expect(await store.aggregates(window('alice'))).toMatchObject({
        weightGrams: 31_200,
        weighed: 1,
        perMonth: { '2026-04': 1 },
        seasonSpeciesBySex: { 'Sika Deer': { Female: 1 } },
      });
    });

    it('figures read before each change are never answered after it', async () => {
      const log = createSampleEventLog();
      const total = async (userId = 'alice') => (await store.aggregates(window(userId))).total;
      const seasonBySex = async () => (await store.aggregates(window('alice'))).seasonSpeciesBySex;
      expect(await total()).toBe(0);
      const recorded = log.recorded('alice', { date: '2026-05-02' });
      await store.apply(recorded);
      expect(await total()).toBe(1);
      expect(await seasonBySex()).toEqual({ 'Roe Deer': { Male: 1 } });
      await store.apply(log.amended('alice', recorded.streamId, { sex: 'Female' }));
      expect(await seasonBySex()).toEqual({ 'Roe Deer': { Female: 1 } });
      // Another user's cull leaves Alice's figures as they were, at the new position.
      await store.apply(log.recorded('bob'));
      expect(await store.aggregates(window('alice'))).toMatchObject({ total: 1, position: 3 });
      expect(await total('bob')).toBe(1);
      // Another window of the same user is counted for that window.
      const earlier = { ...window('alice'), seasonMonths: seasonMonths(seasonOfKey('2025-26')) };
      expect((await store.aggregates(earlier)).seasonSpeciesBySex).toEqual({});
      expect(await seasonBySex()).toEqual({ 'Roe Deer': { Female: 1 } });
      await store.apply(log.deleted('alice', recorded.streamId));
      expect(await total()).toBe(0);
      const kept = log.recorded('alice', { date: '2026-05-03' });
      await store.apply(kept);
      expect(await total()).toBe(1);
      expect(await store.removeRecords('alice', [kept.streamId])).toBe(1);
      expect(await total()).toBe(0);
      await store.apply(log.recorded('alice', { date: '2026-05-04' }));
      expect(await total()).toBe(1);
      await store.eraseUser('alice');
      expect(await total()).toBe(0);
      expect(await total('bob')).toBe(1);
      await store.clear();
      expect(await total('bob')).toBe(0);
    });

    it('an amendment of uncounted fields leaves every figure as it was', async () => {
      const log = createSampleEventLog();
      const recorded = log.recorded('alice', { date: '2026-05-02', weight: 20 });
      await store.apply(recorded);
      const before = await store.aggregates(window('alice'));
      await store.apply(log.amended('alice', recorded.streamId, { notes: 'hind legs only' }));
      expect(await store.aggregates(window('alice'))).toEqual({ ...before, position: 2 });
    });

    it('a photo added or removed moves the version on and changes no figure', async () => {
      const log = createSampleEventLog();
      const recorded = log.recorded('alice', { date: '2026-05-02', weight: 20 });
      await store.apply(recorded);
      const before = await store.aggregates(window('alice'));
      expect(await store.apply(log.photoAdded('alice', recorded.streamId))).toBe('applied');
      expect(await store.apply(log.photoRemoved('alice', recorded.streamId))).toBe('applied');
      expect(await store.apply(log.amended('alice', recorded.streamId, { weight: 22 }))).toBe('applied');
      expect(await store.aggregates(window('alice'))).toEqual({
        ...before,
        weightGrams: 22_000,
        position: 4,
      });
    });

    it('a month or season outside the window is counted in the total but not shown', async () => {
      const log = createSampleEventLog();
      await store.apply(log.recorded('alice', { date: '2025-05-31', species: 'Fox' }));
      await store.apply(log.recorded('alice', { date: '2026-06-01', species: 'Fox' }));
      expect(await store.aggregates(window('alice'))).toMatchObject({
        total: 2,
        speciesCounts: { Fox: 2 },
        perMonth: {},
        seasonSpeciesBySex: { Fox: { Male: 1 } },
      });
    });

    it('never counts a weight of 0 as weighed: it stays out of the average', async () => {
      const log = createSampleEventLog();
      await store.apply(log.recorded('alice', { date: '2026-05-02', weight: 0 }));
      const heavy = log.recorded('alice', { date: '2026-05-03', weight: 20 });
      await store.apply(heavy);
      expect(await store.aggregates(window('alice'))).toMatchObject({
        total: 2,
        weighed: 1,
        weightGrams: 20_000,
      });
      await store.apply(log.amended('alice', heavy.streamId, { weight: 0 }));
      expect(await store.aggregates(window('alice'))).toMatchObject({ total: 2, weighed: 0, weightGrams: 0 });
      const season = await store.season('alice', {
        key: '2026-27',
        months: seasonMonths(seasonOfKey('2026-27')),
      });
      expect(season.counts.map(({ count, weighed }) => ({ count, weighed }))).toEqual([
        { count: 2, weighed: 0 },
      ]);
    });

    it("counts how many of a season's culls have each legal warning, as their amendments and deletion move them", async () => {
      const log = createSampleEventLog();
      // A roe buck in its close season (1 November to 31 March), at 02:00: close season and night.
      const buck = log.recorded('alice', { date: '2026-11-03', time: '02:00', sex: 'Male' });
      // A roe doe in her open season, at noon, shot with a .222: below the 0.240 in bore the law asks for any deer but
      // muntjac and Chinese water deer.
      const doe = log.recorded('alice', {
        date: '2026-11-04',
        time: '12:00',
        sex: 'Female',
        calibre: { name: '.222 Rem' },
        carcass_destination: 'Game dealer',
      });
      // A fox has no close season and no night rule.
      const fox = log.recorded('alice', { date: '2026-11-05', time: '02:00', species: 'Fox' });
      const otherSeason = log.recorded('alice', { date: '2026-03-01', time: '02:00', sex: 'Male' });
      for (const event of [
        buck,
        doe,
        fox,
        otherSeason,
        log.recorded('bob', { date: '2026-11-03', time: '02:00' }),
      ])
        await store.apply(event);
      const season = { key: '2026-27', months: seasonMonths(seasonOfKey('2026-27')) };
      expect((await store.season('alice', season)).warnings).toEqual({
        close_season: 1,
        night: 1,
        calibre: 1,
      });
      // The dashboard reads the same of the season it shows.
      expect(
        await store.aggregates({ userId: 'alice', months: season.months, seasonMonths: season.months }),
      ).toMatchObject({
        seasonWarnings: { close_season: 1, night: 1, calibre: 1 },
        seasonDestinations: { 'Game dealer': 1 },
      });

      await store.apply(log.amended('alice', buck.streamId, { time: '12:00' }));
      await store.apply(log.amended('alice', doe.streamId, { calibre: null }));
      expect((await store.season('alice', season)).warnings).toEqual({ close_season: 1 });
      await store.apply(log.deleted('alice', buck.streamId));
      expect((await store.season('alice', season)).warnings).toEqual({});
      expect(
        (await store.season('alice', { key: '2025-26', months: seasonMonths(seasonOfKey('2025-26')) }))
          .warnings,
      ).toEqual({ close_season: 1, night: 1 });
    });

    it('a deleted cull stops counting, and a late redelivery of its creation does not bring it back', async () => {
      const log = createSampleEventLog();
      const recorded = log.recorded('alice');
      await store.apply(recorded);
      await store.apply(log.deleted('alice', recorded.streamId));
      expect(await store.apply(recorded)).toBe('duplicate');
      expect((await store.aggregates(window('alice'))).total).toBe(0);
      expect(await store.position()).toBe(2);
    });

    it('keeps each user season start, the default until set, and their plans, ground names and season counts', async () => {
      const log = createSampleEventLog();
      const north = log.groundCreated('alice', 'North');
      const placed = log.recorded('alice', {
        date: '2026-09-01',
        age_estimate: 'Young',
        weight: 10,
        carcass_destination: 'Own use',
      });
      const plans = [
        {
          ground_id: null,
          targets: [{ species: 'Roe Deer' as const, class: 'Juvenile' as const, target: 2 }],
        },
      ];
      for (const event of [
        north,
        placed,
        log.placed('alice', placed.streamId, north.streamId),
        log.groundRenamed('alice', north.streamId, 'North Hill'),
        log.plansSet('alice', '2026-27', plans),
        log.settingsChanged('alice', '08-01'),
        log.recorded('bob', { date: '2026-09-01' }),
      ]) {
        expect(await store.apply(event)).toBe('applied');
      }
      expect(await store.seasonStart('alice')).toBe('08-01');
      expect(await store.seasonStart('bob')).toBe('04-01');
      const read = await store.season('alice', {
        key: '2026-27',
        months: seasonMonths(seasonOfKey('2026-27', '08-01')),
      });
      expect(read).toEqual({
        counts: [
          {
            month: '2026-09',
            ground_id: north.streamId,
            species: 'Roe Deer',
            sex: 'Male',
            young: true,
            count: 1,
            weighed: 1,
            weightGrams: 10_000,
          },
        ],
        destinations: { 'Own use': 1 },
        warnings: {},
        outings: NO_OUTINGS,
        plans,
        groundNames: { [north.streamId]: 'North Hill' },
        position: 7,
      });
      expect(
        (await store.season('alice', { key: '2025-26', months: seasonMonths(seasonOfKey('2025-26')) })).plans,
      ).toEqual([]);
    });

    it('counts an outing in the month it starts, with its hours once ended and the culls placed in it', async () => {
      const log = createSampleEventLog();
      const ground = log.groundCreated('alice', 'North');
      const outing = log.outingStarted('alice', ground.streamId, '2026-09-01T05:00:00.000Z');
      const cull = log.recorded('alice', { date: '2026-09-01' });
      const blank = log.outingStarted(
        'alice',
        ground.streamId,
        '2026-10-01T05:00:00.000Z',
        '2026-10-01T06:00:00.000Z',
      );
      for (const event of [
        ground,
        outing,
        cull,
        log.placed('alice', cull.streamId, ground.streamId, outing.streamId),
        log.outingEnded('alice', outing.streamId, '2026-09-01T08:00:00.000Z'),
        blank,
      ]) {
        expect(await store.apply(event)).toBe('applied');
      }
      const seasonOfAlice = () => store.aggregates(window('alice'));
      expect((await seasonOfAlice()).seasonOutings).toEqual({
        outings: 2,
        blank: 1,
        durationMs: 4 * 3_600_000,
        deer: 1,
      });
      await store.apply(log.placed('alice', cull.streamId, ground.streamId, null));
      await store.apply(log.outingDeleted('alice', blank.streamId));
      expect((await seasonOfAlice()).seasonOutings).toEqual({
        outings: 1,
        blank: 1,
        durationMs: 3 * 3_600_000,
        deer: 0,
      });
      expect((await store.aggregates(window('bob'))).seasonOutings).toEqual(NO_OUTINGS);
    });

    it('erasing a user leaves none of their outings, plans, season start or ground names', async () => {
      const log = createSampleEventLog();
      const ground = log.groundCreated('alice', 'North');
      for (const event of [
        ground,
        log.outingStarted('alice', ground.streamId, '2026-09-01T05:00:00.000Z', '2026-09-01T06:00:00.000Z'),
        log.plansSet('alice', '2026-27', [{ ground_id: null, targets: [] }]),
        log.settingsChanged('alice', '08-01'),
      ]) {
        await store.apply(event);
      }
      await store.eraseUser('alice');
      expect(await store.seasonStart('alice')).toBe('04-01');
      expect((await store.aggregates(window('alice'))).seasonOutings).toEqual(NO_OUTINGS);
      const read = await store.season('alice', {
        key: '2026-27',
        months: seasonMonths(seasonOfKey('2026-27')),
      });
      expect(read).toMatchObject({
        counts: [],
        plans: [],
        groundNames: {},
        outings: NO_OUTINGS,
        destinations: {},
        warnings: {},
      });
    });

    it('the checkpoint keeps the highest applied position', async () => {
      const log = createSampleEventLog();
      const first = log.recorded('alice');
      const second = log.recorded('alice');
      await store.apply(second);
      await store.apply(first);
      expect(await store.position()).toBe(second.position);
    });

    it('clear forgets culls, versions and the checkpoint', async () => {
      const log = createSampleEventLog();
      const recorded = log.recorded('alice');
      await store.apply(recorded);
      await store.clear();
      expect(await store.position()).toBe(0);
      expect(await store.apply(recorded)).toBe('applied');
      expect((await store.aggregates(window('alice'))).total).toBe(1);
    });
    describe("a team's figures", () => {
      const TEAM = '3c1f6f4e-8d1a-4b7e-9f00-5a2b7c9d0e11';
      const TEAM_KEY = `team-${TEAM}`;
      const season = { key: '2026-27', months: seasonMonths(seasonOfKey('2026-27')) };

      /** A team with Alice and Bob linked, its ground North Beat, and Bob's own wood. */
      function teamLog() {
        const log = createSampleEventLog();
        log.teamCreated(TEAM, 'Glen Syndicate', 'mem-alice');
        log.memberLinked('alice', TEAM, 'mem-alice', 'Alice');
        log.memberLinked('bob', TEAM, 'mem-bob', 'Bob');
        const north = log.groundCreated(TEAM_KEY, 'North Beat');
        const wood = log.groundCreated('bob', 'Bob’s Wood');
        const bobs = log.recorded('bob', { date: '2026-09-01', weight: 20 });
        log.placed('bob', bobs.streamId, north.streamId);
        const alices = log.recorded('alice', { date: '2026-10-01', sex: 'Female', age_estimate: 'Young' });
        log.placed('alice', alices.streamId, north.streamId);
        log.recorded('bob', { date: '2026-09-02', species: 'Muntjac' });
        return { log, north, wood, bobs, alices };
      }
      const applyAll = async (events: readonly StoredLogEvent[]) => {
        for (const event of events) expect(await store.apply(event)).toBe('applied');
      };

      it("counts a cull on a team's ground for the shooter, the team and the shooter's member id", async () => {
        const { log, north } = teamLog();
        await applyAll(log.events);
        expect((await store.aggregates(window('bob'))).total).toBe(2);
        expect(await store.aggregates(window(TEAM_KEY))).toMatchObject({
          total: 2,
          speciesCounts: { 'Roe Deer': 2 },
          weighed: 2,
          seasonSpeciesBySex: { 'Roe Deer': { Male: 1, Female: 1 } },
        });
        expect(await store.aggregates(window(`${TEAM_KEY}/mem-bob`))).toMatchObject({
          total: 1,
          speciesCounts: { 'Roe Deer': 1 },
        });
        const team = await store.teamSeason(TEAM, season);
        expect(team).toEqual({
          name: 'Glen Syndicate',
          members: [
            {
              memberId: 'mem-alice',
              counts: [
                expect.objectContaining({ ground_id: north.streamId, sex: 'Female', young: true, count: 1 }),
              ],
            },
            {
              memberId: 'mem-bob',
              counts: [
                expect.objectContaining({ ground_id: north.streamId, sex: 'Male', young: false, count: 1 }),
              ],
            },
          ],
          allocations: [],
          links: [
            { memberId: 'mem-alice', userId: 'alice', name: 'Alice' },
            { memberId: 'mem-bob', userId: 'bob', name: 'Bob' },
          ],
        });
        const read = await store.season(TEAM_KEY, season);
        expect(read.counts.reduce((sum, count) => sum + count.count, 0)).toBe(2);
        expect(read.groundNames).toEqual({ [north.streamId]: 'North Beat' });
      });

      it('takes out of the team exactly what a cull put in when it is amended, placed elsewhere or deleted', async () => {
        const { log, wood, bobs, alices } = teamLog();
        await applyAll(log.events);
        await applyAll([log.amended('bob', bobs.streamId, { species: 'Fox', weight: null })]);
        expect(await store.aggregates(window(TEAM_KEY))).toMatchObject({
          total: 2,
          speciesCounts: { Fox: 1, 'Roe Deer': 1 },
          weighed: 1,
        });
        await applyAll([log.placed('bob', bobs.streamId, wood.streamId)]);
        expect((await store.aggregates(window(TEAM_KEY))).speciesCounts).toEqual({ 'Roe Deer': 1 });
        expect((await store.aggregates(window(`${TEAM_KEY}/mem-bob`))).total).toBe(0);
        expect((await store.aggregates(window('bob'))).speciesCounts).toEqual({ Fox: 1, Muntjac: 1 });
        await applyAll([log.deleted('alice', alices.streamId)]);
        expect(await store.aggregates(window(TEAM_KEY))).toMatchObject({ total: 0, speciesCounts: {} });
        expect((await store.teamSeason(TEAM, season)).members).toEqual([]);
      });

      it('counts for the team the culls already on a ground moved into it, under each shooter’s member id', async () => {
        const { log, wood } = teamLog();
        await applyAll(log.events);
        const onWood = log.recorded('bob', { date: '2026-09-03', species: 'Red Deer' });
        await applyAll([onWood, log.placed('bob', onWood.streamId, wood.streamId)]);
        expect((await store.aggregates(window(TEAM_KEY))).speciesCounts).toEqual({ 'Roe Deer': 2 });
        await applyAll([log.groundMoved(TEAM, wood.streamId, 'Bob’s Wood')]);
        expect((await store.aggregates(window(TEAM_KEY))).speciesCounts).toEqual({
          'Roe Deer': 2,
          'Red Deer': 1,
        });
        expect((await store.aggregates(window(`${TEAM_KEY}/mem-bob`))).speciesCounts).toEqual({
          'Roe Deer': 1,
          'Red Deer': 1,
        });
        // Bob's own figures are as they were: the record is still his.
        expect((await store.aggregates(window('bob'))).speciesCounts).toEqual({
          'Roe Deer': 1,
          Muntjac: 1,
          'Red Deer': 1,
        });
        expect((await store.season(TEAM_KEY, season)).groundNames).toMatchObject({
          [wood.streamId]: 'Bob’s Wood',
        });
      });

      it("an erased member's culls leave the team's figures and come back as the team kept them, as a rebuild counts them", async () => {
        const { log, north, bobs } = teamLog();
        await applyAll(log.events);
        const teamFigures = async () => {
          const { position: _position, ...figures } = await store.aggregates(window(TEAM_KEY));
          return figures;
        };
        const before = await teamFigures();
        const membersBefore = (await store.teamSeason(TEAM, season)).members;
        // As the records service erases Bob: the team keeps the facts of his cull on its ground, then his go.
        const { date, time, species, sex, age_estimate, condition, shot_placement, antlers_present, weight } =
          bobs.data;
        const kept = log.cullsKept(TEAM, 'mem-bob', [
          {
            id: 'kept-by-the-team-1',
            ground_id: north.streamId,
            location_name: 'North Beat',
            ...{ date, time, species, sex, age_estimate, condition, shot_placement, antlers_present, weight },
            recorded_at: bobs.occurredAt,
          },
        ]);
        await store.eraseUser('bob');
        expect((await teamFigures()).total).toBe(1);
        await applyAll([kept]);
        expect(await teamFigures()).toEqual(before);
        expect((await store.aggregates(window('bob'))).total).toBe(0);
        const team = await store.teamSeason(TEAM, season);
        expect(team.members).toEqual(membersBefore);
        expect(team.links).toEqual([{ memberId: 'mem-alice', userId: 'alice', name: 'Alice' }]);
        for (const trace of ['"bob"', '"Bob"']) expect(JSON.stringify(team)).not.toContain(trace);
        // A rebuild from the log, which no longer holds Bob's events, counts the team the same.
        await store.clear();
        await applyAll(log.events.filter((event) => event.userId !== 'bob'));
        expect(await teamFigures()).toEqual(before);
        expect((await store.teamSeason(TEAM, season)).members).toEqual(membersBefore);
      });

      it("a team's kept cull removed past retention leaves its figures as a rebuild from a log that no longer keeps it counts", async () => {
        const { log, north } = teamLog();
        const keptCull = (id: string, date: string, species: 'Roe Deer' | 'Red Deer') => ({
          id,
          ground_id: north.streamId,
          location_name: 'North Beat',
          date,
          time: '07:00',
          species,
          sex: 'Female' as const,
          age_estimate: 'Adult' as const,
          condition: 'Good' as const,
          shot_placement: 'Heart/Lung' as const,
          antlers_present: false,
          recorded_at: `${date}T09:00:00.000Z`,
        });
        const old = keptCull('kept-old', '2016-10-01', 'Red Deer');
        const recent = keptCull('kept-recent', '2025-10-01', 'Roe Deer');
        const kept = log.cullsKept(TEAM, 'mem-bob', [old, recent]);
        await applyAll(log.events);
        const teamFigures = async () => {
          const { position: _position, ...figures } = await store.aggregates(window(TEAM_KEY));
          return figures;
        };
        const keptBoth = await teamFigures();
        expect(keptBoth.speciesCounts).toMatchObject({ 'Red Deer': 1 });
        await applyAll([log.keptCullsRemoved(TEAM, ['kept-old', 'not-kept-here'])]);
        const afterRemoval = await teamFigures();
        expect(afterRemoval.total).toBe(keptBoth.total - 1);
        expect(afterRemoval.speciesCounts['Red Deer']).toBeUndefined();
        // The log as the retention leaves it: the kept event holds the recent cull alone, the removal stays.
        const rewritten = log.events.map((event) =>
          event.id === kept.id ? { ...kept, data: { ...kept.data, culls: [recent] } } : event,
        );
        await store.clear();
        await applyAll(rewritten);
        expect(await teamFigures()).toEqual(afterRemoval);
      });

      it("removing a user's culls past retention leaves the figures a rebuild from the log without them counts", async () => {
        const { log, north, wood, bobs, alices } = teamLog();
        const outing = log.outingStarted(
          'bob',
          wood.streamId,
          '2026-09-03T06:00:00.000Z',
          '2026-09-03T09:00:00.000Z',
        );
        const onOuting = log.recorded('bob', { date: '2026-09-03', species: 'Red Deer', weight: 60 });
        log.placed('bob', onOuting.streamId, wood.streamId, outing.streamId);
        const keptOnOuting = log.recorded('bob', { date: '2026-09-03', sex: 'Female' });
        log.placed('bob', keptOnOuting.streamId, wood.streamId, outing.streamId);
        log.amended('bob', bobs.streamId, { species: 'Fox' });
        const deleted = log.recorded('bob', { date: '2026-09-04' });
        log.deleted('bob', deleted.streamId);
        log.recorded('bob', { date: '2026-10-02', species: 'Sika Deer' });
        await applyAll(log.events);
        const figures = async () => {
          const read = async (key: string) => {
            const { position: _position, ...aggregates } = await store.aggregates(window(key));
            const { position: _seasonPosition, ...seasonRead } = await store.season(key, season);
            return { aggregates, season: seasonRead };
          };
          return {
            bob: await read('bob'),
            alice: await read('alice'),
            team: await read(TEAM_KEY),
            bobInTeam: await read(`${TEAM_KEY}/mem-bob`),
            teamSeason: await store.teamSeason(TEAM, season),
          };
        };
        const alicesBefore = (await figures()).alice;
        // What the records service answers Bob: his old culls, one deleted long ago; Alice's named among them stays.
        const removedIds = [bobs.streamId, onOuting.streamId, deleted.streamId];

        expect(await store.removeRecords('bob', [...removedIds, alices.streamId])).toBe(2);
        const after = await figures();
        expect(after.team.aggregates.total).toBe(1);
        expect(after.bob.aggregates.seasonOutings).toMatchObject({ outings: 1, deer: 1 });
        expect(after.alice).toEqual(alicesBefore);
        expect(JSON.stringify(after.teamSeason)).toContain(north.streamId);
        // Asked again, nothing more is taken out.
        expect(await store.removeRecords('bob', removedIds)).toBe(0);
        expect(await figures()).toEqual(after);

        // A rebuild from the log, which no longer holds those records' events, counts the same.
        const gone = new Set(removedIds);
        await store.clear();
        await applyAll(log.events.filter((event) => !gone.has(event.streamId)));
        expect(await figures()).toEqual(after);
      });

      it("removing past retention names no other user's culls, and an empty list removes nothing", async () => {
        const { log, alices } = teamLog();
        await applyAll(log.events);
        const before = await store.aggregates(window(TEAM_KEY));

        expect(await store.removeRecords('bob', [alices.streamId, 'no-such-record'])).toBe(0);
        expect(await store.removeRecords('bob', [])).toBe(0);
        expect(await store.aggregates(window(TEAM_KEY))).toEqual(before);
        expect((await store.aggregates(window('alice'))).total).toBe(1);
      });

      it("keeps the team's name, its plans and its members' shares of a season", async () => {
        const { log, north } = teamLog();
        const plans = [
          {
            ground_id: north.streamId,
            targets: [{ species: 'Roe Deer' as const, class: 'Female' as const, target: 4 }],
          },
        ];
        const shares = [
          {
            member_id: 'mem-bob',
            ground_id: north.streamId,
            species: 'Roe Deer' as const,
            class: 'Female' as const,
            target: 2,
          },
        ];
        log.plansSet(TEAM_KEY, '2026-27', plans);
        log.plansAllocated(TEAM_KEY, '2026-27', shares);
        log.teamRenamed(TEAM, 'Glen Estate');
        await applyAll(log.events);
        expect(await store.teamSeason(TEAM, season)).toMatchObject({
          name: 'Glen Estate',
          allocations: shares,
        });
        expect((await store.season(TEAM_KEY, season)).plans).toEqual(plans);
        const other = { key: '2027-28', months: seasonMonths(seasonOfKey('2027-28')) };
        expect(await store.teamSeason(TEAM, other)).toMatchObject({ allocations: [], members: [] });
        expect(await store.teamSeason('another-team', season)).toEqual({
          name: undefined,
          members: [],
          allocations: [],
          links: [],
        });
      });
    });
  });
}
