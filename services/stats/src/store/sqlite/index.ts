import { followsEverything, openSqliteProjection } from '@cull-log/projection';
import type { StatsStore } from '../stats-store';
import { statsQueries } from './queries';
import { SQLITE_STATS_MIGRATIONS } from './schema';
import { statsWrites } from './writes';

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
      'outings',
      'outing_months',
      'user_settings',
      'season_plans',
      'ground_names',
      'member_links',
      'team_names',
      'plan_allocations',
    ],
  });
  const { db, readPosition } = projection;

  return {
    ...projection.projectionStore(statsWrites(db), followsEverything),
    ...statsQueries(db, readPosition),
  };
}
