import { defineProjectionService } from '@cull-log/projection';
import { SERVICES } from '@cull-log/service-kit';
import { statsRoutes } from './routes/stats-routes';
import { connectMongoStatsStore } from './store/mongo';
import { openSqliteStatsStore } from './store/sqlite';

/** The dashboard figures, kept as per-user counters from the cull events. */
export const statsService = defineProjectionService({
  name: 'stats',
  durableName: 'stats',
  ...SERVICES.stats,
  openSqlite: openSqliteStatsStore,
  connectMongo: connectMongoStatsStore,
  routes: statsRoutes,
});
