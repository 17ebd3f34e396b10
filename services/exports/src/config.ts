import { z } from 'zod';
import { projectionStoreOpener } from '@cull-log/projection';
import { commonConfigShape, parseConfig, portSetting } from '@cull-log/service-kit';
import { connectMongoExportStore } from './store/mongo-export-store';
import { openSqliteExportStore } from './store/sqlite-export-store';

export const exportsConfigSchema = z.object({ ...commonConfigShape, PORT: portSetting(3003) });
export type ExportsConfig = z.output<typeof exportsConfigSchema>;

export function readExportsConfig(env: Record<string, string | undefined> = process.env): ExportsConfig {
  return parseConfig(exportsConfigSchema, env);
}

/** The exports service keeps its own database, separate from the records service's. */
export const EXPORTS_MONGO_DB = 'cull_log_exports';
export const EXPORTS_SQLITE_FILE = 'exports.db';

/** MongoDB when MONGODB_URL is set, otherwise DATA_DIR/exports.db. */
export const openExportStore = projectionStoreOpener({
  sqliteFile: EXPORTS_SQLITE_FILE,
  mongoDb: EXPORTS_MONGO_DB,
  openSqlite: openSqliteExportStore,
  connectMongo: connectMongoExportStore,
});
