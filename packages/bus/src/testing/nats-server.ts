import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@cull-log/service-kit/testing';

export interface NatsTestServer {
  /** `nats://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** JetStream store folder; kept across restart(), removed when the test process exits. */
  storeDir: string;
  /** Kills the server; the store folder stays, so restart() brings the same data back. */
  stop(): Promise<void>;
  /** Stops the server if it runs and starts it again on the same port and store folder. */
  restart(): Promise<void>;
}

const DEFAULT_BINARY = '/usr/sbin/nats-server';
const START_TIMEOUT_MS = 15_000;

const running = new Set<ChildProcess>();
const storeDirs = new Set<string>();
let exitHookInstalled = false;

function cleanUp(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
  for (const dir of storeDirs) rmSync(dir, { recursive: true, force: true });
  storeDirs.clear();
}

/** Test runners end their workers with SIGTERM, which skips 'exit' unless someone listens for it. */
function cleanUpThenDie(signal: NodeJS.Signals): void {
  cleanUp();
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', cleanUp);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, cleanUpThenDie);
}

function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface NatsTestServerOptions {
  /** A configuration file for the server (`-c`); the port, address and store folder given here override its own. */
  configFile?: string;
  /** Variables added to the server's environment, for the `$NAME` references of the configuration file. */
  env?: Record<string, string>;
}

/**
 * Starts a real `nats-server -js` on a free loopback port with a temporary store folder.
 * The binary is `/usr/sbin/nats-server` unless `NATS_SERVER_BIN` names another.
 */
export async function startNatsServer(options: NatsTestServerOptions = {}): Promise<NatsTestServer> {
  const binary = process.env.NATS_SERVER_BIN ?? DEFAULT_BINARY;
  if (!existsSync(binary)) {
    throw new Error(
      `nats-server was not found at ${binary}. Install it with "apt-get install -y nats-server", ` +
        'or set NATS_SERVER_BIN to its path.',
    );
  }
  installExitHook();
  const port = await freePort();
  const storeDir = mkdtempSync(join(tmpdir(), 'cull-log-nats-'));
  storeDirs.add(storeDir);
  let child: ChildProcess | undefined;

  async function start(): Promise<void> {
    const output: string[] = [];
    const configuration = options.configFile === undefined ? [] : ['-c', options.configFile];
    const server = spawn(
      binary,
      [...configuration, '-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...options.env } },
    );
    server.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    running.add(server);
    let exited = false;
    server.once('exit', () => {
      exited = true;
      running.delete(server);
    });
    child = server;
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (!(await acceptsConnections(port))) {
      if (exited || Date.now() > deadline) {
        server.kill('SIGKILL');
        throw new Error(`nats-server did not start on port ${port}:\n${output.join('').slice(-2000)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  async function stop(): Promise<void> {
    const current = child;
    child = undefined;
    if (!current || current.exitCode !== null || current.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => current.once('exit', () => resolve()));
    current.kill('SIGTERM');
    const forced = setTimeout(() => current.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(forced);
  }

  await start();
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    storeDir,
    stop,
    async restart() {
      await stop();
      await start();
    },
  };
}
