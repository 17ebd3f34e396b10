import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ERASURE_MESSAGES,
  USER_ERASED_TYPE,
  type Cull,
  type CullFields,
  type LogEvent,
  type UserErased,
} from '@cull-log/contracts';
import { accountCsvHeader, accountCsvRow, cullDecider, CSV_BOM, toCsvLine } from '@cull-log/domain';
import type { EventStore } from '@cull-log/eventstore';
import type { Identity } from '@cull-log/service-kit';
import { ERASE_BATCH_SIZE } from '@cull-log/storage-kit';
import type { CullReadModel } from '../read-model/cull-read-model';
import { ALICE, BOB, createHarness, cullBody, type Backend } from './records-harness';

/** `target` with `replaced` methods instead of its own; every other method still runs on `target` itself. */
function replacing<T extends object>(target: T, replaced: Partial<T>): T {
  return new Proxy(target, {
    get(of, key) {
      if (Object.hasOwn(replaced, key)) return replaced[key as keyof T];
      const value: unknown = Reflect.get(of, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(of) : value;
    },
  });
}

/** The caller's account under /account (download and erasure), against one store's backend. */
export function describeAccountApi<Tx>(backendName: string, openBackend: () => Promise<Backend<Tx>>): void {
  describe(`the account routes on ${backendName}`, () => {
    let backend: Backend<Tx>;
    let harness: ReturnType<typeof createHarness<Tx>>;
    const busErasures: UserErased[] = [];
    const logErasedFirst: boolean[] = [];

    beforeEach(async () => {
      backend = await openBackend();
      busErasures.length = 0;
      logErasedFirst.length = 0;
      harness = createHarness({
        backend,
        eraseWithBus: async (erasure, eraseLog) => {
          const erased = await eraseLog();
          logErasedFirst.push((await backend.store.readUser(erasure.userId, 0, 1)).length === 0);
          busErasures.push(erasure);
          return erased;
        },
      });
    });

    afterEach(async () => {
      await harness.app.close();
      await backend.close();
    });

    /** Alice records three culls, amends one and deletes another; Bob records one. */
    async function seed() {
      const kept = (await harness.call(ALICE, 'POST', '/culls', cullBody({ notes: 'kept' }))).json() as Cull;
      harness.clock.advance(1000);
      const gone = (await harness.call(ALICE, 'POST', '/culls', cullBody({ notes: 'gone' }))).json() as Cull;
      harness.clock.advance(1000);
      await harness.call(ALICE, 'POST', '/culls', cullBody({ notes: '=newest', species: 'Fox' }));
      await harness.call(ALICE, 'PATCH', `/culls/${kept.id}`, { weight: 20.5 });
      await harness.call(ALICE, 'DELETE', `/culls/${gone.id}`);
      await harness.call(BOB, 'POST', '/culls', cullBody({ notes: 'bob' }));
    }

    it("exports every event of the caller's records as JSON lines, in log order, and nobody else's", async () => {
      await seed();
      const response = await harness.call(ALICE, 'GET', '/account/events.jsonl');

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/x-ndjson/);
      const events = response.body
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { type: string; userId: string; position: number });
      expect(events.map((event) => event.type)).toEqual([
        'cull.recorded.v2',
        'cull.recorded.v2',
        'cull.recorded.v2',
        'cull.amended.v2',
        'cull.deleted.v1',
      ]);
      expect(events.every((event) => event.userId === ALICE.uid)).toBe(true);
      expect(events.map((event) => event.position)).toEqual([1, 2, 3, 4, 5]);
    });

    it("exports the caller's records as they stand, as JSON and as the export's CSV, newest first", async () => {
      await seed();
      const listed = (await harness.call(ALICE, 'GET', '/culls?sort=created_at&order=desc')).json() as {
        items: Cull[];
      };

      const json = await harness.call(ALICE, 'GET', '/account/records.json');
      const csv = await harness.call(ALICE, 'GET', '/account/records.csv');

      const records = json.json() as Cull[];
      expect(records.map((record) => record.notes)).toEqual(['=newest', 'kept']);
      expect(records.map((record) => record.id)).toEqual(listed.items.map((item) => item.id));
      expect(records[1]).toMatchObject({ weight: 20.5, version: 2, created_by: ALICE.uid });
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.body).toBe(
        CSV_BOM +
          accountCsvHeader +
          records
            .map((record) => toCsvLine(accountCsvRow(record, { id: record.id, outingStartedAt: null })))
            .join(''),
      );
      expect(csv.body).toContain(`"'=newest"`);
    });

    it("writes the CSV for a spreadsheet: a byte-order mark, then each record's id, outing and warnings last", async () => {
      const ground = (await harness.call(ALICE, 'POST', '/grounds', { name: 'Home Farm' })).json() as {
        id: string;
      };
      const outing = (
        await harness.call(ALICE, 'POST', '/outings', {
          ground_id: ground.id,
          started_at: '2025-02-14T06:05:00.000Z',
          ended_at: '2025-02-14T09:00:00.000Z',
        })
      ).json() as { id: string };
      const inOuting = (
        await harness.call(ALICE, 'POST', '/culls', cullBody({ outing_id: outing.id, sex: 'Male' }))
      ).json() as Cull;

      const csv = await harness.call(ALICE, 'GET', '/account/records.csv');
      expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const [header, line] = csv.body.slice(1).split('\r\n');
      expect(header).toContain('"Temperature (°C)"');
      expect(header?.endsWith(',"Record ID","Outing","Warnings"')).toBe(true);
      // A roe buck on 14 February is in its close season (06:30 is after first light there).
      expect(line?.endsWith(`,"${inOuting.id}","14/02/2025 06:05","Close season"`)).toBe(true);
    });

    it("a user with no records exports an empty list, the CSV's header and no events", async () => {
      expect((await harness.call(BOB, 'GET', '/account/records.json')).json()).toEqual([]);
      expect((await harness.call(BOB, 'GET', '/account/records.csv')).body).toBe(CSV_BOM + accountCsvHeader);
      expect((await harness.call(BOB, 'GET', '/account/events.jsonl')).body).toBe('');
    });

    it("DELETE /account erases the caller's events and records, then the bus's copy, and nobody else's", async () => {
      await seed();
      const bobsBefore = (await harness.call(BOB, 'GET', '/culls')).json();

      const response = await harness.call(ALICE, 'DELETE', '/account');

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ events: 5 });
      expect(await backend.store.readUser(ALICE.uid, 0, 100)).toEqual([]);
      expect((await harness.call(ALICE, 'GET', '/culls')).json()).toMatchObject({ items: [], total: 0 });
      expect((await harness.call(ALICE, 'GET', '/account/records.json')).json()).toEqual([]);
      expect((await harness.call(BOB, 'GET', '/culls')).json()).toEqual(bobsBefore);
      expect(busErasures).toEqual([
        {
          id: expect.any(String),
          type: USER_ERASED_TYPE,
          userId: ALICE.uid,
          occurredAt: harness.clock.now().toISOString(),
          meta: { correlationId: expect.any(String) },
        },
      ]);
      expect(logErasedFirst).toEqual([true]);
    });

    it('erasing again is harmless, and a user erased can record again from nothing', async () => {
      await seed();
      await harness.call(ALICE, 'DELETE', '/account');

      const again = await harness.call(ALICE, 'DELETE', '/account');
      const created = await harness.call(
        ALICE,
        'POST',
        '/culls',
        cullBody({ location_name: 'Fresh Start Wood' }),
      );

      expect(again.json()).toEqual({ events: 0 });
      expect(busErasures).toHaveLength(2);
      expect(created.statusCode).toBe(201);
      expect((await harness.call(ALICE, 'GET', '/culls?q=fresh')).json()).toMatchObject({ total: 1 });
      expect((await harness.call(ALICE, 'GET', '/culls?q=ashdown')).json()).toMatchObject({ total: 0 });
      expect((await harness.call(ALICE, 'GET', '/culls')).json()).toMatchObject({ total: 1 });
    });

    /** `count` records of `user`, appended at once as the API would write them. */
    async function recordMany(user: Identity, count: number): Promise<void> {
      const appends = Array.from({ length: count }, (_, index) => {
        const cullId = randomUUID();
        const decision = cullDecider.decide(
          {
            type: 'RecordCull',
            cullId,
            fields: cullBody({ notes: `Record ${index}` }) as unknown as CullFields,
            meta: {
              userId: user.uid,
              eventId: randomUUID(),
              occurredAt: harness.clock.now().toISOString(),
              correlationId: 'seed',
            },
          },
          cullDecider.initialState,
        );
        if (!decision.ok) throw new Error('seed record refused');
        return { streamId: cullId, expectedVersion: 0, events: decision.events as LogEvent[] };
      });
      await backend.store.appendMany(appends, (tx, events) => backend.readModel.apply(tx, events));
    }

    /** An app over the same backend whose store tells when the log's erasure begins. */
    function watchingTheErasure(readModel?: CullReadModel<Tx>) {
      let begun = () => {};
      const erasing = new Promise<void>((resolve) => (begun = resolve));
      const store = replacing<EventStore<Tx>>(backend.store, {
        eraseUser: (userId, inTransaction) => {
          begun();
          return backend.store.eraseUser(userId, inTransaction);
        },
      });
      return { erasing, watched: createHarness({ backend, store, ...(readModel ? { readModel } : {}) }) };
    }

    it("another user's read is answered while a large account's erasure is still going on", async () => {
      await recordMany(ALICE, ERASE_BATCH_SIZE * 3);
      await harness.call(BOB, 'POST', '/culls', cullBody({ notes: 'bob' }));
      const { erasing, watched } = watchingTheErasure();
      const finished: string[] = [];

      const erasure = watched.call(ALICE, 'DELETE', '/account').then((response) => {
        finished.push('erasure');
        return response;
      });
      await erasing;
      const read = await watched.call(BOB, 'GET', '/culls');
      finished.push('read');
      const erased = await erasure;
      await watched.app.close();

      expect(read.json()).toMatchObject({ total: 1 });
      expect(erased.json()).toEqual({ events: ERASE_BATCH_SIZE * 3 });
      expect(finished).toEqual(['read', 'erasure']);
    });

    it("while the account is erased, the user's own requests are refused and none of them lands", async () => {
      await recordMany(ALICE, ERASE_BATCH_SIZE * 3);
      const { erasing, watched } = watchingTheErasure();

      const erasure = watched.call(ALICE, 'DELETE', '/account');
      await erasing;
      // Another device of hers, still signed in a moment ago.
      const recorded = await watched.call(ALICE, 'POST', '/culls', cullBody({ notes: 'late' }));
      const erased = await erasure;
      await watched.app.close();

      expect(erased.statusCode).toBe(200);
      expect(recorded.statusCode).toBe(503);
      expect(recorded.json()).toMatchObject({ error: { message: ERASURE_MESSAGES.inProgress } });
      expect(await backend.store.readUser(ALICE.uid, 0, 10)).toEqual([]);
      expect((await harness.call(ALICE, 'GET', '/culls')).json()).toMatchObject({ total: 0 });
    });

    it('an erasure interrupted between two batches, asked for again, leaves nothing of the user', async () => {
      await recordMany(ALICE, ERASE_BATCH_SIZE * 3);
      await seed();
      const bobsBefore = (await harness.call(BOB, 'GET', '/culls')).json();
      let batches = 0;
      // The process stops in the middle: the second batch of the read model's erasure never commits.
      const readModel = replacing<CullReadModel<Tx>>(backend.readModel, {
        eraseUser: (tx, userId, limit) => {
          batches += 1;
          if (batches === 2) throw new Error('the process stopped');
          return backend.readModel.eraseUser(tx, userId, limit);
        },
      });
      const { watched } = watchingTheErasure(readModel);

      const interrupted = await watched.call(ALICE, 'DELETE', '/account');
      await watched.app.close();
      const left = await backend.store.readUser(ALICE.uid, 0, ERASE_BATCH_SIZE * 4);
      const again = await harness.call(ALICE, 'DELETE', '/account');

      expect(interrupted.statusCode).toBe(500);
      expect(left.length).toBeGreaterThan(0);
      expect(again.json()).toEqual({ events: left.length });
      expect(await backend.store.readUser(ALICE.uid, 0, 10)).toEqual([]);
      expect((await harness.call(ALICE, 'GET', '/culls')).json()).toMatchObject({ items: [], total: 0 });
      expect((await harness.call(ALICE, 'GET', '/culls?q=record')).json()).toMatchObject({ total: 0 });
      expect((await harness.call(ALICE, 'GET', '/account/records.json')).json()).toEqual([]);
      expect((await harness.call(BOB, 'GET', '/culls')).json()).toEqual(bobsBefore);
      expect(busErasures.map((erasure) => erasure.userId)).toEqual([ALICE.uid]);
    });

    it('answers 401 without the signed identity, and erases nothing', async () => {
      await seed();
      for (const [method, url] of [
        ['DELETE', '/account'],
        ['GET', '/account/events.jsonl'],
        ['GET', '/account/records.json'],
      ] as const) {
        expect((await harness.app.inject({ method, url })).statusCode).toBe(401);
      }
      expect(await backend.store.readUser(ALICE.uid, 0, 100)).toHaveLength(5);
    });
  });
}
