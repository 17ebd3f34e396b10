import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { z } from 'zod';
import { connectNatsBus, type EventBus } from '@cull-log/bus';
import { connectMongoEventStore, openSqliteEventStore, type EventStore } from '@cull-log/eventstore';
import { commonConfigShape, createLogger, parseConfig, portSetting, runService } from '@cull-log/service-kit';
import {
  buildApp,
  openMongoReadModel,
  openMongoRelayCheckpoint,
  openSqliteReadModel,
  openSqliteRelayCheckpoint,
  startRelay,
  type CullReadModel,
  type Relay,
  type RelayCheckpoint,
} from './app';

const RecordsConfig = z.object({ ...commonConfigShape, PORT: portSetting(3001) });
type RecordsConfig = z.output<typeof RecordsConfig>;

/** The records service's own database in a shared MongoDB. */
const MONGO_DB_NAME = 'cull_log_records';
const BUS_RETRY_MAX_MS = 10_000;

interface Backend<Tx> {
  store: EventStore<Tx>;
  readModel: CullReadModel<Tx>;
  checkpoint: RelayCheckpoint;
}

/** Writes must not wait for NATS, not even at start-up: the relay begins whenever the bus first answers. */
function relayWhenBusAnswers<Tx>(backend: Backend<Tx>, natsUrl: string, logger: Logger) {
  let relay: Relay | undefined;
  let bus: EventBus | undefined;
  const stopping = new AbortController();
  const started = (async () => {
    for (let delay = 500; !stopping.signal.aborted; delay = Math.min(delay * 2, BUS_RETRY_MAX_MS)) {
      try {
        bus = await connectNatsBus({ servers: natsUrl.split(','), logger, connectionName: 'records' });
        relay = await startRelay({ store: backend.store, bus, checkpoint: backend.checkpoint, logger });
        return;
      } catch (error) {
        logger.warn({ error: String(error), retryInMs: delay }, 'cannot reach NATS yet; records are kept');
        await bus?.close().catch(() => undefined);
        bus = undefined;
        await sleep(delay, undefined, { signal: stopping.signal }).catch(() => undefined);
      }
    }
  })();
  return {
    notify: () => relay?.notify(),
    async stop() {
      stopping.abort();
      await started;
      await relay?.stop();
      await bus?.close();
    },
  };
}

async function serve<Tx>(backend: Backend<Tx>, config: RecordsConfig, logger: Logger): Promise<void> {
  const relay = config.NATS_URL ? relayWhenBusAnswers(backend, config.NATS_URL, logger) : undefined;
  if (relay === undefined) logger.warn('NATS_URL is not set: events are stored but not published');
  const app = buildApp({
    store: backend.store,
    readModel: backend.readModel,
    logger,
    internalAuthSecret: config.INTERNAL_AUTH_SECRET,
    onAppended: () => relay?.notify(),
  });
  await runService({
    app,
    port: config.PORT,
    logger,
    onClose: async () => {
      await relay?.stop();
      await backend.store.close();
    },
  });
}

async function main(): Promise<void> {
  const config = parseConfig(RecordsConfig);
  const logger = createLogger({ name: 'records', level: config.LOG_LEVEL });
  if (config.MONGODB_URL) {
    const store = await connectMongoEventStore({ url: config.MONGODB_URL, dbName: MONGO_DB_NAME });
    logger.info({ database: MONGO_DB_NAME }, 'event store: MongoDB');
    const readModel = await openMongoReadModel({ db: store.db });
    await serve({ store, readModel, checkpoint: openMongoRelayCheckpoint({ db: store.db }) }, config, logger);
  } else {
    const file = join(config.DATA_DIR, 'records.db');
    const store = openSqliteEventStore({ file });
    logger.info({ file }, 'event store: SQLite');
    const { database } = store;
    await serve(
      {
        store,
        readModel: openSqliteReadModel({ database }),
        checkpoint: openSqliteRelayCheckpoint({ database }),
      },
      config,
      logger,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
