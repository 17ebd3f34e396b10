import { accessSync, constants, mkdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { spawnChildProcess, type ChildProcessHandle } from './service-process';
import { acceptsConnections, waitFor } from './wait-for';

const NATS_HOST = '127.0.0.1';
export const LOCAL_NATS_PORT = 4222;

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The nats-server binary: the configured path, else the first on PATH (or in /usr/sbin, where Debian puts it). */
export function findNatsServer(
  configured: string | undefined,
  path = process.env.PATH ?? '',
): string | undefined {
  if (configured !== undefined) return isExecutable(configured) ? configured : undefined;
  const folders = [
    ...path.split(delimiter).filter((folder) => folder !== ''),
    '/usr/sbin',
    '/usr/local/sbin',
  ];
  return folders.map((folder) => join(folder, 'nats-server')).find(isExecutable);
}

export interface LocalNats {
  url: string;
  process: ChildProcessHandle;
}

/** A nats-server with JetStream on loopback, keeping its streams in `storeDir` across restarts. */
export async function startLocalNats({
  binary,
  storeDir,
  port = LOCAL_NATS_PORT,
  onLine,
}: {
  binary: string;
  storeDir: string;
  port?: number;
  onLine: (line: string) => void;
}): Promise<LocalNats> {
  if (await acceptsConnections(NATS_HOST, port)) {
    throw new Error(
      `Port ${port} is already taken. If a nats-server with JetStream runs there, use it: NATS_URL=nats://${NATS_HOST}:${port}`,
    );
  }
  mkdirSync(storeDir, { recursive: true });
  const nats = spawnChildProcess({
    name: 'nats',
    command: binary,
    args: ['-js', '-a', NATS_HOST, '-p', String(port), '-sd', storeDir],
    env: process.env,
    onLine,
    detached: true,
  });
  let exit: string | undefined;
  void nats.exited.then(({ code, signal }) => {
    exit = `nats-server exited (${signal ?? `code ${code}`})`;
  });
  await waitFor(`nats-server on port ${port}`, () => acceptsConnections(NATS_HOST, port), {
    timeoutMs: 15_000,
    giveUp: () => exit,
  });
  return { url: `nats://${NATS_HOST}:${port}`, process: nats };
}
