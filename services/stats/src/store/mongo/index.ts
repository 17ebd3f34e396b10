import { connectMongoProjection, followsEverything } from '@cull-log/projection';
import type { StatsStore } from '../stats-store';
import { COUNTERS } from './documents';
import { statsQueries } from './queries';
import { upgradeCollections } from './schema';
import { statsWrites } from './writes';

/** The stats projection in MongoDB (a replica set: every batch is applied in one transaction). */
export async function connectMongoStatsStore({
  url,
  dbName,
}: {
  url: string;
  dbName: string;
}): Promise<StatsStore> {
  const projection = await connectMongoProjection({
    url,
    dbName,
    name: 'stats',
    readModelCollections: [
      'stats_culls',
      'stats_outings',
      'stats_settings',
      'stats_plans',
      'stats_ground_names',
      ...Object.values(COUNTERS).map((counter) => counter.collection),
    ],
  });
  await upgradeCollections(projection.db);

  return {
    ...projection.projectionStore(statsWrites(projection.db), followsEverything),
    ...statsQueries(projection),
  };
}
