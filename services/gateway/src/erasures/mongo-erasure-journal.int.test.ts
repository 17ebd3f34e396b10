import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, describe, it } from 'vitest';
import { mongoTestTarget } from '@cull-log/storage-kit/testing';
import { describeErasureJournalContract } from './erasure-journal.contract';
import { connectMongoErasureJournal } from './mongo-erasure-journal';

const target = await mongoTestTarget('MongoDB erasure journal contract suite');

if (target === undefined) {
  describe.skip('ErasureJournal contract: MongoDB (no MongoDB reachable)', () => {
    it('runs when MONGODB_URL is set or Docker is available', () => {});
  });
} else {
  const { url, stop } = target;
  afterAll(stop);
  describeErasureJournalContract('MongoDB (two clients)', async () => {
    const dbName = `gateway_erasures_test_${randomUUID().replaceAll('-', '')}`;
    return {
      open: () => connectMongoErasureJournal({ url, dbName }),
      async dispose() {
        const client = await MongoClient.connect(url);
        await client.db(dbName).dropDatabase();
        await client.close();
      },
    };
  });
}
