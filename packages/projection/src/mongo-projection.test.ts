import { randomUUID } from 'node:crypto';
import { describeWithMongo } from '@cull-log/eventstore/testing';
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
    const marks = projection.db.collection<{ eventId: string; at: number }>('marking_marks');
    let failNext = false;
    return {
      store: projection.projectionStore(async (events, session) => {
        await marks.insertMany(
          events.map((event) => ({ eventId: event.id, at: event.position })),
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
});
