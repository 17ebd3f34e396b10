import { ConfigError } from '@cull-log/service-kit';
import { startStandalone } from './standalone';

try {
  const { url } = await startStandalone();
  process.stdout.write(`\nCull Log is running at ${url}\nPress Ctrl-C to stop.\n\n`);
} catch (error) {
  if (error instanceof ConfigError) console.error(`Cull Log cannot start.\n${error.message}`);
  else console.error('Cull Log could not start:', error);
  process.exit(1);
}
