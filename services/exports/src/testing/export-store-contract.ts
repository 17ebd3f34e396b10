import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CsvFields, ExportStore } from '../store/export-store';
import type { ExportQuery } from '@cull-log/contracts';
import { createSampleEventLog } from '@cull-log/eventstore/testing';

async function collect(rows: AsyncIterable<CsvFields>): Promise<CsvFields[]> {
  const result: CsvFields[] = [];
  for await (const row of rows) result.push(row);
  return result;
}

/** The behaviour every ExportStore adapter must show; each adapter's test file runs it. */
export function exportStoreContract(name: string, open: () => Promise<ExportStore>) {
  describe(`${name} export store`, () => {
    let store: ExportStore;
    const rows = (userId: string, filter: ExportQuery = {}) => collect(store.rows(userId, filter));

    beforeEach(async () => {
      store = await open();
      await store.clear();
    });
    afterEach(async () => {
      await store.close();
    });

    it('keeps the CSV fields of a recorded cull, newest recorded first', async () => {
      const log = createSampleEventLog();
      await store.apply(log.recorded('alice', { notes: 'first', latitude: 52.1 }));
      await store.apply(
        log.recorded('alice', {
          notes: 'second',
          inspection: {
            examined_by: 'Jo',
            abnormal_behaviour: true,
            abnormalities: [],
            contamination_suspected: false,
          },
        }),
      );
      const found = await rows('alice');
      expect(found.map((row) => row.notes)).toEqual(['second', 'first']);
      expect(found[0]?.inspection).toEqual({
        examined_by: 'Jo',
        abnormal_behaviour: true,
        abnormalities: [],
        contamination_suspected: false,
      });
      expect(found[1]).toMatchObject({
        species: 'Roe Deer',
        antlers_present: true,
        weight: 18.5,
        latitude: 52.1,
      });
    });

    it('a batch that records, amends and deletes culls leaves the rows one event at a time would', async () => {
      const log = createSampleEventLog();
      const kept = log.recorded('alice', { notes: 'kept' });
      const gone = log.recorded('alice', { notes: 'gone' });
      const events = [
        kept,
        gone,
        log.amended('alice', kept.streamId, { notes: 'amended', weight: 20 }),
        log.deleted('alice', gone.streamId),
        log.recorded('alice', { notes: 'last' }),
      ];
      expect(await store.applyBatch(events)).toEqual(events.map(() => 'applied'));
      const found = await rows('alice');
      expect(found.map((row) => row.notes)).toEqual(['last', 'amended']);
      expect(found[1]).toMatchObject({ weight: 20 });
      expect(await store.position()).toBe(events.length);
    });

    it("never returns another user's rows", async () => {
      const log = createSampleEventLog();
      await store.apply(log.recorded('alice'));
      await store.apply(log.recorded('bob', { notes: 'bob' }));
      expect((await rows('bob')).map((row) => row.notes)).toEqual(['bob']);
      expect(await rows('carol')).toEqual([]);
    });

    it('filters by inclusive date range and by species', async () => {
      const log = createSampleEventLog();
      for (const [date, species] of [
        ['2026-01-01', 'Fox'],
        ['2026-02-01', 'Roe Deer'],
        ['2026-03-01', 'Fox'],
        ['2026-04-01', 'Fox'],
      ] as const) {
        await store.apply(log.recorded('alice', { date, species }));
      }
      const dates = async (filter: ExportQuery) => (await rows('alice', filter)).map((row) => row.date);
      expect(await dates({ from: '2026-02-01', to: '2026-03-01' })).toEqual(['2026-03-01', '2026-02-01']);
      expect(await dates({ species: 'Fox' })).toEqual(['2026-04-01', '2026-03-01', '2026-01-01']);
      expect(await dates({ from: '2026-03-01', species: 'Fox' })).toEqual(['2026-04-01', '2026-03-01']);
      expect(await dates({ to: '2026-01-31' })).toEqual(['2026-01-01']);
    });

    it('an amendment changes the row and clearing antlers drops their details', async () => {
      const log = createSampleEventLog();
      const recorded = log.recorded('alice', { antler_points: 6, antler_condition: 'Good', notes: 'x' });
      await store.apply(recorded);
      await store.apply(
        log.amended('alice', recorded.streamId, { antlers_present: false, notes: null, species: 'Fox' }),
      );
      const [row] = await rows('alice');
      expect(row).toMatchObject({ species: 'Fox', antlers_present: false });
      expect(row).not.toHaveProperty('antler_points');
      expect(row).not.toHaveProperty('antler_condition');
      expect(row).not.toHaveProperty('notes');
    });

    it('redelivery is a duplicate, a skipped version is a gap, and neither changes anything', async () => {
      const log = createSampleEventLog();
      const recorded = log.recorded('alice');
      const amended = log.amended('alice', recorded.streamId, { species: 'Fox' });
      expect(await store.apply(amended)).toBe('gap');
      expect(await rows('alice')).toEqual([]);
      expect(await store.apply(recorded)).toBe('applied');
      expect(await store.apply(amended)).toBe('applied');
      expect(await store.apply(recorded)).toBe('duplicate');
      expect((await rows('alice')).map((row) => row.species)).toEqual(['Fox']);
    });

    it('a photo added or removed moves the version on and leaves the row as it was', async () => {
      const log = createSampleEventLog();
      const recorded = log.recorded('alice', { notes: 'first' });
      await store.apply(recorded);
      const before = await rows('alice');
      expect(await store.apply(log.photoAdded('alice', recorded.streamId))).toBe('applied');
      expect(await store.apply(log.photoRemoved('alice', recorded.streamId))).toBe('applied');
      expect(await rows('alice')).toEqual(before);
      expect(await store.apply(log.amended('alice', recorded.streamId, { notes: 'second' }))).toBe('applied');
      expect((await rows('alice')).map((row) => row.notes)).toEqual(['second']);
    });

    it('a deleted cull leaves the export and a late redelivery of its creation does not bring it back', async () => {
      const log = createSampleEventLog();
      const recorded = log.recorded('alice');
      await store.apply(recorded);
      await store.apply(log.deleted('alice', recorded.streamId));
      expect(await store.apply(recorded)).toBe('duplicate');
      expect(await rows('alice')).toEqual([]);
      expect(await store.position()).toBe(2);
    });

    it('stopping a read early releases it and the store keeps working', async () => {
      const log = createSampleEventLog();
      for (let index = 0; index < 5; index++) await store.apply(log.recorded('alice'));
      for await (const _row of store.rows('alice', {})) break;
      await store.apply(log.recorded('alice'));
      expect(await rows('alice')).toHaveLength(6);
    });

    it('clear forgets rows, versions and the checkpoint', async () => {
      const log = createSampleEventLog();
      const recorded = log.recorded('alice');
      await store.apply(recorded);
      await store.clear();
      expect(await store.position()).toBe(0);
      expect(await store.apply(recorded)).toBe('applied');
    });
  });
}
