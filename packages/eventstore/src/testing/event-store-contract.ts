import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EVENT_TYPES, type CullEvent, type LogEvent, type StoredLogEvent } from '@cull-log/contracts';
import { ERASE_BATCH_SIZE } from '@cull-log/storage-kit';
import { UserBeingErasedError, VersionConflictError, type EventStore } from '../event-store';
import { cullAmendedEvent, cullDeletedEvent, cullRecordedEvent, samplePhoto } from './sample-events';

/** One empty place for an event store (a file, a database) that a test may open several times. */
export interface EventStoreLocation<Tx> {
  /** Opens a store handle; handles opened on one location share their data. */
  open(): Promise<EventStore<Tx>>;
  /**
   * Records `markers` through the transaction handle, the way a read model update would; synchronously
   * when the adapter runs inTransaction work synchronously.
   */
  writeMarkers(tx: Tx, markers: string[]): void | Promise<void>;
  /** Markers committed so far, read outside any store handle. */
  readMarkers(): Promise<string[]>;
  /** Deletes the location's data once every handle is closed. */
  remove(): Promise<void>;
}

/** Runs `next` once `outcome` is done, staying synchronous when `outcome` is. */
function afterwards(outcome: void | Promise<void>, next: () => void): void | Promise<void> {
  return outcome instanceof Promise ? outcome.then(next) : next();
}

/** Answers `next()` once `outcome` is done, staying synchronous when `outcome` is. */
function answering<T>(outcome: void | Promise<void>, next: () => T): T | Promise<T> {
  return outcome instanceof Promise ? outcome.then(next) : next();
}

export interface EventStoreContractOptions {
  /** Lists the suite as skipped (its backend cannot be reached here) instead of running it. */
  skip?: boolean;
}

/**
 * The behaviour every EventStore adapter must have. `createLocation` is called once per test and must
 * give a new, empty location.
 */
export function eventStoreContract<Tx>(
  name: string,
  createLocation: () => Promise<EventStoreLocation<Tx>>,
  options: EventStoreContractOptions = {},
): void {
  describe.skipIf(options.skip ?? false)(`${name} (event store contract)`, () => {
    let location: EventStoreLocation<Tx>;
    let handles: EventStore<Tx>[];

    const open = async (): Promise<EventStore<Tx>> => {
      const store = await location.open();
      handles.push(store);
      return store;
    };

    const withPositions = (events: CullEvent[], firstPosition: number): StoredLogEvent[] =>
      events.map((event, index) => ({ ...event, position: firstPosition + index }));

    beforeEach(async () => {
      location = await createLocation();
      handles = [];
    });

    afterEach(async () => {
      for (const store of handles) await store.close();
      await location.remove();
    });

    it('an empty store has head position 0 and nothing to read', async () => {
      const store = await open();
      expect(await store.headPosition()).toBe(0);
      expect(await store.readAll(0, 10)).toEqual([]);
      expect(await store.readStream(randomUUID())).toEqual([]);
    });

    it('appending to a new stream at expected version 0 stores the events at versions 1..n and positions 1..n', async () => {
      const store = await open();
      const cullId = randomUUID();
      const events = [cullRecordedEvent(cullId), cullAmendedEvent(cullId, 2)];

      const result = await store.append(cullId, 0, events);

      expect(result).toEqual({ version: 2, position: 2 });
      expect(await store.readStream(cullId)).toEqual(withPositions(events, 1));
      expect(await store.headPosition()).toBe(2);
    });

    it('events read back equal what was written, every field of every event type included', async () => {
      const store = await open();
      const cullId = randomUUID();
      const recorded = cullRecordedEvent(cullId, 'user-7');
      const amended = cullAmendedEvent(cullId, 2, 'user-7');
      const photoAdded: CullEvent = {
        ...amended,
        id: randomUUID(),
        version: 3,
        type: EVENT_TYPES.photoAdded,
        data: samplePhoto(1),
      };
      const photoRemoved: CullEvent = {
        ...amended,
        id: randomUUID(),
        version: 4,
        type: EVENT_TYPES.photoRemoved,
        data: { photo_id: samplePhoto(1).id },
      };
      const deleted = cullDeletedEvent(cullId, 5, 'user-7');

      await store.append(cullId, 0, [recorded]);
      await store.append(cullId, 1, [amended]);
      await store.append(cullId, 2, [photoAdded, photoRemoved]);
      await store.append(cullId, 4, [deleted]);

      const expected = withPositions([recorded, amended, photoAdded, photoRemoved, deleted], 1);
      expect(await store.readStream(cullId)).toEqual(expected);
      expect(await store.readAll(0, 10)).toEqual(expected);
    });

    it('appending at the wrong expected version throws VersionConflictError and writes nothing', async () => {
      const store = await open();
      const cullId = randomUUID();
      await store.append(cullId, 0, [cullRecordedEvent(cullId)]);

      const stale = store.append(cullId, 0, [{ ...cullRecordedEvent(cullId), version: 1 }]);
      await expect(stale).rejects.toBeInstanceOf(VersionConflictError);
      const ahead = store.append(cullId, 2, [cullAmendedEvent(cullId, 3)]);
      await expect(ahead).rejects.toBeInstanceOf(VersionConflictError);
      const newStream = randomUUID();
      const missing = store.append(newStream, 1, [cullAmendedEvent(newStream, 2)]);
      await expect(missing).rejects.toBeInstanceOf(VersionConflictError);

      expect(await store.readStream(cullId)).toHaveLength(1);
      expect(await store.readStream(newStream)).toEqual([]);
      expect(await store.headPosition()).toBe(1);
    });

    it('a version conflict names the stream and the expected version', async () => {
      const store = await open();
      const cullId = randomUUID();
      await store.append(cullId, 0, [cullRecordedEvent(cullId)]);

      const conflict = await store
        .append(cullId, 0, [cullRecordedEvent(cullId)])
        .catch((error: unknown) => error);

      expect(conflict).toBeInstanceOf(VersionConflictError);
      expect(conflict).toMatchObject({ streamId: cullId, expectedVersion: 0 });
    });

    it('a rejected append does not use up a position: the log stays gap-free', async () => {
      const store = await open();
      const cullId = randomUUID();
      await store.append(cullId, 0, [cullRecordedEvent(cullId)]);
      await store.append(cullId, 0, [cullRecordedEvent(cullId)]).catch(() => undefined);

      const result = await store.append(cullId, 1, [cullAmendedEvent(cullId, 2)]);

      expect(result.position).toBe(2);
      expect((await store.readAll(0, 10)).map((event) => event.position)).toEqual([1, 2]);
    });

    it('two handles appending to one new stream at once: exactly one wins, the other gets a version conflict', async () => {
      const first = await open();
      const second = await open();
      const cullId = randomUUID();
      const firstEvent = cullRecordedEvent(cullId, 'user-a');
      const secondEvent = cullRecordedEvent(cullId, 'user-b');

      const outcomes = await Promise.allSettled([
        first.append(cullId, 0, [firstEvent]),
        second.append(cullId, 0, [secondEvent]),
      ]);

      const wins = outcomes.filter((outcome) => outcome.status === 'fulfilled');
      const losses = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(wins).toHaveLength(1);
      expect(losses).toHaveLength(1);
      expect((losses[0] as PromiseRejectedResult).reason).toBeInstanceOf(VersionConflictError);
      const winner = outcomes[0]?.status === 'fulfilled' ? firstEvent : secondEvent;
      expect(await first.readStream(cullId)).toEqual(withPositions([winner], 1));
      expect(await second.readStream(cullId)).toEqual(withPositions([winner], 1));
    });

    it('writers racing on one stream through two handles each land every event once, versions and positions without gaps', async () => {
      const handlesRacing = [await open(), await open()];
      const cullId = randomUUID();
      await handlesRacing[0]?.append(cullId, 0, [cullRecordedEvent(cullId)]);
      const appendsPerWriter = 6;

      const writer = async (store: EventStore<Tx>, userId: string): Promise<void> => {
        for (let written = 0; written < appendsPerWriter;) {
          const version = (await store.readStream(cullId)).length;
          try {
            await store.append(cullId, version, [cullAmendedEvent(cullId, version + 1, userId)]);
            written += 1;
          } catch (error) {
            if (!(error instanceof VersionConflictError)) throw error;
          }
        }
      };
      await Promise.all(
        handlesRacing.map((store, index) => writer(store as EventStore<Tx>, `writer-${index}`)),
      );

      const stream = await handlesRacing[0]!.readStream(cullId);
      const total = 1 + 2 * appendsPerWriter;
      expect(stream.map((event) => event.version)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
      expect(stream.map((event) => event.position)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
      expect(stream.filter((event) => event.userId === 'writer-0')).toHaveLength(appendsPerWriter);
      expect(stream.filter((event) => event.userId === 'writer-1')).toHaveLength(appendsPerWriter);
    });

    it('readStream returns only that stream, in version order', async () => {
      const store = await open();
      const cullId = randomUUID();
      const otherId = randomUUID();
      await store.append(cullId, 0, [cullRecordedEvent(cullId)]);
      await store.append(otherId, 0, [cullRecordedEvent(otherId)]);
      await store.append(cullId, 1, [cullAmendedEvent(cullId, 2), cullAmendedEvent(cullId, 3)]);
      await store.append(otherId, 1, [cullDeletedEvent(otherId, 2)]);

      const stream = await store.readStream(cullId);

      expect(stream.map((event) => [event.streamId, event.version, event.position])).toEqual([
        [cullId, 1, 1],
        [cullId, 2, 3],
        [cullId, 3, 4],
      ]);
    });

    it('readAll pages through every stream in global order from any position', async () => {
      const store = await open();
      const streamIds = [randomUUID(), randomUUID(), randomUUID()];
      const written: CullEvent[] = [];
      for (const streamId of streamIds) {
        const event = cullRecordedEvent(streamId);
        await store.append(streamId, 0, [event]);
        written.push(event);
      }
      for (const streamId of streamIds) {
        const events = [cullAmendedEvent(streamId, 2), cullAmendedEvent(streamId, 3)];
        await store.append(streamId, 1, events);
        written.push(...events);
      }

      const pages: StoredLogEvent[][] = [];
      for (let after = 0; ;) {
        const page = await store.readAll(after, 4);
        if (page.length === 0) break;
        pages.push(page);
        after = page[page.length - 1]!.position;
      }

      expect(pages.map((page) => page.length)).toEqual([4, 4, 1]);
      expect(pages.flat()).toEqual(withPositions(written, 1));
      expect(await store.readAll(5, 2)).toEqual(withPositions(written.slice(5, 7), 6));
      expect(await store.readAll(9, 10)).toEqual([]);
      expect(await store.headPosition()).toBe(9);
    });

    it('readAll refuses a negative position and a limit below 1', async () => {
      const store = await open();
      await expect(store.readAll(-1, 10)).rejects.toBeInstanceOf(RangeError);
      await expect(store.readAll(0, 0)).rejects.toBeInstanceOf(RangeError);
    });

    it('an append whose events do not continue the stream is refused and writes nothing', async () => {
      const store = await open();
      const cullId = randomUUID();

      await expect(store.append(cullId, 0, [cullRecordedEvent(randomUUID())])).rejects.toThrow(/must be/);
      await expect(store.append(cullId, 0, [cullAmendedEvent(cullId, 2)])).rejects.toThrow(/must be/);
      const gap = [cullRecordedEvent(cullId), cullAmendedEvent(cullId, 3)];
      await expect(store.append(cullId, 0, gap)).rejects.toThrow(/must be/);

      expect(await store.headPosition()).toBe(0);
    });

    it('an event that does not match the event contract is refused and nothing is written', async () => {
      const store = await open();
      const cullId = randomUUID();
      const broken = { ...cullRecordedEvent(cullId), type: 'cull.exploded.v1' } as unknown as CullEvent;

      await expect(store.append(cullId, 0, [broken])).rejects.toThrow(/event contract/);
      expect(await store.headPosition()).toBe(0);
    });

    it('an event id already in the log is refused and the append writes nothing', async () => {
      const store = await open();
      const cullId = randomUUID();
      const recorded = cullRecordedEvent(cullId);
      await store.append(cullId, 0, [recorded]);
      const otherId = randomUUID();

      const reused = { ...cullRecordedEvent(otherId), id: recorded.id };
      await expect(store.append(otherId, 0, [reused])).rejects.toThrow();

      expect(await store.readStream(otherId)).toEqual([]);
      expect(await store.headPosition()).toBe(1);
    });

    it("an empty append checks the expected version, writes nothing and answers the stream's newest position", async () => {
      const store = await open();
      const cullId = randomUUID();
      for (const streamId of [randomUUID(), cullId, randomUUID()]) {
        await store.append(streamId, 0, [cullRecordedEvent(streamId)]);
      }

      expect(await store.append(cullId, 1, [])).toEqual({ version: 1, position: 2 });
      await expect(store.append(cullId, 0, [])).rejects.toBeInstanceOf(VersionConflictError);
      expect(await store.append(randomUUID(), 0, [])).toEqual({ version: 0, position: 0 });
      expect(await store.headPosition()).toBe(3);
    });

    it('inTransaction work commits with the append and sees the stored events with their positions', async () => {
      const store = await open();
      const cullId = randomUUID();
      const events = [cullRecordedEvent(cullId), cullAmendedEvent(cullId, 2)];
      let seen: StoredLogEvent[] = [];

      await store.append(cullId, 0, events, (tx, stored) => {
        seen = stored;
        return location.writeMarkers(
          tx,
          stored.map((event) => `${event.version}@${event.position}`),
        );
      });

      expect(seen).toEqual(withPositions(events, 1));
      expect((await location.readMarkers()).sort()).toEqual(['1@1', '2@2']);
      expect(await store.readStream(cullId)).toHaveLength(2);
    });

    it('when inTransaction work throws, its error reaches the caller and neither the events nor its work are kept', async () => {
      const store = await open();
      const cullId = randomUUID();
      const failure = new Error('read model rejected the event');

      const append = store.append(cullId, 0, [cullRecordedEvent(cullId)], (tx) =>
        afterwards(location.writeMarkers(tx, ['should-vanish']), () => {
          throw failure;
        }),
      );

      await expect(append).rejects.toBe(failure);
      expect(await location.readMarkers()).toEqual([]);
      expect(await store.readStream(cullId)).toEqual([]);
      expect(await store.headPosition()).toBe(0);
      expect(await store.append(cullId, 0, [cullRecordedEvent(cullId)])).toEqual({ version: 1, position: 1 });
    });

    it('inTransaction work does not run when the append conflicts', async () => {
      const store = await open();
      const cullId = randomUUID();
      await store.append(cullId, 0, [cullRecordedEvent(cullId)]);
      let ran = false;

      const append = store.append(cullId, 0, [cullRecordedEvent(cullId)], () => {
        ran = true;
      });

      await expect(append).rejects.toBeInstanceOf(VersionConflictError);
      expect(ran).toBe(false);
    });

    it('appendMany writes several streams in one go, in the order given, with their work in the transaction', async () => {
      const store = await open();
      const existing = randomUUID();
      await store.append(existing, 0, [cullRecordedEvent(existing)]);
      const [first, second] = [randomUUID(), randomUUID()];
      const firstEvents = [cullRecordedEvent(first), cullAmendedEvent(first, 2)];
      const secondEvent = cullRecordedEvent(second);
      const amendExisting = cullAmendedEvent(existing, 2);
      let seen: StoredLogEvent[] = [];

      const results = await store.appendMany(
        [
          { streamId: first, expectedVersion: 0, events: firstEvents },
          { streamId: second, expectedVersion: 0, events: [secondEvent] },
          { streamId: existing, expectedVersion: 1, events: [amendExisting] },
        ],
        (tx, stored) => {
          seen = stored;
          return location.writeMarkers(
            tx,
            stored.map((event) => `${event.streamId}:${event.version}@${event.position}`),
          );
        },
      );

      expect(results).toEqual([
        { version: 2, position: 3 },
        { version: 1, position: 4 },
        { version: 2, position: 5 },
      ]);
      const expected = withPositions([...firstEvents, secondEvent, amendExisting], 2);
      expect(seen).toEqual(expected);
      expect(await store.readAll(1, 10)).toEqual(expected);
      expect((await location.readMarkers()).sort()).toEqual(
        [`${first}:1@2`, `${first}:2@3`, `${second}:1@4`, `${existing}:2@5`].sort(),
      );
    });

    it('appendMany with one stream not at its version writes none of them, naming that stream', async () => {
      const store = await open();
      const taken = randomUUID();
      await store.append(taken, 0, [cullRecordedEvent(taken)]);
      const fresh = randomUUID();

      const conflict = await store
        .appendMany(
          [
            { streamId: fresh, expectedVersion: 0, events: [cullRecordedEvent(fresh)] },
            { streamId: taken, expectedVersion: 0, events: [cullRecordedEvent(taken)] },
          ],
          (tx) => location.writeMarkers(tx, ['should-vanish']),
        )
        .catch((error: unknown) => error);

      expect(conflict).toBeInstanceOf(VersionConflictError);
      expect(conflict).toMatchObject({ streamId: taken, expectedVersion: 0 });
      expect(await store.readStream(fresh)).toEqual([]);
      expect(await store.headPosition()).toBe(1);
      expect(await location.readMarkers()).toEqual([]);
      // The failed batch gave its positions back.
      const next = randomUUID();
      expect(await store.append(next, 0, [cullRecordedEvent(next)])).toEqual({ version: 1, position: 2 });
    });

    it('appendMany refuses a stream named twice, and when its work throws keeps nothing', async () => {
      const store = await open();
      const cullId = randomUUID();
      await expect(
        store.appendMany([
          { streamId: cullId, expectedVersion: 0, events: [cullRecordedEvent(cullId)] },
          { streamId: cullId, expectedVersion: 1, events: [cullAmendedEvent(cullId, 2)] },
        ]),
      ).rejects.toThrow(/named twice/);
      const failure = new Error('read model rejected the batch');
      const batch = store.appendMany(
        [{ streamId: cullId, expectedVersion: 0, events: [cullRecordedEvent(cullId)] }],
        (tx) =>
          afterwards(location.writeMarkers(tx, ['should-vanish']), () => {
            throw failure;
          }),
      );
      await expect(batch).rejects.toBe(failure);
      expect(await store.readStream(cullId)).toEqual([]);
      expect(await location.readMarkers()).toEqual([]);
      expect(await store.appendMany([])).toEqual([]);
    });

    it('two appendMany batches racing for one new stream: exactly one is written whole', async () => {
      const [first, second] = [await open(), await open()];
      const shared = randomUUID();
      const [onlyFirst, onlySecond] = [randomUUID(), randomUUID()];

      const outcomes = await Promise.allSettled([
        first.appendMany([
          { streamId: onlyFirst, expectedVersion: 0, events: [cullRecordedEvent(onlyFirst)] },
          { streamId: shared, expectedVersion: 0, events: [cullRecordedEvent(shared, 'user-a')] },
        ]),
        second.appendMany([
          { streamId: onlySecond, expectedVersion: 0, events: [cullRecordedEvent(onlySecond)] },
          { streamId: shared, expectedVersion: 0, events: [cullRecordedEvent(shared, 'user-b')] },
        ]),
      ]);

      const losses = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(losses).toHaveLength(1);
      expect((losses[0] as PromiseRejectedResult).reason).toBeInstanceOf(VersionConflictError);
      const firstWon = outcomes[0]?.status === 'fulfilled';
      expect(await first.readStream(onlyFirst)).toHaveLength(firstWon ? 1 : 0);
      expect(await first.readStream(onlySecond)).toHaveLength(firstWon ? 0 : 1);
      expect(await first.readStream(shared)).toHaveLength(1);
      expect(await first.headPosition()).toBe(2);
    });

    it("readUser pages through one user's events in global order and nobody else's", async () => {
      const store = await open();
      const [mine, theirs, alsoMine] = [randomUUID(), randomUUID(), randomUUID()];
      await store.append(mine, 0, [cullRecordedEvent(mine, 'user-a')]);
      await store.append(theirs, 0, [cullRecordedEvent(theirs, 'user-b')]);
      await store.append(alsoMine, 0, [cullRecordedEvent(alsoMine, 'user-a')]);
      await store.append(mine, 1, [cullAmendedEvent(mine, 2, 'user-a')]);

      const firstPage = await store.readUser('user-a', 0, 2);
      const rest = await store.readUser('user-a', firstPage.at(-1)?.position ?? 0, 10);

      expect([...firstPage, ...rest].map((event) => [event.streamId, event.position])).toEqual([
        [mine, 1],
        [alsoMine, 3],
        [mine, 4],
      ]);
      expect(await store.readUser('nobody', 0, 10)).toEqual([]);
    });

    it("eraseUser deletes every event of the user's streams with its transaction work, and nobody else's", async () => {
      const store = await open();
      const [mine, theirs] = [randomUUID(), randomUUID()];
      await store.append(mine, 0, [cullRecordedEvent(mine, 'user-a'), cullAmendedEvent(mine, 2, 'user-a')]);
      await store.append(theirs, 0, [cullRecordedEvent(theirs, 'user-b')]);
      const before = await store.readStream(theirs);

      const erased = await store.eraseUser('user-a', (tx, userId) =>
        answering(location.writeMarkers(tx, [`erased ${userId}`]), () => 0),
      );

      expect(erased).toEqual({ events: 2 });
      expect(await location.readMarkers()).toEqual(['erased user-a']);
      expect(await store.readStream(mine)).toEqual([]);
      expect(await store.readUser('user-a', 0, 10)).toEqual([]);
      expect(await store.readStream(theirs)).toEqual(before);
      expect((await store.readAll(0, 10)).map((event) => event.userId)).toEqual(['user-b']);
      expect(await store.eraseUser('user-a')).toEqual({ events: 0 });
    });

    /** `count` events of `userId`, each the first of a stream of its own, in one append. */
    async function manyEventsOf(store: EventStore<Tx>, userId: string, count: number): Promise<void> {
      const streams = Array.from({ length: count }, () => randomUUID());
      await store.appendMany(
        streams.map((streamId) => ({
          streamId,
          expectedVersion: 0,
          events: [cullRecordedEvent(streamId, userId)],
        })),
      );
    }

    it("eraseUser works in batches, a transaction each with a batch of the read model's erasure, until neither has anything left", async () => {
      const store = await open();
      await manyEventsOf(store, 'user-a', ERASE_BATCH_SIZE * 2 + 1);
      await manyEventsOf(store, 'user-b', 1);
      const limits: number[] = [];

      // The read model has rows to erase for one batch longer than the events.
      const erased = await store.eraseUser('user-a', (tx, _userId, limit) =>
        answering(location.writeMarkers(tx, [`batch ${limits.length + 1}`]), () => {
          limits.push(limit);
          return limits.length <= 3 ? limit : limit - 1;
        }),
      );

      expect(erased).toEqual({ events: ERASE_BATCH_SIZE * 2 + 1 });
      expect(limits).toEqual([ERASE_BATCH_SIZE, ERASE_BATCH_SIZE, ERASE_BATCH_SIZE, ERASE_BATCH_SIZE]);
      expect(await location.readMarkers()).toEqual(['batch 1', 'batch 2', 'batch 3', 'batch 4']);
      expect(await store.readUser('user-a', 0, ERASE_BATCH_SIZE * 3)).toEqual([]);
      expect(await store.readUser('user-b', 0, 10)).toHaveLength(1);
    });

    it('an erasure interrupted between two batches keeps what it erased, and run again it erases the rest', async () => {
      const store = await open();
      await manyEventsOf(store, 'user-a', ERASE_BATCH_SIZE * 2 + 1);
      const interrupted = new Error('the process stopped');
      let batches = 0;

      await expect(
        store.eraseUser('user-a', (tx, userId) =>
          answering(location.writeMarkers(tx, [`erased ${userId}`]), () => {
            batches += 1;
            if (batches === 2) throw interrupted;
            return 0;
          }),
        ),
      ).rejects.toBe(interrupted);
      expect(await store.readUser('user-a', 0, ERASE_BATCH_SIZE * 3)).toHaveLength(ERASE_BATCH_SIZE + 1);
      expect(await location.readMarkers()).toEqual(['erased user-a']);

      expect(await store.eraseUser('user-a')).toEqual({ events: ERASE_BATCH_SIZE + 1 });
      expect(await store.readUser('user-a', 0, ERASE_BATCH_SIZE * 3)).toEqual([]);
    });

    it("another user's read completes while a large erasure is still going on", async () => {
      const store = await open();
      await manyEventsOf(store, 'user-a', ERASE_BATCH_SIZE * 4);
      await manyEventsOf(store, 'user-b', 1);
      const finished: string[] = [];

      const erasure = store.eraseUser('user-a').then(() => finished.push('erasure'));
      const read = await store.readUser('user-b', 0, 10);
      finished.push('read');
      await erasure;

      expect(read).toHaveLength(1);
      expect(finished).toEqual(['read', 'erasure']);
    });

    it("while a user is erased their appends are refused, another user's are written, and nothing of theirs is left", async () => {
      const store = await open();
      await manyEventsOf(store, 'user-a', ERASE_BATCH_SIZE * 2);
      const [mine, theirs] = [randomUUID(), randomUUID()];

      const erasure = store.eraseUser('user-a');
      const [refused, written] = await Promise.allSettled([
        store.append(mine, 0, [cullRecordedEvent(mine, 'user-a')]),
        store.append(theirs, 0, [cullRecordedEvent(theirs, 'user-b')]),
      ]);
      expect(await erasure).toEqual({ events: ERASE_BATCH_SIZE * 2 });

      expect(refused.status === 'rejected' && refused.reason).toBeInstanceOf(UserBeingErasedError);
      expect(written.status).toBe('fulfilled');
      expect(await store.readUser('user-a', 0, ERASE_BATCH_SIZE * 3)).toEqual([]);
      expect(await store.readStream(theirs)).toHaveLength(1);
      // Once it is done, the user may record again from nothing.
      expect(await store.append(mine, 0, [cullRecordedEvent(mine, 'user-a')])).toMatchObject({ version: 1 });
    });

    it('after the newest events are erased, positions are not handed out again: a checkpoint past them stays valid', async () => {
      const store = await open();
      const [theirs, mine] = [randomUUID(), randomUUID()];
      await store.append(theirs, 0, [cullRecordedEvent(theirs, 'user-b')]);
      await store.append(mine, 0, [cullRecordedEvent(mine, 'user-a'), cullAmendedEvent(mine, 2, 'user-a')]);
      const checkpoint = 3;

      await store.eraseUser('user-a');
      const next = randomUUID();
      const appended = await store.append(next, 0, [cullRecordedEvent(next, 'user-b')]);

      expect(appended.position).toBe(4);
      expect((await store.readAll(checkpoint, 10)).map((event) => event.streamId)).toEqual([next]);
      expect((await store.readAll(0, 10)).map((event) => event.position)).toEqual([1, 4]);
    });

    it("when the erasure's transaction work throws, the events stay", async () => {
      const store = await open();
      const mine = randomUUID();
      await store.append(mine, 0, [cullRecordedEvent(mine, 'user-a')]);
      const failure = new Error('read model refused');

      await expect(
        store.eraseUser('user-a', () => {
          throw failure;
        }),
      ).rejects.toBe(failure);

      expect(await store.readStream(mine)).toHaveLength(1);
    });

    it("eraseStreams deletes the user's named streams whole, with its transaction work, and nothing else", async () => {
      const store = await open();
      const [old, kept, theirs] = [randomUUID(), randomUUID(), randomUUID()];
      await store.append(old, 0, [cullRecordedEvent(old, 'user-a'), cullAmendedEvent(old, 2, 'user-a')]);
      await store.append(kept, 0, [cullRecordedEvent(kept, 'user-a')]);
      await store.append(theirs, 0, [cullRecordedEvent(theirs, 'user-b')]);
      const [keptBefore, theirsBefore] = [await store.readStream(kept), await store.readStream(theirs)];

      // Another user's stream named among them keeps every event, though the work is told of it.
      const erased = await store.eraseStreams('user-a', [old, theirs, 'no-such-stream'], (tx, userId, ids) =>
        location.writeMarkers(tx, [`${userId}: ${ids.length}`]),
      );

      expect(erased).toEqual({ events: 2 });
      expect(await location.readMarkers()).toEqual(['user-a: 3']);
      expect(await store.readStream(old)).toEqual([]);
      expect(await store.readStream(kept)).toEqual(keptBefore);
      expect(await store.readStream(theirs)).toEqual(theirsBefore);
      expect((await store.readUser('user-a', 0, 10)).map((event) => event.streamId)).toEqual([kept]);
      expect(await store.eraseStreams('user-a', [old])).toEqual({ events: 0 });
      expect(await store.eraseStreams('user-a', [])).toEqual({ events: 0 });
      // Positions are not handed out again, and the stream can no longer be written as if it were there.
      const next = randomUUID();
      expect((await store.append(next, 0, [cullRecordedEvent(next, 'user-a')])).position).toBe(5);
      await expect(store.append(old, 2, [cullDeletedEvent(old, 3, 'user-a')])).rejects.toBeInstanceOf(
        VersionConflictError,
      );
    });

    it("rewriteEvents replaces the named events' type and data, with its transaction work, and nothing else", async () => {
      const store = await open();
      const [mine, theirs] = [randomUUID(), randomUUID()];
      await store.append(mine, 0, [cullRecordedEvent(mine, 'user-a'), cullAmendedEvent(mine, 2, 'user-a')]);
      await store.append(theirs, 0, [cullRecordedEvent(theirs, 'user-b')]);
      const [recorded, amended] = await store.readStream(mine);
      const theirsBefore = await store.readStream(theirs);
      const rewrite = <E extends { data: object }>(event: E, location: string) => {
        const { position: _position, ...stored } = event as E & { position: number };
        return { ...stored, data: { ...event.data, location_name: location } } as unknown as LogEvent;
      };

      const rewritten = await store.rewriteEvents(
        'user-a',
        [
          rewrite(recorded!, 'Rewritten'),
          // Another user's event, said to be the user's, is not theirs to rewrite.
          { ...rewrite(theirsBefore[0]!, 'Not theirs to rewrite'), userId: 'user-a' },
        ],
        (tx, userId) => location.writeMarkers(tx, [`rewritten for ${userId}`]),
      );

      expect(rewritten).toEqual({ events: 1 });
      expect(await location.readMarkers()).toEqual(['rewritten for user-a']);
      expect(await store.readStream(mine)).toEqual([
        { ...recorded, data: { ...recorded!.data, location_name: 'Rewritten' } },
        amended,
      ]);
      expect(await store.readStream(theirs)).toEqual(theirsBefore);
      // The stream runs on from the same version.
      expect((await store.append(mine, 2, [cullDeletedEvent(mine, 3, 'user-a')])).version).toBe(3);
    });

    it("when rewriteEvents' transaction work throws, every event stays as it was", async () => {
      const store = await open();
      const mine = randomUUID();
      await store.append(mine, 0, [cullRecordedEvent(mine, 'user-a')]);
      const before = await store.readStream(mine);
      const { position: _position, ...stored } = before[0]!;
      const failure = new Error('read model refused');

      await expect(
        store.rewriteEvents(
          'user-a',
          [{ ...stored, data: { ...stored.data, notes: 'changed' } } as LogEvent],
          () => {
            throw failure;
          },
        ),
      ).rejects.toBe(failure);

      expect(await store.readStream(mine)).toEqual(before);
    });

    it("when eraseStreams' transaction work throws, every event of the streams stays", async () => {
      const store = await open();
      const mine = randomUUID();
      await store.append(mine, 0, [cullRecordedEvent(mine, 'user-a'), cullAmendedEvent(mine, 2, 'user-a')]);
      const failure = new Error('read model refused');

      await expect(
        store.eraseStreams('user-a', [mine], () => {
          throw failure;
        }),
      ).rejects.toBe(failure);

      expect(await store.readStream(mine)).toHaveLength(2);
    });

    it("eraseStreams erases many streams a batch at a time, each with its work, another user's read answered between", async () => {
      const store = await open();
      const streams = Array.from({ length: 120 }, () => randomUUID());
      for (const stream of streams) await store.append(stream, 0, [cullRecordedEvent(stream, 'user-a')]);
      const other = randomUUID();
      await store.append(other, 0, [cullRecordedEvent(other, 'user-b')]);
      const happened: string[] = [];

      const erasure = store.eraseStreams('user-a', streams, (_tx, _userId, ids) => {
        happened.push(`batch of ${ids.length}`);
      });
      const read = await store.readUser('user-b', 0, 10);
      happened.push('read');
      expect(await erasure).toEqual({ events: streams.length });

      expect(read).toHaveLength(1);
      const batches = happened.filter((entry) => entry !== 'read');
      expect(batches.length).toBeGreaterThan(1);
      expect(happened.indexOf('read')).toBeLessThan(happened.lastIndexOf(batches.at(-1)!));
      expect(await store.readUser('user-a', 0, 10)).toEqual([]);
    });

    it('eraseStreams commits the appends already accepted first, then erases them with the rest', async () => {
      const store = await open();
      const mine = randomUUID();
      await store.append(mine, 0, [cullRecordedEvent(mine, 'user-a')]);
      // Accepted, not awaited: the erasure must not leave it written after the stream is gone.
      const amending = store.append(mine, 1, [cullAmendedEvent(mine, 2, 'user-a')]);
      const erased = await store.eraseStreams('user-a', [mine]);
      await amending;

      expect(erased).toEqual({ events: 2 });
      expect(await store.readStream(mine)).toEqual([]);
    });

    it('data survives closing the store and opening it again', async () => {
      const store = await open();
      const cullId = randomUUID();
      const events = [cullRecordedEvent(cullId), cullAmendedEvent(cullId, 2)];
      await store.append(cullId, 0, events);
      await store.close();

      const reopened = await open();

      expect(await reopened.readStream(cullId)).toEqual(withPositions(events, 1));
      expect(await reopened.headPosition()).toBe(2);
      expect(await reopened.append(cullId, 2, [cullDeletedEvent(cullId, 3)])).toEqual({
        version: 3,
        position: 3,
      });
      await expect(reopened.append(cullId, 2, [cullDeletedEvent(cullId, 3)])).rejects.toBeInstanceOf(
        VersionConflictError,
      );
    });
  });
}
