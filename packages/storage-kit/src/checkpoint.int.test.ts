import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, expect, it } from 'vitest';
import { openMongoCheckpoints } from './checkpoint';
import { describeWithMongo } from './testing/describe-with-mongo';

await describeWithMongo('MongoDB checkpoints', (url) => {
  const client = new MongoClient(url);
  const db = client.db(`cull_log_checkpoints_${randomUUID().replaceAll('-', '').slice(0, 12)}`);
  afterAll(async () => {
    await db.dropDatabase();
    await client.close();
  });

  it('start at 0 and keep the last position saved per name', async () => {
    const checkpoints = openMongoCheckpoints({ db, collection: 'checkpoints' });
    expect(await checkpoints.load('stats')).toBe(0);
    await checkpoints.save('stats', 7);
    await checkpoints.save('exports', 3);
    await checkpoints.save('stats', 9);
    expect(await checkpoints.load('stats')).toBe(9);
    expect(await checkpoints.load('exports')).toBe(3);
  });

  it("a save in the caller's transaction is kept only when that transaction commits", async () => {
    await db.createCollection('relay_checkpoint');
    const checkpoints = openMongoCheckpoints({ db, collection: 'relay_checkpoint' });
    const session = client.startSession();
    await session
      .withTransaction(async () => {
        await checkpoints.save('bus', 5, session);
        throw new Error('the read model refused the event');
      })
      .catch(() => undefined);
    expect(await checkpoints.load('bus')).toBe(0);
    await session.withTransaction(() => checkpoints.save('bus', 6, session));
    await session.endSession();
    expect(await checkpoints.load('bus')).toBe(6);
  });
});
