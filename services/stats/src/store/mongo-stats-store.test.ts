import { randomUUID } from 'node:crypto';
import { afterAll, describe, it } from 'vitest';
import { mongoTestTarget } from '@cull-log/eventstore/testing';
import { statsStoreContract } from '../testing/stats-store-contract';
import { connectMongoStatsStore } from './mongo-stats-store';

const target = await mongoTestTarget('MongoDB stats store contract');

if (target === undefined) {
  describe.skip('MongoDB stats store (no MongoDB reachable)', () => {
    it('runs the stats store contract', () => {});
  });
} else {
  const dbName = `stats_test_${randomUUID().slice(0, 8)}`;
  afterAll(() => target.stop());
  statsStoreContract('MongoDB', () => connectMongoStatsStore({ url: target.url, dbName }));
}
