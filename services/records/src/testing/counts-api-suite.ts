import { describe, expect, it } from 'vitest';
import {
  COUNT_EVENT_TYPES as T,
  EVENT_POSITION_HEADER,
  DEER_MANAGEMENT_MESSAGES as DM,
  MANAGEMENT_MESSAGES as M,
  MESSAGES,
  type Count,
  type CullSuggestionResponse,
  type Ground,
  type GroundDensityResponse,
  type ListCountsResponse,
  type PlansResponse,
} from '@cull-log/contracts';
import { groundAreaKm2 } from '@cull-log/domain';
import type { Identity } from '@cull-log/service-kit';
import { ALICE, BOB, type Backend, harnessPerTest } from './records-harness';
import { SAMPLE_GROUND_BOUNDARY } from '@cull-log/contracts/testing';

const BOUNDARY = SAMPLE_GROUND_BOUNDARY;
const AREA_KM2 = groundAreaKm2(BOUNDARY)!;
const buck = { species: 'Roe Deer', sex: 'Male', age_class: 'Adult', count: 3 };
const doe = { species: 'Roe Deer', sex: 'Female', age_class: 'Adult', count: 5 };
const dung = {
  plots: 40,
  plot_area_m2: 10,
  pellet_groups: 24,
  days_since_clearance: 60,
  defecation_rate: 20,
  species: 'Fallow Deer',
};

/** Counts and densities through the records API, against one backend. Every backend runs the same suite. */
export function describeCountsApi<Tx>(backendName: string, openBackend: () => Promise<Backend<Tx>>): void {
  describe(`counts and densities on ${backendName}`, () => {
    const per = harnessPerTest(openBackend);
    const call = (...args: Parameters<typeof per.harness.call>) => per.harness.call(...args);

    async function ground(body: Record<string, unknown> = {}, user: Identity = ALICE): Promise<Ground> {
      const response = await call(user, 'POST', '/grounds', {
        name: 'Home Wood',
        boundary: BOUNDARY,
        ...body,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Ground>();
    }

    async function count(body: Record<string, unknown>, user: Identity = ALICE): Promise<Count> {
      const response = await call(user, 'POST', '/counts', { date: '2026-11-01', ...body });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Count>();
    }

    /** Sends a request that must be refused with 400 on `field`, and checks nothing was written. */
    async function refused(
      user: Identity,
      method: 'GET' | 'POST' | 'PATCH',
      url: string,
      body: unknown,
      field: string,
      message: string,
    ) {
      const before = await per.backend.store.headPosition();
      const response = await call(user, method, url, body);
      expect(response.statusCode, response.body).toBe(400);
      const { error } = response.json();
      expect(error).toMatchObject({ code: 'validation_failed', fields: { [field]: message } });
      expect([message, MESSAGES.invalidFields]).toContain(error.message);
      expect(await per.backend.store.headPosition()).toBe(before);
    }

    it('records a vantage-point count on the user’s ground, lists it by ground and reads it back', async () => {
      const home = await ground();
      const other = await ground({ name: 'Beech Hanger' });
      const made = await count({
        ground_id: home.id,
        method: 'vantage_point',
        items: [buck, doe],
        notes: 'Three observers at dawn',
      });
      expect(made).toMatchObject({
        ground_id: home.id,
        date: '2026-11-01',
        method: 'vantage_point',
        items: [buck, doe],
        notes: 'Three observers at dawn',
        dung: null,
        version: 1,
      });
      expect((await per.backend.store.readStream(made.id)).map((event) => event.type)).toEqual([
        T.countRecorded,
      ]);
      await count({ ground_id: other.id, method: 'drive', items: [{ ...buck, count: 1 }] });
      const onHome = (await call(ALICE, 'GET', `/counts?ground=${home.id}`)).json<ListCountsResponse>();
      expect(onHome.items.map((item) => item.id)).toEqual([made.id]);
      expect((await call(ALICE, 'GET', '/counts')).json<ListCountsResponse>().items).toHaveLength(2);
      expect((await call(ALICE, 'GET', `/counts/${made.id}`)).json()).toEqual(made);
    });

    it('works out a dung count’s density with its formula, and its deer over the ground’s area', async () => {
      const home = await ground();
      const made = await count({ ground_id: home.id, method: 'dung', dung });
      // 0.5 deer per ha = 50 per km² (worked by hand in the domain's dung-count test).
      expect(made.dung).toMatchObject({ ...dung, deer_per_hectare: 0.5, deer_per_km2: 50 });
      expect(made.dung?.working.map((step) => step.label)).toEqual([
        'Area searched',
        'Pellet groups per hectare',
        'Groups one deer leaves in that time',
        'Density',
      ]);
      expect(made.items).toEqual([
        { species: 'Fallow Deer', sex: 'Unknown', age_class: 'Unknown', count: Math.round(50 * AREA_KM2) },
      ]);
    });

    it('answers each species’ density on the ground from its latest count, and refuses a ground with no boundary', async () => {
      const home = await ground();
      await count({
        ground_id: home.id,
        date: '2026-10-01',
        method: 'vantage_point',
        items: [{ ...buck, count: 20 }],
      });
      await count({ ground_id: home.id, date: '2026-11-01', method: 'vantage_point', items: [buck, doe] });
      await count({ ground_id: home.id, date: '2026-11-02', method: 'dung', dung });
      const density = await call(ALICE, 'GET', `/grounds/${home.id}/density`);
      expect(density.statusCode, density.body).toBe(200);
      const answer = density.json<GroundDensityResponse>();
      expect(answer.area_km2).toBeCloseTo(AREA_KM2, 9);
      expect(answer.species).toEqual([
        {
          species: 'Fallow Deer',
          count: Math.round(50 * AREA_KM2),
          density_per_km2: 50,
          method: 'dung',
          date: '2026-11-02',
        },
        {
          species: 'Roe Deer',
          count: 8,
          density_per_km2: 8 / AREA_KM2,
          method: 'vantage_point',
          date: '2026-11-01',
        },
      ]);

      const bare = await ground({ name: 'Open Hill', boundary: undefined });
      await refused(ALICE, 'GET', `/grounds/${bare.id}/density`, undefined, 'boundary', DM.noBoundary);
      expect((await call(BOB, 'GET', `/grounds/${home.id}/density`)).statusCode).toBe(404);
    });

    it('refuses negative or fractional counts, a dung count of no days or no rate, and a day to come, writing nothing', async () => {
      const home = await ground();
      const sight = { ground_id: home.id, date: '2026-11-01', method: 'vantage_point' };
      await refused(
        ALICE,
        'POST',
        '/counts',
        { ...sight, items: [{ ...buck, count: -1 }] },
        'items.0.count',
        DM.count,
      );
      await refused(
        ALICE,
        'POST',
        '/counts',
        { ...sight, items: [{ ...buck, count: 2.5 }] },
        'items.0.count',
        DM.count,
      );
      const dungCount = { ground_id: home.id, date: '2026-11-01', method: 'dung' };
      await refused(
        ALICE,
        'POST',
        '/counts',
        { ...dungCount, dung: { ...dung, days_since_clearance: 0 } },
        'dung.days_since_clearance',
        DM.dungDays,
      );
      await refused(
        ALICE,
        'POST',
        '/counts',
        { ...dungCount, dung: { ...dung, defecation_rate: 0 } },
        'dung.defecation_rate',
        DM.dungRate,
      );
      await refused(
        ALICE,
        'POST',
        '/counts',
        { ...sight, date: '2026-11-06', items: [buck] },
        'date',
        DM.countDateFuture,
      );
    });

    it('refuses a count on another user’s ground, and answers 404 for another user’s count, changing nothing', async () => {
      const bobs = await ground({ name: 'Bob Farm' }, BOB);
      await refused(
        ALICE,
        'POST',
        '/counts',
        { ground_id: bobs.id, date: '2026-11-01', method: 'vantage_point', items: [buck] },
        'ground_id',
        M.groundUnknown,
      );
      const his = await count({ ground_id: bobs.id, method: 'vantage_point', items: [buck] }, BOB);
      const before = await per.backend.store.headPosition();
      expect((await call(ALICE, 'GET', `/counts/${his.id}`)).statusCode).toBe(404);
      expect((await call(ALICE, 'PATCH', `/counts/${his.id}`, { notes: 'mine' })).statusCode).toBe(404);
      expect((await call(ALICE, 'DELETE', `/counts/${his.id}`)).statusCode).toBe(404);
      expect((await call(ALICE, 'GET', `/counts?ground=${bobs.id}`)).statusCode).toBe(404);
      expect((await call(ALICE, 'GET', '/counts')).json<ListCountsResponse>().items).toEqual([]);
      expect(await per.backend.store.headPosition()).toBe(before);
      expect((await call(BOB, 'GET', `/counts/${his.id}`)).json()).toEqual(his);
    });

    it('amends a count, moves it to another of the user’s grounds, and deletes it', async () => {
      const home = await ground();
      const other = await ground({ name: 'Beech Hanger' });
      const made = await count({
        ground_id: home.id,
        method: 'vantage_point',
        items: [buck],
        notes: 'Misty',
      });
      const amended = await call(ALICE, 'PATCH', `/counts/${made.id}`, {
        items: [buck, doe],
        notes: null,
        ground_id: other.id,
        expected_version: 1,
      });
      expect(amended.statusCode, amended.body).toBe(200);
      expect(amended.json()).toMatchObject({
        items: [buck, doe],
        notes: null,
        ground_id: other.id,
        version: 2,
      });
      const stale = await call(ALICE, 'PATCH', `/counts/${made.id}`, { notes: 'x', expected_version: 1 });
      expect(stale.statusCode).toBe(409);
      await refused(ALICE, 'PATCH', `/counts/${made.id}`, { items: [] }, 'items', DM.countItemsNeeded);
      await refused(ALICE, 'PATCH', `/counts/${made.id}`, { method: 'dung' }, 'dung', DM.dungNeeded);
      const deleted = await call(ALICE, 'DELETE', `/counts/${made.id}`);
      expect(deleted.statusCode).toBe(204);
      expect((await per.backend.store.readStream(made.id)).map((event) => event.type)).toEqual([
        T.countRecorded,
        T.countAmended,
        T.countDeleted,
      ]);
      expect((await call(ALICE, 'GET', `/counts/${made.id}`)).statusCode).toBe(404);
      expect((await call(ALICE, 'GET', '/counts')).json<ListCountsResponse>().items).toEqual([]);
    });

    it('suggests a cull for each species counted on the ground, with its working, from the values asked', async () => {
      const home = await ground();
      const roe = Math.round(25 * AREA_KM2);
      await count({ ground_id: home.id, method: 'vantage_point', items: [{ ...doe, count: roe }] });
      const target = encodeURIComponent('Roe Deer:8');
      const response = await call(
        ALICE,
        'GET',
        `/plans/2026-27/suggestion?ground=${home.id}&target_density=${target}&seasons=2`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<CullSuggestionResponse>();
      expect(answer.working).toMatchObject([
        { species: 'Roe Deer', kind: 'reduction', population: roe, seasons_to_target: 2, recruitment: 30 },
      ]);
      expect(answer.working[0]?.projection.map((season) => season.season)).toEqual(['2026/27', '2027/28']);
      const rows = answer.rows.filter((row) => row.species === 'Roe Deer');
      expect(rows.map((row) => `${row.sex} ${row.age_class}`)).toEqual([
        'Female Adult',
        'Female Young',
        'Male Adult',
        'Male Young',
      ]);
      const cull = rows.reduce((sum, row) => sum + row.suggested, 0);
      expect(cull).toBe(answer.working[0]?.cull);
      const female = rows.filter((row) => row.sex === 'Female').reduce((sum, row) => sum + row.suggested, 0);
      expect(female * 2).toBeGreaterThanOrEqual(cull);
      // Without a target, the species is held where it is: a maintenance cull.
      const held = await call(ALICE, 'GET', `/plans/2026-27/suggestion?ground=${home.id}`);
      expect(held.json<CullSuggestionResponse>().working[0]).toMatchObject({ kind: 'maintenance' });
    });

    it('accepts the suggestion into the season’s plan, keeping the ground’s other species and the other plans', async () => {
      const home = await ground();
      const other = await ground({ name: 'Beech Hanger' });
      await count({ ground_id: home.id, method: 'vantage_point', items: [{ ...doe, count: 40 }] });
      const muntjac = { species: 'Muntjac', class: 'Male', target: 2 };
      const before = [
        { ground_id: home.id, targets: [muntjac, { species: 'Roe Deer', class: 'Female', target: 1 }] },
        { ground_id: other.id, targets: [{ species: 'Roe Deer', class: 'Male', target: 1 }] },
      ];
      expect((await call(ALICE, 'PUT', '/plans/2026-27', { plans: before })).statusCode).toBe(200);
      const url = `/plans/2026-27/suggestion?ground=${home.id}&target_density=${encodeURIComponent('Roe Deer:2')}`;
      const suggested = (await call(ALICE, 'GET', url)).json<CullSuggestionResponse>();
      const sum = (sex: string, age: string) =>
        suggested.rows
          .filter((row) => (sex === '*' || row.sex === sex) && row.age_class === age)
          .reduce((total, row) => total + row.suggested, 0);
      const accepted = await call(ALICE, 'POST', url);
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.headers[EVENT_POSITION_HEADER]).toMatch(/^\d+$/);
      const plans = accepted.json<PlansResponse>().plans;
      expect(plans).toEqual([
        {
          ground_id: home.id,
          targets: [
            muntjac,
            { species: 'Roe Deer', class: 'Male', target: sum('Male', 'Adult') },
            { species: 'Roe Deer', class: 'Female', target: sum('Female', 'Adult') },
            { species: 'Roe Deer', class: 'Juvenile', target: sum('*', 'Young') },
          ],
        },
        before[1],
      ]);
      expect((await call(ALICE, 'GET', '/plans/2026-27')).json<PlansResponse>().plans).toEqual(plans);
      // Accepted again, the same plan: nothing more is written.
      const head = await per.backend.store.headPosition();
      expect((await call(ALICE, 'POST', url)).statusCode).toBe(200);
      expect(await per.backend.store.headPosition()).toBe(head);
      expect((await call(BOB, 'POST', url)).statusCode).toBe(404);
    });

    it('refuses a suggestion for a ground with no boundary, a reduction to a target above the density, and bad values', async () => {
      const home = await ground();
      await count({ ground_id: home.id, method: 'vantage_point', items: [doe] });
      const bare = await ground({ name: 'Open Hill', boundary: undefined });
      await refused(
        ALICE,
        'GET',
        `/plans/2026-27/suggestion?ground=${bare.id}`,
        undefined,
        'boundary',
        DM.noBoundary,
      );
      const above = await call(
        ALICE,
        'GET',
        `/plans/2026-27/suggestion?ground=${home.id}&plan=reduction&target_density=900`,
      );
      expect(above.statusCode).toBe(400);
      expect(above.json().error.fields).toEqual({
        target_density: expect.stringContaining('below the current density'),
      });
      const negative = await call(ALICE, 'GET', `/plans/2026-27/suggestion?ground=${home.id}&recruitment=-5`);
      expect(negative.statusCode).toBe(400);
      expect(negative.json().error.fields).toEqual({ recruitment: expect.stringContaining(DM.recruitment) });
      const season = await call(ALICE, 'GET', `/plans/2026/suggestion?ground=${home.id}`);
      expect(season.json().error.fields).toEqual({ season: M.season });
      expect((await call(BOB, 'GET', `/plans/2026-27/suggestion?ground=${home.id}`)).statusCode).toBe(404);
    });

    it('downloads the user’s counts as they stand, worked out, and nobody else’s', async () => {
      const home = await ground();
      const seen = await count({ ground_id: home.id, method: 'vantage_point', items: [buck] });
      const dropped = await count({ ground_id: home.id, date: '2026-11-02', method: 'dung', dung });
      const bobs = await ground({ name: 'Bob Farm' }, BOB);
      await count({ ground_id: bobs.id, method: 'vantage_point', items: [doe] }, BOB);
      const listed = (await call(ALICE, 'GET', '/counts')).json<ListCountsResponse>().items;
      const file = await call(ALICE, 'GET', '/account/counts.json');
      expect(file.statusCode).toBe(200);
      expect(file.json()).toEqual(listed);
      expect(listed.map((item) => item.id)).toEqual([dropped.id, seen.id]);
    });

    it('erases the user’s counts with their account, and nobody else’s', async () => {
      const home = await ground();
      await count({ ground_id: home.id, method: 'vantage_point', items: [buck] });
      const bobs = await ground({ name: 'Bob Farm' }, BOB);
      await count({ ground_id: bobs.id, method: 'vantage_point', items: [doe] }, BOB);
      expect((await call(ALICE, 'DELETE', '/account')).statusCode).toBe(200);
      expect(await per.backend.readModel.listCounts(ALICE.uid)).toEqual([]);
      expect(await per.backend.readModel.listCounts(BOB.uid)).toHaveLength(1);
    });
  });
}
