import { defineConfig } from 'tsup';
import { serviceBundle } from '../../scripts/service-bundle';

// The four services are workspace packages too, so the one process bundles them all.
export default defineConfig(
  serviceBundle({
    main: 'src/main.ts',
    'start-services': 'src/start-services.ts',
    'replay-erasures': 'src/replay-erasures.ts',
  }),
);
