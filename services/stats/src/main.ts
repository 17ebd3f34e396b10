import { runProjectionService } from '@cull-log/projection';
import { buildApp } from './app';
import { openStatsStore, readStatsConfig } from './config';

await runProjectionService({
  name: 'stats',
  readConfig: () => readStatsConfig(),
  openStore: openStatsStore,
  buildApp: ({ config, store, bus, logger }) =>
    buildApp({ projectionStore: store, bus, logger, internalAuthSecret: config.INTERNAL_AUTH_SECRET }),
});
