import { join } from 'node:path';
import type { Logger } from 'pino';
import { z } from 'zod';
import { openFileBlobStore, openMongoBlobStore, type BlobStore } from '@cull-log/blobstore';
import { connectNatsBus, type EventBus } from '@cull-log/bus';
import { MESSAGES, type UserErased } from '@cull-log/contracts';
import {
  connectMongoEventStore,
  openSqliteEventStore,
  type ErasedEvents,
  type EventStore,
} from '@cull-log/eventstore';
import {
  isMongoOutage,
  openMongoCheckpoints,
  openMongoIdentityIds,
  openSqliteIdentityIds,
  reportingOutages,
  openSqliteCheckpoints,
  retryWithBackoff,
  type Checkpoints,
  type IdentityIds,
} from '@cull-log/storage-kit';
import {
  HttpError,
  SERVICES,
  identityIdsFile,
  checkNatsSettings,
  commonConfigShape,
  createLogger,
  internalAuthPublicKeySetting,
  listenHost,
  natsConfigShape,
  natsConnectionSettings,
  optionalSetting,
  parseConfig,
  portSetting,
  runService,
  secretSetting,
  type NatsConnectionSettings,
} from '@cull-log/service-kit';
import { buildApp } from './app';
import type { CullReadModel } from './read-model/cull-read-model';
import { openMongoReadModel } from './read-model/mongo-cull-read-model';
import { openSqliteReadModel } from './read-model/sqlite-cull-read-model';
import { RELAY_CHECKPOINT, startRelay, type Relay } from './relay';

const INVITATION_SECRET_MIN_LENGTH = 32;

const RecordsConfig = z
  .object({
    ...commonConfigShape,
    ...natsConfigShape,
    PORT: portSetting(SERVICES.records.port),
    INTERNAL_AUTH_PUBLIC_KEY: internalAuthPublicKeySetting,
    /** Keys the teams' invitation links; a new one ends every link sent before. */
    INVITATION_SECRET: secretSetting(INVITATION_SECRET_MIN_LENGTH),
    /** Where people reach the app (the gateway's PUBLIC_URL), for the teams' invitation links. */
    PUBLIC_URL: optionalSetting(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
  })
  .superRefine(checkNatsSettings);
type RecordsConfig = z.output<typeof RecordsConfig>;

/** The folder under DATA_DIR the embedded deployment keeps photos in. */
const PHOTOS_DIRECTORY = 'blobs';

const BUS_RETRY = { initialMs: 500, maxMs: 10_000 };

interface Backend<Tx> {
  store: EventStore<Tx>;
  readModel: CullReadModel<Tx>;
  checkpoints: Checkpoints;
  blobs: BlobStore;
  /** The identity headers taken, in the service's own database, so every replica refuses a replay. */
  identityIds: IdentityIds;
}

/** Writes must not wait for NATS, not even at start-up: the relay begins whenever the bus first answers. */
function relayWhenBusAnswers<Tx>(backend: Backend<Tx>, nats: NatsConnectionSettings, logger: Logger) {
  let relay: Relay | undefined;
  let bus: EventBus | undefined;
  const stopping = new AbortController();
  const started = retryWithBackoff(
    async () => {
      bus = await connectNatsBus({ ...nats, logger, connectionName: 'records' });
      try {
        relay = await startRelay({ store: backend.store, bus, checkpoints: backend.checkpoints, logger });
      } catch (error) {
        await bus.close().catch(() => undefined);
        bus = undefined;
        throw error;
      }
    },
    {
      ...BUS_RETRY,
      signal: stopping.signal,
      onFailure: (error, _failures, retryInMs) =>
        logger.warn({ error: String(error), retryInMs }, 'cannot reach NATS yet; records are kept'),
    },
  );
  return {
    notify: () => relay?.notify(),
    /** Erases the log with the relay held back, then purges the user from the stream; refused while NATS is away. */
    async eraseWithBus(erasure: UserErased, eraseLog: () => Promise<ErasedEvents>): Promise<ErasedEvents> {
      const [runningRelay, connectedBus] = [relay, bus];
      if (runningRelay === undefined || connectedBus === undefined) throw busAway();
      return runningRelay.whilePaused(async () => {
        const erased = await eraseLog();
        try {
          await connectedBus.eraseUser(erasure);
        } catch (error) {
          logger.warn({ error: String(error) }, 'could not erase a user from the stream');
          throw busAway();
        }
        return erased;
      });
    },
    async stop() {
      stopping.abort();
      await started;
      await relay?.stop();
      await bus?.close();
    },
  };
}

/** The erasure is answered only once the stream has forgotten the user too; the user may simply try again. */
function busAway(): HttpError {
  return new HttpError(503, 'service_unavailable', MESSAGES.serviceUnavailable);
}

async function serve<Tx>(backend: Backend<Tx>, config: RecordsConfig, logger: Logger): Promise<void> {
  const relay = config.NATS_URL
    ? relayWhenBusAnswers(backend, natsConnectionSettings({ ...config, NATS_URL: config.NATS_URL }), logger)
    : undefined;
  if (relay === undefined) logger.warn('NATS_URL is not set: events are stored but not published');
  const app = buildApp({
    store: backend.store,
    readModel: backend.readModel,
    blobs: backend.blobs,
    logger,
    internalAuthPublicKey: config.INTERNAL_AUTH_PUBLIC_KEY,
    identityIds: backend.identityIds,
    invitationSecret: config.INVITATION_SECRET,
    ...(config.PUBLIC_URL === undefined ? {} : { publicUrl: config.PUBLIC_URL.replace(/\/+$/, '') }),
    onAppended: () => relay?.notify(),
    ...(relay === undefined ? {} : { eraseWithBus: relay.eraseWithBus }),
  });
  await runService({
    app,
    port: config.PORT,
    host: listenHost(config),
    logger,
    onClose: async () => {
      await relay?.stop();
      await backend.identityIds.close();
      await backend.store.close();
    },
  });
}

async function main(): Promise<void> {
  const config = parseConfig(RecordsConfig);
  const logger = createLogger({ name: 'records', level: config.LOG_LEVEL });
  if (config.MONGODB_URL) {
    const { mongoDatabase } = SERVICES.records;
    const store = await connectMongoEventStore({ url: config.MONGODB_URL, dbName: mongoDatabase });
    logger.info({ database: mongoDatabase }, 'event store: MongoDB');
    const readModel = await openMongoReadModel({ db: store.db });
    const checkpoints = openMongoCheckpoints({ db: store.db, collection: RELAY_CHECKPOINT.table });
    // Photos in GridFS beside the events; an unreachable MongoDB answers 503 as for the store.
    const blobs = reportingOutages(openMongoBlobStore({ db: store.db }), isMongoOutage);
    const identityIds = await openMongoIdentityIds({ db: store.db });
    await serve({ store, readModel, checkpoints, blobs, identityIds }, config, logger);
  } else {
    const file = join(config.DATA_DIR, SERVICES.records.sqliteFile);
    const store = openSqliteEventStore({ file });
    logger.info({ file }, 'event store: SQLite');
    const { database } = store;
    await serve(
      {
        store,
        readModel: openSqliteReadModel({ database }),
        checkpoints: openSqliteCheckpoints({ database, table: RELAY_CHECKPOINT.table }),
        blobs: openFileBlobStore({ directory: join(config.DATA_DIR, PHOTOS_DIRECTORY) }),
        identityIds: openSqliteIdentityIds({ file: join(config.DATA_DIR, identityIdsFile('records')) }),
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
