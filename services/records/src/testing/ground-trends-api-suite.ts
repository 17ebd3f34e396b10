import { describe, expect, it } from 'vitest';
import { GroundTrendsResponse, type Ground, type Outing } from '@cull-log/contracts';
import { groundAreaKm2 } from '@cull-log/domain';
import type { Identity } from '@cull-log/service-kit';
import { ALICE, BOB, type Backend, cullBody, harnessPerTest } from './records-harness';
import { SAMPLE_GROUND_BOUNDARY } from '@cull-log/contracts/testing';

const BOUNDARY = SAMPLE_GROUND_BOUNDARY;
const AREA_KM2 = groundAreaKm2(BOUNDARY)!;

const roe = (sex: string, count: number) => ({ species: 'Roe Deer', sex, age_class: 'Adult', count });

/** A ground's trends through the records API, against one backend. Every backend runs the same suite. */
export function describeGroundTrendsApi<Tx>(
  backendName: string,
  openBackend: () => Promise<Backend<Tx>>,
): void {
  describe(`a ground's trends on ${backendName}`, () => {
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

    async function count(groundId: string, date: string, deer: number, user: Identity = ALICE) {
      const items = [roe('Male', deer / 2), roe('Female', deer / 2)];
      const response = await call(user, 'POST', '/counts', {
        ground_id: groundId,
        date,
        method: 'vantage_point',
        items,
      });
      expect(response.statusCode, response.body).toBe(201);
    }

    /** An ended outing from 05:00 on the day, `hours` long. */
    async function outing(
      groundId: string,
      day: string,
      hours: number,
      hunters: number,
      sightings: unknown[] | undefined,
      user: Identity = ALICE,
    ): Promise<Outing> {
      const started = Date.parse(`${day}T05:00:00Z`);
      const response = await call(user, 'POST', '/outings', {
        ground_id: groundId,
        started_at: new Date(started).toISOString(),
        ended_at: new Date(started + hours * 3_600_000).toISOString(),
        hunters,
        ...(sightings !== undefined && { sightings }),
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Outing>();
    }

    async function cull(
      date: string,
      sex: string,
      placement: Record<string, unknown>,
      user: Identity = ALICE,
    ) {
      const response = await call(user, 'POST', '/culls', cullBody({ date, sex, ...placement }));
      expect(response.statusCode, response.body).toBe(201);
    }

    async function trends(groundId: string, user: Identity = ALICE): Promise<GroundTrendsResponse> {
      const response = await call(user, 'GET', `/grounds/${groundId}/trends`);
      expect(response.statusCode, response.body).toBe(200);
      // The answer is the contract's shape, with nothing beside its fields.
      return GroundTrendsResponse.strict().parse(response.json());
    }

    /**
     * Worked by hand, seasons from 1 April (the default), today 5 November 2026:
     * 2024/25: count 12 roe. Outings: 4 h × 2 = 8 hunter-hours, 10 roe seen, a buck culled; 2 h × 1 = 2, a blank, a
     *   doe culled. Sightings 10 ÷ 10 = 1 a hunter-hour; hours per deer 10 ÷ 2 = 5.
     * 2025/26: count 10. Outing 5 h × 2 = 10, 6 seen, a doe culled; a doe culled with no outing (by sex, not effort).
     *   Sightings 0.6; hours per deer 10.
     * 2026/27: count 8. Outing 6 h × 2 = 12, 3 seen, a buck culled. Sightings 0.25; hours per deer 12.
     * Count 12, 10, 8: −2 a season on a mean of 10, falling 20 %. Hours 5, 10, 12: 3.5 on 9, rising 38.9 %.
     * Sightings 1, 0.6, 0.25: −0.375 on 0.6167, falling 60.8 %: fewer deer.
     */
    async function recordThreeSeasons(home: Ground) {
      await count(home.id, '2024-05-01', 12);
      const first = await outing(home.id, '2024-06-01', 4, 2, [roe('Male', 6), roe('Female', 4)]);
      await cull('2024-06-01', 'Male', { outing_id: first.id });
      const blank = await outing(home.id, '2024-11-10', 2, 1, []);
      await cull('2024-11-10', 'Female', { outing_id: blank.id });
      await count(home.id, '2025-05-01', 10);
      const second = await outing(home.id, '2025-06-01', 5, 2, [roe('Female', 6)]);
      await cull('2025-06-01', 'Female', { outing_id: second.id });
      await cull('2025-12-01', 'Female', { ground_id: home.id, outing_id: null });
      await count(home.id, '2026-05-01', 8);
      const third = await outing(home.id, '2026-06-01', 6, 2, [roe('Male', 3)]);
      await cull('2026-06-01', 'Male', { outing_id: third.id });
    }

    it('answers each season’s figures on the ground and which way they point, from its counts, outings and records', async () => {
      const home = await ground();
      await recordThreeSeasons(home);
      // Another of the user's grounds and another user's records on theirs change nothing here.
      const beech = await ground({ name: 'Beech Hanger' });
      const elsewhere = await outing(beech.id, '2025-06-02', 3, 1, [roe('Male', 40)]);
      await cull('2025-06-02', 'Male', { outing_id: elsewhere.id });
      const bobs = await ground({ name: 'Bob Farm' }, BOB);
      await outing(bobs.id, '2025-06-03', 1, 1, [roe('Female', 50)], BOB);

      const answer = await trends(home.id);
      expect(answer.ground_id).toBe(home.id);
      expect(answer.area_km2).toBeCloseTo(AREA_KM2, 9);
      expect(answer.seasons).toEqual(['2024/25', '2025/26', '2026/27']);
      expect(answer.species.map((species) => species.species)).toEqual(['Roe Deer']);
      const [roeDeer] = answer.species;
      expect(roeDeer!.points.map(({ density_per_km2: _density, ...point }) => point)).toEqual([
        {
          season: '2024/25',
          count: 12,
          sightings_per_hunter_hour: 1,
          hours_per_deer: 5,
          cull: { Male: 1, Female: 1, Unknown: 0 },
        },
        {
          season: '2025/26',
          count: 10,
          sightings_per_hunter_hour: 0.6,
          hours_per_deer: 10,
          cull: { Male: 0, Female: 2, Unknown: 0 },
        },
        {
          season: '2026/27',
          count: 8,
          sightings_per_hunter_hour: 0.25,
          hours_per_deer: 12,
          cull: { Male: 1, Female: 0, Unknown: 0 },
        },
      ]);
      roeDeer!.points.forEach((point, index) =>
        expect(point.density_per_km2).toBeCloseTo([12, 10, 8][index]! / AREA_KM2, 9),
      );
      expect(roeDeer!.trends.count).toEqual({
        direction: 'falling',
        change_per_season_percent: -20,
        sentence:
          'The Roe Deer count is falling, from 12 in 2024/25 to 8 deer in 2026/27: about 20 % a season.',
      });
      expect(roeDeer!.trends.density.direction).toBe('falling');
      expect(roeDeer!.trends.density.change_per_season_percent).toBeCloseTo(-20, 9);
      expect(roeDeer!.trends.hours_per_deer.direction).toBe('rising');
      expect(roeDeer!.trends.hours_per_deer.change_per_season_percent).toBeCloseTo(38.889, 3);
      expect(roeDeer!.trends.sightings_per_hunter_hour.direction).toBe('falling');
      expect(roeDeer!.trends.sightings_per_hunter_hour.change_per_season_percent).toBeCloseTo(-60.811, 3);
      expect(roeDeer!.effort.signal).toBe('fewer_deer');
      expect(roeDeer!.sentence).toBe(`${roeDeer!.trends.density.sentence} ${roeDeer!.effort.sentence}`);
    });

    it('puts the figures in seasons by the user’s own season start', async () => {
      const home = await ground();
      await recordThreeSeasons(home);
      const settings = await call(ALICE, 'PATCH', '/settings', { season_start: '08-01' });
      expect(settings.statusCode, settings.body).toBe(200);
      const answer = await trends(home.id);
      // Counts each May now fall in the season begun the August before; the current season has no count yet.
      expect(answer.seasons).toEqual(['2023/24', '2024/25', '2025/26', '2026/27']);
      expect(answer.species[0]!.points.map((point) => point.count)).toEqual([12, 10, 8, null]);
    });

    it('answers a ground with no boundary without densities, and one with nothing recorded with no seasons', async () => {
      const bare = await ground({ name: 'Open Hill', boundary: undefined });
      expect(await trends(bare.id)).toEqual({ ground_id: bare.id, area_km2: null, seasons: [], species: [] });
      await count(bare.id, '2025-05-01', 10);
      await count(bare.id, '2026-05-01', 6);
      const answer = await trends(bare.id);
      expect(answer.species[0]!.points.map((point) => [point.count, point.density_per_km2])).toEqual([
        [10, null],
        [6, null],
      ]);
      expect(answer.species[0]!.trends.density.direction).toBe('too_few');
      expect(answer.species[0]!.trends.count.direction).toBe('falling');
    });

    it('answers 404 for another user’s ground and for an id that is no ground, writing nothing', async () => {
      const bobs = await ground({ name: 'Bob Farm' }, BOB);
      await count(bobs.id, '2026-05-01', 6, BOB);
      const before = await per.backend.store.headPosition();
      expect((await call(ALICE, 'GET', `/grounds/${bobs.id}/trends`)).statusCode).toBe(404);
      expect((await call(ALICE, 'GET', '/grounds/not-a-ground/trends')).statusCode).toBe(404);
      expect(await per.backend.store.headPosition()).toBe(before);
      expect((await trends(bobs.id, BOB)).species[0]!.points.at(-1)!.count).toBe(6);
    });
  });
}
