import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type Cull, type CullFields, type ListCullsQuery } from '@cull-log/contracts';
import { cullSearchText, normaliseSearch } from '@cull-log/domain';
import { samplePhoto } from '@cull-log/eventstore/testing';
import { createCullCommandHandler, type CullCommandHandler } from '../culls/cull-commands';
import { expectedOrder } from './expected-order';
import { ALICE, BOB, CLOCK_START, cullBody, type Backend } from './records-harness';

/** Letters of several scripts and cases, the search syntax of SQL, FTS5 and regular expressions, a newline, NUL. */
const CHARACTERS = [...'aAbBoOdDwW 0124-/.,:', ...'éÉßẞİıøÅĳ🦌', ...`"'%_*^$()[]\\+?|{}`, '\n', '\0'];

const text = (maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...CHARACTERS), minLength: 1, maxLength });

/** Text as a record holds it: trimmed, never empty. */
const fieldText = (maxLength: number) =>
  text(maxLength)
    .map((value) => value.trim())
    .filter((value) => value !== '');

/** The user-entered free text of a record, everything else fixed: the columns a search finds. */
const RecordText = fc.record({
  location_name: fieldText(12),
  species: fieldText(6),
  shot_placement: fieldText(6),
  shot_distance: fc.option(fieldText(6), { nil: undefined }),
});

/**
 * What a search answers, by property, against a store's read model: the records of the caller whose search text
 * contains the normalised term, counted exactly, whatever the term; and pages that read from either end agree.
 */
export function describeReadModel<Tx>(backendName: string, openBackend: () => Promise<Backend<Tx>>): void {
  describe(`the read model on ${backendName}`, () => {
    async function withBackend(work: (backend: Backend<Tx>, handle: CullCommandHandler) => Promise<void>) {
      const backend = await openBackend();
      try {
        await work(backend, createCullCommandHandler({ store: backend.store, readModel: backend.readModel }));
      } finally {
        await backend.close();
      }
    }

    const meta = (userId: string) => ({
      userId,
      eventId: randomUUID(),
      occurredAt: CLOCK_START,
      correlationId: 'read-model-suite',
    });

    async function record(handle: CullCommandHandler, fields: object, userId = ALICE.uid): Promise<Cull> {
      const cullId = randomUUID();
      const outcome = await handle({
        type: 'RecordCull',
        cullId,
        fields: { ...cullBody(), ...fields } as CullFields,
        meta: meta(userId),
      });
      return outcome.record!;
    }

    async function search(backend: Backend<Tx>, q: string, page = 1, pageSize = 100) {
      const query: ListCullsQuery = { q, page, page_size: pageSize, sort: 'created_at', order: 'asc' };
      return backend.readModel.list(ALICE.uid, query);
    }

    it("erasing a user leaves no record of theirs to list, search, map or look up, and another's untouched", async () => {
      await withBackend(async (backend, handle) => {
        const hers = await record(handle, { location_name: 'Erased Wood', carcass_tag: 'T-1' });
        await record(handle, { location_name: 'Erased Wood' });
        const his = await record(handle, { location_name: 'Erased Wood', carcass_tag: 'T-1' }, BOB.uid);
        const query: ListCullsQuery = { q: '', page: 1, page_size: 10, sort: 'created_at', order: 'asc' };
        const bobs = await backend.readModel.list(BOB.uid, query);

        await backend.store.eraseUser(ALICE.uid, (tx, userId, limit) =>
          backend.readModel.eraseUser(tx, userId, limit),
        );

        expect(await backend.readModel.list(ALICE.uid, query)).toMatchObject({ items: [], total: 0 });
        expect(await search(backend, 'erased')).toMatchObject({ items: [], total: 0 });
        expect(await backend.readModel.get(ALICE.uid, hers.id)).toBeUndefined();
        expect(await backend.readModel.listLocated(ALICE.uid)).toEqual([]);
        expect(await backend.readModel.sameTag(ALICE.uid, ['T1', 't-1', 'T-1'])).toEqual([]);
        expect(await backend.readModel.list(BOB.uid, query)).toEqual(bobs);
        expect(await backend.readModel.get(BOB.uid, his.id)).toEqual(his);
        await record(handle, { location_name: 'Erased Wood again' });
        expect(await search(backend, 'erased')).toMatchObject({ total: 1 });
      });
    });

    it('keeps the photos of a record, in the order added, through amendments, and drops a removed one', async () => {
      await withBackend(async (backend, handle) => {
        const cull = await record(handle, {});
        for (const photoNumber of [1, 2]) {
          await handle({
            type: 'AddCullPhoto',
            cullId: cull.id,
            photo: samplePhoto(photoNumber),
            meta: meta(ALICE.uid),
          });
        }
        await handle({
          type: 'AmendCull',
          cullId: cull.id,
          changes: { notes: 'two photos' },
          meta: meta(ALICE.uid),
        });
        const withPhotos = await backend.readModel.get(ALICE.uid, cull.id);
        expect(withPhotos).toMatchObject({ notes: 'two photos', photos: [samplePhoto(1), samplePhoto(2)] });
        expect((await search(backend, '')).items).toEqual([withPhotos]);
        await handle({
          type: 'RemoveCullPhoto',
          cullId: cull.id,
          photoId: samplePhoto(1).id,
          meta: meta(ALICE.uid),
        });
        expect((await backend.readModel.get(ALICE.uid, cull.id))?.photos).toEqual([samplePhoto(2)]);
        await handle({
          type: 'RemoveCullPhoto',
          cullId: cull.id,
          photoId: samplePhoto(2).id,
          meta: meta(ALICE.uid),
        });
        expect(await backend.readModel.get(ALICE.uid, cull.id)).not.toHaveProperty('photos');
      });
    });

    it('a search finds exactly the records whose text contains it, amended and deleted ones included', async () => {
      const Scenario = fc.record({
        texts: fc.array(RecordText, { minLength: 1, maxLength: 8 }),
        amendments: fc.array(fc.tuple(fc.nat(), RecordText), { maxLength: 3 }),
        deletions: fc.array(fc.nat(), { maxLength: 2 }),
        terms: fc.array(
          fc.oneof(
            text(5),
            // A run of a record's own text, often across the line between two columns.
            fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: 1, max: 9 })),
          ),
          { minLength: 1, maxLength: 8 },
        ),
      });
      await fc.assert(
        fc.asyncProperty(Scenario, async ({ texts, amendments, deletions, terms }) => {
          await withBackend(async (backend, handle) => {
            const records = await Promise.all(texts.map((fields) => record(handle, fields)));
            // Another user's copies: never found by Alice.
            await Promise.all(texts.map((fields) => record(handle, fields, BOB.uid)));
            for (const [index, changes] of amendments) {
              const cullId = records[index % records.length]!.id;
              await handle({ type: 'AmendCull', cullId, changes, meta: meta(ALICE.uid) });
            }
            const deleted = new Set(deletions.map((index) => records[index % records.length]!.id));
            for (const cullId of deleted) {
              await handle({ type: 'DeleteCull', cullId, meta: meta(ALICE.uid) });
            }
            const live = (
              await Promise.all(records.map((each) => backend.readModel.get(ALICE.uid, each.id)))
            ).filter((each) => each !== undefined);

            for (const term of terms) {
              let q: string;
              if (typeof term === 'string') q = term;
              else {
                const [index, start, length] = term;
                const source = [...cullSearchText(records[index % records.length]!)];
                const from = start % source.length;
                q = source.slice(from, from + length).join('');
              }
              const expected = live
                .filter((each) => cullSearchText(each).includes(normaliseSearch(q)))
                .map((each) => each.id);
              const found = await search(backend, q);
              expect(found.items.map((each) => each.id).sort(), JSON.stringify(q)).toEqual(expected.sort());
              expect(found.total, JSON.stringify(q)).toBe(expected.length);
            }
          });
        }),
        { numRuns: 40 },
      );
    });

    it('a search of common and rare runs of text finds what plain contains finds, in order, page by page', async () => {
      // Most records hold the common words, few the rare ones: a search's trigrams differ widely in how many hold them.
      const Place = fc.record({
        word: fc.constantFrom('Home Wood', 'Wood End', 'Woodside', 'Beech Hanger', 'Lower Meadow'),
        number: fc.integer({ min: 0, max: 60 }),
        rare: fc.option(fc.constantFrom('Pritchard', 'Quarry'), { freq: 6, nil: undefined }),
        day: fc.integer({ min: 1, max: 9 }),
      });
      const Scenario = fc.record({
        places: fc.array(Place, { minLength: 10, maxLength: 30 }),
        deletions: fc.array(fc.nat(), { maxLength: 3 }),
        terms: fc.array(
          fc.oneof(
            fc.constantFrom(
              'wood',
              'wood 4',
              'wood 42',
              'od 1',
              'hanger',
              'pritchard',
              'quarry',
              'wood\n',
              '42',
            ),
            fc.constantFrom('d 4', 'zzz', 'ood end', 'wood e', 'oo', 'meadow 5', ' 1', 'ry'),
          ),
          { minLength: 1, maxLength: 6 },
        ),
      });
      await fc.assert(
        fc.asyncProperty(Scenario, async ({ places, deletions, terms }) => {
          await withBackend(async (backend, handle) => {
            const records = await Promise.all(
              places.map(({ word, number, rare, day }) =>
                record(handle, {
                  date: `2025-01-0${day}`,
                  location_name: `${word} ${number}`,
                  ...(rare === undefined ? {} : { shooter: rare }),
                }),
              ),
            );
            // Bob's copies share Alice's trigrams: his counts must not be hers.
            await Promise.all(
              places.map(({ word }) => record(handle, { location_name: `${word} 42` }, BOB.uid)),
            );
            const deleted = new Set(deletions.map((index) => records[index % records.length]!.id));
            for (const cullId of deleted) {
              await handle({ type: 'DeleteCull', cullId, meta: meta(ALICE.uid) });
            }
            const live = records.filter((each) => !deleted.has(each.id));
            for (const q of terms) {
              const whole = expectedOrder(
                live.filter((each) => cullSearchText(each).includes(normaliseSearch(q))),
                'date',
                'desc',
              ).map((each) => each.id);
              for (let page = 1; page <= Math.ceil(whole.length / 4) + 1; page += 1) {
                const query: ListCullsQuery = { q, page, page_size: 4, sort: 'date', order: 'desc' };
                const found = await backend.readModel.list(ALICE.uid, query);
                expect(found.total, JSON.stringify(query)).toBe(whole.length);
                expect(
                  found.items.map((each) => each.id),
                  JSON.stringify(query),
                ).toEqual(whole.slice((page - 1) * 4, page * 4));
              }
            }
          });
        }),
        { numRuns: 25 },
      );
    });

    it('every page, read from either end, is the slice of the whole order, searched or not', async () => {
      await withBackend(async (backend, handle) => {
        const records: Cull[] = [];
        // Few distinct values, so most sorts meet long runs of ties that only the id breaks.
        for (let batch = 0; batch < 6; batch += 1) {
          records.push(
            ...(await Promise.all(
              Array.from({ length: 50 }, (_, offset) => {
                const index = batch * 50 + offset;
                return record(handle, {
                  date: `2025-01-0${1 + (index % 3)}`,
                  time: index % 2 === 0 ? '06:00' : '18:30',
                  location_name: ['Home Wood', 'home wood', 'Lower Meadow'][index % 3],
                  species: index % 4 === 0 ? 'Roe Deer' : 'Muntjac',
                  weight: index % 5 === 0 ? undefined : 10 + (index % 2),
                  shot_distance: index % 7 === 0 ? undefined : '80 yards',
                });
              }),
            )),
          );
        }
        const searches = [
          ['', records],
          ['roe deer', records.filter((each) => each.species === 'Roe Deer')],
          ['home wood', records.filter((each) => each.location_name.toLowerCase() === 'home wood')],
          ['d', records],
        ] as const;
        for (const [q, matching] of searches) {
          for (const sort of ['created_at', 'date', 'location_name', 'weight', 'shot_distance'] as const) {
            for (const order of ['asc', 'desc'] as const) {
              const whole = expectedOrder([...matching], sort, order).map((each) => each.id);
              for (const pageSize of [7, 50]) {
                const pages = Math.ceil(whole.length / pageSize);
                for (let page = 1; page <= pages + 1; page += 1) {
                  const query = { q, page, page_size: pageSize, sort, order };
                  const answer = await backend.readModel.list(ALICE.uid, query);
                  expect(answer.total).toBe(whole.length);
                  expect(
                    answer.items.map((each) => each.id),
                    JSON.stringify(query),
                  ).toEqual(whole.slice((page - 1) * pageSize, page * pageSize));
                }
              }
            }
          }
        }
      });
    });
  });
}
