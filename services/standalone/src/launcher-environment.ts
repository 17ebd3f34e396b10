import { join } from 'node:path';
import { SERVICES, type ServiceName } from '@cull-log/service-kit';

export interface LauncherEnvironmentOptions {
  /** The launcher's own environment, handed on to every service. */
  inherited: Record<string, string | undefined>;
  name: ServiceName;
  /** The gateway's port (PORT); the other services keep their default ports. */
  gatewayPort: number;
  dataDir: string;
  internalAuthSecret: string;
  natsUrl: string;
}

/** The port a service of the launcher listens on. */
export function launcherPortOf(name: ServiceName, gatewayPort: number): number {
  return name === 'gateway' ? gatewayPort : SERVICES[name].port;
}

/** The environment of one service started by `npm run start:services`. */
export function launcherEnvironment({
  inherited,
  name,
  gatewayPort,
  dataDir,
  internalAuthSecret,
  natsUrl,
}: LauncherEnvironmentOptions): Record<string, string | undefined> {
  const loopback = (service: ServiceName) => `http://127.0.0.1:${launcherPortOf(service, gatewayPort)}`;
  return {
    ...inherited,
    PORT: String(launcherPortOf(name, gatewayPort)),
    // Only the gateway is for browsers (on HOST); the others answer it alone, on this machine.
    ...(name === 'gateway' ? {} : { HOST: '127.0.0.1' }),
    DATA_DIR: join(dataDir, name),
    INTERNAL_AUTH_SECRET: internalAuthSecret,
    // The gateway's address for people, which the records service puts in the teams' invitation links.
    PUBLIC_URL: inherited.PUBLIC_URL ?? `http://localhost:${gatewayPort}`,
    NATS_URL: natsUrl,
    RECORDS_URL: loopback('records'),
    STATS_URL: loopback('stats'),
    EXPORTS_URL: loopback('exports'),
  };
}
