import { describe, expect, it } from 'vitest';
import {
  DEER_MANAGEMENT_MESSAGES,
  EVENT_POSITION_HEADER,
  MANAGEMENT_EVENT_TYPES as T,
  MANAGEMENT_MESSAGES as M,
  MESSAGES,
  type CullView,
  type Ground,
  type ListCullsResponse,
  type ListOutingsResponse,
  type MapPointsResponse,
  type Outing,
  type PlansResponse,
} from '@cull-log/contracts';
import type { Identity } from '@cull-log/service-kit';
import { ALICE, BOB, cullBody, type Backend, harnessPerTest } from './records-harness';

const SQUARE = {
  type: 'Polygon',
  coordinates: [
    [
      [-1, 51],
      [-0.9, 51],
      [-0.9, 51.1],
      [-1, 51.1],
      [-1, 51],
    ],
  ],
};
const MISSING = '00000000-0000-4000-8000-000000000000';

/**
 * Grounds, outings, the season start and cull plans through the records API, and where records belong, against
 * one backend. Every backend runs the same suite.
 */
export function describeGroundsApi<Tx>(backendName: string, openBackend: () => Promise<Backend<Tx>>): void {
  describe(`grounds, outings, settings and plans on ${backendName}`, () => {
    const per = harnessPerTest(openBackend);

    const call = (...args: Parameters<typeof per.harness.call>) => per.harness.call(...args);

    async function ground(body: Record<string, unknown> = {}, user: Identity = ALICE): Promise<Ground> {
      const response = await call(user, 'POST', '/grounds', { name: 'Home Farm', ...body });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Ground>();
    }

    async function outing(body: Record<string, unknown>, user: Identity = ALICE): Promise<Outing> {
      const response = await call(user, 'POST', '/outings', body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Outing>();
    }

    async function cull(body: Record<string, unknown> = {}, user: Identity = ALICE): Promise<CullView> {
      const response = await call(user, 'POST', '/culls', cullBody(body));
      expect(response.statusCode, response.body).toBe(201);
      return response.json<CullView>();
    }

    /** Sends a request that must be refused with 400 on `field`, and checks nothing was written. */
    async function refused(
      user: Identity,
      method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
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
      // A rule of the service says its message; a body the schema refuses says that some fields are not valid.
      expect([message, MESSAGES.invalidFields]).toContain(error.message);
      expect(await per.backend.store.headPosition()).toBe(before);
    }

    describe('grounds', () => {
      it('creates a ground with the middle of its boundary as its centre, and lists it by name', async () => {
        const response = await call(ALICE, 'POST', '/grounds', {
          name: '  Home Farm ',
          boundary: SQUARE,
          notes: 'Keys',
        });
        expect(response.statusCode).toBe(201);
        expect(Number(response.headers[EVENT_POSITION_HEADER])).toBe(1);
        const created = response.json<Ground>();
        expect(created).toMatchObject({
          name: 'Home Farm',
          notes: 'Keys',
          boundary: SQUARE,
          centre: { latitude: 51.05, longitude: -0.95 },
          archived: false,
          version: 1,
        });
        await ground({ name: 'Beech Hanger' });
        const list = (await call(ALICE, 'GET', '/grounds')).json();
        expect(list.items.map((item: Ground) => item.name)).toEqual(['Beech Hanger', 'Home Farm']);
        expect((await call(ALICE, 'GET', `/grounds/${created.id}`)).json()).toEqual(created);
        const [event] = await per.backend.store.readStream(created.id);
        expect(event).toMatchObject({ type: T.groundCreated, userId: ALICE.uid });
      });

      it('renames, redraws, changes the notes, archives and restores, each as its own event', async () => {
        const created = await ground();
        const response = await call(ALICE, 'PATCH', `/grounds/${created.id}`, {
          name: 'Home Farm East',
          boundary: SQUARE,
          notes: null,
          expected_version: 1,
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toMatchObject({ name: 'Home Farm East', boundary: SQUARE, version: 3 });
        const archived = await call(ALICE, 'DELETE', `/grounds/${created.id}`);
        expect(archived.statusCode).toBe(200);
        expect(archived.json()).toMatchObject({ archived: true, version: 4 });
        expect((await call(ALICE, 'GET', '/grounds')).json().items).toHaveLength(1);
        const restored = await call(ALICE, 'PATCH', `/grounds/${created.id}`, { archived: false });
        expect(restored.json()).toMatchObject({ archived: false, version: 5 });
        const types = (await per.backend.store.readStream(created.id)).map((event) => event.type);
        expect(types).toEqual([
          T.groundCreated,
          T.groundRenamed,
          T.groundRedrawn,
          T.groundArchived,
          T.groundRestored,
        ]);
        const stale = await call(ALICE, 'PATCH', `/grounds/${created.id}`, {
          name: 'Stale',
          expected_version: 1,
        });
        expect(stale.statusCode).toBe(409);
      });

      it('refuses a name the user already has, in any case and spacing, and an empty or unsafe body', async () => {
        const home = await ground();
        await refused(ALICE, 'POST', '/grounds', { name: ' home FARM ' }, 'name', M.groundNameTaken);
        const other = await ground({ name: 'Beech Hanger' });
        await refused(
          ALICE,
          'PATCH',
          `/grounds/${other.id}`,
          { name: 'HOME FARM' },
          'name',
          M.groundNameTaken,
        );
        await refused(ALICE, 'POST', '/grounds', { name: '  ' }, 'name', M.groundName);
        const open = { ...SQUARE, coordinates: [SQUARE.coordinates[0]!.slice(0, 4)] };
        const badBoundary = await call(ALICE, 'POST', '/grounds', { name: 'Open', boundary: open });
        expect(badBoundary.statusCode).toBe(400);
        expect(badBoundary.json().error.fields.boundary).toBe(M.boundary);
        const empty = await call(ALICE, 'PATCH', `/grounds/${home.id}`, {});
        expect(empty.statusCode).toBe(400);
        // Another user may use the same name.
        await ground({ name: 'Home Farm' }, BOB);
        // Renaming a ground to its own name in another case is its rename.
        const recased = await call(ALICE, 'PATCH', `/grounds/${home.id}`, { name: 'HOME FARM' });
        expect(recased.json()).toMatchObject({ name: 'HOME FARM' });
      });

      it('refuses a boundary bigger than any ground, by its span or its area, on create and redraw, in a team too', async () => {
        // From Dartmoor to the Wash: hundreds of kilometres, a corner tapped with the map zoomed out.
        const county = {
          type: 'Polygon',
          coordinates: [
            [
              [-4, 50.6],
              [0.3, 52.9],
              [-1, 52.9],
              [-4, 50.6],
            ],
          ],
        };
        const tooWide =
          'A ground is at most 50 km across, and this boundary is 391 km across. Check its corners.';
        await refused(
          ALICE,
          'POST',
          '/grounds',
          { name: 'Half of England', boundary: county },
          'boundary',
          tooWide,
        );
        // 0.3° of latitude by 0.46° of longitude: under 50 km across, but over 100,000 ha.
        const block = {
          type: 'Polygon',
          coordinates: [
            [
              [-1, 52],
              [-0.54, 52],
              [-0.54, 52.3],
              [-1, 52.3],
              [-1, 52],
            ],
          ],
        };
        await refused(
          ALICE,
          'POST',
          '/grounds',
          { name: 'A whole district', boundary: block },
          'boundary',
          'A ground is at most 100,000 ha, and this boundary holds 104,697 ha. Check its corners.',
        );
        const home = await ground({ boundary: SQUARE });
        await refused(
          ALICE,
          'PATCH',
          `/grounds/${home.id}`,
          { boundary: county, expected_version: 1 },
          'boundary',
          tooWide,
        );
        expect((await call(ALICE, 'GET', `/grounds/${home.id}`)).json()).toEqual(home);
        const team = await call(ALICE, 'POST', '/teams', { name: 'Beech Syndicate', kind: 'syndicate' });
        expect(team.statusCode, team.body).toBe(201);
        await refused(
          ALICE,
          'POST',
          '/grounds',
          { team_id: team.json().id, name: 'North Beat', boundary: county },
          'boundary',
          tooWide,
        );
      });

      it("another user's ground answers 404 to read, change and archive, changes nothing, and is never listed", async () => {
        const hers = await ground();
        const before = await per.backend.store.headPosition();
        for (const [method, body] of [
          ['GET', undefined],
          ['PATCH', { name: 'Mine now' }],
          ['DELETE', undefined],
        ] as const) {
          const response = await call(BOB, method, `/grounds/${hers.id}`, body);
          expect(response.statusCode).toBe(404);
          expect(response.json().error).toEqual({ code: 'not_found', message: M.groundNotFound });
        }
        expect((await call(BOB, 'GET', '/grounds/not-a-uuid')).statusCode).toBe(404);
        expect((await call(BOB, 'GET', '/grounds')).json()).toEqual({ items: [] });
        expect(await per.backend.store.headPosition()).toBe(before);
        expect((await call(ALICE, 'GET', `/grounds/${hers.id}`)).json()).toEqual(hers);
      });

      it('answers 409 to a create on an id another stream holds, and takes a retried create once', async () => {
        const record = await cull();
        const taken = await call(ALICE, 'POST', '/grounds', { id: record.id, name: 'Clash' });
        expect(taken.statusCode).toBe(409);
        const id = '3f1d2c4b-5a69-4788-9aab-bccddeeff001';
        const first = await call(ALICE, 'POST', '/grounds', { id, name: 'Retry' });
        const again = await call(ALICE, 'POST', '/grounds', { id, name: 'Retry' });
        expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
        expect(await per.backend.store.readStream(id)).toHaveLength(1);
      });
    });

    describe('outings', () => {
      it('starts an outing now, places every record made during it there, and ends it', async () => {
        const home = await ground();
        const started = await outing({ ground_id: home.id });
        expect(started).toMatchObject({
          ground_id: home.id,
          started_at: per.harness.clock.now().toISOString(),
          ended_at: null,
          cull_count: 0,
        });
        expect((await call(ALICE, 'GET', '/outings')).json<ListOutingsResponse>().open).toMatchObject({
          id: started.id,
        });

        const first = await cull();
        const second = await cull({ species: 'Muntjac' });
        for (const record of [first, second]) {
          expect(record).toMatchObject({
            ground_id: home.id,
            ground_name: 'Home Farm',
            outing_id: started.id,
            version: 2,
          });
          const types = (await per.backend.store.readStream(record.id)).map((event) => event.type);
          expect(types).toEqual(['cull.recorded.v2', T.cullPlaced]);
        }
        // Bob's outing is nothing to do with Alice, and his record goes nowhere.
        const his = await cull({}, BOB);
        expect(his).not.toHaveProperty('outing_id');

        per.harness.clock.advance(3 * 60 * 60 * 1000);
        const ended = await call(ALICE, 'PATCH', `/outings/${started.id}`, {
          ended_at: per.harness.clock.now().toISOString(),
        });
        expect(ended.statusCode, ended.body).toBe(200);
        expect(ended.json()).toMatchObject({ cull_count: 2, version: 2 });
        expect((await per.backend.store.readStream(started.id)).map((event) => event.type)).toEqual([
          T.outingStarted,
          T.outingEnded,
        ]);
        const list = (await call(ALICE, 'GET', '/outings')).json<ListOutingsResponse>();
        expect(list.open).toBeNull();
        expect(list.items).toEqual([expect.objectContaining({ id: started.id, cull_count: 2 })]);
        // Once it has ended, a record belongs nowhere unless told.
        expect(await cull()).not.toHaveProperty('outing_id');
      });

      it('takes a ground sent with a record over the open outing’s, and an outing sent gives its ground', async () => {
        const home = await ground();
        const beech = await ground({ name: 'Beech Hanger' });
        const open = await outing({ ground_id: home.id });
        expect(await cull({ ground_id: beech.id })).toMatchObject({
          ground_id: beech.id,
          outing_id: open.id,
        });
        expect(await cull({ outing_id: null, ground_id: null })).not.toHaveProperty('ground_id');
        const past = await outing({
          ground_id: beech.id,
          started_at: '2025-01-10T06:00:00.000Z',
          ended_at: '2025-01-10T09:00:00.000Z',
        });
        expect(await cull({ outing_id: past.id })).toMatchObject({ ground_id: beech.id, outing_id: past.id });
      });

      it('takes the people out and the deer seen, on a new outing and on a change, and reads them back', async () => {
        const home = await ground();
        const doe = { species: 'Roe Deer', sex: 'Female', age_class: 'Adult', count: 2 };
        const kid = { species: 'Roe Deer', sex: 'Unknown', age_class: 'Young', count: 1 };
        const party = await outing({
          ground_id: home.id,
          started_at: '2026-11-03T06:00:00.000Z',
          ended_at: '2026-11-03T09:00:00.000Z',
          hunters: 2,
          sightings: [doe],
        });
        expect(party).toMatchObject({ hunters: 2, sightings: [doe], version: 3 });
        expect((await per.backend.store.readStream(party.id)).map((event) => event.type)).toEqual([
          T.outingStarted,
          T.outingHuntersChanged,
          T.outingSightingsRecorded,
        ]);
        const changed = await call(ALICE, 'PATCH', `/outings/${party.id}`, {
          hunters: 3,
          sightings: [doe, kid],
        });
        expect(changed.statusCode, changed.body).toBe(200);
        expect(changed.json()).toMatchObject({ hunters: 3, sightings: [doe, kid], version: 5 });
        // A blank outing records that nothing was seen; one that says nothing of sightings has none recorded.
        const blank = await outing({
          ground_id: home.id,
          started_at: '2026-11-05T06:00:00.000Z',
          ended_at: '2026-11-05T08:00:00.000Z',
          sightings: [],
        });
        const unrecorded = await outing({
          ground_id: home.id,
          started_at: '2026-11-06T06:00:00.000Z',
          ended_at: '2026-11-06T08:00:00.000Z',
        });
        const list = (await call(ALICE, 'GET', '/outings')).json<ListOutingsResponse>().items;
        expect(list.map(({ id, hunters, sightings }) => ({ id, hunters, sightings }))).toEqual([
          { id: unrecorded.id, hunters: 1, sightings: null },
          { id: blank.id, hunters: 1, sightings: [] },
          { id: party.id, hunters: 3, sightings: [doe, kid] },
        ]);
      });

      it('keeps where deer were seen, a change setting the places whole, and leaves another user’s outing be', async () => {
        const home = await ground();
        const doe = { species: 'Roe Deer', sex: 'Female', age_class: 'Adult', count: 2 };
        const kid = { species: 'Roe Deer', sex: 'Unknown', age_class: 'Young', count: 1 };
        const topRide = { latitude: 52.5108, longitude: -1.9713 };
        const pond = { latitude: 52.5121, longitude: -1.9688 };
        const bobsLine = { ...doe, place: { latitude: 54.1, longitude: -2.3 } };
        const his = await outing(
          {
            ground_id: (await ground({ name: 'Bob Farm' }, BOB)).id,
            started_at: '2026-11-02T06:00:00.000Z',
            ended_at: '2026-11-02T08:00:00.000Z',
            sightings: [bobsLine],
          },
          BOB,
        );
        const hers = await outing({
          ground_id: home.id,
          started_at: '2026-11-03T06:00:00.000Z',
          ended_at: '2026-11-03T09:00:00.000Z',
          sightings: [{ ...doe, place: topRide }, kid],
        });
        expect(hers.sightings).toEqual([{ ...doe, place: topRide }, kid]);
        expect((await per.backend.store.readStream(hers.id)).at(-1)).toMatchObject({
          type: 'outing.sightings_recorded.v2',
          data: { sightings: [{ ...doe, place: topRide }, kid] },
        });
        const listed = async (user: Identity) =>
          (await call(user, 'GET', '/outings'))
            .json<ListOutingsResponse>()
            .items.map(({ id, sightings }) => ({
              id,
              sightings,
            }));
        expect(await listed(ALICE)).toEqual([{ id: hers.id, sightings: [{ ...doe, place: topRide }, kid] }]);
        // The lines are set whole: the doe's place cleared, the kid's marked.
        const moved = await call(ALICE, 'PATCH', `/outings/${hers.id}`, {
          sightings: [doe, { ...kid, place: pond }],
        });
        expect(moved.statusCode, moved.body).toBe(200);
        expect(moved.json<Outing>().sightings).toEqual([doe, { ...kid, place: pond }]);
        expect(await listed(ALICE)).toEqual([{ id: hers.id, sightings: [doe, { ...kid, place: pond }] }]);
        // Bob cannot change hers, and his own is as he left it.
        expect((await call(BOB, 'PATCH', `/outings/${hers.id}`, { sightings: [bobsLine] })).statusCode).toBe(
          404,
        );
        expect(await listed(BOB)).toEqual([{ id: his.id, sightings: [bobsLine] }]);
        expect(await listed(ALICE)).toEqual([{ id: hers.id, sightings: [doe, { ...kid, place: pond }] }]);
      });

      it('refuses a place off the globe or not a point, naming the field, and writes nothing', async () => {
        const home = await ground();
        const past = {
          ground_id: home.id,
          started_at: '2026-11-03T06:00:00.000Z',
          ended_at: '2026-11-03T09:00:00.000Z',
        };
        const doe = { species: 'Roe Deer', sex: 'Female', age_class: 'Adult', count: 2 };
        await refused(
          ALICE,
          'POST',
          '/outings',
          { ...past, sightings: [{ ...doe, place: { latitude: 95, longitude: -1.9 } }] },
          'sightings.0.place.latitude',
          'Latitude must be between -90 and 90',
        );
        const made = await outing(past);
        await refused(
          ALICE,
          'PATCH',
          `/outings/${made.id}`,
          { sightings: [{ ...doe, place: { latitude: 52.5, longitude: 'west' } }] },
          'sightings.0.place.longitude',
          'Longitude must be a number',
        );
        await refused(
          ALICE,
          'PATCH',
          `/outings/${made.id}`,
          { sightings: [{ ...doe, place: 'Top ride' }] },
          'sightings.0.place',
          DEER_MANAGEMENT_MESSAGES.sightingPlace,
        );
      });

      it('refuses negative or fractional sightings and no hunters, naming the field, and writes nothing', async () => {
        const home = await ground();
        const past = {
          ground_id: home.id,
          started_at: '2026-11-03T06:00:00.000Z',
          ended_at: '2026-11-03T09:00:00.000Z',
        };
        const line = { species: 'Roe Deer', sex: 'Female', age_class: 'Adult' };
        const DM = DEER_MANAGEMENT_MESSAGES;
        await refused(
          ALICE,
          'POST',
          '/outings',
          { ...past, sightings: [{ ...line, count: -1 }] },
          'sightings.0.count',
          DM.count,
        );
        await refused(
          ALICE,
          'POST',
          '/outings',
          { ...past, sightings: [{ ...line, count: 0.5 }] },
          'sightings.0.count',
          DM.count,
        );
        await refused(ALICE, 'POST', '/outings', { ...past, hunters: 0 }, 'hunters', DM.hunters);
        const made = await outing(past);
        await refused(
          ALICE,
          'PATCH',
          `/outings/${made.id}`,
          {
            sightings: [
              { ...line, count: 1 },
              { ...line, count: 2 },
            ],
          },
          'sightings.1',
          DM.duplicateItem,
        );
        expect((await call(BOB, 'PATCH', `/outings/${made.id}`, { hunters: 2 })).statusCode).toBe(404);
      });

      it('refuses a second outing under way, an end before the start, and another user’s or an archived ground', async () => {
        const home = await ground();
        const archived = await ground({ name: 'Sold Wood' });
        await call(ALICE, 'DELETE', `/grounds/${archived.id}`);
        const bobs = await ground({ name: 'Bob Farm' }, BOB);
        await refused(ALICE, 'POST', '/outings', { ground_id: bobs.id }, 'ground_id', M.groundUnknown);
        await refused(ALICE, 'POST', '/outings', { ground_id: MISSING }, 'ground_id', M.groundUnknown);
        await refused(ALICE, 'POST', '/outings', { ground_id: archived.id }, 'ground_id', M.groundArchived);
        await refused(
          ALICE,
          'POST',
          '/outings',
          { ground_id: home.id, started_at: '2025-01-10T09:00:00Z', ended_at: '2025-01-10T06:00:00Z' },
          'ended_at',
          M.outingEndsBeforeStart,
        );
        const open = await outing({ ground_id: home.id });
        await refused(ALICE, 'POST', '/outings', { ground_id: home.id }, 'ended_at', M.outingOpen);
        await refused(
          ALICE,
          'PATCH',
          `/outings/${open.id}`,
          { ended_at: '2020-01-01T00:00:00Z' },
          'ended_at',
          M.outingEndsBeforeStart,
        );
        // A finished outing recorded afterwards is not under way, so it may be added while one is.
        const past = await outing({
          ground_id: home.id,
          started_at: '2025-01-10T06:00:00Z',
          ended_at: '2025-01-10T09:00:00Z',
        });
        await refused(ALICE, 'PATCH', `/outings/${past.id}`, { ended_at: null }, 'ended_at', M.outingOpen);
        await refused(
          ALICE,
          'PATCH',
          `/outings/${past.id}`,
          { ground_id: archived.id },
          'ground_id',
          M.groundArchived,
        );
      });

      it('deletes a blank outing, and refuses one with culls', async () => {
        const home = await ground();
        const blank = await outing({
          ground_id: home.id,
          started_at: '2025-01-10T06:00:00Z',
          ended_at: '2025-01-10T09:00:00Z',
        });
        const busy = await outing({ ground_id: home.id });
        await cull();
        await refused(ALICE, 'DELETE', `/outings/${busy.id}`, undefined, 'outing', M.outingHasCulls);
        const deleted = await call(ALICE, 'DELETE', `/outings/${blank.id}`);
        expect(deleted.statusCode).toBe(204);
        expect(
          (await call(ALICE, 'GET', '/outings')).json<ListOutingsResponse>().items.map((item) => item.id),
        ).toEqual([busy.id]);
        expect((await call(ALICE, 'DELETE', `/outings/${blank.id}`)).statusCode).toBe(404);
      });

      it("another user's outing answers 404 to change and delete, is never listed, and cannot take a record", async () => {
        const home = await ground();
        const hers = await outing({ ground_id: home.id });
        const before = await per.backend.store.headPosition();
        expect((await call(BOB, 'PATCH', `/outings/${hers.id}`, { notes: 'mine' })).statusCode).toBe(404);
        expect((await call(BOB, 'DELETE', `/outings/${hers.id}`)).statusCode).toBe(404);
        expect((await call(BOB, 'GET', '/outings')).json()).toEqual({ items: [], open: null });
        expect(await per.backend.store.headPosition()).toBe(before);
        await refused(BOB, 'POST', '/culls', cullBody({ outing_id: hers.id }), 'outing_id', M.outingUnknown);
        await refused(BOB, 'POST', '/culls', cullBody({ ground_id: home.id }), 'ground_id', M.groundUnknown);
      });

      it('lists the outings of a season by the user’s season start', async () => {
        const home = await ground();
        const spring = await outing({
          ground_id: home.id,
          started_at: '2026-05-10T05:00:00Z',
          ended_at: '2026-05-10T08:00:00Z',
        });
        const july = await outing({
          ground_id: home.id,
          started_at: '2026-07-10T05:00:00Z',
          ended_at: '2026-07-10T08:00:00Z',
        });
        const ids = async (season: string) =>
          (await call(ALICE, 'GET', `/outings?season=${season}`))
            .json<ListOutingsResponse>()
            .items.map((item) => item.id);
        expect(await ids('2026-27')).toEqual([july.id, spring.id]);
        await call(ALICE, 'PATCH', '/settings', { season_start: '08-01' });
        expect(await ids('2026-27')).toEqual([]);
        expect(await ids('2025-26')).toEqual([july.id, spring.id]);
        const bad = await call(ALICE, 'GET', '/outings?season=2026-28');
        expect(bad.statusCode).toBe(400);
      });
    });

    describe('records in grounds', () => {
      it('shows a ground’s new name on its old records, in lists and search, and moves a record between grounds', async () => {
        const home = await ground({ name: 'Home Farm' });
        const record = await cull({ ground_id: home.id, location_name: 'North ride' });
        await cull({ location_name: 'Elsewhere' });
        const search = async (q: string) =>
          (await call(ALICE, 'GET', `/culls?q=${encodeURIComponent(q)}`))
            .json<ListCullsResponse>()
            .items.map((item) => item.id);
        expect(await search('home farm')).toEqual([record.id]);

        // Bob's ground of the same name, and his record on it, are nothing to do with Alice's search.
        const his = await ground({ name: 'Wessex Estate' }, BOB);
        await cull({ ground_id: his.id }, BOB);
        await call(ALICE, 'PATCH', `/grounds/${home.id}`, { name: 'Wessex Estate' });
        const got = (await call(ALICE, 'GET', `/culls/${record.id}`)).json<CullView>();
        expect(got).toMatchObject({ ground_id: home.id, ground_name: 'Wessex Estate', version: 2 });
        expect(await search('wessex')).toEqual([record.id]);
        expect(await search('home farm')).toEqual([]);
        // Found by the name with a filter, and by a term too short for trigrams.
        const filtered = async (query: string) =>
          (await call(ALICE, 'GET', `/culls?${query}`))
            .json<ListCullsResponse>()
            .items.map((item) => item.id);
        expect(await filtered('q=wessex&sex=Female')).toEqual([record.id]);
        expect(await filtered('q=wessex&sex=Male')).toEqual([]);
        expect(await search('wx')).toEqual([]);
        expect(await search('ss')).toEqual([record.id]);
        const listed = (await call(ALICE, 'GET', '/culls?q=estate')).json<ListCullsResponse>();
        expect([listed.total, listed.items[0]?.ground_name]).toEqual([1, 'Wessex Estate']);
        const at = (await call(ALICE, 'GET', '/culls/at?latitude=51.07&longitude=0.04')).json();
        expect(at.items.find((item: { id: string }) => item.id === record.id)).toMatchObject({
          ground_id: home.id,
          ground_name: 'Wessex Estate',
        });
        const located = (await call(ALICE, 'GET', '/culls/locations')).json();
        expect(located.items.find((item: { id: string }) => item.id === record.id)).toMatchObject({
          ground_name: 'Wessex Estate',
        });

        const moved = await call(ALICE, 'PATCH', `/culls/${record.id}`, {
          ground_id: null,
          expected_version: 2,
        });
        expect(moved.statusCode, moved.body).toBe(200);
        expect(moved.json()).not.toHaveProperty('ground_id');
        expect(moved.json()).not.toHaveProperty('ground_name');
        expect((await per.backend.store.readStream(record.id)).map((event) => event.type)).toEqual([
          'cull.recorded.v2',
          T.cullPlaced,
          T.cullPlaced,
        ]);
        expect(await search('wessex')).toEqual([]);
      });

      it('keeps an archived ground on its records and refuses it for new ones', async () => {
        const home = await ground();
        const record = await cull({ ground_id: home.id });
        await call(ALICE, 'DELETE', `/grounds/${home.id}`);
        expect((await call(ALICE, 'GET', `/culls/${record.id}`)).json()).toMatchObject({
          ground_name: 'Home Farm',
        });
        await refused(
          ALICE,
          'POST',
          '/culls',
          cullBody({ ground_id: home.id }),
          'ground_id',
          M.groundArchived,
        );
        const kept = await call(ALICE, 'PATCH', `/culls/${record.id}`, {
          ground_id: home.id,
          notes: 'still here',
        });
        expect(kept.statusCode, kept.body).toBe(200);
        const other = await cull();
        await refused(
          ALICE,
          'PATCH',
          `/culls/${other.id}`,
          { ground_id: home.id },
          'ground_id',
          M.groundArchived,
        );
      });

      it('filters the map’s points by season, species, sex and ground, keeping their compact shape', async () => {
        const home = await ground();
        await call(ALICE, 'PATCH', '/settings', { season_start: '08-01' });
        per.harness.clock.advance(1000);
        await cull({
          date: '2026-07-30',
          species: 'Roe Deer',
          sex: 'Female',
          latitude: 51.1,
          longitude: -1.1,
        });
        per.harness.clock.advance(1000);
        await cull({
          date: '2026-08-02',
          species: 'Roe Deer',
          sex: 'Male',
          latitude: 51.2,
          longitude: -1.2,
          ground_id: home.id,
        });
        per.harness.clock.advance(1000);
        await cull({
          date: '2026-09-02',
          species: 'Muntjac',
          sex: 'Female',
          latitude: 51.3,
          longitude: -1.3,
        });
        await cull(
          { date: '2026-09-02', species: 'Muntjac', sex: 'Female', latitude: 51.4, longitude: -1.4 },
          BOB,
        );
        const points = async (query: string) => {
          const response = await call(ALICE, 'GET', `/culls/map-points${query}`);
          expect(response.statusCode, response.body).toBe(200);
          return response.json<MapPointsResponse>();
        };
        expect((await points('')).points).toHaveLength(3);
        expect(await points('?season=2026-27')).toEqual({
          species: ['Muntjac', 'Roe Deer'],
          points: [
            [51.3, -1.3, 0],
            [51.2, -1.2, 1],
          ],
          truncated: false,
        });
        expect((await points('?season=2025-26')).points).toEqual([[51.1, -1.1, 0]]);
        expect((await points('?species=roe%20deer&sex=Female')).points).toEqual([[51.1, -1.1, 0]]);
        expect((await points(`?ground_id=${home.id}`)).points).toEqual([[51.2, -1.2, 0]]);
        expect((await call(ALICE, 'GET', '/culls/map-points?sex=Stag')).statusCode).toBe(400);
        expect((await call(ALICE, 'GET', '/culls/map-points?season=2026')).statusCode).toBe(400);
        expect((await call(ALICE, 'GET', '/culls/map-points?colour=red')).statusCode).toBe(400);
      });
    });

    describe('settings and plans', () => {
      it('answers the default season start until set, and refuses any other', async () => {
        expect((await call(ALICE, 'GET', '/settings')).json()).toEqual({ season_start: '04-01' });
        const set = await call(ALICE, 'PATCH', '/settings', { season_start: '08-01' });
        expect(set.statusCode).toBe(200);
        expect(set.json()).toEqual({ season_start: '08-01' });
        expect((await call(ALICE, 'GET', '/settings')).json()).toEqual({ season_start: '08-01' });
        expect((await call(BOB, 'GET', '/settings')).json()).toEqual({ season_start: '04-01' });
        await refused(ALICE, 'PATCH', '/settings', { season_start: '01-01' }, 'season_start', M.seasonStart);
        const stream = (await per.backend.store.readAll(0, 100)).filter(
          (event) => event.type === T.settingsChanged,
        );
        expect(stream).toHaveLength(1);
        expect(stream[0]!.streamId).not.toContain(ALICE.uid);
      });

      it('answers no plans until set, replaces them whole, and keeps each user’s own', async () => {
        const home = await ground();
        const empty = (await call(ALICE, 'GET', '/plans/2026-27')).json<PlansResponse>();
        expect(empty).toEqual({
          season: '2026/27',
          from: '2026-04-01',
          to: '2027-03-31',
          plans: [],
          updated_at: null,
        });
        const plans = [
          { ground_id: null, targets: [{ species: 'Roe Deer', class: 'Female', target: 6 }] },
          { ground_id: home.id, targets: [{ species: 'Roe Deer', class: 'Male', target: 2 }] },
        ];
        const put = await call(ALICE, 'PUT', '/plans/2026-27', { plans });
        expect(put.statusCode, put.body).toBe(200);
        expect(put.json()).toMatchObject({
          season: '2026/27',
          plans,
          updated_at: per.harness.clock.now().toISOString(),
        });
        const replaced = await call(ALICE, 'PUT', '/plans/2026-27', { plans: [plans[1]] });
        expect(replaced.json<PlansResponse>().plans).toEqual([plans[1]]);
        expect((await call(ALICE, 'GET', '/plans/2027-28')).json<PlansResponse>().plans).toEqual([]);
        expect((await call(BOB, 'GET', '/plans/2026-27')).json<PlansResponse>().plans).toEqual([]);
        const events = (await per.backend.store.readAll(0, 100)).filter((event) => event.type === T.plansSet);
        expect(events.map((event) => event.version)).toEqual([1, 2]);
      });

      it('refuses a bad season, another user’s ground, repeated grounds or targets, and a bad target', async () => {
        const bobs = await ground({ name: 'Bob Farm' }, BOB);
        const target = { species: 'Roe Deer', class: 'Female', target: 6 };
        await refused(ALICE, 'PUT', '/plans/2026-28', { plans: [] }, 'season', M.season);
        expect((await call(ALICE, 'GET', '/plans/2026')).statusCode).toBe(400);
        await refused(
          ALICE,
          'PUT',
          '/plans/2026-27',
          { plans: [{ ground_id: bobs.id, targets: [target] }] },
          'plans.0.ground_id',
          M.groundUnknown,
        );
        await refused(
          ALICE,
          'PUT',
          '/plans/2026-27',
          {
            plans: [
              { ground_id: null, targets: [] },
              { ground_id: null, targets: [] },
            ],
          },
          'plans',
          M.planDuplicateGround,
        );
        await refused(
          ALICE,
          'PUT',
          '/plans/2026-27',
          { plans: [{ ground_id: null, targets: [target, target] }] },
          'plans.0.targets',
          M.planDuplicateTarget,
        );
        await refused(
          ALICE,
          'PUT',
          '/plans/2026-27',
          { plans: [{ ground_id: null, targets: [{ ...target, target: 1.5 }] }] },
          'plans.0.targets.0.target',
          M.target,
        );
      });
    });

    describe('the account', () => {
      async function seed(user: Identity, name: string) {
        const home = await ground({ name }, user);
        const open = await outing({ ground_id: home.id }, user);
        const record = await cull({}, user);
        await call(user, 'PATCH', '/settings', { season_start: '08-01' });
        const plans = [{ ground_id: home.id, targets: [{ species: 'Roe Deer', class: 'Male', target: 3 }] }];
        await call(user, 'PUT', '/plans/2026-27', { plans });
        return { home, open, record, plans };
      }
      const file = async (user: Identity, name: string) => {
        const response = await call(user, 'GET', `/account/${name}`);
        expect(response.statusCode).toBe(200);
        return response.json();
      };

      it('downloads the user’s grounds, outings, settings and plans, and their records with their ground’s name', async () => {
        const { home, open, record, plans } = await seed(ALICE, 'Home Farm');
        await seed(BOB, 'Bob Farm');
        expect(await file(ALICE, 'grounds.json')).toEqual([home]);
        expect(await file(ALICE, 'outings.json')).toEqual([{ ...open, cull_count: 1 }]);
        expect(await file(ALICE, 'settings.json')).toEqual({ season_start: '08-01', deer_values: [] });
        expect(await file(ALICE, 'plans.json')).toEqual([
          { season: '2026-27', plans, updated_at: per.harness.clock.now().toISOString() },
        ]);
        const records = await file(ALICE, 'records.json');
        expect(records).toEqual([
          expect.objectContaining({
            id: record.id,
            ground_id: home.id,
            ground_name: 'Home Farm',
            outing_id: open.id,
          }),
        ]);
      });

      it('erases the user’s grounds, outings, settings and plans with their account, and nobody else’s', async () => {
        await seed(ALICE, 'Home Farm');
        const bobs = await seed(BOB, 'Bob Farm');
        expect((await call(ALICE, 'DELETE', '/account')).statusCode).toBe(200);
        expect((await call(ALICE, 'GET', '/grounds')).json()).toEqual({ items: [] });
        expect((await call(ALICE, 'GET', '/outings')).json()).toEqual({ items: [], open: null });
        expect((await call(ALICE, 'GET', '/settings')).json()).toEqual({ season_start: '04-01' });
        expect((await call(ALICE, 'GET', '/plans/2026-27')).json().plans).toEqual([]);
        expect(await per.backend.readModel.groundNamed(ALICE.uid, 'Home Farm')).toBeUndefined();
        expect(await per.backend.readModel.seasonStart(ALICE.uid)).toBeUndefined();
        expect(await per.backend.readModel.plans(ALICE.uid, '2026-27')).toBeUndefined();
        expect((await call(BOB, 'GET', '/grounds')).json().items).toEqual([bobs.home]);
        expect((await call(BOB, 'GET', '/outings')).json().open).toMatchObject({
          id: bobs.open.id,
          cull_count: 1,
        });
        expect((await call(BOB, 'GET', '/plans/2026-27')).json().plans).toEqual(bobs.plans);
        // Erased, the user starts again from nothing: the name is free, the settings are the defaults.
        await ground({ name: 'Home Farm' });
      });
    });
  });
}
