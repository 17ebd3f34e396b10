import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { connectNatsBus } from '@cull-log/bus';
import {
  checkNatsSettings,
  commonConfigShape,
  internalAuthPublicKeySetting,
  ConfigError,
  createLogger,
  identityIdsFile,
  natsConfigShape,
  natsConnectionSettings,
  parseConfig,
  portSetting,
  listenHost,
  runService,
  type CommonConfig,
  type NatsConfig,
  type RunningService,
} from '@cull-log/service-kit';
import { connectMongoIdentityIds, openSqliteIdentityIds, type IdentityIds } from '@cull-log/storage-kit';
import {
  buildProjectionApp,
  type ProjectionApp,
  type ProjectionAppDeps,
  type ProjectionRoutes,
} from './projection-app';
import type { MongoTarget } from './mongo-projection';
import type { ProjectionStore } from './projection-store';
import { runProjectionRebuild } from './rebuild-command';

type Environment = Record<string, string | undefined>;

/** Everything that makes one projection service; the rest is the same for every projection. */
export interface ProjectionServiceDefinition<Store extends ProjectionStore> {
  /** The service's name: its logs, its NATS connection and its config errors say it. */
  name: string;
  /** The durable consumer's name on the bus. */
  durableName: string;
  /** The port it listens on unless PORT says otherwise. */
  port: number;
  /** Its own MongoDB database, used when MONGODB_URL is set. */
  mongoDatabase: string;
  /** Its own SQLite file in DATA_DIR, used otherwise. */
  sqliteFile: string;
  openSqlite(options: { file: string }): Store;
  connectMongo(target: MongoTarget): Promise<Store>;
  routes: ProjectionRoutes<Store>;
}

/** The settings of a projection service running on its own, where the bus can only be NATS. */
export type ProjectionServiceConfig = CommonConfig &
  NatsConfig & { NATS_URL: string; INTERNAL_AUTH_PUBLIC_KEY: string };

export interface ProjectionService<Store extends ProjectionStore> {
  readonly name: string;
  readonly durableName: string;
  /** The environment's settings; a ConfigError names each bad one, NATS_URL included when it is missing. */
  readConfig(env?: Environment): ProjectionServiceConfig;
  /** MongoDB when MONGODB_URL is set, otherwise the SQLite file in DATA_DIR (creating DATA_DIR). */
  openStore(config: Pick<CommonConfig, 'DATA_DIR' | 'MONGODB_URL'>): Promise<Store>;
  /**
   * The ids of the identity headers taken, where the store is: its MongoDB database, or a SQLite file of their own in
   * DATA_DIR (`<name>-identity-ids.db`); shared by every replica that opens it.
   */
  openIdentityIds(config: Pick<CommonConfig, 'DATA_DIR' | 'MONGODB_URL'>): Promise<IdentityIds>;
  buildApp(deps: ProjectionAppDeps<Store>): ProjectionApp;
  /** The service's `main.ts`: config, logger, store, NATS, the app, then listening until a signal. */
  main(options?: { host?: string }): Promise<RunningService>;
  /** The service's `npm run rebuild`: empties its projection and replays the event log into it. */
  rebuild(env?: Environment): Promise<void>;
}

export function defineProjectionService<Store extends ProjectionStore>(
  definition: ProjectionServiceDefinition<Store>,
): ProjectionService<Store> {
  const { name, durableName, port, mongoDatabase, sqliteFile, openSqlite, connectMongo } = definition;
  const configSchema = z
    .object({
      ...commonConfigShape,
      ...natsConfigShape,
      PORT: portSetting(port),
      INTERNAL_AUTH_PUBLIC_KEY: internalAuthPublicKeySetting,
    })
    .superRefine(checkNatsSettings);

  function readConfig(env: Environment = process.env): ProjectionServiceConfig {
    const config = parseConfig(configSchema, env);
    if (config.NATS_URL === undefined) {
      // The in-process bus lives inside the one-process app, which wires this service itself.
      throw new ConfigError([
        {
          variable: 'NATS_URL',
          problem: `is required to run ${name} on its own (the one-process app is \`npm start\`)`,
        },
      ]);
    }
    return { ...config, NATS_URL: config.NATS_URL };
  }

  async function openStore(config: Pick<CommonConfig, 'DATA_DIR' | 'MONGODB_URL'>): Promise<Store> {
    if (config.MONGODB_URL !== undefined)
      return connectMongo({ url: config.MONGODB_URL, dbName: mongoDatabase });
    mkdirSync(config.DATA_DIR, { recursive: true });
    return openSqlite({ file: join(config.DATA_DIR, sqliteFile) });
  }

  async function openIdentityIds(
    config: Pick<CommonConfig, 'DATA_DIR' | 'MONGODB_URL'>,
  ): Promise<IdentityIds> {
    if (config.MONGODB_URL !== undefined)
      return connectMongoIdentityIds({ url: config.MONGODB_URL, dbName: mongoDatabase });
    mkdirSync(config.DATA_DIR, { recursive: true });
    return openSqliteIdentityIds({ file: join(config.DATA_DIR, identityIdsFile(name)) });
  }

  const buildApp = (deps: ProjectionAppDeps<Store>) => buildProjectionApp(definition, deps);

  async function main({ host }: { host?: string } = {}): Promise<RunningService> {
    let config: ProjectionServiceConfig;
    try {
      config = readConfig();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      console.error(error.message);
      process.exit(1);
    }
    const logger = createLogger({ name, level: config.LOG_LEVEL });
    const store = await openStore(config);
    const identityIds = await openIdentityIds(config);
    logger.info('connecting to NATS');
    // The projection has nothing to do without the bus, so wait for it rather than exit when it is not up yet.
    // A consumer may not make the stream (its NATS user may only read): it waits for records to make it.
    const bus = await connectNatsBus({
      ...natsConnectionSettings(config),
      logger,
      connectionName: name,
      waitOnFirstConnect: true,
      manageStream: false,
    });
    const app = buildApp({
      projectionStore: store,
      bus,
      logger,
      internalAuthPublicKey: config.INTERNAL_AUTH_PUBLIC_KEY,
      identityIds,
    });
    return runService({
      app,
      port: config.PORT,
      host: host ?? listenHost(config),
      logger,
      onClose: async () => {
        await bus.close();
        await identityIds.close();
        await store.close();
      },
    });
  }

  return {
    name,
    durableName,
    readConfig,
    openStore,
    openIdentityIds,
    buildApp,
    main,
    rebuild: (env = process.env) => runProjectionRebuild({ name, openStore, env }),
  };
}
