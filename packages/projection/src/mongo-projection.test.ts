import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import { describeWithMongo } from '@cull-log/storage-kit/testing';
import { connectMongoProjection } from './mongo-projection';
import { projectionBookkeepingContract, type MarkingProjection } from './testing';

await describeWithMongo('MongoDB projection bookkeeping', (url) => {
  const dbName = `projection_test_${randomUUID().slice(0, 8)}`;
  projectionBookkeepingContract('MongoDB', async (): Promise<MarkingProjection> => {
    const projection = await connectMongoProjection({
      url,
      dbName,
      name: 'marking',
      readModelCollections: ['marking_marks'],
    });
    const marks = projection.db.collection<{ eventId: string; at: number; userId: string }>('marking_marks');
    let failNext = false;
    return {
      store: projection.projectionStore(async (events, session) => {
        await marks.insertMany(
          events.map((event) => ({ eventId: event.id, at: event.position, userId: event.userId })),
          { session },
        );
        if (failNext) {
          failNext = false;
          throw new Error('read model write failed');
        }
      }),
      marks: async () => (await marks.find().sort({ at: 1 }).toArray()).map((mark) => mark.eventId),
      failNextWrite: () => {
        failNext = true;
      },
    };
  });

  describe('watching the checkpoint', () => {
    it('tells one replica when another replica moves the checkpoint', async () => {
      const open = () => connectMongoProjection({ url, dbName, name: 'watched', readModelCollections: [] });
      const [watching, applying] = await Promise.all([open(), open()]);
      const watchingStore = watching.projectionStore(async () => {});
      const applyingStore = applying.projectionStore(async () => {});
      try {
        const moved = new Promise<void>((resolve) => {
          const stop = watchingStore.watchPosition?.(() => {
            resolve();
            void stop?.();
          });
        });
        // The change stream opens asynchronously; a first move may come before it is listening.
        const log = createSampleEventLog();
        const applyUntilMoved = async () => {
          for (let attempt = 0; attempt < 50; attempt += 1) {
            await applyingStore.apply(log.recorded('alice'));
            const settled = await Promise.race([
              moved.then(() => true),
              new Promise((r) => setTimeout(r, 100, false)),
            ]);
            if (settled) return;
          }
          throw new Error('the other replica never heard of the move');
        };
        await applyUntilMoved();
        expect(await watchingStore.position()).toBeGreaterThan(0);
      } finally {
        await watchingStore.close();
        await applyingStore.close();
      }
    });
  });

  describe('erasing a user', () => {
    it('runs the read model’s erasure step first, in the same transaction, and clear empties its unowned collections', async () => {
      const projection = await connectMongoProjection({
        url,
        dbName,
        name: 'keeping',
        readModelCollections: ['keeping_owned'],
        unownedCollections: ['keeping_tally'],
        // Keeps the user's document `kept` under another owner; fails for 'refused', so nothing of the erasure holds.
        beforeErase: async (db, userId, session) => {
          await db
            .collection<{ _id: string; userId: string }>('keeping_owned')
            .updateOne({ _id: 'kept', userId }, { $set: { userId: 'team' } }, { session });
          if (userId === 'refused') throw new Error('erasure step failed');
          return 0;
        },
      });
      const owned = projection.db.collection<{ _id: string; userId: string }>('keeping_owned');
      const tally = projection.db.collection<{ _id: string; n: number }>('keeping_tally');
      await owned.insertMany([
        { _id: 'kept', userId: 'ann' },
        { _id: 'gone', userId: 'ann' },
        { _id: 'his', userId: 'refused' },
      ]);
      await tally.insertOne({ _id: 't', n: 1 });
      const store = projection.projectionStore(async () => {});
      try {
        await store.eraseUser('ann');
        expect(await owned.find().sort({ _id: 1 }).toArray()).toEqual([
          { _id: 'his', userId: 'refused' },
          { _id: 'kept', userId: 'team' },
        ]);
        await expect(store.eraseUser('refused')).rejects.toThrow('erasure step failed');
        expect(await owned.countDocuments()).toBe(2);
        expect(await tally.countDocuments()).toBe(1);
        await store.clear();
        expect(await tally.countDocuments()).toBe(0);
      } finally {
        await store.close();
      }
    });
  });
});
