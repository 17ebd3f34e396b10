import { runProjectionService } from '@cull-log/projection';
import { buildApp } from './app';
import { openExportStore, readExportsConfig } from './config';

await runProjectionService({
  name: 'exports',
  readConfig: () => readExportsConfig(),
  openStore: openExportStore,
  buildApp: ({ config, store, bus, logger }) =>
    buildApp({ projectionStore: store, bus, logger, internalAuthSecret: config.INTERNAL_AUTH_SECRET }),
});
