import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, describe, it } from 'vitest';
import { mongoTestTarget } from '@cull-log/storage-kit/testing';
import { connectMongoSessionStore } from '../sessions/mongo-session-store';
import { connectMongoTokenStore } from '../tokens/mongo-token-store';
import { describeAccountStoreContract } from './account-store.contract';
import { connectMongoAccountStore } from './mongo-account-store';

const target = await mongoTestTarget('MongoDB account store contract suite');

if (target === undefined) {
  describe.skip('AccountStore contract: MongoDB (no MongoDB reachable)', () => {
    it('runs when MONGODB_URL is set or Docker is available', () => {});
  });
} else {
  const { url, stop } = target;
  afterAll(stop);
  describeAccountStoreContract('MongoDB (two clients)', async () => {
    const dbName = `gateway_accounts_test_${randomUUID().replaceAll('-', '')}`;
    return {
      open: () => connectMongoAccountStore({ url, dbName }),
      openSessions: () => connectMongoSessionStore({ url, dbName }),
      openTokens: () => connectMongoTokenStore({ url, dbName }),
      async dispose() {
        const client = await MongoClient.connect(url);
        await client.db(dbName).dropDatabase();
        await client.close();
      },
    };
  });
}
