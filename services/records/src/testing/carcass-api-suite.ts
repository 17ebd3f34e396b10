import { describe, expect, it } from 'vitest';
import {
  CARCASS_MESSAGES,
  EVENT_POSITION_HEADER,
  MESSAGES,
  type CullView as Cull,
} from '@cull-log/contracts';
import { ALICE, BOB, cullBody, type Backend, harnessPerTest } from './records-harness';

const INSPECTION = {
  examined_by: 'A. Stalker',
  certificate_number: 'DSC1-12345',
  abnormal_behaviour: false,
  abnormalities: ['parasites', 'other'],
  other_abnormality: 'Heavy ked',
  contamination_suspected: false,
};

/** Each carcass field: a valid value, another valid value to amend to, and an invalid one with its message. */
const FIELDS: [
  field: string,
  value: unknown,
  amendedTo: unknown,
  invalid: unknown,
  errorKey: string,
  message: string,
][] = [
  [
    'calibre',
    { name: '.243 Win' },
    { name: '.275 Rigby', bore_in: 0.284 },
    { name: '.308 Win', bore_in: 0.3 },
    'calibre.bore_in',
    CARCASS_MESSAGES.boreOfListed,
  ],
  ['bullet_weight_gr', 100, 87.5, 0, 'bullet_weight_gr', CARCASS_MESSAGES.bulletWeight],
  [
    'bullet_type',
    'Soft point',
    'Monolithic expanding',
    'Lead round nose',
    'bullet_type',
    CARCASS_MESSAGES.bulletType,
  ],
  ['muzzle_velocity_fps', 2960, 3100, 100, 'muzzle_velocity_fps', CARCASS_MESSAGES.muzzleVelocity],
  ['muzzle_energy_j', 2600, 2400, -5, 'muzzle_energy_j', CARCASS_MESSAGES.muzzleEnergy],
  ['shooter', 'Jo Bloggs', 'Sam Client', 'x'.repeat(101), 'shooter', 'Must be at most 100 characters'],
  ['carcass_tag', 'AF-0042', 'AF-0043', 'x'.repeat(51), 'carcass_tag', 'Must be at most 50 characters'],
  [
    'carcass_destination',
    'Own use',
    'Condemned',
    'Freezer',
    'carcass_destination',
    CARCASS_MESSAGES.destination,
  ],
  [
    'inspection',
    INSPECTION,
    { ...INSPECTION, abnormalities: [], other_abnormality: undefined },
    { ...INSPECTION, examined_by: ' ' },
    'inspection.examined_by',
    CARCASS_MESSAGES.examinedBy,
  ],
  [
    'weather',
    { temperature_c: 4, wind_direction: 'SW' },
    { precipitation: 'Snow' },
    { wind_direction: 'NNE' },
    'weather.wind_direction',
    CARCASS_MESSAGES.windDirection,
  ],
];

const withoutUndefined = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

/** The carcass fields through the records API, end to end, against one backend. Every backend runs the same suite. */
export function describeCarcassApi<Tx>(backendName: string, openBackend: () => Promise<Backend<Tx>>): void {
  describe(`carcass fields through the records API on ${backendName}`, () => {
    const per = harnessPerTest(openBackend);

    async function create(overrides: Record<string, unknown> = {}): Promise<Cull> {
      const response = await per.harness.call(ALICE, 'POST', '/culls', cullBody(overrides));
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Cull>();
    }

    const read = async (id: string) => (await per.harness.call(ALICE, 'GET', `/culls/${id}`)).json<Cull>();

    it.each(FIELDS)('%s: kept on create, read back, amended, cleared', async (field, value, amendedTo) => {
      const record = await create({ [field]: value });
      expect(record[field as keyof Cull]).toEqual(value);
      expect((await read(record.id))[field as keyof Cull]).toEqual(value);
      const listed = (await per.harness.call(ALICE, 'GET', '/culls')).json<{ items: Cull[] }>().items[0];
      expect(listed?.[field as keyof Cull]).toEqual(value);

      const amended = await per.harness.call(ALICE, 'PATCH', `/culls/${record.id}`, { [field]: amendedTo });
      expect(amended.statusCode, amended.body).toBe(200);
      expect((await read(record.id))[field as keyof Cull]).toEqual(withoutUndefined(amendedTo));

      const cleared = await per.harness.call(ALICE, 'PATCH', `/culls/${record.id}`, { [field]: null });
      expect(cleared.statusCode).toBe(200);
      expect(await read(record.id)).not.toHaveProperty(field);
      expect((await read(record.id)).version).toBe(3);
    });

    it.each(FIELDS)(
      '%s: an invalid value is refused with 400 and its message, writing nothing',
      async (...row) => {
        const [field, , , invalid, errorKey, message] = row;
        const response = await per.harness.call(ALICE, 'POST', '/culls', cullBody({ [field]: invalid }));
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toEqual({
          code: 'validation_failed',
          message: MESSAGES.invalidFields,
          fields: { [errorKey]: message },
        });
        expect(await per.backend.store.headPosition()).toBe(0);

        const record = await create({ [field]: FIELDS.find(([name]) => name === field)![1] });
        const amend = await per.harness.call(ALICE, 'PATCH', `/culls/${record.id}`, { [field]: invalid });
        expect(amend.statusCode).toBe(400);
        expect(amend.json().error.fields).toEqual({ [errorKey]: message });
        expect((await read(record.id)).version).toBe(1);
      },
    );

    it('game_dealer: kept for a carcass gone to a game dealer, amended, cleared, and dropped when it goes elsewhere', async () => {
      const record = await create({ carcass_destination: 'Game dealer', game_dealer: 'Downs Game Ltd' });
      expect(record.game_dealer).toBe('Downs Game Ltd');
      await per.harness.call(ALICE, 'PATCH', `/culls/${record.id}`, { game_dealer: 'Vale Venison' });
      expect((await read(record.id)).game_dealer).toBe('Vale Venison');
      await per.harness.call(ALICE, 'PATCH', `/culls/${record.id}`, { game_dealer: '' });
      expect(await read(record.id)).not.toHaveProperty('game_dealer');
      await per.harness.call(ALICE, 'PATCH', `/culls/${record.id}`, { game_dealer: 'Vale Venison' });
      await per.harness.call(ALICE, 'PATCH', `/culls/${record.id}`, { carcass_destination: 'Own use' });
      expect(await read(record.id)).not.toHaveProperty('game_dealer');

      const elsewhere = await create({ carcass_destination: 'Own use', game_dealer: 'Downs Game Ltd' });
      expect(elsewhere).not.toHaveProperty('game_dealer');
      const tooLong = await per.harness.call(
        ALICE,
        'POST',
        '/culls',
        cullBody({ carcass_destination: 'Game dealer', game_dealer: 'x'.repeat(201) }),
      );
      expect(tooLong.json().error.fields).toEqual({ game_dealer: 'Must be at most 200 characters' });
    });

    it('works the muzzle energy out from the bullet weight and velocity, and again when the load changes', async () => {
      const record = await create({ bullet_weight_gr: 100, muzzle_velocity_fps: 2960 });
      expect(record.muzzle_energy_j).toBe(2637);
      const amended = await per.harness.call(ALICE, 'PATCH', `/culls/${record.id}`, {
        bullet_weight_gr: 150,
      });
      expect(amended.json().muzzle_energy_j).toBe(3956);
      const given = await create({ bullet_weight_gr: 100, muzzle_velocity_fps: 2960, muzzle_energy_j: 2500 });
      expect(given.muzzle_energy_j).toBe(2500);
    });

    it('an empty weather or calibre sent from a form is no weather or calibre at all', async () => {
      const record = await create({ weather: { temperature_c: null, cloud: '' }, calibre: { name: '' } });
      expect(record).not.toHaveProperty('weather');
      expect(record).not.toHaveProperty('calibre');
    });

    const codes = (record: Cull, code: string) => record.warnings.filter((warning) => warning.code === code);

    it('warns of a calibre below the minimum for the species on every read, and recomputes on amend', async () => {
      const roe = await create({ calibre: { name: '.223 Rem' }, bullet_type: 'Soft point' });
      expect(codes(roe, 'calibre')).toHaveLength(1);
      expect(codes(roe, 'calibre')[0]?.message).toContain('Deer Act 1991, Schedule 2');
      expect(codes(await read(roe.id), 'calibre')).toHaveLength(1);
      const listed = (await per.harness.call(ALICE, 'GET', '/culls')).json<{ items: Cull[] }>().items[0]!;
      expect(codes(listed, 'calibre')).toHaveLength(1);
      const amended = await per.harness.call(ALICE, 'PATCH', `/culls/${roe.id}`, {
        calibre: { name: '.243 Win' },
      });
      expect(codes(amended.json<Cull>(), 'calibre')).toEqual([]);

      const muntjac = await create({
        species: 'Muntjac',
        calibre: { name: '.223 Rem' },
        bullet_weight_gr: 40,
      });
      expect(codes(muntjac, 'calibre')[0]?.message).toContain('under 50 grains');
      const expanding = await per.harness.call(ALICE, 'PATCH', `/culls/${muntjac.id}`, {
        bullet_weight_gr: 55,
      });
      expect(codes(expanding.json<Cull>(), 'calibre')).toEqual([]);
      const jacketed = await create({ species: 'Fallow Deer', bullet_type: 'Full metal jacket' });
      expect(codes(jacketed, 'calibre')).toHaveLength(1);
    });

    it("warns of a carcass tag on another of the user's records in the same season, on both, and no longer once changed", async () => {
      const first = await create({ date: '2025-11-01', carcass_tag: 'AF-0042' });
      expect(codes(first, 'duplicate_tag')).toEqual([]);
      const second = await create({ date: '2026-01-10', carcass_tag: 'af-0042' });
      expect(codes(second, 'duplicate_tag')[0]?.message).toContain('also on another record (01/11/2025)');
      expect(codes(await read(first.id), 'duplicate_tag')[0]?.message).toContain('(10/01/2026)');
      const page = (await per.harness.call(ALICE, 'GET', '/culls?page_size=1')).json<{ items: Cull[] }>()
        .items;
      expect(codes(page[0]!, 'duplicate_tag')).toHaveLength(1);

      const nextSeason = await create({ date: '2026-04-01', carcass_tag: 'AF-0042' });
      expect(codes(nextSeason, 'duplicate_tag')).toEqual([]);
      const bobs = await per.harness.call(
        BOB,
        'POST',
        '/culls',
        cullBody({ date: '2025-11-02', carcass_tag: 'AF-0042' }),
      );
      expect(codes(bobs.json<Cull>(), 'duplicate_tag')).toEqual([]);

      await per.harness.call(ALICE, 'PATCH', `/culls/${second.id}`, { carcass_tag: 'AF-0043' });
      expect(codes(await read(first.id), 'duplicate_tag')).toEqual([]);
      await per.harness.call(ALICE, 'PATCH', `/culls/${second.id}`, { carcass_tag: 'AF-0042' });
      await per.harness.call(ALICE, 'DELETE', `/culls/${second.id}`);
      expect(codes(await read(first.id), 'duplicate_tag')).toEqual([]);
    });

    it('finds records by the carcass text fields in the search, and only the caller’s', async () => {
      const tagged = await create({
        shooter: 'Jo Bloggs',
        carcass_tag: 'AF-0042',
        carcass_destination: 'Game dealer',
        game_dealer: 'Downs Venison',
        calibre: { name: '6.5 Creedmoor' },
        inspection: { ...INSPECTION, examined_by: 'Sam Keeper', certificate_number: 'DSC1-777' },
      });
      await create({ species: 'Fallow Deer' });
      await per.harness.call(
        BOB,
        'POST',
        '/culls',
        cullBody({ carcass_tag: 'AF-0042', shooter: 'Jo Bloggs' }),
      );
      for (const q of [
        'bloggs',
        'af-0042',
        'DOWNS VEN',
        'creedmoor',
        'game dealer',
        'sam keep',
        'dsc1-777',
        'jo',
      ]) {
        const page = (await per.harness.call(ALICE, 'GET', `/culls?q=${encodeURIComponent(q)}`)).json<{
          items: Cull[];
          total: number;
        }>();
        expect(
          page.items.map((item) => item.id),
          q,
        ).toEqual([tagged.id]);
        expect(page.total).toBe(1);
      }
      const cleared = await per.harness.call(ALICE, 'PATCH', `/culls/${tagged.id}`, { game_dealer: null });
      expect(cleared.statusCode).toBe(200);
      expect(
        (await per.harness.call(ALICE, 'GET', '/culls?q=downs').then((r) => r.json<{ total: number }>()))
          .total,
      ).toBe(0);
    });

    describe('the dealer a declaration named, kept on its records', () => {
      const keep = (recordIds: string[], dealer = 'Vale Venison', who = ALICE) =>
        per.harness.call(who, 'POST', '/culls/declared-dealer', { record_ids: recordIds, dealer });

      it('fills the dealer where a record names none, and the destination where it has none, never overwriting', async () => {
        const noDealer = await create({ carcass_destination: 'Game dealer' });
        const noDestination = await create();
        const named = await create({ carcass_destination: 'Game dealer', game_dealer: 'Downs Game Ltd' });
        const ownUse = await create({ carcass_destination: 'Own use' });
        const response = await keep([noDealer.id, noDestination.id, named.id, ownUse.id.toUpperCase()]);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual({ kept: [noDealer.id, noDestination.id] });
        expect(Number(response.headers[EVENT_POSITION_HEADER])).toBeGreaterThan(0);
        expect(await read(noDealer.id)).toMatchObject({
          carcass_destination: 'Game dealer',
          game_dealer: 'Vale Venison',
        });
        expect(await read(noDestination.id)).toMatchObject({
          carcass_destination: 'Game dealer',
          game_dealer: 'Vale Venison',
        });
        expect((await read(named.id)).game_dealer).toBe('Downs Game Ltd');
        expect(await read(ownUse.id)).not.toHaveProperty('game_dealer');

        const again = await keep([noDealer.id], 'Another Dealer');
        expect(again.json()).toEqual({ kept: [] });
        expect((await read(noDealer.id)).game_dealer).toBe('Vale Venison');
      });

      it("answers 404 and changes nothing when a record is another user's or gone", async () => {
        const mine = await create({ carcass_destination: 'Game dealer' });
        const response = await keep([mine.id], 'Vale Venison', BOB);
        expect(response.statusCode).toBe(404);
        const withAGoneOne = await keep([mine.id, '00000000-0000-4000-8000-000000000000']);
        expect(withAGoneOne.statusCode).toBe(404);
        expect(await read(mine.id)).not.toHaveProperty('game_dealer');
      });

      it('answers 400 and changes nothing without a dealer or records', async () => {
        const mine = await create({ carcass_destination: 'Game dealer' });
        expect((await keep([mine.id], ' ')).statusCode).toBe(400);
        expect((await keep([])).statusCode).toBe(400);
        expect((await keep(['not-an-id'])).statusCode).toBe(400);
        expect(await read(mine.id)).not.toHaveProperty('game_dealer');
      });
    });

    it("another user can neither read nor amend a record's carcass fields", async () => {
      const record = await create({ carcass_tag: 'AF-1', inspection: INSPECTION });
      expect((await per.harness.call(BOB, 'GET', `/culls/${record.id}`)).statusCode).toBe(404);
      const amend = await per.harness.call(BOB, 'PATCH', `/culls/${record.id}`, { carcass_tag: 'BOB' });
      expect(amend.statusCode).toBe(404);
      expect((await read(record.id)).carcass_tag).toBe('AF-1');
    });
  });
}
