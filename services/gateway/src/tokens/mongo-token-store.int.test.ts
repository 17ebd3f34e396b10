import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, describe, it } from 'vitest';
import { mongoTestTarget } from '@cull-log/storage-kit/testing';
import { connectMongoTokenStore } from './mongo-token-store';
import { describeTokenStoreContract } from './token-store.contract';

const target = await mongoTestTarget('MongoDB token store contract suite');

if (target === undefined) {
  describe.skip('TokenStore contract: MongoDB (no MongoDB reachable)', () => {
    it('runs when MONGODB_URL is set or Docker is available', () => {});
  });
} else {
  const { url, stop } = target;
  afterAll(stop);
  describeTokenStoreContract('MongoDB', async () => {
    const dbName = `gateway_tokens_test_${randomUUID().replaceAll('-', '')}`;
    return {
      open: () => connectMongoTokenStore({ url, dbName }),
      async dispose() {
        const client = await MongoClient.connect(url);
        await client.db(dbName).dropDatabase();
        await client.close();
      },
    };
  });
}
