import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { describeWithMongo } from '@cull-log/storage-kit/testing';
import {
  KEPT_BEFORE_COUNTERS_FIGURES,
  KEPT_BEFORE_COUNTERS_WINDOW,
} from '../../testing/kept-before-counters';
import { statsStoreContract } from '../../testing/stats-store-contract';
import { connectMongoStatsStore } from './index';

await describeWithMongo('MongoDB stats store contract', (url) => {
  const dbName = `stats_test_${randomUUID().slice(0, 8)}`;
  statsStoreContract('MongoDB', () => connectMongoStatsStore({ url, dbName }));

  describe('MongoDB stats database written before the counters', () => {
    it('counts the culls it already holds once, on first connect', async () => {
      const oldDbName = `stats_facts_${randomUUID().slice(0, 8)}`;
      const client = await new MongoClient(url).connect();
      await client
        .db(oldDbName)
        .collection<{ _id: string; [field: string]: unknown }>('stats_culls')
        .insertMany([
          { _id: 'a', userId: 'alice', species: 'Fox', sex: 'Male', date: '2026-05-02', weightGrams: 7250 },
          { _id: 'b', userId: 'alice', species: 'Fox', sex: 'Female', date: '2026-04-30', weightGrams: null },
          {
            _id: 'c',
            userId: 'bob',
            species: 'Muntjac',
            sex: 'Male',
            date: '2026-05-03',
            weightGrams: 12000,
          },
        ]);
      await client.close();
      const window = KEPT_BEFORE_COUNTERS_WINDOW;
      const expected = KEPT_BEFORE_COUNTERS_FIGURES;

      const first = await connectMongoStatsStore({ url, dbName: oldDbName });
      expect(await first.aggregates(window)).toEqual(expected);
      await first.close();
      const second = await connectMongoStatsStore({ url, dbName: oldDbName });
      expect(await second.aggregates(window)).toEqual(expected);
      await second.close();
    });
  });
});
