import { defineConfig } from 'tsup';
import { serviceBundle } from '../../scripts/service-bundle';

export default defineConfig(
  serviceBundle({ main: 'src/main.ts', 'replay-erasures': 'src/replay-erasures.ts' }),
);
