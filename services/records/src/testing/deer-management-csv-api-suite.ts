import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { MANAGEMENT_MESSAGES as M, type Count, type Ground, type Outing } from '@cull-log/contracts';
import { COUNTS_CSV_HEADERS, SIGHTINGS_CSV_HEADERS } from '@cull-log/domain';
import type { Identity } from '@cull-log/service-kit';
import { ALICE, BOB, type Backend, harnessPerTest } from './records-harness';
import { SAMPLE_GROUND_BOUNDARY } from '@cull-log/contracts/testing';

const BOUNDARY = SAMPLE_GROUND_BOUNDARY;
const buck = { species: 'Roe Deer', sex: 'Male', age_class: 'Adult', count: 2 };
const kid = { species: 'Roe Deer', sex: 'Unknown', age_class: 'Young', count: 1 };
const doe = { species: 'Roe Deer', sex: 'Female', age_class: 'Adult', count: 4 };

/** The rows of a CSV download (its byte-order mark checked and dropped), header first. */
function rowsOf(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return parse(body.slice(1), { relax_column_count: false }) as string[][];
}

/** GET /sightings.csv and /counts.csv through the records API, against one backend. */
export function describeDeerManagementCsvApi<Tx>(
  backendName: string,
  openBackend: () => Promise<Backend<Tx>>,
): void {
  describe(`sightings and counts as CSV on ${backendName}`, () => {
    const per = harnessPerTest(openBackend);
    const call = (...args: Parameters<typeof per.harness.call>) => per.harness.call(...args);

    async function made<T>(user: Identity, url: string, body: Record<string, unknown>): Promise<T> {
      const response = await call(user, 'POST', url, body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json<T>();
    }
    const ground = (name: string, user: Identity = ALICE) =>
      made<Ground>(user, '/grounds', { name, boundary: BOUNDARY });

    async function download(user: Identity, url: string) {
      const response = await call(user, 'GET', url);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      return { rows: rowsOf(response.body), disposition: response.headers['content-disposition'] };
    }

    /** Alice's two grounds with outings of two seasons (one blank, one unrecorded) and counts; Bob's of his own. */
    async function aliceAndBob() {
      const wood = await ground('=HYPERLINK("http://example.org")');
      const farm = await ground('Home Farm');
      const party = await made<Outing>(ALICE, '/outings', {
        ground_id: wood.id,
        started_at: '2026-10-03T06:00:00.000Z',
        ended_at: '2026-10-03T09:30:00.000Z',
        hunters: 2,
        sightings: [{ ...buck, place: { latitude: 51.0612, longitude: -1.3107 } }, kid],
      });
      const blank = await made<Outing>(ALICE, '/outings', {
        ground_id: farm.id,
        started_at: '2026-10-10T16:00:00.000Z',
        ended_at: '2026-10-10T18:00:00.000Z',
        sightings: [],
      });
      const unrecorded = await made<Outing>(ALICE, '/outings', {
        ground_id: farm.id,
        started_at: '2026-10-12T16:00:00.000Z',
        ended_at: '2026-10-12T17:00:00.000Z',
      });
      // The season before (2025/26, seasons from 1 April).
      const lastSeason = await made<Outing>(ALICE, '/outings', {
        ground_id: wood.id,
        started_at: '2026-03-20T07:00:00.000Z',
        ended_at: '2026-03-20T08:00:00.000Z',
        sightings: [doe],
      });
      const vantage = await made<Count>(ALICE, '/counts', {
        ground_id: wood.id,
        date: '2026-10-20',
        method: 'vantage_point',
        items: [buck, doe],
        notes: '=cmd|" /C calc"!A0',
      });
      const dungCount = await made<Count>(ALICE, '/counts', {
        ground_id: farm.id,
        date: '2026-11-01',
        method: 'dung',
        dung: {
          plots: 40,
          plot_area_m2: 10,
          pellet_groups: 24,
          days_since_clearance: 60,
          defecation_rate: 20,
          species: 'Fallow Deer',
        },
      });
      const oldCount = await made<Count>(ALICE, '/counts', {
        ground_id: farm.id,
        date: '2026-02-01',
        method: 'drive',
        items: [doe],
      });
      const bobs = await ground('Secret Covert', BOB);
      await made<Outing>(BOB, '/outings', {
        ground_id: bobs.id,
        started_at: '2026-10-05T06:00:00.000Z',
        ended_at: '2026-10-05T07:00:00.000Z',
        sightings: [{ species: 'Sika Deer', sex: 'Male', age_class: 'Adult', count: 9 }],
      });
      await made<Count>(BOB, '/counts', {
        ground_id: bobs.id,
        date: '2026-10-06',
        method: 'thermal',
        items: [{ species: 'Sika Deer', sex: 'Male', age_class: 'Adult', count: 9 }],
        notes: 'Bob’s own',
      });
      return { wood, farm, party, blank, unrecorded, lastSeason, vantage, dungCount, oldCount };
    }

    it('sightings.csv is a line per line seen, with the outing’s effort and where marked; a blank outing counts 0 and an unrecorded one nothing', async () => {
      const { wood, party, blank, unrecorded, lastSeason } = await aliceAndBob();
      const { rows, disposition } = await download(ALICE, '/sightings.csv');
      expect(disposition).toBe('attachment; filename="sightings.csv"');
      expect(rows).toEqual([
        [...SIGHTINGS_CSV_HEADERS],
        // Oldest first, in the UK’s time: 20 March is still GMT, October British Summer Time.
        [
          lastSeason.id,
          `'${wood.name}`,
          '20/03/2026 07:00',
          '20/03/2026 08:00',
          '1',
          '1',
          'Roe Deer',
          'Female',
          'Adult',
          '4',
          '',
          '',
        ],
        [
          party.id,
          `'${wood.name}`,
          '03/10/2026 07:00',
          '03/10/2026 10:30',
          '3.5',
          '2',
          'Roe Deer',
          'Male',
          'Adult',
          '2',
          '51.0612',
          '-1.3107',
        ],
        [
          party.id,
          `'${wood.name}`,
          '03/10/2026 07:00',
          '03/10/2026 10:30',
          '3.5',
          '2',
          'Roe Deer',
          'Unknown',
          'Young',
          '1',
          '',
          '',
        ],
        [blank.id, 'Home Farm', '10/10/2026 17:00', '10/10/2026 19:00', '2', '1', '', '', '', '0', '', ''],
        [
          unrecorded.id,
          'Home Farm',
          '12/10/2026 17:00',
          '12/10/2026 18:00',
          '1',
          '1',
          '',
          '',
          '',
          '',
          '',
          '',
        ],
      ]);
      expect(JSON.stringify(rows)).not.toContain('Sika');
    });

    it('counts.csv is a line per line counted, the method named, the notes neutralised and a dung count’s plots in columns', async () => {
      const { wood, farm, vantage, dungCount, oldCount } = await aliceAndBob();
      const { rows } = await download(ALICE, '/counts.csv');
      const none = ['', '', '', '', '', ''];
      const dungDeer = dungCount.items[0]!;
      expect(dungCount.items).toHaveLength(1);
      expect(rows).toEqual([
        [...COUNTS_CSV_HEADERS],
        [
          oldCount.id,
          'Home Farm',
          '01/02/2026',
          'Drive count',
          'Roe Deer',
          'Female',
          'Adult',
          '4',
          '',
          ...none,
        ],
        [
          vantage.id,
          `'${wood.name}`,
          '20/10/2026',
          'Vantage-point count',
          'Roe Deer',
          'Male',
          'Adult',
          '2',
          `'=cmd|" /C calc"!A0`,
          ...none,
        ],
        [
          vantage.id,
          `'${wood.name}`,
          '20/10/2026',
          'Vantage-point count',
          'Roe Deer',
          'Female',
          'Adult',
          '4',
          `'=cmd|" /C calc"!A0`,
          ...none,
        ],
        [
          dungCount.id,
          farm.name,
          '01/11/2026',
          'Dung (pellet-group) count',
          'Fallow Deer',
          'Unknown',
          'Unknown',
          String(dungDeer.count),
          '',
          '40',
          '10',
          '24',
          '60',
          '20',
          String(Math.round(dungCount.dung!.deer_per_km2 * 100) / 100),
        ],
      ]);
      // The deer per km² of the worked example: 24 groups / (40 × 10 m²) / (60 days × 20 a day) × 1,000,000 m² = 50.
      expect(rows[4]![14]).toBe('50');
      expect(JSON.stringify(rows)).not.toContain('Sika');
      expect(JSON.stringify(rows)).not.toContain('Bob');
    });

    it('takes one season and one ground', async () => {
      const { wood, farm, party, blank, unrecorded, vantage, dungCount } = await aliceAndBob();
      const season = await download(ALICE, '/sightings.csv?season=2026-27');
      expect(season.disposition).toBe('attachment; filename="sightings-2026-27.csv"');
      expect(season.rows.slice(1).map((row) => row[0])).toEqual([
        party.id,
        party.id,
        blank.id,
        unrecorded.id,
      ]);
      const farmOnly = await download(ALICE, `/sightings.csv?season=2026-27&ground=${farm.id}`);
      expect(farmOnly.rows.slice(1).map((row) => row[0])).toEqual([blank.id, unrecorded.id]);
      const counts = await download(ALICE, '/counts.csv?season=2026-27');
      expect(counts.rows.slice(1).map((row) => row[0])).toEqual([vantage.id, vantage.id, dungCount.id]);
      const woodCounts = await download(ALICE, `/counts.csv?ground=${wood.id.toUpperCase()}`);
      expect(woodCounts.rows.slice(1).map((row) => row[0])).toEqual([vantage.id, vantage.id]);
    });

    it('a user with nothing gets the header alone', async () => {
      await aliceAndBob();
      const carol: Identity = { uid: 'user-carol', display_name: 'Carol', email: 'carol@example.org' };
      expect((await download(carol, '/sightings.csv')).rows).toEqual([[...SIGHTINGS_CSV_HEADERS]]);
      expect((await download(carol, '/counts.csv')).rows).toEqual([[...COUNTS_CSV_HEADERS]]);
    });

    it('refuses a bad season or ground with 400 on the field, and another user’s ground as not found', async () => {
      await aliceAndBob();
      const bobs = await ground('Bob’s Other', BOB);
      for (const path of ['/sightings.csv', '/counts.csv']) {
        for (const [query, field] of [
          ['season=2026/27', 'season'],
          ['season=2026-28', 'season'],
          ['ground=wood', 'ground'],
          ['colour=red', 'colour'],
        ] as const) {
          const response = await call(ALICE, 'GET', `${path}?${query}`);
          expect(response.statusCode, `${path}?${query}`).toBe(400);
          const { error } = response.json();
          expect(error.code).toBe('validation_failed');
          expect(Object.keys(error.fields ?? {}), `${path}?${query}`).toContain(field);
        }
        const season = await call(ALICE, 'GET', `${path}?season=x`);
        expect(season.json().error.fields.season).toBe(M.season);
        const another = await call(ALICE, 'GET', `${path}?ground=${bobs.id}`);
        expect(another.statusCode).toBe(404);
        expect(another.json().error.message).toBe(M.groundNotFound);
      }
    });
  });
}
