import { ConfigError, createLogger } from '@cull-log/service-kit';
import { runErasureReplayCommand } from './erasures/erasure-replay-command';
import { createGatewayFromEnvironment } from './gateway-from-environment';

// The gateway's erasure replay when the services run apart (`npm run start:services`, compose, Kubernetes): with every
// gateway stopped, after the services' stores are restored, the journal's erasures are made again through the services.
try {
  const code = await runErasureReplayCommand(
    process.argv.slice(2),
    () =>
      createGatewayFromEnvironment(
        { ...process.env, RETENTION_JOB: 'off' },
        { logger: createLogger({ name: 'erasure-replay', level: 'warn' }) },
      ),
    (text) => process.stdout.write(text),
  );
  process.exit(code);
} catch (error) {
  if (error instanceof ConfigError) console.error(`The erasure replay cannot start.\n${error.message}`);
  else console.error('The erasure replay failed:', error);
  process.exit(1);
}
