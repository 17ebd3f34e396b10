import { connectMongoProjection, followsEverything, type MongoTarget } from '@cull-log/projection';
import type { StatsStore } from '../stats-store';
import { COUNTERS } from './documents';
import { statsQueries } from './queries';
import { MONGO_STATS_MIGRATIONS } from './schema';
import { eraseTeamCulls, removeRetainedCulls, statsWrites } from './writes';

/** The stats projection in MongoDB (a replica set: every batch is applied in one transaction). */
export async function connectMongoStatsStore(target: MongoTarget): Promise<StatsStore> {
  const projection = await connectMongoProjection({
    ...target,
    name: 'stats',
    migrations: MONGO_STATS_MIGRATIONS,
    readModelCollections: [
      'stats_culls',
      'stats_outings',
      'stats_settings',
      'stats_plans',
      'stats_ground_names',
      'stats_member_links',
      'stats_team_names',
      'stats_allocations',
      ...Object.values(COUNTERS).map((counter) => counter.collection),
    ],
    // A team's figures lose an erased member's culls, which come back as the team's own.
    beforeErase: eraseTeamCulls,
  });

  return {
    ...projection.projectionStore(statsWrites(projection.db), followsEverything),
    async removeRecords(userId, recordIds) {
      const session = projection.client.startSession();
      try {
        return await session.withTransaction(() =>
          removeRetainedCulls(projection.db, userId, recordIds, session),
        );
      } finally {
        await session.endSession();
      }
    },
    ...statsQueries(projection),
  };
}
