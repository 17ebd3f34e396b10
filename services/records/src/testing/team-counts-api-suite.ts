import { describe, expect, it } from 'vitest';
import {
  GroundTrendsResponse,
  MANAGEMENT_MESSAGES as M,
  TEAM_MESSAGES,
  type Count,
  type CullSuggestionResponse,
  type Ground,
  type GroundDensityResponse,
  type InviteCreated,
  type ListCountsResponse,
  type Outing,
  type PlansResponse,
  type Team,
} from '@cull-log/contracts';
import { SAMPLE_GROUND_BOUNDARY } from '@cull-log/contracts/testing';
import { groundAreaKm2 } from '@cull-log/domain';
import type { Identity } from '@cull-log/service-kit';
import { ALICE, BOB, type Backend, cullBody, harnessPerTest } from './records-harness';

const CAT: Identity = { uid: 'user-cat', display_name: 'Cat', email: 'cat@example.org' };
const DAN: Identity = { uid: 'user-dan', display_name: 'Dan', email: 'dan@example.org' };
const EVE: Identity = { uid: 'user-eve', display_name: 'Eve', email: 'eve@example.org' };
const AREA_KM2 = groundAreaKm2(SAMPLE_GROUND_BOUNDARY)!;
const roe = (sex: string, count: number) => ({ species: 'Roe Deer', sex, age_class: 'Adult', count });
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

/**
 * Counts and density on a team's grounds through the records API, against one backend: its members count there, and
 * read every member's. Every backend runs the same suite.
 */
export function describeTeamCountsApi<Tx>(
  backendName: string,
  openBackend: () => Promise<Backend<Tx>>,
): void {
  describe(`counts on a team's grounds on ${backendName}`, () => {
    const per = harnessPerTest(openBackend);
    const call = (...args: Parameters<typeof per.harness.call>) => per.harness.call(...args);

    async function join(teamId: string, user: Identity, body: Record<string, unknown>) {
      const made = await call(ALICE, 'POST', `/teams/${teamId}/invites`, body);
      expect(made.statusCode, made.body).toBe(201);
      const accepted = await call(user, 'POST', `/invites/${made.json<InviteCreated>().token}/accept`);
      expect(accepted.statusCode, accepted.body).toBe(200);
    }

    async function teamGround(teamId: string, name = 'North Beat', user: Identity = ALICE): Promise<Ground> {
      const response = await call(user, 'POST', '/grounds', {
        team_id: teamId,
        name,
        boundary: SAMPLE_GROUND_BOUNDARY,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Ground>();
    }

    /** Alice's team (she manages it) with Bob and Cat as stalkers and Dan as a viewer, and its ground North Beat. */
    async function glen() {
      const made = await call(ALICE, 'POST', '/teams', { name: 'Glen Syndicate', kind: 'syndicate' });
      expect(made.statusCode, made.body).toBe(201);
      const team = made.json<Team>();
      await join(team.id, BOB, { role: 'stalker' });
      await join(team.id, CAT, { role: 'stalker' });
      await join(team.id, DAN, { role: 'viewer' });
      return { team, north: await teamGround(team.id) };
    }

    async function count(user: Identity, body: Record<string, unknown>): Promise<Count> {
      const response = await call(user, 'POST', '/counts', { date: '2026-11-01', ...body });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Count>();
    }

    async function cullOn(user: Identity, date: string, sex: string, placement: Record<string, unknown>) {
      const response = await call(user, 'POST', '/culls', cullBody({ date, sex, ...placement }));
      expect(response.statusCode, response.body).toBe(201);
    }

    const teamCounts = async (user: Identity, teamId: string, query = '') => {
      const response = await call(user, 'GET', `/counts?team=${teamId}${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ListCountsResponse>().items;
    };

    /** Sends a count that must be refused with 400 on ground_id, and checks nothing was written. */
    async function refusedCount(user: Identity, groundId: string) {
      const before = await per.backend.store.headPosition();
      const response = await call(user, 'POST', '/counts', {
        ground_id: groundId,
        date: '2026-11-01',
        method: 'vantage_point',
        items: [buck],
      });
      expect([response.statusCode, response.json().error.fields]).toEqual([
        400,
        { ground_id: M.groundUnknown },
      ]);
      expect(await per.backend.store.headPosition()).toBe(before);
    }

    it("takes a stalker's count on the team's ground, shown with who counted to the manager and to another member", async () => {
      const { team, north } = await glen();
      const bobs = await count(BOB, {
        ground_id: north.id,
        method: 'vantage_point',
        items: [buck, doe],
        notes: 'From the high seat',
      });
      expect(bobs).toMatchObject({ ground_id: north.id, items: [buck, doe], notes: 'From the high seat' });
      const alices = await count(ALICE, {
        ground_id: north.id,
        date: '2026-11-02',
        method: 'thermal',
        items: [doe],
      });

      const expected = [
        { ...alices, counted_by: { uid: ALICE.uid, name: 'Alice' } },
        { ...bobs, counted_by: { uid: BOB.uid, name: 'Bob' } },
      ];
      expect(await teamCounts(ALICE, team.id)).toEqual(expected);
      expect(await teamCounts(CAT, team.id, `&ground=${north.id}`)).toEqual(expected);
      // Each one's own list has their own count, as before.
      expect((await call(BOB, 'GET', '/counts')).json<ListCountsResponse>().items).toEqual([bobs]);
      expect((await call(BOB, 'GET', `/counts/${bobs.id}`)).json()).toEqual(bobs);
    });

    it('lets the counter change and delete their own count there, and nobody else, not even a manager', async () => {
      const { team, north } = await glen();
      const bobs = await count(BOB, { ground_id: north.id, method: 'vantage_point', items: [buck] });
      expect((await call(ALICE, 'PATCH', `/counts/${bobs.id}`, { items: [doe] })).statusCode).toBe(404);
      expect((await call(CAT, 'DELETE', `/counts/${bobs.id}`)).statusCode).toBe(404);
      const changed = await call(BOB, 'PATCH', `/counts/${bobs.id}`, { date: '2026-11-03', items: [doe] });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json<Count>()).toMatchObject({ date: '2026-11-03', items: [doe], version: 2 });
      expect((await teamCounts(ALICE, team.id)).map((item) => [item.id, item.items])).toEqual([
        [bobs.id, [doe]],
      ]);
      expect((await call(BOB, 'DELETE', `/counts/${bobs.id}`)).statusCode).toBe(204);
      expect(await teamCounts(ALICE, team.id)).toEqual([]);
    });

    it('lets a viewer read the counts (without notes) but not count; a guest counts within the permit and reads their own', async () => {
      const { team, north } = await glen();
      const bobs = await count(BOB, {
        ground_id: north.id,
        method: 'vantage_point',
        items: [buck],
        notes: 'Private',
      });
      expect(await teamCounts(DAN, team.id)).toEqual([
        { ...bobs, notes: null, counted_by: { uid: BOB.uid, name: 'Bob' } },
      ]);
      await refusedCount(DAN, north.id);

      await join(team.id, EVE, {
        role: 'guest',
        ground_ids: [north.id],
        starts_on: '2026-11-02',
        ends_on: '2026-11-04',
      });
      await refusedCount(EVE, north.id); // 1 November: before the permit runs
      const eves = await count(EVE, {
        ground_id: north.id,
        date: '2026-11-03',
        method: 'vantage_point',
        items: [doe],
      });
      const late = await call(EVE, 'PATCH', `/counts/${eves.id}`, { date: '2026-11-05' });
      expect(late.json().error.fields).toEqual({ ground_id: M.groundUnknown });
      expect((await teamCounts(EVE, team.id)).map((item) => item.id)).toEqual([eves.id]);
      expect((await teamCounts(ALICE, team.id)).map((item) => item.id)).toEqual([eves.id, bobs.id]);
    });

    it("refuses someone not in the team and another team's ground, writing nothing", async () => {
      const { team, north } = await glen();
      await count(BOB, { ground_id: north.id, method: 'vantage_point', items: [buck] });
      await refusedCount(EVE, north.id);
      const outsider = await call(EVE, 'GET', `/counts?team=${team.id}`);
      expect([outsider.statusCode, outsider.json().error.message]).toEqual([404, TEAM_MESSAGES.notFound]);
      expect((await call(EVE, 'GET', `/grounds/${north.id}/density?team=${team.id}`)).statusCode).toBe(404);

      // Eve's own team, with a ground of its own: Bob is not in it.
      const other = (await call(EVE, 'POST', '/teams', { name: 'Hill Club', kind: 'club' })).json<Team>();
      const hill = await teamGround(other.id, 'Hill', EVE);
      await refusedCount(BOB, hill.id);
      expect((await call(BOB, 'GET', `/counts?team=${other.id}`)).statusCode).toBe(404);
      // Nor is Hill one of Glen's grounds, to anyone in Glen.
      expect((await call(ALICE, 'GET', `/counts?team=${team.id}&ground=${hill.id}`)).statusCode).toBe(404);
      expect((await call(ALICE, 'GET', `/grounds/${hill.id}/density?team=${team.id}`)).statusCode).toBe(404);
      expect((await call(ALICE, 'GET', `/grounds/${north.id}/density`)).statusCode).toBe(404);
    });

    /** An ended outing on the ground from 05:00 on the day, `hours` long, by `user`. */
    async function outing(
      user: Identity,
      groundId: string,
      day: string,
      hours: number,
      hunters: number,
      sightings: unknown[],
    ) {
      const started = Date.parse(`${day}T05:00:00Z`);
      return call(user, 'POST', '/outings', {
        ground_id: groundId,
        started_at: new Date(started).toISOString(),
        ended_at: new Date(started + hours * 3_600_000).toISOString(),
        hunters,
        sightings,
      });
    }

    it("takes outings on the team's ground from those who may record there, and from nobody else", async () => {
      const { north } = await glen();
      const bobs = await outing(BOB, north.id, '2026-11-01', 2, 1, [buck]);
      expect(bobs.statusCode, bobs.body).toBe(201);
      expect(bobs.json<Outing>().ground_id).toBe(north.id);
      const before = await per.backend.store.headPosition();
      for (const user of [DAN, EVE]) {
        const refused = await outing(user, north.id, '2026-11-01', 2, 1, [buck]);
        expect([refused.statusCode, refused.json().error.fields]).toEqual([
          400,
          { ground_id: M.groundUnknown },
        ]);
      }
      expect(await per.backend.store.headPosition()).toBe(before);
    });

    it("answers the team ground's density from the latest count of each species, whichever member counted", async () => {
      const { team, north } = await glen();
      await count(ALICE, {
        ground_id: north.id,
        date: '2026-10-20',
        method: 'vantage_point',
        items: [buck, doe],
      });
      await count(BOB, { ground_id: north.id, date: '2026-11-02', method: 'dung', dung });
      await count(CAT, {
        ground_id: north.id,
        date: '2026-11-03',
        method: 'thermal',
        items: [
          { ...buck, count: 4 },
          { ...doe, count: 8 },
        ],
      });
      const density = await call(DAN, 'GET', `/grounds/${north.id}/density?team=${team.id}`);
      expect(density.statusCode, density.body).toBe(200);
      // Fallow from Bob's dung count: 24 groups on 40 × 10 m² = 0.04 ha is 600 a ha; one deer leaves 60 × 20 = 1,200
      // in 60 days, so 0.5 deer a ha, 50 a km². Roe from Cat's thermal count (newer than Alice's 8): 4 + 8 = 12 deer.
      expect(density.json<GroundDensityResponse>()).toEqual({
        area_km2: AREA_KM2,
        species: [
          {
            species: 'Fallow Deer',
            count: Math.round(50 * AREA_KM2),
            density_per_km2: 50,
            method: 'dung',
            date: '2026-11-02',
          },
          {
            species: 'Roe Deer',
            count: 12,
            density_per_km2: 12 / AREA_KM2,
            method: 'thermal',
            date: '2026-11-03',
          },
        ],
      });
      // A dung count on the team's ground is worked out over its area in the lists too.
      const listed = await teamCounts(ALICE, team.id);
      expect(listed.find((item) => item.method === 'dung')?.items).toEqual([
        { species: 'Fallow Deer', sex: 'Unknown', age_class: 'Unknown', count: Math.round(50 * AREA_KM2) },
      ]);
      const bobsOwn = (await call(BOB, 'GET', '/counts')).json<ListCountsResponse>().items;
      expect(bobsOwn[0]?.items).toEqual(listed.find((item) => item.method === 'dung')?.items);
    });

    /**
     * Worked by hand, seasons from 1 April (the team's, though Alice's own start 1 August), today 5 November 2026, all
     * in 2026/27. Alice: outing 5 h × 2 hunters = 10 hunter-hours, 4 roe seen, a buck culled on it; count of 10 roe on
     * 1 May. Bob: outing 2 h × 1 = 2 hunter-hours, 8 roe seen, a doe culled on it; count of 14 roe on 1 October, the
     * latest. Cat: a doe culled with no outing. Sightings 12 ÷ 12 = 1 a hunter-hour; hours per deer 12 ÷ 2 = 6; cull a
     * buck and two does; count 14. Dan's own ground and Eve's culls elsewhere change nothing.
     */
    it("gathers every member's outings, culls and counts on the team's ground into its trends", async () => {
      const { team, north } = await glen();
      expect((await call(ALICE, 'PATCH', '/settings', { season_start: '08-01' })).statusCode).toBe(200);
      const alices = (
        await outing(ALICE, north.id, '2026-06-01', 5, 2, [roe('Male', 2), roe('Female', 2)])
      ).json<Outing>();
      const bobs = (await outing(BOB, north.id, '2026-07-01', 2, 1, [roe('Female', 8)])).json<Outing>();
      await cullOn(ALICE, '2026-06-01', 'Male', { outing_id: alices.id });
      await cullOn(BOB, '2026-07-01', 'Female', { outing_id: bobs.id });
      await cullOn(CAT, '2026-09-01', 'Female', { ground_id: north.id, outing_id: null });
      await count(ALICE, {
        ground_id: north.id,
        date: '2026-05-01',
        method: 'vantage_point',
        items: [roe('Male', 10)],
      });
      await count(BOB, {
        ground_id: north.id,
        date: '2026-10-01',
        method: 'thermal',
        items: [roe('Female', 14)],
      });
      const elsewhere = (await call(EVE, 'POST', '/grounds', { name: 'Eve Farm' })).json<Ground>();
      await cullOn(EVE, '2026-09-02', 'Male', { ground_id: elsewhere.id, outing_id: null });
      // A member's outing on a ground of their own is not the team's.
      const copse = (await call(ALICE, 'POST', '/grounds', { name: 'Alice Copse' })).json<Ground>();
      await outing(ALICE, copse.id, '2026-06-02', 3, 1, [roe('Male', 5)]);

      for (const reader of [ALICE, CAT, DAN]) {
        const response = await call(reader, 'GET', `/grounds/${north.id}/trends?team=${team.id}`);
        expect(response.statusCode, response.body).toBe(200);
        const answer = GroundTrendsResponse.strict().parse(response.json());
        expect(answer.seasons).toEqual(['2026/27']);
        expect(answer.species.map((species) => [species.species, species.points])).toEqual([
          [
            'Roe Deer',
            [
              {
                season: '2026/27',
                count: 14,
                density_per_km2: 14 / AREA_KM2,
                sightings_per_hunter_hour: 1,
                hours_per_deer: 6,
                cull: { Male: 1, Female: 2, Unknown: 0 },
              },
            ],
          ],
        ]);
      }
      // Not a ground of the caller's own, nor read by someone not in the team.
      expect((await call(ALICE, 'GET', `/grounds/${north.id}/trends`)).statusCode).toBe(404);
      expect((await call(EVE, 'GET', `/grounds/${north.id}/trends?team=${team.id}`)).statusCode).toBe(404);
    });

    it("suggests a cull on the team's ground from its members' latest count, accepted by a manager alone into the team's plan", async () => {
      const { team, north } = await glen();
      await count(ALICE, {
        ground_id: north.id,
        date: '2026-10-01',
        method: 'vantage_point',
        items: [{ ...doe, count: 10 }],
      });
      await count(BOB, {
        ground_id: north.id,
        date: '2026-11-01',
        method: 'vantage_point',
        items: [{ ...doe, count: 40 }],
      });
      const base = `/plans/2026-27/suggestion?ground=${north.id}&team=${team.id}`;
      const url = `${base}&target_density=${encodeURIComponent('Roe Deer:2')}`;
      // Bob's count of 40 on 1 November is the latest: the population the cull is worked from, whoever asks.
      const byCat = await call(CAT, 'GET', base);
      expect(byCat.statusCode, byCat.body).toBe(200);
      expect(byCat.json<CullSuggestionResponse>().working).toMatchObject([
        { species: 'Roe Deer', population: 40, kind: 'maintenance' },
      ]);
      const suggested = (await call(DAN, 'GET', url)).json<CullSuggestionResponse>();
      expect(suggested.working).toMatchObject([{ species: 'Roe Deer', population: 40, kind: 'reduction' }]);

      const before = await per.backend.store.headPosition();
      for (const user of [BOB, DAN]) expect((await call(user, 'POST', url)).statusCode).toBe(403);
      expect((await call(EVE, 'POST', url)).statusCode).toBe(404);
      expect((await call(EVE, 'GET', url)).statusCode).toBe(404);
      expect(await per.backend.store.headPosition()).toBe(before);

      const accepted = await call(ALICE, 'POST', url);
      expect(accepted.statusCode, accepted.body).toBe(200);
      const sum = (sex: string, age: string) =>
        suggested.rows
          .filter((row) => (sex === '*' || row.sex === sex) && row.age_class === age)
          .reduce((total, row) => total + row.suggested, 0);
      const plans = [
        {
          ground_id: north.id,
          targets: [
            { species: 'Roe Deer', class: 'Male', target: sum('Male', 'Adult') },
            { species: 'Roe Deer', class: 'Female', target: sum('Female', 'Adult') },
            { species: 'Roe Deer', class: 'Juvenile', target: sum('*', 'Young') },
          ].filter((target) => target.target > 0),
        },
      ];
      expect(accepted.json<PlansResponse>()).toMatchObject({ plans, allocations: [] });
      expect((await call(BOB, 'GET', `/plans/2026-27?team=${team.id}`)).json<PlansResponse>().plans).toEqual(
        plans,
      );
      expect((await call(ALICE, 'GET', '/plans/2026-27')).json<PlansResponse>().plans).toEqual([]);
      // The values it was worked out with are the team's for the ground now: asked without a target, the same cull.
      const again = (await call(CAT, 'GET', base)).json<CullSuggestionResponse>();
      expect(again.rows).toEqual(suggested.rows);
      expect(await per.backend.readModel.deerValues(ALICE.uid, north.id)).toBeUndefined();
    });
  });
}
