import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { connectMongoEventStore, openSqliteEventStore, type EventStore } from '@cull-log/eventstore';
import { commonConfigShape, createLogger, parseConfig } from '@cull-log/service-kit';
import { openExportStore } from './config';
import { rebuildExportProjection } from './rebuild-projection';

/** `npm run rebuild -w services/exports`: empties the export projection and replays the event log into it. */
const settings = parseConfig(
  z.object({
    DATA_DIR: commonConfigShape.DATA_DIR,
    LOG_LEVEL: commonConfigShape.LOG_LEVEL,
    MONGODB_URL: commonConfigShape.MONGODB_URL,
    /** The records service's event log: its SQLite file, or its MongoDB database. */
    EVENT_LOG_FILE: z.string().min(1).optional(),
    EVENT_LOG_DB: z.string().min(1).default('cull_log_records'),
  }),
);
// npm runs the script inside the workspace; relative paths mean the folder the command was typed in.
const base = process.env.INIT_CWD ?? process.cwd();
const config = {
  ...settings,
  DATA_DIR: resolve(base, settings.DATA_DIR),
  EVENT_LOG_FILE: settings.EVENT_LOG_FILE && resolve(base, settings.EVENT_LOG_FILE),
};
const logger = createLogger({ name: 'exports-rebuild', level: config.LOG_LEVEL });

async function openEventLog(): Promise<EventStore> {
  if (config.MONGODB_URL !== undefined) {
    return connectMongoEventStore({ url: config.MONGODB_URL, dbName: config.EVENT_LOG_DB });
  }
  const file = config.EVENT_LOG_FILE ?? join(config.DATA_DIR, 'records.db');
  if (!existsSync(file)) throw new Error(`No event log at ${file}; set DATA_DIR or EVENT_LOG_FILE`);
  return openSqliteEventStore({ file });
}

const eventLog = await openEventLog();
const store = await openExportStore(config);
try {
  const started = Date.now();
  const result = await rebuildExportProjection({ store, eventLog });
  logger.info(
    { ...result, durationMs: Date.now() - started },
    'export projection rebuilt from the event log',
  );
} finally {
  await store.close();
  await eventLog.close();
}
