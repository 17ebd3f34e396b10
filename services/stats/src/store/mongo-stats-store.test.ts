import { randomUUID } from 'node:crypto';
import { describeWithMongo } from '@cull-log/eventstore/testing';
import { statsStoreContract } from '../testing/stats-store-contract';
import { connectMongoStatsStore } from './mongo-stats-store';

await describeWithMongo('MongoDB stats store contract', (url) => {
  const dbName = `stats_test_${randomUUID().slice(0, 8)}`;
  statsStoreContract('MongoDB', () => connectMongoStatsStore({ url, dbName }));
});
