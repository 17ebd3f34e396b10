import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError, type ServiceName } from '@cull-log/service-kit';
import { identityKeysOf, randomSecret, readLauncherConfig } from './config';
import { launcherEnvironment, launcherPortOf } from './launcher-environment';
import { findNatsServer, startLocalNats, type LocalNats } from './local-nats';
import { prefixedPrinter } from './prefixed-output';
import { REPOSITORY_ROOT, SERVICE_NAMES, serviceEntry } from './repository';
import { spawnChildProcess, type ChildProcessHandle, type ProcessExit } from './service-process';
import { answersOk, waitFor } from './wait-for';

const READY_TIMEOUT_MS = 60_000;
const NATS_PROBLEM = /\[(WRN|ERR|FTL)\]/;
const PREFIX_WIDTH = Math.max(...[...SERVICE_NAMES, 'nats', 'cull-log'].map((name) => name.length));

const pretty = process.stdout.isTTY === true && process.env.NODE_ENV !== 'production';
const printerFor = (name: string) => prefixedPrinter({ name, width: PREFIX_WIDTH, pretty });
const say = printerFor('cull-log');

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function describeExit({ code, signal }: ProcessExit): string {
  return signal === null ? `exit code ${code}` : `signal ${signal}`;
}

async function main(): Promise<void> {
  const config = readLauncherConfig();
  const missing = SERVICE_NAMES.filter((name) => !existsSync(serviceEntry(name)));
  if (missing.length > 0) {
    fail(
      `Not built yet: ${missing.join(', ')}. Run \`npm run build\` first (\`npm run start:services\` does).`,
    );
  }
  const dataDir = resolve(config.DATA_DIR);
  // The gateway signs each user's identity with the private key; the others check it with the public key.
  const identityKeys = identityKeysOf(config.INTERNAL_AUTH_PRIVATE_KEY);
  const invitationSecret = config.INVITATION_SECRET ?? randomSecret();

  let nats: LocalNats | undefined;
  let natsUrl = config.NATS_URL;
  if (natsUrl === undefined) {
    const binary = findNatsServer(config.NATS_SERVER_BIN);
    if (binary === undefined) {
      fail(
        'NATS_URL is not set and no nats-server was found. Point NATS_URL at a NATS server with JetStream ' +
          '(e.g. NATS_URL=nats://127.0.0.1:4222), or install one (Debian: apt-get install nats-server).',
      );
    }
    const storeDir = join(dataDir, 'nats');
    const printNats = printerFor('nats');
    // Its start-up banner is noise here; warnings and errors still show.
    const onNatsLine = (line: string) => NATS_PROBLEM.test(line) && printNats(line);
    nats = await startLocalNats({ binary, storeDir, onLine: onNatsLine });
    natsUrl = nats.url;
    say(
      `NATS_URL is not set: started a local nats-server with JetStream at ${natsUrl} (data in ${storeDir})`,
    );
  }
  say(
    config.MONGODB_URL === undefined
      ? `stores: SQLite files under ${dataDir}/<service>`
      : 'stores: MongoDB (MONGODB_URL), one database per service',
  );

  const loopback = (name: ServiceName) => `http://127.0.0.1:${launcherPortOf(name, config.PORT)}`;
  const children = new Map<ServiceName, ChildProcessHandle>();
  let stopping: Promise<void> | undefined;

  const stopAll = (exitCode: number) => {
    stopping ??= (async () => {
      say('stopping every service');
      // The gateway first, so no request reaches a service that is already closing.
      const gateway = children.get('gateway');
      const exits: ProcessExit[] = gateway === undefined ? [] : [await gateway.stop()];
      const others = [...children.values()].filter((child) => child !== gateway);
      exits.push(...(await Promise.all(others.map((child) => child.stop()))));
      if (nats !== undefined) await nats.process.stop();
      const unclean = exits.some(({ code, signal }) => code !== 0 || signal !== null);
      say(unclean ? 'stopped (not every service stopped cleanly)' : 'stopped');
      process.exit(unclean ? 1 : exitCode);
    })();
    return stopping;
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (stopping === undefined) return void stopAll(0);
      // A second Ctrl-C does not wait for anybody.
      for (const child of children.values()) child.child.kill('SIGKILL');
      nats?.process.child.kill('SIGKILL');
      process.exit(1);
    });
  }
  void nats?.process.exited.then((exit) => {
    if (stopping !== undefined) return;
    say(`nats-server stopped unexpectedly (${describeExit(exit)}); stopping the services`);
    void stopAll(1);
  });

  for (const name of SERVICE_NAMES) {
    const child = spawnChildProcess({
      name,
      command: process.execPath,
      args: [serviceEntry(name)],
      cwd: REPOSITORY_ROOT,
      env: launcherEnvironment({
        inherited: process.env,
        name,
        gatewayPort: config.PORT,
        dataDir,
        identityKeys,
        invitationSecret,
        natsUrl,
      }),
      onLine: printerFor(name),
      // Ctrl-C reaches only this launcher, which then stops each service once, in order.
      detached: true,
    });
    children.set(name, child);
    void child.exited.then((exit) => {
      if (stopping !== undefined) return;
      say(`${name} stopped unexpectedly (${describeExit(exit)}); stopping the others`);
      void stopAll(1);
    });
  }

  try {
    await Promise.all(
      SERVICE_NAMES.map((name) =>
        waitFor(`${name} did not become ready`, () => answersOk(`${loopback(name)}/readyz`), {
          timeoutMs: READY_TIMEOUT_MS,
          intervalMs: 250,
          giveUp: () => (stopping === undefined ? undefined : 'stopping'),
        }),
      ),
    );
  } catch (error) {
    if (stopping === undefined) say(error instanceof Error ? error.message : String(error));
    await stopAll(1);
    return;
  }
  process.stdout.write(
    `\nCull Log is running at http://localhost:${config.PORT} (four processes over NATS). Press Ctrl-C to stop.\n\n`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) fail(`The services cannot start.\n${error.message}`);
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
