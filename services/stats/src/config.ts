import { z } from 'zod';
import { projectionStoreOpener } from '@cull-log/projection';
import { commonConfigShape, parseConfig, portSetting } from '@cull-log/service-kit';
import { connectMongoStatsStore } from './store/mongo-stats-store';
import { openSqliteStatsStore } from './store/sqlite-stats-store';

export const statsConfigSchema = z.object({ ...commonConfigShape, PORT: portSetting(3002) });
export type StatsConfig = z.output<typeof statsConfigSchema>;

export function readStatsConfig(env: Record<string, string | undefined> = process.env): StatsConfig {
  return parseConfig(statsConfigSchema, env);
}

/** The stats service keeps its own database, separate from the records service's. */
export const STATS_MONGO_DB = 'cull_log_stats';
export const STATS_SQLITE_FILE = 'stats.db';

/** MongoDB when MONGODB_URL is set, otherwise DATA_DIR/stats.db. */
export const openStatsStore = projectionStoreOpener({
  sqliteFile: STATS_SQLITE_FILE,
  mongoDb: STATS_MONGO_DB,
  openSqlite: openSqliteStatsStore,
  connectMongo: connectMongoStatsStore,
});
