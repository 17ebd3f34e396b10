import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { ConfigError, SERVICES } from '@cull-log/service-kit';
import { runErasureReplayCommand } from '@cull-log/gateway';
import { readStandaloneConfig } from './config';
import { composeStandalone } from './standalone';

/** Whether something answers on the app's port: the app is serving, and its SQLite files are its own. */
function somethingListens(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    socket.setTimeout(1_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

// The one-process app's erasure replay: after DATA_DIR's stores are restored from a backup, with the app stopped, makes
// again every erasure the journal (DATA_DIR/erasures, which the restore leaves) holds since the copy was taken.
try {
  const env: Record<string, string | undefined> = { LOG_LEVEL: 'warn', ...process.env, RETENTION_JOB: 'off' };
  const { PORT, DATA_DIR } = readStandaloneConfig(env);
  // A DATA_DIR mistyped would be made afresh, empty, and the replay would answer that it erased nothing.
  if (!existsSync(join(DATA_DIR, SERVICES.records.sqliteFile))) {
    console.error(
      `There is no Cull Log data in ${resolve(DATA_DIR)}: set DATA_DIR to the folder the app keeps its data in.`,
    );
    process.exit(1);
  }
  const host = env.HOST === undefined || ['0.0.0.0', '::'].includes(env.HOST) ? '127.0.0.1' : env.HOST;
  if (await somethingListens(PORT, host)) {
    console.error(
      `Something answers on ${host}:${PORT}: stop Cull Log before replaying erasures (the app's files are opened by ` +
        'one process), then start it again afterwards.',
    );
    process.exit(1);
  }
  const code = await runErasureReplayCommand(
    process.argv.slice(2),
    async () => {
      const { gateway, closeServices } = await composeStandalone(env);
      return { ...gateway, closeDependencies: closeServices };
    },
    (text) => process.stdout.write(text),
  );
  process.exit(code);
} catch (error) {
  if (error instanceof ConfigError) console.error(`The erasure replay cannot start.\n${error.message}`);
  else console.error('The erasure replay failed:', error);
  process.exit(1);
}
