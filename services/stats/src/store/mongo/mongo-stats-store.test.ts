import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { seasonMonths, seasonOfKey } from '@cull-log/domain';
import { describeWithMongo } from '@cull-log/storage-kit/testing';
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
      const window = {
        userId: 'alice',
        months: ['2026-04', '2026-05'],
        seasonMonths: seasonMonths(seasonOfKey('2026-27')),
      };
      const expected = {
        total: 2,
        speciesCounts: { Fox: 2 },
        weightGrams: 7250,
        weighed: 1,
        perMonth: { '2026-04': 1, '2026-05': 1 },
        seasonSpeciesBySex: { Fox: { Male: 1, Female: 1 } },
        seasonOutings: { outings: 0, blank: 0, durationMs: 0, deer: 0 },
        position: 0,
      };

      const first = await connectMongoStatsStore({ url, dbName: oldDbName });
      expect(await first.aggregates(window)).toEqual(expected);
      await first.close();
      const second = await connectMongoStatsStore({ url, dbName: oldDbName });
      expect(await second.aggregates(window)).toEqual(expected);
      await second.close();
    });
  });
});
