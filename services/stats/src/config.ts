import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { commonConfigShape, parseConfig, portSetting } from '@cull-log/service-kit';
import { connectMongoStatsStore } from './store/mongo-stats-store';
import { openSqliteStatsStore } from './store/sqlite-stats-store';
import type { StatsStore } from './store/stats-store';

export const statsConfigSchema = z.object({ ...commonConfigShape, PORT: portSetting(3002) });
export type StatsConfig = z.output<typeof statsConfigSchema>;

export function readStatsConfig(env: Record<string, string | undefined> = process.env): StatsConfig {
  return parseConfig(statsConfigSchema, env);
}

/** The stats service keeps its own database, separate from the records service's. */
export const STATS_MONGO_DB = 'cull_log_stats';
export const STATS_SQLITE_FILE = 'stats.db';

/** MongoDB when MONGODB_URL is set, otherwise DATA_DIR/stats.db. */
export async function openStatsStore(
  config: Pick<StatsConfig, 'MONGODB_URL' | 'DATA_DIR'>,
): Promise<StatsStore> {
  if (config.MONGODB_URL !== undefined) {
    return connectMongoStatsStore({ url: config.MONGODB_URL, dbName: STATS_MONGO_DB });
  }
  mkdirSync(config.DATA_DIR, { recursive: true });
  return openSqliteStatsStore({ file: join(config.DATA_DIR, STATS_SQLITE_FILE) });
}
