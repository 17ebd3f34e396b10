import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { commonConfigShape, parseConfig, portSetting } from '@cull-log/service-kit';
import type { ExportStore } from './store/export-store';
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
export async function openExportStore(
  config: Pick<ExportsConfig, 'MONGODB_URL' | 'DATA_DIR'>,
): Promise<ExportStore> {
  if (config.MONGODB_URL !== undefined) {
    return connectMongoExportStore({ url: config.MONGODB_URL, dbName: EXPORTS_MONGO_DB });
  }
  mkdirSync(config.DATA_DIR, { recursive: true });
  return openSqliteExportStore({ file: join(config.DATA_DIR, EXPORTS_SQLITE_FILE) });
}
