import { describe, expect, it } from 'vitest';
import type { CullView, Ground, InviteCreated, ListCullsResponse, Outing, Team } from '@cull-log/contracts';
import type { Identity } from '@cull-log/service-kit';
import { ALICE, BOB, cullBody, type Backend, harnessPerTest } from './records-harness';

const DAN: Identity = { uid: 'user-dan', display_name: 'Dan', email: 'dan@example.org' };
const MISSING = '00000000-0000-4000-8000-000000000000';

/**
 * The records list's filters (ground, outing, species, sex, destination) and its search's stalkers' words ("roe doe",
 * "hind", "pricket") through the records API, for a user's own records and a team's. Every backend runs the same suite.
 */
export function describeListFiltersApi<Tx>(
  backendName: string,
  openBackend: () => Promise<Backend<Tx>>,
): void {
  describe(`the records list's filters and stalkers' words on ${backendName}`, () => {
    const per = harnessPerTest(openBackend);
    const call = (...args: Parameters<typeof per.harness.call>) => per.harness.call(...args);

    /** Made a second after the last, so a list oldest first lists in the order of making. */
    async function created<T>(user: Identity, url: string, body: Record<string, unknown>): Promise<T> {
      per.harness.clock.advance(1000);
      const response = await call(user, 'POST', url, body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json<T>();
    }
    const cull = (body: Record<string, unknown>, user: Identity = ALICE) =>
      created<CullView>(user, '/culls', cullBody(body));

    /** The ids of the records a list query finds, oldest first; the total must count exactly them. */
    async function found(query: string, user: Identity = ALICE): Promise<string[]> {
      const response = await call(user, 'GET', `/culls?sort=created_at&order=asc&page_size=100&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<ListCullsResponse>();
      expect(page.total).toBe(page.items.length);
      return page.items.map((item) => item.id);
    }
    const words = (q: string, user: Identity = ALICE) => found(`q=${encodeURIComponent(q)}`, user);

    it('finds records by stalkers\u2019 words in the search, alone or with other text', async () => {
      const roeDoe = await cull({ species: 'Roe Deer', sex: 'Female', location_name: 'Home Wood' });
      const roeBuck = await cull({ species: 'Roe Deer', sex: 'Male', location_name: 'Home Wood' });
      const redHind = await cull({ species: 'Red Deer', sex: 'Female', location_name: 'Glen Ample' });
      const sikaHind = await cull({ species: 'Sika Deer', sex: 'Female', location_name: 'Home Wood' });
      const pricket = await cull({ species: 'Fallow Deer', sex: 'Male', age_estimate: 'Young Adult' });
      const fallowBuck = await cull({ species: 'Fallow Deer', sex: 'Male', age_estimate: 'Adult' });
      const roeKid = await cull({ species: 'Roe Deer', sex: 'Female', age_estimate: 'Young' });
      const fox = await cull({ species: 'Fox', sex: 'Female', location_name: 'Home Wood' });
      await cull({ species: 'Roe Deer', sex: 'Female' }, BOB);

      expect(await words('roe doe')).toEqual([roeDoe.id, roeKid.id]);
      expect(await words('Hind')).toEqual([redHind.id, sikaHind.id]);
      expect(await words('hinds home wood')).toEqual([sikaHind.id]);
      expect(await words('pricket')).toEqual([pricket.id]);
      expect(await words('bucks')).toEqual([roeBuck.id, pricket.id, fallowBuck.id]);
      expect(await words('kid')).toEqual([roeKid.id]);
      expect(await words('followers')).toEqual([roeKid.id]);
      expect(await words('roe hind')).toEqual([]);
      // Without a stalkers' word a search is the text it always was.
      expect(await words('home wood')).toEqual([roeDoe.id, roeBuck.id, sikaHind.id, fox.id]);
    });

    it('filters by ground, outing, species, sex and destination, together and with a search', async () => {
      const home = await created<Ground>(ALICE, '/grounds', { name: 'Home Farm' });
      const beech = await created<Ground>(ALICE, '/grounds', { name: 'Beech Hanger' });
      const past = await created<Outing>(ALICE, '/outings', {
        ground_id: beech.id,
        started_at: '2025-01-10T06:00:00.000Z',
        ended_at: '2025-01-10T09:00:00.000Z',
      });
      const homeDoe = await cull({ ground_id: home.id, sex: 'Female', carcass_destination: 'Game dealer' });
      const homeBuck = await cull({ ground_id: home.id, sex: 'Male', carcass_destination: 'Own use' });
      const outingMuntjac = await cull({ outing_id: past.id, species: 'Muntjac', sex: 'Female' });
      const nowhere = await cull({ species: 'muntjac', sex: 'Unknown', carcass_destination: 'Game dealer' });
      await cull({ ground_id: (await created<Ground>(BOB, '/grounds', { name: 'Home Farm' })).id }, BOB);

      expect(await found(`ground_id=${home.id}`)).toEqual([homeDoe.id, homeBuck.id]);
      expect(await found(`ground_id=${home.id.toUpperCase()}`)).toEqual([homeDoe.id, homeBuck.id]);
      expect(await found(`ground_id=${beech.id}`)).toEqual([outingMuntjac.id]);
      expect(await found(`outing_id=${past.id}`)).toEqual([outingMuntjac.id]);
      expect(await found('species=MUNTJAC')).toEqual([outingMuntjac.id, nowhere.id]);
      expect(await found('sex=Female')).toEqual([homeDoe.id, outingMuntjac.id]);
      expect(await found('destination=Game%20dealer')).toEqual([homeDoe.id, nowhere.id]);
      expect(await found(`ground_id=${home.id}&destination=Own%20use`)).toEqual([homeBuck.id]);
      expect(await found(`ground_id=${home.id}&q=buck`)).toEqual([homeBuck.id]);
      expect(await found('species=Muntjac&q=doe')).toEqual([outingMuntjac.id]);
      expect(await found('sex=Male&q=doe')).toEqual([]);
      expect(await found(`ground_id=${MISSING}`)).toEqual([]);
      // Another user's ground finds nothing of theirs.
      expect(await found(`ground_id=${home.id}`, BOB)).toEqual([]);
    });

    it('pages a filtered list from either end', async () => {
      const made: CullView[] = [];
      for (let index = 0; index < 25; index += 1)
        made.push(await cull({ sex: index % 2 === 0 ? 'Female' : 'Male', time: `0${index % 10}:00` }));
      const females = made.filter((record) => record.sex === 'Female').map((record) => record.id);
      const pages: string[] = [];
      for (const page of [1, 2, 3]) {
        const response = await call(
          ALICE,
          'GET',
          `/culls?sex=Female&page=${page}&page_size=5&sort=created_at&order=asc`,
        );
        const body = response.json<ListCullsResponse>();
        expect(body.total).toBe(females.length);
        pages.push(...body.items.map((item) => item.id));
      }
      expect(pages).toEqual(females);
    });

    it.each([
      ['ground_id=home', 'ground_id'],
      ['outing_id=1', 'outing_id'],
      ['species=', 'species'],
      ['sex=female', 'sex'],
      ['sex=Male&sex=Female', 'sex'],
      ['destination=Freezer', 'destination'],
    ])('answers %s with a 400 that names the field', async (query, field) => {
      const response = await call(ALICE, 'GET', `/culls?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'validation_failed',
        fields: { [field]: expect.any(String) },
      });
    });

    it("keeps a team's filters to the team's records, and to its members", async () => {
      const team = await created<Team>(ALICE, '/teams', { name: 'Glen Syndicate', kind: 'syndicate' });
      const { token } = await created<InviteCreated>(ALICE, `/teams/${team.id}/invites`, { role: 'stalker' });
      expect((await call(BOB, 'POST', `/invites/${token}/accept`)).statusCode).toBe(200);
      const north = await created<Ground>(ALICE, '/grounds', { team_id: team.id, name: 'North Beat' });
      const onTeam = { ground_id: north.id, date: '2026-11-03' };
      const bobsHind = await cull({ ...onTeam, species: 'Red Deer', sex: 'Female' }, BOB);
      const alicesStag = await cull({ ...onTeam, species: 'Red Deer', sex: 'Male' });
      await cull({ species: 'Red Deer', sex: 'Female' }, BOB);

      const teamFound = (query: string, user: Identity = ALICE) => found(`team=${team.id}&${query}`, user);
      expect(await teamFound('q=hind')).toEqual([bobsHind.id]);
      expect(await teamFound(`ground_id=${north.id}&sex=Male`)).toEqual([alicesStag.id]);
      expect(await teamFound(`species=red%20deer`, BOB)).toEqual([bobsHind.id, alicesStag.id]);
      expect(await teamFound(`member=${BOB.uid}&q=stag`)).toEqual([]);
      expect((await call(DAN, 'GET', `/culls?team=${team.id}&q=hind`)).statusCode).toBe(404);
      expect((await call(ALICE, 'GET', `/culls?team=${team.id}&sex=Hind`)).statusCode).toBe(400);
    });
  });
}
