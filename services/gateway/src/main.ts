import { ConfigError, runService } from '@cull-log/service-kit';
import { createGatewayFromEnvironment } from './gateway-from-environment';

try {
  const { app, settings, logger, closeDependencies } = await createGatewayFromEnvironment();
  await runService({
    app,
    port: settings.port,
    host: settings.host,
    logger,
    onClose: closeDependencies,
  });
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`The gateway cannot start.\n${error.message}`);
  } else {
    console.error('The gateway could not start:', error);
  }
  process.exit(1);
}
