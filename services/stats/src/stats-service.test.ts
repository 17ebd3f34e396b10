import { describe, expect, it } from 'vitest';
import { statsAppPerTest } from './testing/stats-app';
import { StatsResponse } from '@cull-log/contracts';
import { createSampleEventLog } from '@cull-log/eventstore/testing';

const NOW = new Date('2026-05-20T12:00:00Z');

describe('GET /stats', () => {
  const stats = statsAppPerTest(NOW, { afterWaitMs: 300 });
  const { get } = stats;

  it('answers 401 without a signed identity', async () => {
    const response = await stats.app.inject({ method: 'GET', url: '/stats' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'not_authenticated', message: 'User must be authenticated to access this data' },
    });
  });

  it("gives the caller's figures only, in the contract's shape", async () => {
    const log = createSampleEventLog();
    await stats.store.apply(log.recorded('alice', { date: '2026-05-02', weight: 20 }));
    await stats.store.apply(
      log.recorded('alice', { date: '2026-05-03', weight: 21.25, species: 'Muntjac', sex: 'Female' }),
    );
    await stats.store.apply(
      log.recorded('alice', { date: '2025-12-24', species: 'Muntjac', weight: undefined }),
    );
    await stats.store.apply(log.recorded('bob', { date: '2026-05-04', species: 'Fox' }));

    const response = await get('alice', '/stats');

    expect(response.statusCode).toBe(200);
    const figures = StatsResponse.parse(response.json());
    expect(figures).toMatchObject({
      total_culls: 3,
      this_month: 2,
      species_breakdown: { Muntjac: 2, 'Roe Deer': 1 },
      average_weight: 20.6,
      top_species: 'Muntjac',
      season: {
        label: '2026/27',
        from: '2026-04-01',
        to: '2027-03-31',
        species_by_sex: { Muntjac: { Female: 1 }, 'Roe Deer': { Male: 1 } },
      },
      position: 4,
    });
    // The season's months, April to March, not the last twelve calendar months.
    expect(figures.per_month.map((entry) => entry.month)).toEqual([
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
    ]);
    expect(figures.per_month[1]).toEqual({ month: '2026-05', count: 2 });
  });

  it('runs the chart through the season asked for, by the user start, and this month is still this month', async () => {
    const log = createSampleEventLog();
    await stats.store.apply(log.recorded('alice', { date: '2026-05-02' }));
    await stats.store.apply(log.recorded('alice', { date: '2025-12-24', species: 'Muntjac' }));
    await stats.store.apply(log.recorded('alice', { date: '2025-07-31', species: 'Fox' }));

    const earlier = StatsResponse.parse((await get('alice', '/stats?season=2025-26')).json());
    expect(earlier.per_month[0]).toEqual({ month: '2025-04', count: 0 });
    expect(earlier.per_month[11]).toEqual({ month: '2026-03', count: 0 });
    expect(earlier.per_month.filter((entry) => entry.count > 0)).toEqual([
      { month: '2025-07', count: 1 },
      { month: '2025-12', count: 1 },
    ]);
    expect(earlier.this_month).toBe(1);

    await stats.store.apply(log.settingsChanged('alice', '08-01'));
    const august = StatsResponse.parse((await get('alice', '/stats?season=2025-26')).json());
    expect(august.per_month.map((entry) => entry.month)).toEqual([
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
    ]);
    expect(august.per_month.filter((entry) => entry.count > 0)).toEqual([
      { month: '2025-12', count: 1 },
      { month: '2026-05', count: 1 },
    ]);
  });

  it('gives the season\'s carcass destinations, "Not recorded" included, and its legal warnings', async () => {
    const log = createSampleEventLog();
    await stats.store.apply(log.recorded('alice', { date: '2026-05-02', carcass_destination: 'Own use' }));
    // A roe doe in her close season (1 April to 31 October), at 01:00: close season and night.
    await stats.store.apply(log.recorded('alice', { date: '2026-05-03', time: '01:00', sex: 'Female' }));
    await stats.store.apply(log.recorded('alice', { date: '2025-05-03', time: '01:00', sex: 'Female' }));
    const { season } = StatsResponse.parse((await get('alice', '/stats')).json());
    expect(season.destinations).toEqual([
      { destination: 'Own use', count: 1 },
      { destination: 'Game dealer', count: 0 },
      { destination: 'Given away', count: 0 },
      { destination: 'Stalking client', count: 0 },
      { destination: 'Landowner/estate', count: 0 },
      { destination: 'Not recovered', count: 0 },
      { destination: 'Condemned', count: 0 },
      { destination: 'Not recorded', count: 1 },
    ]);
    expect(season.warnings).toEqual([
      { code: 'close_season', warning: 'In the close season (Deer Act 1991, Schedule 1)', count: 1 },
      { code: 'night', warning: 'At night (section 3)', count: 1 },
      { code: 'calibre', warning: 'Rifle or bullet below the legal minimum (Schedule 2)', count: 0 },
    ]);
  });

  it('a user without culls gets zeros, a null average and no top species', async () => {
    const response = await get('nobody', '/stats');
    expect(response.json()).toMatchObject({
      total_culls: 0,
      this_month: 0,
      species_breakdown: {},
      average_weight: null,
      top_species: null,
      position: 0,
    });
  });

  it('?after waits until the projection has applied that position', async () => {
    const log = createSampleEventLog();
    await stats.store.apply(log.recorded('alice'));
    const pending = get('alice', '/stats?after=2');
    setTimeout(() => void stats.store.apply(log.recorded('alice')), 50);
    const figures = (await pending).json();
    expect(figures).toMatchObject({ total_culls: 2, position: 2 });
  });

  it('?after beyond what has been applied still answers after the bounded wait, with the position reached', async () => {
    const log = createSampleEventLog();
    await stats.store.apply(log.recorded('alice'));
    const response = await get('alice', '/stats?after=99');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ total_culls: 1, position: 1 });
  });

  it('refuses a malformed ?after with 400', async () => {
    const response = await get('alice', '/stats?after=soon');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
  });
});
