import { request } from 'node:http';
import { connect } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface MongoTestTarget {
  /** Connection string of a replica set (transactions need one). */
  url: string;
  stop(): Promise<void>;
}

/** The newest MongoDB release line the driver supports; the container runs a single-node replica set. */
const MONGO_IMAGE = 'mongo:8.0';
const DOCKER_PROBE_TIMEOUT_MS = 1500;

/**
 * A MongoDB for tests: `MONGODB_URL` when set, else a testcontainers MongoDB when a Docker engine answers,
 * else undefined after printing one line saying why `suite` is skipped.
 */
export async function mongoTestTarget(
  suite = 'MongoDB contract suite',
): Promise<MongoTestTarget | undefined> {
  const fromEnvironment = process.env.MONGODB_URL;
  if (fromEnvironment) return { url: fromEnvironment, stop: async () => undefined };

  if (!(await dockerEngineAnswers())) {
    process.stdout.write(`${suite} skipped: no MONGODB_URL and no Docker engine on this machine\n`);
    return undefined;
  }
  // Loaded only here, so machines without Docker never pay for testcontainers.
  const { MongoDBContainer } = await import('@testcontainers/mongodb');
  const container = await new MongoDBContainer(MONGO_IMAGE).start();
  // The replica set announces the container's own host name; connect to the mapped port directly.
  return {
    url: `${container.getConnectionString()}/?directConnection=true`,
    stop: async () => {
      await container.stop();
    },
  };
}

type DockerEndpoint = { socketPath: string } | { host: string; port: number };

/** Where testcontainers would look for Docker: DOCKER_HOST, its properties file, the usual sockets. */
function dockerEndpoints(): DockerEndpoint[] {
  const configured = [process.env.DOCKER_HOST, dockerHostFromTestcontainersProperties()].filter(
    (value): value is string => Boolean(value),
  );
  const endpoints: DockerEndpoint[] = [];
  for (const address of configured) {
    if (address.startsWith('unix://')) endpoints.push({ socketPath: address.slice('unix://'.length) });
    const tcp = /^tcp:\/\/([^:/]+):(\d+)/.exec(address);
    if (tcp) endpoints.push({ host: tcp[1] as string, port: Number(tcp[2]) });
  }
  const sockets = [
    '/var/run/docker.sock',
    process.env.XDG_RUNTIME_DIR && join(process.env.XDG_RUNTIME_DIR, 'docker.sock'),
    join(homedir(), '.docker', 'run', 'docker.sock'),
    join(homedir(), '.docker', 'desktop', 'docker.sock'),
  ];
  for (const socketPath of sockets) {
    if (socketPath && existsSync(socketPath)) endpoints.push({ socketPath });
  }
  return endpoints;
}

function dockerHostFromTestcontainersProperties(): string | undefined {
  const file = join(homedir(), '.testcontainers.properties');
  if (!existsSync(file)) return undefined;
  const line = readFileSync(file, 'utf8')
    .split('\n')
    .find((entry) => entry.trim().startsWith('docker.host='));
  return line?.split('=', 2)[1]?.trim();
}

async function dockerEngineAnswers(): Promise<boolean> {
  for (const endpoint of dockerEndpoints()) {
    if (await probe(endpoint)) return true;
  }
  return false;
}

/** A socket gets Docker's `/_ping`; a TCP endpoint (maybe TLS) only needs to accept a connection. */
function probe(endpoint: DockerEndpoint): Promise<boolean> {
  return new Promise((resolve) => {
    if ('socketPath' in endpoint) {
      const ping = request({
        socketPath: endpoint.socketPath,
        path: '/_ping',
        timeout: DOCKER_PROBE_TIMEOUT_MS,
      });
      ping.on('response', (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      });
      ping.on('timeout', () => ping.destroy());
      ping.on('error', () => resolve(false));
      ping.end();
      return;
    }
    const socket = connect({ host: endpoint.host, port: endpoint.port, timeout: DOCKER_PROBE_TIMEOUT_MS });
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('timeout', () => socket.destroy());
    socket.on('error', () => resolve(false));
    socket.on('close', () => resolve(false));
  });
}
