import { connectNatsBus, type EventBus } from '@cull-log/bus';
import {
  ConfigError,
  createLogger,
  runService,
  type LogLevel,
  type RunServiceOptions,
  type RunningService,
} from '@cull-log/service-kit';
import type { ProjectionStore } from './projection-store';

/** The settings every projection service reads (its own schema may add more). */
export interface ProjectionServiceConfig {
  PORT: number;
  LOG_LEVEL: LogLevel;
  NATS_URL?: string | undefined;
}

export interface ProjectionServiceOptions<
  Config extends ProjectionServiceConfig,
  Store extends ProjectionStore,
> {
  /** The service's name: its logger, its NATS connection and the config error say it. */
  name: string;
  /** The interface to listen on; every interface when not given. */
  host?: string;
  /** Parses the environment; throws ConfigError when it does not fit. */
  readConfig: () => Config;
  openStore: (config: Config) => Promise<Store>;
  buildApp: (deps: {
    config: Config & { NATS_URL: string };
    store: Store;
    bus: EventBus;
    logger: ReturnType<typeof createLogger>;
  }) => RunServiceOptions['app'];
}

/** The service's config, refusing to start without NATS_URL. */
export function readProjectionServiceConfig<Config extends ProjectionServiceConfig>(
  name: string,
  readConfig: () => Config,
): Config & { NATS_URL: string } {
  const config = readConfig();
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

/**
 * The composition root of a projection service on its own: config (a bad one prints what is wrong and exits
 * with status 1), logger, store, NATS, the app, then listening until a signal closes it all.
 */
export async function runProjectionService<
  Config extends ProjectionServiceConfig,
  Store extends ProjectionStore,
>({
  name,
  host,
  readConfig,
  openStore,
  buildApp,
}: ProjectionServiceOptions<Config, Store>): Promise<RunningService> {
  let config: Config & { NATS_URL: string };
  try {
    config = readProjectionServiceConfig(name, readConfig);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const logger = createLogger({ name, level: config.LOG_LEVEL });
  const store = await openStore(config);
  logger.info('connecting to NATS');
  // The projection has nothing to do without the bus, so wait for it rather than exit when it is not up yet.
  const bus = await connectNatsBus({
    servers: config.NATS_URL.split(','),
    logger,
    connectionName: name,
    waitOnFirstConnect: true,
  });
  const app = buildApp({ config, store, bus, logger });
  return runService({
    app,
    port: config.PORT,
    ...(host !== undefined && { host }),
    logger,
    onClose: async () => {
      await bus.close();
      await store.close();
    },
  });
}
