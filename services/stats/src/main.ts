import { connectNatsBus } from '@cull-log/bus';
import { ConfigError, createLogger, runService } from '@cull-log/service-kit';
import { buildApp } from './app';
import { openStatsStore, readStatsConfig } from './config';

function readConfig() {
  try {
    const config = readStatsConfig();
    if (config.NATS_URL === undefined) {
      // The in-process bus lives inside the one-process app, which wires this service itself.
      throw new ConfigError([
        {
          variable: 'NATS_URL',
          problem: 'is required to run stats on its own (the one-process app is `npm start`)',
        },
      ]);
    }
    return { ...config, NATS_URL: config.NATS_URL };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const config = readConfig();
const logger = createLogger({ name: 'stats', level: config.LOG_LEVEL });
const store = await openStatsStore(config);
logger.info('connecting to NATS');
// The projection has nothing to do without the bus, so wait for it rather than exit when it is not up yet.
const bus = await connectNatsBus({
  servers: config.NATS_URL.split(','),
  logger,
  connectionName: 'stats',
  waitOnFirstConnect: true,
});
const app = buildApp({
  projectionStore: store,
  bus,
  logger,
  internalAuthSecret: config.INTERNAL_AUTH_SECRET,
});

await runService({
  app,
  port: config.PORT,
  logger,
  onClose: async () => {
    await bus.close();
    await store.close();
  },
});
