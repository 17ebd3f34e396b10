import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, describe, it } from 'vitest';
import { mongoTestTarget } from '@cull-log/storage-kit/testing';
import { describeBudgetCounterContract } from './budget-counter.contract';
import { connectMongoBudgetCounter } from './mongo-budget-counter';

const target = await mongoTestTarget('MongoDB budget counter contract suite');

if (target === undefined) {
  describe.skip('BudgetCounter contract: MongoDB (no MongoDB reachable)', () => {
    it('runs when MONGODB_URL is set or Docker is available', () => {});
  });
} else {
  const { url, stop } = target;
  afterAll(stop);
  describeBudgetCounterContract('MongoDB (two clients)', async () => {
    const dbName = `gateway_budgets_test_${randomUUID().replaceAll('-', '')}`;
    return {
      open: () => connectMongoBudgetCounter({ url, dbName }),
      async dispose() {
        const client = await MongoClient.connect(url);
        await client.db(dbName).dropDatabase();
        await client.close();
      },
    };
  });
}
