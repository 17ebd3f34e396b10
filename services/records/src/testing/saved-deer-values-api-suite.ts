import { describe, expect, it } from 'vitest';
import {
  MANAGEMENT_EVENT_TYPES as T,
  type CullSuggestionResponse,
  type Ground,
  type PlansResponse,
  type SeasonDeerManagement,
} from '@cull-log/contracts';
import { groundAreaKm2 } from '@cull-log/domain';
import type { Identity } from '@cull-log/service-kit';
import { ALICE, BOB, type Backend, harnessPerTest } from './records-harness';
import { SAMPLE_GROUND_BOUNDARY } from '@cull-log/contracts/testing';

const BOUNDARY = SAMPLE_GROUND_BOUNDARY;
const AREA_KM2 = groundAreaKm2(BOUNDARY)!;
// Roe at 25 per km² on the ground: above a target of 6, so accepting the target is a reduction.
const ROE = Math.round(25 * AREA_KM2);

/**
 * The deer-management values saved when a suggested cull is accepted, and used where a later query gives none, against
 * one backend. Every backend runs the same suite.
 */
export function describeSavedDeerValuesApi<Tx>(
  backendName: string,
  openBackend: () => Promise<Backend<Tx>>,
): void {
  describe(`saved deer-management values on ${backendName}`, () => {
    const per = harnessPerTest(openBackend);
    const call = (...args: Parameters<typeof per.harness.call>) => per.harness.call(...args);

    /** A ground of the user's with roe counted on it in the season. */
    async function countedGround(user: Identity, name = 'Home Wood'): Promise<Ground> {
      const made = await call(user, 'POST', '/grounds', { name, boundary: BOUNDARY });
      expect(made.statusCode, made.body).toBe(201);
      const ground = made.json<Ground>();
      const counted = await call(user, 'POST', '/counts', {
        ground_id: ground.id,
        date: '2026-10-20',
        method: 'vantage_point',
        items: [{ species: 'Roe Deer', sex: 'Female', age_class: 'Adult', count: ROE }],
      });
      expect(counted.statusCode, counted.body).toBe(201);
      return ground;
    }
    async function suggestion(user: Identity, ground: Ground, query = ''): Promise<CullSuggestionResponse> {
      const response = await call(user, 'GET', `/plans/2026-27/suggestion?ground=${ground.id}${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<CullSuggestionResponse>();
    }
    async function accept(user: Identity, ground: Ground, query: string): Promise<PlansResponse> {
      const response = await call(user, 'POST', `/plans/2026-27/suggestion?ground=${ground.id}${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<PlansResponse>();
    }
    const reduction = `&target_density=6&female_share=${encodeURIComponent('Roe Deer:60')}&seasons=2`;

    it('accepting a reduction to 6 saves it: the next suggestion with no query is worked out from 6 and says so', async () => {
      const home = await countedGround(ALICE);
      const asked = await suggestion(ALICE, home, reduction);
      expect(asked.working[0]).toMatchObject({
        kind: 'reduction',
        target_density: 6,
        sources: { target_density: 'given', female_share: 'given', seasons: 'given', recruitment: 'default' },
      });
      await accept(ALICE, home, reduction);
      const saved = await suggestion(ALICE, home);
      expect(saved.rows).toEqual(asked.rows);
      expect(saved.working[0]).toMatchObject({
        kind: 'reduction',
        target_density: 6,
        female_share: 60,
        seasons: 2,
        seasons_to_target: 2,
        sources: { target_density: 'saved', female_share: 'saved', seasons: 'saved', recruitment: 'default' },
      });
      expect(saved.working[0]!.steps.map((step) => step.formula).join('\n')).toContain(
        'as saved with the plan last accepted',
      );
      // Asked again, a value given wins over the saved one; the others stay saved.
      const held = await suggestion(ALICE, home, '&target_density=25');
      expect(held.working[0]).toMatchObject({
        kind: 'maintenance',
        target_density: 25,
        sources: { target_density: 'given', female_share: 'saved' },
      });
    });

    it('saves on the user’s settings stream, once: the same acceptance again writes nothing', async () => {
      const home = await countedGround(ALICE);
      await accept(ALICE, home, reduction);
      const events = await per.backend.store.readUser(ALICE.uid, 0, 100);
      expect(events.filter((event) => event.type === T.deerValuesSaved)).toMatchObject([
        {
          data: {
            ground_id: home.id,
            species: [{ species: 'Roe Deer', target_density: 6, female_share: 60 }],
            seasons: 2,
          },
        },
      ]);
      const head = await per.backend.store.headPosition();
      await accept(ALICE, home, reduction);
      // And accepted with no query, the saved values again: the same plan and values, nothing written.
      await accept(ALICE, home, '');
      expect(await per.backend.store.headPosition()).toBe(head);
    });

    it('accepting with nothing asked and nothing saved writes the plan and saves no values', async () => {
      const home = await countedGround(ALICE);
      await accept(ALICE, home, '');
      const events = await per.backend.store.readUser(ALICE.uid, 0, 100);
      expect(events.filter((event) => event.type === T.deerValuesSaved)).toEqual([]);
      expect(events.filter((event) => event.type === T.plansSet)).toHaveLength(1);
      expect(await per.backend.readModel.deerValues(ALICE.uid, home.id)).toBeUndefined();
    });

    it('another user’s suggestion, and another ground’s, keep the defaults', async () => {
      const home = await countedGround(ALICE);
      const other = await countedGround(ALICE, 'Beech Hanger');
      const bobs = await countedGround(BOB, 'Bob Farm');
      await accept(ALICE, home, reduction);
      const defaults = {
        target_density: 'default',
        recruitment: 'default',
        female_share: 'default',
        seasons: 'default',
      };
      expect((await suggestion(BOB, bobs)).working[0]).toMatchObject({
        kind: 'maintenance',
        sources: defaults,
      });
      expect((await suggestion(ALICE, other)).working[0]).toMatchObject({
        kind: 'maintenance',
        sources: defaults,
      });
      expect((await call(BOB, 'GET', `/plans/2026-27/suggestion?ground=${home.id}`)).statusCode).toBe(404);
      expect(
        (await call(BOB, 'POST', `/plans/2026-27/suggestion?ground=${home.id}${reduction}`)).statusCode,
      ).toBe(404);
    });

    it('a refused acceptance saves nothing', async () => {
      const home = await countedGround(ALICE);
      const head = await per.backend.store.headPosition();
      const refused = await call(
        ALICE,
        'POST',
        `/plans/2026-27/suggestion?ground=${home.id}&female_share=120`,
      );
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().error.fields)).toEqual(['female_share']);
      expect(await per.backend.store.headPosition()).toBe(head);
      expect(await per.backend.readModel.deerValues(ALICE.uid, home.id)).toBeUndefined();
    });

    it('the season report’s suggested cull is the plan accepted, from the saved values', async () => {
      const home = await countedGround(ALICE);
      const before = await call(ALICE, 'GET', '/reports/deer-management?season=2026-27');
      const defaults = before.json<SeasonDeerManagement>().grounds[0]!.suggested;
      const asked = await suggestion(ALICE, home, reduction);
      expect(asked.rows).not.toEqual(defaults);
      await accept(ALICE, home, reduction);
      const report = await call(ALICE, 'GET', '/reports/deer-management?season=2026-27');
      expect(report.statusCode, report.body).toBe(200);
      expect(report.json<SeasonDeerManagement>().grounds[0]!.suggested).toEqual(asked.rows);
    });

    it('the saved values are in the account’s settings.json, and gone with the account', async () => {
      const home = await countedGround(ALICE);
      await countedGround(BOB, 'Bob Farm');
      await accept(ALICE, home, reduction);
      const file = await call(ALICE, 'GET', '/account/settings.json');
      expect(file.statusCode).toBe(200);
      expect(file.json()).toEqual({
        season_start: expect.any(String),
        deer_values: [
          {
            ground_id: home.id,
            species: [{ species: 'Roe Deer', target_density: 6, female_share: 60 }],
            seasons: 2,
          },
        ],
      });
      expect((await call(BOB, 'GET', '/account/settings.json')).json().deer_values).toEqual([]);
      expect((await call(ALICE, 'DELETE', '/account')).statusCode).toBe(200);
      expect(await per.backend.readModel.deerValues(ALICE.uid, home.id)).toBeUndefined();
      expect((await call(ALICE, 'GET', '/account/settings.json')).json().deer_values).toEqual([]);
    });
  });
}
