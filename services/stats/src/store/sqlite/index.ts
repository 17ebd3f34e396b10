import { followsEverything, openSqliteProjection } from '@cull-log/projection';
import type { StatsStore } from '../stats-store';
import { aggregatesCache } from './aggregates-cache';
import { statsQueries } from './queries';
import { SQLITE_STATS_MIGRATIONS } from './schema';
import { eraseTeamCulls, removeRetainedCulls, statsWrites } from './writes';

/** The stats projection in a SQLite file (DATA_DIR/stats.db in the standalone app). */
export function openSqliteStatsStore({ file }: { file: string }): StatsStore {
  const projection = openSqliteProjection({
    file,
    name: 'stats',
    migrations: SQLITE_STATS_MIGRATIONS,
    readModelTables: [
      'culls',
      'user_totals',
      'species_counts',
      'month_counts',
      'class_months',
      'destination_months',
      'warning_months',
      'outings',
      'outing_months',
      'user_settings',
      'season_plans',
      'ground_names',
      'member_links',
      'team_names',
      'plan_allocations',
    ],
    // A team's figures lose an erased member's culls, which come back as the team's own (a function of the file,
    // bound once it is open).
    beforeErase: (userId, limit) => {
      // The user's counters go with their rows, which beforeErase's moves do not name.
      cache.forget(userId);
      return eraseCounts(userId, limit);
    },
  });
  const { db, readPosition } = projection;
  const cache = aggregatesCache(db);
  const eraseCounts = eraseTeamCulls(db, cache.forget);
  const removeRetained = removeRetainedCulls(db, cache.forget);
  const store = projection.projectionStore(statsWrites(db, cache.forget), followsEverything);

  return {
    ...store,
    async eraseUser(userId) {
      try {
        await store.eraseUser(userId);
      } finally {
        cache.forget(userId);
      }
    },
    async clear() {
      try {
        await store.clear();
      } finally {
        cache.clear();
      }
    },
    async removeRecords(userId, recordIds) {
      return removeRetained(userId, recordIds);
    },
    ...statsQueries(db, readPosition, cache),
  };
}
