import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { openFileBlobStore } from '@cull-log/blobstore';
import { BUS_CONSUMER_CHECKPOINTS, createInProcessBus } from '@cull-log/bus';
import { openSqliteEventStore } from '@cull-log/eventstore';
import { openSqliteCheckpoints, openSqliteIdentityIds } from '@cull-log/storage-kit';
import { buildApp as buildExportsApp, openSqliteExportStore } from '@cull-log/exports';
import { createGatewayFromEnvironment, type ComposedGateway } from '@cull-log/gateway';
import { buildApp as buildRecordsApp, openSqliteReadModel } from '@cull-log/records';
import {
  InProcessIdentities,
  SERVICES,
  createLogger,
  identityIdsFile,
  isLoopbackHost,
  runService,
} from '@cull-log/service-kit';
import { buildApp as buildStatsApp, openSqliteStatsStore } from '@cull-log/stats';
import { identityKeysOf, randomSecret, readStandaloneConfig } from './config';
import { REPOSITORY_WEB_DIST } from './repository';

type Environment = Record<string, string | undefined>;

export interface RunningStandalone {
  /** Where users reach the app, e.g. `http://localhost:3000`. */
  url: string;
  /** Stops taking requests, then closes every service, the bus and the databases, as Ctrl-C does. */
  close: () => Promise<void>;
}

interface Closer {
  what: string;
  close: () => Promise<unknown> | unknown;
}

/** Closes in the reverse order of opening: the gateway first, the databases last. */
async function closeAll(closers: Closer[], logger: Logger): Promise<void> {
  const failures: unknown[] = [];
  for (const { what, close } of closers.splice(0).reverse()) {
    try {
      await close();
    } catch (error) {
      logger.error({ err: error }, `could not close ${what}`);
      failures.push(error);
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, 'Cull Log did not close cleanly');
}

export interface ComposedStandalone {
  gateway: ComposedGateway;
  logger: Logger;
  /** Closes the services, the bus and the databases (not the gateway's app), the last opened first. */
  closeServices: () => Promise<void>;
}

/**
 * Cull Log in one process: the four services with embedded SQLite stores under DATA_DIR and the in-process bus
 * fed from the event log. The gateway listens on PORT, calls the other services in this process, and handles
 * SIGINT/SIGTERM for the whole process.
 */
export async function startStandalone(env: Environment = process.env): Promise<RunningStandalone> {
  const { gateway, logger, closeServices } = await composeStandalone(env);
  try {
    const running = await runService({
      app: gateway.app,
      port: gateway.settings.port,
      host: gateway.settings.host,
      logger: gateway.logger,
      onClose: closeServices,
    });
    // The default PUBLIC_URL is http://localhost:PORT, the one origin the gateway accepts writes from.
    const url = isLoopbackHost(gateway.settings.host)
      ? `http://localhost:${new URL(running.url).port}`
      : running.url;
    return { url, close: running.close };
  } catch (error) {
    await gateway.app.close().catch(() => undefined);
    await closeServices().catch((failure: unknown) => logger.error({ err: failure }, 'could not close'));
    throw error;
  }
}

/**
 * The one-process app's parts, built and not yet listening: what `startStandalone` serves, and what the erasure replay
 * erases through (`replay-erasures.ts`).
 */
export async function composeStandalone(env: Environment = process.env): Promise<ComposedStandalone> {
  const config = readStandaloneConfig(env);
  const logger = createLogger({ name: 'cull-log', level: config.LOG_LEVEL });
  const dataDir = resolve(config.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  if (config.MONGODB_URL !== undefined || config.NATS_URL !== undefined) {
    logger.warn(
      'MONGODB_URL and NATS_URL are for `npm run start:services`; this app keeps its data in DATA_DIR',
    );
  }
  // The keys never leave this process, so a pair made at start-up is as good as a configured one.
  const identityKeys = identityKeysOf(config.INTERNAL_AUTH_PRIVATE_KEY);
  const invitationSecret = config.INVITATION_SECRET ?? randomSecret();
  const loggerFor = (name: string) => createLogger({ name, level: config.LOG_LEVEL });
  const closers: Closer[] = [];
  let gatewayApp: FastifyInstance | undefined;

  try {
    // The event log, the records read model and the bus's checkpoints share one file.
    const recordsFile = join(dataDir, SERVICES.records.sqliteFile);
    const store = openSqliteEventStore({ file: recordsFile });
    closers.push({ what: 'the event store', close: () => store.close() });
    // A connection of their own, synced less often: a checkpoint lost to a power cut only means redelivery.
    const checkpoints = openSqliteCheckpoints({ file: recordsFile, table: BUS_CONSUMER_CHECKPOINTS });
    closers.push({ what: 'the bus checkpoints', close: () => checkpoints.close() });
    // Each service's identity headers taken, in a file of its own in DATA_DIR.
    const identityIdsOf = (name: 'records' | 'stats' | 'exports') => {
      const ids = openSqliteIdentityIds({ file: join(dataDir, identityIdsFile(name)) });
      closers.push({ what: `the ${name} identity ids`, close: () => ids.close() });
      return ids;
    };
    const statsStore = openSqliteStatsStore({ file: join(dataDir, SERVICES.stats.sqliteFile) });
    closers.push({ what: 'the stats store', close: () => statsStore.close() });
    const exportStore = openSqliteExportStore({ file: join(dataDir, SERVICES.exports.sqliteFile) });
    closers.push({ what: 'the exports store', close: () => exportStore.close() });
    const bus = createInProcessBus({ log: store, checkpoints, logger });
    // The gateway hands each call's identity to the services in memory: they have no listener of their own.
    const inProcessIdentities = new InProcessIdentities();
    closers.push({ what: 'the bus', close: () => bus.close() });
    logger.info({ dataDir }, 'data: SQLite files in DATA_DIR; bus: in-process');

    const records = buildRecordsApp({
      store,
      readModel: openSqliteReadModel({ database: store.database }),
      // Photos as files beside the databases (DATA_DIR/blobs).
      blobs: openFileBlobStore({ directory: join(dataDir, 'blobs') }),
      logger: loggerFor('records'),
      internalAuthPublicKey: identityKeys.publicKey,
      identityIds: identityIdsOf('records'),
      inProcessIdentities,
      invitationSecret,
      publicUrl: (process.env.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, ''),
      // The bus reads the log itself: after an append it only needs waking.
      onAppended: () => bus.notify(),
      // Nothing publishes the log here, so there is nothing to hold back: erase it, then tell the consumers.
      eraseWithBus: async (erasure, eraseLog) => {
        const erased = await eraseLog();
        await bus.eraseUser(erasure);
        return erased;
      },
    });
    const stats = buildStatsApp({
      projectionStore: statsStore,
      bus,
      logger: loggerFor('stats'),
      internalAuthPublicKey: identityKeys.publicKey,
      identityIds: identityIdsOf('stats'),
      inProcessIdentities,
    });
    const exports = buildExportsApp({
      projectionStore: exportStore,
      bus,
      logger: loggerFor('exports'),
      internalAuthPublicKey: identityKeys.publicKey,
      identityIds: identityIdsOf('exports'),
      inProcessIdentities,
    });
    // Only the gateway listens: it calls the others in this process, each through its own identity check.
    for (const [name, app] of Object.entries({ records, stats, exports })) {
      closers.push({ what: `the ${name} service`, close: () => app.close() });
      await app.ready();
    }

    const webDist = config.WEB_DIST ?? (existsSync(REPOSITORY_WEB_DIST) ? REPOSITORY_WEB_DIST : undefined);
    const gateway = await createGatewayFromEnvironment(
      {
        ...env,
        PORT: String(config.PORT),
        DATA_DIR: dataDir,
        INTERNAL_AUTH_PRIVATE_KEY: identityKeys.privateKey,
        WEB_DIST: webDist,
        // Sessions stay in DATA_DIR with everything else.
        MONGODB_URL: undefined,
      },
      {
        upstreams: {
          records: { app: records, identities: inProcessIdentities },
          stats: { app: stats, identities: inProcessIdentities },
          exports: { app: exports, identities: inProcessIdentities },
        },
      },
    );
    closers.push({ what: 'the session store', close: () => gateway.closeDependencies() });
    gatewayApp = gateway.app;
    return { gateway, logger, closeServices: () => closeAll(closers, logger) };
  } catch (error) {
    await gatewayApp?.close().catch(() => undefined);
    await closeAll(closers, logger).catch(() => undefined);
    throw error;
  }
}
