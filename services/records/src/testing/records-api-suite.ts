import { describe, expect, it } from 'vitest';
import {
  EVENT_POSITION_HEADER,
  GRID_REFERENCE_MESSAGES,
  MapCullsResponse,
  MapPointsResponse,
  MESSAGES,
  REQUIRED_MESSAGES,
  SORT_COLUMNS,
  type CullView as Cull,
  type ListCullsResponse,
  type MapCull,
} from '@cull-log/contracts';
import type { EventStore } from '@cull-log/eventstore';
import { StoreUnavailableError } from '@cull-log/storage-kit';
import { BODY_LIMIT_BYTES } from '../app';
import type { CullReadModel } from '../read-model/cull-read-model';
import { expectedOrder } from './expected-order';
import {
  ALICE,
  BOB,
  CLOCK_START,
  createHarness,
  cullBody,
  type Backend,
  harnessPerTest,
} from './records-harness';

const CLIENT_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

/**
 * The records API, end to end through `app.inject`, against one backend. Every backend runs the same suite.
 */
export function describeRecordsApi<Tx>(backendName: string, openBackend: () => Promise<Backend<Tx>>): void {
  describe(`records API on ${backendName}`, () => {
    const per = harnessPerTest(openBackend);

    async function create(overrides: Record<string, unknown> = {}, user = ALICE): Promise<Cull> {
      const response = await per.harness.call(user, 'POST', '/culls', cullBody(overrides));
      expect(response.statusCode).toBe(201);
      return response.json<Cull>();
    }

    async function list(url = '/culls', user = ALICE): Promise<ListCullsResponse> {
      const response = await per.harness.call(user, 'GET', url);
      expect(response.statusCode).toBe(200);
      return response.json<ListCullsResponse>();
    }

    async function expectNothingWritten(): Promise<void> {
      expect(await per.backend.store.headPosition()).toBe(0);
      expect((await list()).total).toBe(0);
    }

    describe('recording', () => {
      it('creates a record owned by the caller and answers with it and the event position', async () => {
        const response = await per.harness.call(ALICE, 'POST', '/culls', cullBody());
        expect(response.statusCode).toBe(201);
        expect(response.headers[EVENT_POSITION_HEADER]).toBe('1');
        const record = response.json<Cull>();
        expect(record).toMatchObject({
          ...cullBody(),
          created_by: ALICE.uid,
          created_at: CLOCK_START,
          updated_at: CLOCK_START,
          version: 1,
        });
        expect(record.id).toMatch(/^[0-9a-f-]{36}$/);
        const read = await per.harness.call(ALICE, 'GET', `/culls/${record.id}`);
        expect(read.statusCode).toBe(200);
        expect(read.json()).toEqual(record);
      });

      it('answers every missing required field with its own message and writes nothing', async () => {
        const response = await per.harness.call(ALICE, 'POST', '/culls', {});
        expect(response.statusCode).toBe(400);
        const { error } = response.json();
        expect(error.code).toBe('validation_failed');
        expect(error.fields).toEqual(REQUIRED_MESSAGES);
        await expectNothingWritten();
      });

      it.each(Object.entries(REQUIRED_MESSAGES))('an empty %s answers "%s"', async (field, message) => {
        const response = await per.harness.call(ALICE, 'POST', '/culls', cullBody({ [field]: '' }));
        expect(response.statusCode).toBe(400);
        expect(response.json().error.fields).toEqual({ [field]: message });
        await expectNothingWritten();
      });

      it('treats a location of spaces as missing', async () => {
        const response = await per.harness.call(ALICE, 'POST', '/culls', cullBody({ location_name: '   ' }));
        expect(response.json().error.fields).toEqual({ location_name: REQUIRED_MESSAGES.location_name });
      });

      it('stores trimmed text, drops empty optional fields and antler details without antlers', async () => {
        const record = await create({
          location_name: '  Home Wood  ',
          notes: '',
          grid_ref: null,
          latitude: null,
          longitude: null,
          antlers_present: false,
          antler_points: 6,
          antler_condition: 'Good',
        });
        expect(record.location_name).toBe('Home Wood');
        expect(record).not.toHaveProperty('notes');
        expect(record).not.toHaveProperty('grid_ref');
        expect(record).not.toHaveProperty('latitude');
        expect(record).not.toHaveProperty('antler_points');
        expect(record).not.toHaveProperty('antler_condition');
      });

      it('keeps antler details when antlers are present', async () => {
        const record = await create({ antlers_present: true, antler_points: 6, antler_condition: 'Good' });
        expect(record).toMatchObject({ antlers_present: true, antler_points: 6, antler_condition: 'Good' });
      });

      it.each([
        ['weight as text', { weight: 'heavy' }, 'weight', 'Weight must be a number'],
        ['an operator object', { species: { $ne: null } }, 'species', REQUIRED_MESSAGES.species],
        ['an operator object in place of a date', { date: { $gt: '' } }, 'date', REQUIRED_MESSAGES.date],
        [
          'antlers as text',
          { antlers_present: 'yes' },
          'antlers_present',
          'Antlers present must be true or false',
        ],
        ['an impossible date', { date: '2025-02-30' }, 'date', 'Date must be a valid date (YYYY-MM-DD)'],
        ['an unknown field', { user_id: BOB.uid }, 'user_id', 'Unknown field'],
        ['a sex not in the list', { sex: 'Both' }, 'sex', REQUIRED_MESSAGES.sex],
        ['a NUL in the notes', { notes: 'Gralloched\u0000' }, 'notes', MESSAGES.unsafeText],
        [
          'a control character in the place',
          { location_name: 'Home\u001bWood' },
          'location_name',
          MESSAGES.unsafeText,
        ],
        ['a text-direction override', { shooter: 'A. Stalker\u202Egnp.exe' }, 'shooter', MESSAGES.unsafeText],
        ['half of a surrogate pair', { carcass_tag: 'T-\uD83D' }, 'carcass_tag', MESSAGES.unsafeText],
        [
          'a NUL in a part of a field',
          {
            inspection: {
              examined_by: 'A\u0000',
              abnormal_behaviour: false,
              abnormalities: [],
              contamination_suspected: false,
            },
          },
          'inspection.examined_by',
          MESSAGES.unsafeText,
        ],
      ])('refuses %s with 400 and writes nothing', async (_case, overrides, field, message) => {
        const response = await per.harness.call(ALICE, 'POST', '/culls', cullBody(overrides));
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatchObject({
          code: 'validation_failed',
          fields: { [field]: message },
        });
        await expectNothingWritten();
      });

      it('refuses a body that is not an object', async () => {
        const response = await per.harness.call(ALICE, 'POST', '/culls', [cullBody()]);
        expect(response.statusCode).toBe(400);
        await expectNothingWritten();
      });

      it('refuses malformed JSON with 400 and writes nothing', async () => {
        const response = await per.harness.call(ALICE, 'POST', '/culls', '{"date": "2025-02-14",', {
          'content-type': 'application/json',
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.code).toBe('bad_request');
        await expectNothingWritten();
      });

      it('refuses a body over the size limit with 413 and writes nothing', async () => {
        const response = await per.harness.call(
          ALICE,
          'POST',
          '/culls',
          JSON.stringify(cullBody({ notes: 'x'.repeat(BODY_LIMIT_BYTES) })),
          { 'content-type': 'application/json' },
        );
        expect(response.statusCode).toBe(413);
        expect(response.json().error.code).toBe('payload_too_large');
        await expectNothingWritten();
      });

      it('refuses a caller without a signed identity', async () => {
        const response = await per.harness.app.inject({ method: 'POST', url: '/culls', payload: cullBody() });
        expect(response.statusCode).toBe(401);
        expect(response.json().error.message).toBe(MESSAGES.notAuthenticated);
        await expectNothingWritten();
      });

      it('uses the id the client made, and the same create sent again returns the same record', async () => {
        const first = await per.harness.call(ALICE, 'POST', '/culls', cullBody({ id: CLIENT_ID }));
        const again = await per.harness.call(ALICE, 'POST', '/culls', cullBody({ id: CLIENT_ID }));
        expect(first.statusCode).toBe(201);
        expect(again.statusCode).toBe(201);
        expect(again.json()).toEqual(first.json());
        expect(first.json().id).toBe(CLIENT_ID);
        expect(again.headers[EVENT_POSITION_HEADER]).toBe(first.headers[EVENT_POSITION_HEADER]);
        expect(await per.backend.store.headPosition()).toBe(1);
        expect((await list()).total).toBe(1);
      });

      it('matches a client id regardless of letter case', async () => {
        await create({ id: CLIENT_ID });
        const again = await per.harness.call(
          ALICE,
          'POST',
          '/culls',
          cullBody({ id: CLIENT_ID.toUpperCase() }),
        );
        expect(again.json().id).toBe(CLIENT_ID);
        expect(await per.backend.store.headPosition()).toBe(1);
      });

      it('refuses a different record under an id already used, changing nothing', async () => {
        const original = await create({ id: CLIENT_ID });
        for (const [user, body] of [
          [ALICE, cullBody({ id: CLIENT_ID, species: 'Fox' })],
          [BOB, cullBody({ id: CLIENT_ID })],
        ] as const) {
          const response = await per.harness.call(user, 'POST', '/culls', body);
          expect(response.statusCode).toBe(409);
          expect(response.json().error).toEqual({ code: 'already_exists', message: MESSAGES.alreadyExists });
        }
        expect(await per.backend.store.headPosition()).toBe(1);
        expect((await per.harness.call(ALICE, 'GET', `/culls/${CLIENT_ID}`)).json()).toEqual(original);
        expect((await list('/culls', BOB)).total).toBe(0);
      });

      it('refuses a client id that is not a UUID', async () => {
        const response = await per.harness.call(ALICE, 'POST', '/culls', cullBody({ id: 'my-record' }));
        expect(response.statusCode).toBe(400);
        expect(response.json().error.fields).toEqual({ id: 'id must be a UUID' });
      });
    });

    describe('amending', () => {
      it('changes only the fields sent, keeps created_at and refreshes updated_at', async () => {
        const record = await create();
        per.harness.clock.advance(60_000);
        const response = await per.harness.call(ALICE, 'PATCH', `/culls/${record.id}`, {
          weight: 15.2,
          notes: null,
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers[EVENT_POSITION_HEADER]).toBe('2');
        const { notes: _notes, ...unchanged } = record;
        expect(response.json()).toEqual({
          ...unchanged,
          weight: 15.2,
          updated_at: new Date(Date.parse(CLOCK_START) + 60_000).toISOString(),
          version: 2,
        });
        expect((await per.harness.call(ALICE, 'GET', `/culls/${record.id}`)).json()).toEqual(response.json());
      });

      it('an empty optional text clears the field', async () => {
        const record = await create();
        const response = await per.harness.call(ALICE, 'PATCH', `/culls/${record.id}`, { shot_distance: '' });
        expect(response.json()).not.toHaveProperty('shot_distance');
      });

      it('turning antlers off removes their details', async () => {
        const record = await create({ antlers_present: true, antler_points: 4, antler_condition: 'Fair' });
        const response = await per.harness.call(ALICE, 'PATCH', `/culls/${record.id}`, {
          antlers_present: false,
        });
        expect(response.json()).not.toHaveProperty('antler_points');
        expect(response.json()).not.toHaveProperty('antler_condition');
      });

      it('accepts the current expected_version', async () => {
        const record = await create();
        const response = await per.harness.call(ALICE, 'PATCH', `/culls/${record.id}`, {
          species: 'Fallow Deer',
          expected_version: 1,
        });
        expect(response.statusCode).toBe(200);
        expect(response.json().version).toBe(2);
      });

      it('a stale expected_version answers 409 and changes nothing', async () => {
        const record = await create();
        await per.harness.call(ALICE, 'PATCH', `/culls/${record.id}`, { weight: 16 });
        const response = await per.harness.call(ALICE, 'PATCH', `/culls/${record.id}`, {
          weight: 99,
          expected_version: 1,
        });
        expect(response.statusCode).toBe(409);
        expect(response.json().error).toEqual({
          code: 'version_conflict',
          message: MESSAGES.versionConflict,
        });
        const current = (await per.harness.call(ALICE, 'GET', `/culls/${record.id}`)).json<Cull>();
        expect(current).toMatchObject({ weight: 16, version: 2 });
        expect(await per.backend.store.headPosition()).toBe(2);
      });

      it('an amendment without fields is refused', async () => {
        const record = await create();
        const response = await per.harness.call(ALICE, 'PATCH', `/culls/${record.id}`, {
          expected_version: 1,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.fields).toEqual({ _: 'Send at least one field to change' });
      });

      it.each(Object.entries(REQUIRED_MESSAGES))(
        'emptying %s answers "%s" and changes nothing',
        async (field, message) => {
          const record = await create();
          const response = await per.harness.call(ALICE, 'PATCH', `/culls/${record.id}`, { [field]: '' });
          expect(response.statusCode).toBe(400);
          expect(response.json().error.fields).toEqual({ [field]: message });
          expect(await per.backend.store.headPosition()).toBe(1);
        },
      );

      it('refuses operator objects and wrong types, changing nothing', async () => {
        const record = await create();
        for (const body of [
          { species: { $ne: null } },
          { weight: '12' },
          { version: 5 },
          { notes: 'bad\u0000' },
          { location_name: '\u2066Wood' },
        ]) {
          const response = await per.harness.call(ALICE, 'PATCH', `/culls/${record.id}`, body);
          expect(response.statusCode).toBe(400);
        }
        expect(await per.backend.store.headPosition()).toBe(1);
      });
    });

    describe('deleting', () => {
      it('removes the record and answers 204 with the event position', async () => {
        const record = await create();
        const response = await per.harness.call(ALICE, 'DELETE', `/culls/${record.id}`);
        expect(response.statusCode).toBe(204);
        expect(response.headers[EVENT_POSITION_HEADER]).toBe('2');
        expect(response.body).toBe('');
        const read = await per.harness.call(ALICE, 'GET', `/culls/${record.id}`);
        expect(read.statusCode).toBe(404);
        expect((await list()).total).toBe(0);
      });

      it('a deleted record can be neither amended nor deleted again', async () => {
        const record = await create();
        await per.harness.call(ALICE, 'DELETE', `/culls/${record.id}`);
        for (const [method, body] of [
          ['PATCH', { weight: 1 }],
          ['DELETE', undefined],
        ] as const) {
          const response = await per.harness.call(ALICE, method, `/culls/${record.id}`, body);
          expect(response.statusCode).toBe(404);
          expect(response.json().error).toEqual({ code: 'not_found', message: MESSAGES.cullNotFound });
        }
        expect(await per.backend.store.headPosition()).toBe(2);
      });
    });

    describe('ownership', () => {
      it("a second user can neither read, list, amend nor delete the first user's record", async () => {
        const record = await create();
        const notFound = { error: { code: 'not_found', message: MESSAGES.cullNotFound } };

        const read = await per.harness.call(BOB, 'GET', `/culls/${record.id}`);
        expect([read.statusCode, read.json()]).toEqual([404, notFound]);

        expect(await list('/culls', BOB)).toEqual({ items: [], total: 0, page: 1, page_size: 10 });
        expect((await list('/culls?q=ashdown', BOB)).total).toBe(0);

        const amend = await per.harness.call(BOB, 'PATCH', `/culls/${record.id}`, { species: 'Fox' });
        expect([amend.statusCode, amend.json()]).toEqual([404, notFound]);

        const remove = await per.harness.call(BOB, 'DELETE', `/culls/${record.id}`);
        expect([remove.statusCode, remove.json()]).toEqual([404, notFound]);

        expect(await per.backend.store.headPosition()).toBe(1);
        expect((await per.harness.call(ALICE, 'GET', `/culls/${record.id}`)).json()).toEqual(record);
      });

      it('answers an unknown id exactly like a record of someone else', async () => {
        const record = await create();
        const theirs = await per.harness.call(BOB, 'GET', `/culls/${record.id}`);
        const missing = await per.harness.call(BOB, 'GET', '/culls/9b2f4c62-51a4-4a53-a7c2-b39d1d1c6f61');
        expect(missing.statusCode).toBe(theirs.statusCode);
        expect(missing.json()).toEqual(theirs.json());
      });

      it.each(['GET', 'PATCH', 'DELETE'] as const)(
        '%s of an id that is not a UUID answers 404',
        async (method) => {
          const response = await per.harness.call(
            ALICE,
            method,
            '/culls/not-a-uuid',
            method === 'PATCH' ? { weight: 1 } : undefined,
          );
          expect(response.statusCode).toBe(404);
          expect(response.json().error.message).toBe(MESSAGES.cullNotFound);
        },
      );
    });

    describe('listing', () => {
      it('pages server-side and reports the total', async () => {
        for (let day = 1; day <= 25; day += 1) {
          await create({ date: `2025-01-${String(day).padStart(2, '0')}` });
        }
        const third = await list('/culls?page=3&page_size=10&sort=date&order=asc');
        expect(third.total).toBe(25);
        expect(third.items.map((item) => item.date)).toEqual(
          ['21', '22', '23', '24', '25'].map((day) => `2025-01-${day}`),
        );
        expect((await list('/culls?page=9')).items).toEqual([]);
        const defaults = await list();
        expect(defaults).toMatchObject({ page: 1, page_size: 10, total: 25 });
        expect(defaults.items).toHaveLength(10);
      });

      it.each(['page_size=0', 'page_size=101', 'page=0', 'sort=user_id', 'order=up', 'limit=5', 'page=two'])(
        'refuses the query %s with 400',
        async (query) => {
          const response = await per.harness.call(ALICE, 'GET', `/culls?${query}`);
          expect(response.statusCode).toBe(400);
          expect(response.json().error.code).toBe('validation_failed');
        },
      );

      it('sorts by date then time, newest first by default on date, ties broken by id', async () => {
        const made = [
          await create({ date: '2025-01-02', time: '07:00' }),
          await create({ date: '2025-01-02', time: '18:00' }),
          await create({ date: '2024-12-31', time: '23:00' }),
          await create({ date: '2025-01-02', time: '18:00' }),
          await create({ date: '2025-01-10', time: '05:00' }),
        ];
        const byDate = (await list('/culls?sort=date&order=desc')).items;
        const tied = [made[1]!.id, made[3]!.id].sort().reverse();
        expect(byDate.map((item) => item.id)).toEqual([made[4]!.id, ...tied, made[0]!.id, made[2]!.id]);
        const ascending = (await list('/culls?sort=date&order=asc')).items.map((item) => item.id);
        expect(ascending).toEqual(byDate.map((item) => item.id).reverse());
      });

      it('lists newest created first when no sort is asked for', async () => {
        const first = await create();
        per.harness.clock.advance(1000);
        const second = await create();
        expect((await list()).items.map((item) => item.id)).toEqual([second.id, first.id]);
      });

      it('sorts on every column, either way, matching the order a reader expects', async () => {
        const variants = [
          { location_name: 'beech hanger', weight: 20, species: 'Muntjac', time: '05:10' },
          { location_name: 'Ashdown', weight: undefined, species: 'fox', time: '23:59' },
          {
            location_name: 'Crowborough',
            weight: 9.5,
            species: 'Roe Deer',
            antlers_present: true,
            time: '00:00',
          },
          { location_name: 'ashdown', weight: 20, species: 'Fallow Deer', shot_distance: undefined },
          { location_name: 'Zeal', weight: 101.25, species: 'Sika Deer', sex: 'Male', age_estimate: 'Old' },
          {
            location_name: 'Birch',
            weight: 0,
            condition: 'Poor',
            shot_placement: 'Head/Neck',
            shot_distance: '40m',
          },
        ];
        const records: Cull[] = [];
        for (const variant of variants) {
          records.push(await create(variant));
          per.harness.clock.advance(1000);
        }
        for (const sort of SORT_COLUMNS) {
          for (const order of ['asc', 'desc'] as const) {
            const listed = (await list(`/culls?sort=${sort}&order=${order}&page_size=100`)).items;
            expect(
              listed.map((item) => item.id),
              `${sort} ${order}`,
            ).toEqual(expectedOrder(records, sort, order).map((item) => item.id));
          }
        }
      });

      it('searches every column without regard to case, and counts only matches', async () => {
        const roe = await create({ species: 'Roe Deer', date: '2025-02-14', location_name: 'Home Wood' });
        const fox = await create({
          species: 'Fox',
          date: '2024-11-05',
          location_name: 'Lower Meadow',
          weight: 7.25,
          antlers_present: false,
          shot_distance: '80 yards',
        });
        const stag = await create({
          species: 'Red Deer',
          antlers_present: true,
          antler_points: 8,
          weight: 90,
        });
        await create({ location_name: 'Home Wood' }, BOB);

        const ids = async (q: string) => {
          const result = await list(
            `/culls?q=${encodeURIComponent(q)}&sort=created_at&order=asc&page_size=100`,
          );
          expect(result.total).toBe(result.items.length);
          return result.items.map((item) => item.id);
        };
        expect(await ids('ROE')).toEqual([roe.id]);
        expect(await ids('home wood')).toEqual([roe.id]);
        expect(await ids('05/11/2024')).toEqual([fox.id]);
        expect(await ids('2024-11')).toEqual([fox.id]);
        expect(await ids('7.25')).toEqual([fox.id]);
        expect(await ids('YARDS')).toEqual([fox.id]);
        expect(await ids('yes')).toEqual([stag.id]);
        expect((await ids('deer')).sort()).toEqual([roe.id, stag.id].sort());
        expect(await ids('  fox ')).toEqual([fox.id]);
        expect(await ids('%')).toEqual([]);
        expect(await ids('_')).toEqual([]);
        expect(await ids('.*')).toEqual([]);
        expect(await ids('clean kill')).toEqual([]);
      });

      it('answers the same pages read from either end, searched or not', async () => {
        const records: Cull[] = [];
        for (let index = 0; index < 45; index += 1) {
          records.push(
            await create({
              date: `2025-01-0${1 + (index % 3)}`,
              location_name: index % 2 === 0 ? 'Home Wood' : 'home wood',
              species: index % 3 === 0 ? 'Roe Deer' : 'Muntjac',
            }),
          );
        }
        for (const [q, matching] of [
          ['', records],
          ['roe', records.filter((record) => record.species === 'Roe Deer')],
        ] as const) {
          for (const order of ['asc', 'desc'] as const) {
            const whole = expectedOrder([...matching], 'location_name', order).map((record) => record.id);
            for (let page = 1; page <= Math.ceil(whole.length / 10); page += 1) {
              const answer = await list(`/culls?q=${q}&sort=location_name&order=${order}&page=${page}`);
              expect(answer.total).toBe(whole.length);
              expect(answer.items.map((record) => record.id)).toEqual(
                whole.slice((page - 1) * 10, page * 10),
              );
            }
          }
        }
      });

      it('pages through search results', async () => {
        for (let index = 0; index < 12; index += 1) {
          await create({ species: index % 2 === 0 ? 'Muntjac' : 'Rabbit', time: `0${index % 10}:00` });
        }
        const page = await list('/culls?q=muntjac&page=2&page_size=4&sort=time&order=asc');
        expect(page.total).toBe(6);
        expect(page.items).toHaveLength(2);
        expect(page.items.every((item) => item.species === 'Muntjac')).toBe(true);
      });
    });

    describe('map locations', () => {
      async function located(user = ALICE): Promise<MapCull[]> {
        const response = await per.harness.call(user, 'GET', '/culls/locations');
        expect(response.statusCode).toBe(200);
        const body = response.json<unknown>();
        // The schema drops keys it does not know, so equality also proves nothing else was sent.
        expect(body).toEqual(MapCullsResponse.parse(body));
        return (body as MapCullsResponse).items;
      }

      function onTheMap(record: Cull): MapCull {
        const { created_by: _by, created_at: _at, updated_at: _updated, version: _version, ...rest } = record;
        const { grid_ref: _grid, condition_notes: _conditionNotes, ...shown } = rest;
        return shown as MapCull;
      }

      it("answers every located record of the caller, newest first, with only the popup's fields", async () => {
        const older = await create({
          antlers_present: true,
          antler_points: 6,
          antler_condition: 'Good',
          condition_notes: 'Healthy coat',
        });
        per.harness.clock.advance(1000);
        // Without a grid reference, which would place them.
        const unplaced = { grid_ref: undefined };
        await create({
          ...unplaced,
          latitude: undefined,
          longitude: undefined,
          location_name: 'No coordinates',
        });
        await create({ ...unplaced, longitude: undefined, location_name: 'Latitude only' });
        await create({ ...unplaced, latitude: undefined, location_name: 'Longitude only' });
        const bare = await create({
          latitude: -33.5,
          longitude: 151,
          weight: undefined,
          shot_distance: undefined,
          notes: undefined,
        });
        per.harness.clock.advance(1000);
        const newest = await create({ latitude: 0, longitude: 0, location_name: 'Null Island' });
        await create({ location_name: 'Bob wood' }, BOB);

        expect(await located()).toEqual([newest, bare, older].map(onTheMap));
        expect((await located(BOB)).map((item) => item.location_name)).toEqual(['Bob wood']);
      });

      it('answers every located record at once, beyond the largest page of the list', async () => {
        for (let index = 0; index < 105; index += 1) await create({ time: `0${index % 10}:00` });
        const items = await located();
        expect(items).toHaveLength(105);
        expect(new Set(items.map((item) => item.id)).size).toBe(105);
      });

      it('follows amendments and deletions, and answers an empty list when nothing is located', async () => {
        const moved = await create();
        const cleared = await create();
        const deleted = await create();
        await per.harness.call(ALICE, 'PATCH', `/culls/${moved.id}`, { latitude: 50.5, longitude: -3.75 });
        await per.harness.call(ALICE, 'PATCH', `/culls/${cleared.id}`, { latitude: null });
        await per.harness.call(ALICE, 'DELETE', `/culls/${deleted.id}`);
        expect(await located()).toEqual([
          expect.objectContaining({ id: moved.id, latitude: 50.5, longitude: -3.75 }),
        ]);
        await per.harness.call(ALICE, 'PATCH', `/culls/${moved.id}`, { longitude: '' });
        expect(await located()).toEqual([]);
      });

      it('refuses a query it does not take, and a caller without a signed identity', async () => {
        const query = await per.harness.call(ALICE, 'GET', '/culls/locations?page_size=10');
        expect(query.statusCode).toBe(400);
        expect(query.json().error.code).toBe('validation_failed');
        const anonymous = await per.harness.app.inject({ method: 'GET', url: '/culls/locations' });
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.json().error.message).toBe(MESSAGES.notAuthenticated);
      });
    });

    describe('where and the law', () => {
      it('gives a record sent with only a grid reference the coordinates of its square, so it shows on the map', async () => {
        const record = await create({ grid_ref: 'tg5140913177', latitude: undefined, longitude: undefined });
        expect(record.grid_ref).toBe('TG 51409 13177');
        expect(record.latitude).toBeCloseTo(52.65798, 4);
        expect(record.longitude).toBeCloseTo(1.71605, 4);
        const points = await per.harness.call(ALICE, 'GET', '/culls/map-points');
        expect(points.json<MapPointsResponse>().points).toHaveLength(1);
      });

      it('gives a record sent with only coordinates its 8-figure grid reference', async () => {
        const record = await create({ grid_ref: undefined, latitude: 52.65798, longitude: 1.71605 });
        expect(record.grid_ref).toBe('TG 5140 1317');
      });

      it('refuses a grid reference that is not one on create, with its reason, and writes nothing', async () => {
        for (const grid_ref of ['XX 123 456', 'SK 12345', 'hello']) {
          const response = await per.harness.call(ALICE, 'POST', '/culls', cullBody({ grid_ref }));
          expect(response.statusCode).toBe(400);
          expect(response.json().error).toMatchObject({
            code: 'validation_failed',
            fields: { grid_ref: expect.stringContaining('Grid reference') },
          });
        }
        await expectNothingWritten();
      });

      it('refuses a grid reference that is not one on amend and keeps the record as it was', async () => {
        const record = await create();
        const response = await per.harness.call(ALICE, 'PATCH', `/culls/${record.id}`, {
          grid_ref: 'SK 123 4567',
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.fields).toEqual({ grid_ref: GRID_REFERENCE_MESSAGES.unevenFigures });
        expect(await per.backend.store.headPosition()).toBe(1);
        expect((await per.harness.call(ALICE, 'GET', `/culls/${record.id}`)).json()).toEqual(record);
      });

      it('moves the coordinates to a new grid reference amended alone', async () => {
        const record = await create();
        const response = await per.harness.call(ALICE, 'PATCH', `/culls/${record.id}`, {
          grid_ref: 'TG 51409 13177',
        });
        expect(response.statusCode).toBe(200);
        expect(response.json<Cull>().latitude).toBeCloseTo(52.65798, 4);
      });

      it('warns of a Roe doe in June on every read, and of nothing for a Muntjac', async () => {
        const doe = await create({ species: 'Roe Deer', sex: 'Female', date: '2026-06-15', time: '12:00' });
        expect(doe.warnings.map((warning) => warning.code)).toEqual(['close_season']);
        await create({ species: 'Muntjac', sex: 'Female', date: '2026-06-15', time: '12:00' });
        const { items } = await list();
        const warned = Object.fromEntries(items.map((item) => [item.species, item.warnings.length]));
        expect(warned).toEqual({ Muntjac: 0, 'Roe Deer': 1 });
        const read = await per.harness.call(ALICE, 'GET', `/culls/${doe.id}`);
        expect(read.json().warnings).toEqual(doe.warnings);
        const at = await per.harness.call(
          ALICE,
          'GET',
          `/culls/at?latitude=${doe.latitude}&longitude=${doe.longitude}`,
        );
        const atPoint = at.json<MapCullsResponse>().items;
        expect(atPoint.map((item) => item.warnings.length).sort()).toEqual([0, 1]);
      });

      it('warns of a deer shot at 23:30 in June at 52.5, -1.5 as at night, and recomputes on amend', async () => {
        const record = await create({
          species: 'Fallow Deer',
          sex: 'Male',
          date: '2026-09-15',
          time: '23:30',
          grid_ref: undefined,
          latitude: 52.5,
          longitude: -1.5,
        });
        expect(record.warnings.map((warning) => warning.code)).toEqual(['night']);
        const amended = await per.harness.call(ALICE, 'PATCH', `/culls/${record.id}`, { time: '07:00' });
        expect(amended.json().warnings).toEqual([]);
      });
    });

    describe('map points', () => {
      async function mapPoints(user = ALICE): Promise<MapPointsResponse> {
        const response = await per.harness.call(user, 'GET', '/culls/map-points');
        expect(response.statusCode).toBe(200);
        const body = response.json<MapPointsResponse>();
        expect(body).toEqual(MapPointsResponse.parse(body));
        return body;
      }

      it("answers the caller's located records, newest first, as points into a table of species", async () => {
        await create({ latitude: 51.07, longitude: 0.04, species: 'Roe Deer' });
        per.harness.clock.advance(1000);
        await create({ grid_ref: undefined, latitude: undefined, longitude: undefined });
        await create({ latitude: 52.123456, longitude: -1.654321, species: 'Muntjac' });
        per.harness.clock.advance(1000);
        await create({ latitude: -33.5, longitude: 151, species: 'Roe Deer' });
        await create({ latitude: 10, longitude: 10, species: 'Fox' }, BOB);

        expect(await mapPoints()).toEqual({
          species: ['Roe Deer', 'Muntjac'],
          points: [
            [-33.5, 151, 0],
            [52.123456, -1.654321, 1],
            [51.07, 0.04, 0],
          ],
          truncated: false,
        });
        expect(await mapPoints(BOB)).toEqual({ species: ['Fox'], points: [[10, 10, 0]], truncated: false });
      });

      it('spends at most 40 bytes of JSON on a point, with coordinates of full precision', async () => {
        for (let index = 0; index < 20; index += 1) {
          await create({ latitude: -89.123456 + index, longitude: -179.654321 + index, species: 'Roe Deer' });
        }
        const response = await per.harness.call(ALICE, 'GET', '/culls/map-points');
        const empty = JSON.stringify({ species: ['Roe Deer'], points: [], truncated: false });
        expect((Buffer.byteLength(response.body) - Buffer.byteLength(empty)) / 20).toBeLessThanOrEqual(40);
      });

      it('answers no points for a caller with none, and refuses a query it does not take', async () => {
        await create({ grid_ref: undefined, latitude: undefined });
        expect(await mapPoints()).toEqual({ species: [], points: [], truncated: false });
        const query = await per.harness.call(ALICE, 'GET', '/culls/map-points?limit=10');
        expect(query.statusCode).toBe(400);
        expect(query.json().error.code).toBe('validation_failed');
      });
    });

    describe('records at a point', () => {
      async function at(query: string, user = ALICE): Promise<MapCull[]> {
        const response = await per.harness.call(user, 'GET', `/culls/at?${query}`);
        expect(response.statusCode).toBe(200);
        const body = response.json<unknown>();
        expect(body).toEqual(MapCullsResponse.parse(body));
        return (body as MapCullsResponse).items;
      }

      it("answers the caller's records at exactly that point, newest first, with the popup's fields", async () => {
        const older = await create({ latitude: 52.123456, longitude: -1.654321 });
        per.harness.clock.advance(1000);
        const newer = await create({ latitude: 52.123456, longitude: -1.654321, species: 'Muntjac' });
        await create({ latitude: 52.123457, longitude: -1.654321 });
        await create({ latitude: 52.123456, longitude: -1.65432 });
        await create({ latitude: 52.123456, longitude: -1.654321 }, BOB);

        const found = await at('latitude=52.123456&longitude=-1.654321');
        expect(found.map((item) => item.id)).toEqual([newer.id, older.id]);
        const { created_by: _by, created_at: _at, updated_at: _updated, version: _version, ...rest } = newer;
        const { grid_ref: _grid, ...shown } = rest;
        expect(found[0]).toEqual(shown);
        expect(await at('latitude=52.123456&longitude=-1.654321', BOB)).toHaveLength(1);
        expect(await at('latitude=0&longitude=0')).toEqual([]);
      });

      it.each([
        'longitude=0',
        'latitude=52',
        'latitude=91&longitude=0',
        'latitude=0&longitude=-181',
        'latitude=north&longitude=0',
        'latitude=0&longitude=0&page=1',
      ])('refuses the query %j with 400', async (query) => {
        const response = await per.harness.call(ALICE, 'GET', `/culls/at?${query}`);
        expect(response.statusCode).toBe(400);
        expect(response.json().error.code).toBe('validation_failed');
      });
    });

    describe('when the store is unreachable', () => {
      function unreachable<T extends object>(target: T, methods: (keyof T)[]): T {
        return new Proxy(target, {
          get(object, property, receiver) {
            if (methods.includes(property as keyof T)) {
              return async () => {
                throw new StoreUnavailableError(new Error('connection refused'));
              };
            }
            const value = Reflect.get(object, property, receiver);
            return typeof value === 'function' ? value.bind(object) : value;
          },
        });
      }

      it('a write answers 503 and nothing is written', async () => {
        const down = createHarness({
          backend: per.backend,
          store: unreachable(per.backend.store, ['append'] as (keyof EventStore<Tx>)[]),
        });
        const response = await down.call(ALICE, 'POST', '/culls', cullBody());
        expect(response.statusCode).toBe(503);
        expect(response.json().error).toEqual({
          code: 'service_unavailable',
          message: MESSAGES.serviceUnavailable,
        });
        await down.app.close();
        await expectNothingWritten();
      });

      it('reads answer 503', async () => {
        const down = createHarness({
          backend: per.backend,
          store: unreachable(per.backend.store, ['readStream', 'headPosition'] as (keyof EventStore<Tx>)[]),
          readModel: unreachable(per.backend.readModel, [
            'get',
            'list',
            'listLocated',
            'mapPoints',
            'listAt',
          ] as (keyof CullReadModel<Tx>)[]),
        });
        expect((await down.call(ALICE, 'GET', '/culls')).statusCode).toBe(503);
        expect((await down.call(ALICE, 'GET', '/culls/locations')).statusCode).toBe(503);
        expect((await down.call(ALICE, 'GET', '/culls/map-points')).statusCode).toBe(503);
        expect((await down.call(ALICE, 'GET', '/culls/at?latitude=0&longitude=0')).statusCode).toBe(503);
        expect((await down.call(ALICE, 'GET', `/culls/${CLIENT_ID}`)).statusCode).toBe(503);
        expect((await down.call(ALICE, 'DELETE', `/culls/${CLIENT_ID}`)).statusCode).toBe(503);
        expect((await down.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
        await down.app.close();
      });
    });
  });
}
