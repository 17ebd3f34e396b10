import { describe, expect, it } from 'vitest';
import { statsAppPerTest } from './testing/stats-app';
import { MANAGEMENT_MESSAGES, PlanProgressResponse, StatsResponse } from '@cull-log/contracts';
import { createSampleEventLog } from '@cull-log/eventstore/testing';

const NOW = new Date('2026-11-20T12:00:00Z');

describe('plan progress and the season figures', () => {
  const stats = statsAppPerTest(NOW, { afterWaitMs: 300 });
  const { get } = stats;
  const progress = async (uid: string, season = '2026-27') => {
    const response = await get(uid, `/plans/${season}/progress`);
    expect(response.statusCode).toBe(200);
    return PlanProgressResponse.parse(response.json());
  };

  /** Alice's two grounds, a plan for all grounds and one for North, and her culls; Bob's own ground and cull. */
  async function aliceAndBob() {
    const log = createSampleEventLog();
    const north = log.groundCreated('alice', 'North');
    const south = log.groundCreated('alice', 'South');
    const bobs = log.groundCreated('bob', 'Bob’s Wood');
    const adult = { species: 'Roe Deer', sex: 'Female', age_estimate: 'Adult' } as const;
    const onNorth = log.recorded('alice', { ...adult, date: '2026-05-02' });
    log.placed('alice', onNorth.streamId, north.streamId);
    const young = log.recorded('alice', { ...adult, age_estimate: 'Young', date: '2026-10-01' });
    log.placed('alice', young.streamId, south.streamId);
    log.recorded('alice', { ...adult, date: '2026-12-01' });
    log.recorded('alice', { ...adult, sex: 'Male', date: '2027-03-31' });
    log.recorded('alice', { ...adult, date: '2026-03-31' });
    const bobsCull = log.recorded('bob', { ...adult, species: 'Muntjac' });
    log.placed('bob', bobsCull.streamId, bobs.streamId);
    log.plansSet('alice', '2026-27', [
      {
        ground_id: null,
        targets: [
          { species: 'Roe Deer', class: 'Female', target: 2 },
          { species: 'Roe Deer', class: 'Juvenile', target: 3 },
          { species: 'Red Deer', class: 'Male', target: 1 },
        ],
      },
      { ground_id: north.streamId, targets: [{ species: 'Roe Deer', class: 'Female', target: 1 }] },
    ]);
    log.plansSet('bob', '2026-27', [
      { ground_id: bobs.streamId, targets: [{ species: 'Muntjac', class: 'Female', target: 9 }] },
    ]);
    for (const event of log.events) expect(await stats.store.apply(event)).toBe('applied');
    return { log, north, south, bobs };
  }

  it('answers actual against target per species and class, with what is left and what is exceeded', async () => {
    const { north, south } = await aliceAndBob();
    expect(await progress('alice')).toEqual({
      season: '2026/27',
      from: '2026-04-01',
      to: '2027-03-31',
      rows: [
        {
          ground_id: null,
          species: 'Red Deer',
          class: 'Male',
          target: 1,
          actual: 0,
          left: 1,
          exceeded: false,
        },
        {
          ground_id: null,
          species: 'Roe Deer',
          class: 'Male',
          target: null,
          actual: 1,
          left: null,
          exceeded: false,
        },
        {
          ground_id: null,
          species: 'Roe Deer',
          class: 'Female',
          target: 2,
          actual: 2,
          left: 0,
          exceeded: false,
        },
        {
          ground_id: null,
          species: 'Roe Deer',
          class: 'Juvenile',
          target: 3,
          actual: 1,
          left: 2,
          exceeded: false,
        },
        {
          ground_id: north.streamId,
          species: 'Roe Deer',
          class: 'Female',
          target: 1,
          actual: 1,
          left: 0,
          exceeded: false,
        },
      ],
      // South has no plan and still counts its cull; the two of the season on no ground are on neither.
      ground_culls: [
        { ground_id: north.streamId, culls: 1 },
        { ground_id: south.streamId, culls: 1 },
      ].sort((a, b) => a.ground_id.localeCompare(b.ground_id)),
      position: 14,
    });
  });

  it('another user sees only their own plan and culls', async () => {
    const { bobs } = await aliceAndBob();
    expect((await progress('bob')).rows).toEqual([
      {
        ground_id: null,
        species: 'Muntjac',
        class: 'Female',
        target: null,
        actual: 1,
        left: null,
        exceeded: false,
      },
      {
        ground_id: bobs.streamId,
        species: 'Muntjac',
        class: 'Female',
        target: 9,
        actual: 1,
        left: 8,
        exceeded: false,
      },
    ]);
    expect((await progress('bob')).ground_culls).toEqual([{ ground_id: bobs.streamId, culls: 1 }]);
    expect((await progress('carol')).rows).toEqual([]);
    expect((await progress('carol')).ground_culls).toEqual([]);
  });

  it('a cull moved to another ground, amended or deleted moves the counts, and exceeding a target is said', async () => {
    const { log, north } = await aliceAndBob();
    const second = log.recorded('alice', {
      species: 'Roe Deer',
      sex: 'Male',
      age_estimate: 'Adult',
      date: '2026-09-09',
    });
    for (const event of [
      second,
      log.placed('alice', second.streamId, north.streamId),
      log.amended('alice', second.streamId, { sex: 'Female' }),
    ])
      await stats.store.apply(event);
    const moved = await progress('alice');
    const onNorth = moved.rows.find((row) => row.ground_id === north.streamId);
    expect(onNorth).toMatchObject({ target: 1, actual: 2, left: 0, exceeded: true });
    expect(moved.ground_culls.find((ground) => ground.ground_id === north.streamId)?.culls).toBe(2);

    await stats.store.apply(log.placed('alice', second.streamId, null));
    expect((await progress('alice')).rows.find((row) => row.ground_id === north.streamId)).toMatchObject({
      actual: 1,
      exceeded: false,
    });
    expect(
      (await progress('alice')).ground_culls.find((ground) => ground.ground_id === north.streamId)?.culls,
    ).toBe(1);
    await stats.store.apply(log.deleted('alice', second.streamId));
    expect(
      (await progress('alice')).rows.find((row) => row.class === 'Female' && row.ground_id === null),
    ).toMatchObject({
      actual: 2,
    });
  });

  it('a season start of 1 August moves the seasons: the culls count in the season of their date by it', async () => {
    const { log } = await aliceAndBob();
    await stats.store.apply(log.settingsChanged('alice', '08-01'));
    const august = await progress('alice');
    expect(august).toMatchObject({ season: '2026/27', from: '2026-08-01', to: '2027-07-31' });
    // 1 October and 1 December (female) and 31 March (male) fall in 2026/27 from August; 2 May and 31 March 2026 do not.
    expect(august.rows.filter((row) => row.ground_id === null).map((row) => [row.class, row.actual])).toEqual(
      [
        ['Male', 0],
        ['Male', 1],
        ['Female', 1],
        ['Juvenile', 1],
      ],
    );
    const earlier = await progress('alice', '2025-26');
    expect(earlier.rows.map((row) => [row.class, row.actual])).toEqual([['Female', 2]]);
  });

  it('the dashboard answers the asked season by the user start, with its outing figures', async () => {
    const log = createSampleEventLog();
    const ground = log.groundCreated('alice', 'North');
    const outing = log.outingStarted('alice', ground.streamId, '2026-09-01T05:00:00.000Z');
    const cull = log.recorded('alice', { date: '2026-09-01', species: 'Roe Deer', sex: 'Male' });
    const second = log.recorded('alice', { date: '2026-09-01', species: 'Roe Deer', sex: 'Female' });
    for (const event of [
      ground,
      outing,
      cull,
      second,
      log.placed('alice', cull.streamId, ground.streamId, outing.streamId),
      log.placed('alice', second.streamId, ground.streamId, outing.streamId),
      log.outingEnded('alice', outing.streamId, '2026-09-01T08:30:00.000Z'),
      log.outingStarted('alice', ground.streamId, '2026-10-01T05:00:00.000Z', '2026-10-01T06:30:00.000Z'),
      log.outingStarted('alice', ground.streamId, '2027-10-01T05:00:00.000Z', '2027-10-01T06:30:00.000Z'),
      log.outingStarted('bob', ground.streamId, '2026-10-01T05:00:00.000Z', '2026-10-01T09:00:00.000Z'),
      log.settingsChanged('alice', '08-01'),
    ])
      await stats.store.apply(event);

    const response = await get('alice', '/stats?season=2026-27');
    expect(response.statusCode).toBe(200);
    const figures = StatsResponse.parse(response.json());
    expect(figures.season_start).toBe('08-01');
    expect(figures.season).toMatchObject({
      label: '2026/27',
      from: '2026-08-01',
      to: '2027-07-31',
      species_by_sex: { 'Roe Deer': { Female: 1, Male: 1 } },
      outings: { outings: 2, blank_outings: 1, hours_out: 5, hours_per_deer: 2.5 },
    });
    // Without a season, the one containing today by her start.
    expect(StatsResponse.parse((await get('alice', '/stats')).json()).season.label).toBe('2026/27');
    const bob = StatsResponse.parse((await get('bob', '/stats?season=2026-27')).json());
    expect(bob.season).toMatchObject({ from: '2026-04-01', outings: { outings: 1, hours_out: 4 } });
  });

  it.each(['2026-28', '2026', 'last', '2026-27x'])(
    'refuses the season %s with 400 and its message',
    async (season) => {
      for (const url of [`/plans/${season}/progress`, `/stats?season=${season}`]) {
        const response = await get('alice', url);
        expect(response.statusCode).toBe(400);
        expect(JSON.stringify(response.json())).toContain(MANAGEMENT_MESSAGES.season);
      }
    },
  );
});
