import { describe, expect, it } from 'vitest';
import { MANAGEMENT_MESSAGES as M, type Ground, type SeasonDeerManagement } from '@cull-log/contracts';
import { groundAreaKm2 } from '@cull-log/domain';
import type { Identity } from '@cull-log/service-kit';
import { ALICE, BOB, type Backend, harnessPerTest } from './records-harness';
import { SAMPLE_GROUND_BOUNDARY } from '@cull-log/contracts/testing';

const BOUNDARY = SAMPLE_GROUND_BOUNDARY;
const AREA_KM2 = groundAreaKm2(BOUNDARY)!;
const roe = (sex: string, count: number) => ({ species: 'Roe Deer', sex, age_class: 'Adult', count });

/** GET /reports/deer-management, which the gateway asks for the season report, against one backend. */
export function describeSeasonFiguresApi<Tx>(
  backendName: string,
  openBackend: () => Promise<Backend<Tx>>,
): void {
  describe(`a season's deer management for the report on ${backendName}`, () => {
    const per = harnessPerTest(openBackend);
    const call = (...args: Parameters<typeof per.harness.call>) => per.harness.call(...args);

    async function made<T>(user: Identity, url: string, body: Record<string, unknown>): Promise<T> {
      const response = await call(user, 'POST', url, body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json<T>();
    }
    async function figures(user: Identity, query = ''): Promise<SeasonDeerManagement> {
      const response = await call(user, 'GET', `/reports/deer-management${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<SeasonDeerManagement>();
    }

    it('has each of the caller’s grounds with something counted or seen in the season, and no one else’s', async () => {
      const wood = await made<Ground>(ALICE, '/grounds', { name: 'Home Wood', boundary: BOUNDARY });
      await made<Ground>(ALICE, '/grounds', { name: 'Quiet Field', boundary: BOUNDARY });
      await made(ALICE, '/counts', {
        ground_id: wood.id,
        date: '2026-10-20',
        method: 'vantage_point',
        items: [roe('Male', 8), roe('Female', 12)],
      });
      await made(ALICE, '/outings', {
        ground_id: wood.id,
        started_at: '2026-10-03T06:00:00.000Z',
        ended_at: '2026-10-03T09:00:00.000Z',
        hunters: 2,
        sightings: [roe('Male', 6)],
      });
      const bobs = await made<Ground>(BOB, '/grounds', { name: 'Secret Covert', boundary: BOUNDARY });
      await made(BOB, '/counts', {
        ground_id: bobs.id,
        date: '2026-10-21',
        method: 'thermal',
        items: [{ species: 'Sika Deer', sex: 'Male', age_class: 'Adult', count: 9 }],
      });

      // The clock is at 5 November 2026: without a season, 2026/27 by the default start.
      const answer = await figures(ALICE);
      expect(answer.season).toBe('2026-27');
      expect(answer).toEqual(await figures(ALICE, '?season=2026-27'));
      expect(answer.grounds).toHaveLength(1);
      const [home] = answer.grounds;
      expect(home).toMatchObject({ ground_id: wood.id, name: 'Home Wood' });
      expect(home!.area_km2).toBeCloseTo(AREA_KM2, 10);
      expect(home!.counts).toEqual([
        {
          date: '2026-10-20',
          method: 'vantage_point',
          items: [roe('Male', 8), roe('Female', 12)],
          dung_deer_per_km2: null,
        },
      ]);
      expect(home!.densities).toEqual([
        {
          species: 'Roe Deer',
          count: 20,
          density_per_km2: 20 / AREA_KM2,
          method: 'vantage_point',
          date: '2026-10-20',
        },
      ]);
      expect(home!.effort).toEqual({
        outings: 1,
        hunter_hours: 6,
        seen: 6,
        culled: 0,
        sightings_per_hunter_hour: 1,
        hours_per_deer: null,
      });
      // As GET /plans/2026-27/suggestion answers for the ground with the defaults.
      const suggestion = await call(ALICE, 'GET', `/plans/2026-27/suggestion?ground=${wood.id}`);
      expect(home!.suggested).toEqual(suggestion.json().rows);
      expect(home!.suggested.length).toBeGreaterThan(0);
      expect(JSON.stringify(answer)).not.toContain('Sika');

      // Another season has none of it; Bob has his own.
      expect((await figures(ALICE, '?season=2025-26')).grounds).toEqual([]);
      expect((await figures(BOB)).grounds.map((ground) => ground.name)).toEqual(['Secret Covert']);
    });

    it('refuses a malformed season with 400 on season', async () => {
      for (const query of ['?season=2026/27', '?season=2026-28', '?ground=x']) {
        const response = await call(ALICE, 'GET', `/reports/deer-management${query}`);
        expect(response.statusCode, query).toBe(400);
        const { error } = response.json();
        expect(error.code).toBe('validation_failed');
        if (query.startsWith('?season')) expect(error.fields.season).toBe(M.season);
      }
    });
  });
}
