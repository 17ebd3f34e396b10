import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, describe, it } from 'vitest';
import { mongoTestTarget } from '@cull-log/storage-kit/testing';
import { connectMongoSessionStore } from './mongo-session-store';
import { describeSessionStoreContract } from './session-store.contract';

const target = await mongoTestTarget('MongoDB session store contract suite');

if (target === undefined) {
  describe.skip('SessionStore contract: MongoDB (no MongoDB reachable)', () => {
    it('runs when MONGODB_URL is set or Docker is available', () => {});
  });
} else {
  const { url, stop } = target;
  afterAll(stop);
  describeSessionStoreContract('MongoDB', async () => {
    const dbName = `gateway_sessions_test_${randomUUID().replaceAll('-', '')}`;
    return {
      open: () => connectMongoSessionStore({ url, dbName }),
      async dispose() {
        const client = await MongoClient.connect(url);
        await client.db(dbName).dropDatabase();
        await client.close();
      },
    };
  });
}
