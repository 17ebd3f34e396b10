import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { connectMongoEventStore, openSqliteEventStore, type EventStore } from '@cull-log/eventstore';
import {
  commonConfigShape,
  createLogger,
  EVENT_LOG,
  optionalSetting,
  parseConfig,
} from '@cull-log/service-kit';
import type { ProjectionStore } from './projection-store';
import { rebuildProjection } from './rebuild-projection';

const rebuildConfigSchema = z.object({
  DATA_DIR: commonConfigShape.DATA_DIR,
  LOG_LEVEL: commonConfigShape.LOG_LEVEL,
  MONGODB_URL: commonConfigShape.MONGODB_URL,
  /** The event log elsewhere than the topology says: its SQLite file, or its MongoDB database. */
  EVENT_LOG_FILE: optionalSetting(z.string()),
  EVENT_LOG_DB: optionalSetting(z.string()).transform((value) => value ?? EVENT_LOG.mongoDatabase),
});
export type RebuildConfig = z.output<typeof rebuildConfigSchema>;

type Environment = Record<string, string | undefined>;

/** Reads the rebuild settings; relative paths mean the folder the command was typed in. */
export function readRebuildConfig(env: Environment = process.env): RebuildConfig {
  const settings = parseConfig(rebuildConfigSchema, env);
  // npm runs the script inside the workspace and says in INIT_CWD where it was started.
  const base = env.INIT_CWD ?? process.cwd();
  return {
    ...settings,
    DATA_DIR: resolve(base, settings.DATA_DIR),
    EVENT_LOG_FILE: settings.EVENT_LOG_FILE && resolve(base, settings.EVENT_LOG_FILE),
  };
}

/** The event log: MongoDB when MONGODB_URL is set, otherwise its SQLite file in DATA_DIR. */
export async function openEventLog(config: RebuildConfig): Promise<EventStore> {
  if (config.MONGODB_URL !== undefined) {
    return connectMongoEventStore({ url: config.MONGODB_URL, dbName: config.EVENT_LOG_DB });
  }
  const file = config.EVENT_LOG_FILE ?? join(config.DATA_DIR, EVENT_LOG.sqliteFile);
  if (!existsSync(file)) throw new Error(`No event log at ${file}; set DATA_DIR or EVENT_LOG_FILE`);
  return openSqliteEventStore({ file });
}

/** The body of a service's `npm run rebuild`: empties its projection and replays the event log into it. */
export async function runProjectionRebuild({
  name,
  openStore,
  env = process.env,
}: {
  /** The service's name, e.g. 'stats'. */
  name: string;
  openStore: (config: RebuildConfig) => Promise<ProjectionStore>;
  env?: Environment;
}): Promise<void> {
  const config = readRebuildConfig(env);
  const logger = createLogger({ name: `${name}-rebuild`, level: config.LOG_LEVEL });
  const eventLog = await openEventLog(config);
  const store = await openStore(config);
  try {
    const started = Date.now();
    const result = await rebuildProjection({ store, eventLog });
    logger.info(
      { ...result, durationMs: Date.now() - started },
      `${name} projection rebuilt from the event log`,
    );
  } finally {
    await store.close();
    await eventLog.close();
  }
}
