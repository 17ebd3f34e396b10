import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ProjectionStore } from './projection-store';

/** Where a projection service keeps its store: the settings it reads to choose. */
export interface ProjectionStoreConfig {
  MONGODB_URL?: string | undefined;
  DATA_DIR: string;
}

/**
 * How a projection service opens its own store: MongoDB database `mongoDb` when MONGODB_URL is set,
 * otherwise the SQLite file DATA_DIR/`sqliteFile` (creating DATA_DIR when needed).
 */
export function projectionStoreOpener<Store extends ProjectionStore>({
  sqliteFile,
  mongoDb,
  openSqlite,
  connectMongo,
}: {
  sqliteFile: string;
  mongoDb: string;
  openSqlite: (options: { file: string }) => Store;
  connectMongo: (options: { url: string; dbName: string }) => Promise<Store>;
}): (config: ProjectionStoreConfig) => Promise<Store> {
  return async (config) => {
    if (config.MONGODB_URL !== undefined) return connectMongo({ url: config.MONGODB_URL, dbName: mongoDb });
    mkdirSync(config.DATA_DIR, { recursive: true });
    return openSqlite({ file: join(config.DATA_DIR, sqliteFile) });
  };
}
