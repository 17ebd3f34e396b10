import { join } from 'node:path';
import { SERVICES, type ServiceName } from '@cull-log/service-kit';

export interface LauncherEnvironmentOptions {
  /** The launcher's own environment, handed on to every service. */
  inherited: Record<string, string | undefined>;
  name: ServiceName;
  /** The gateway's port (PORT); the other services keep their default ports. */
  gatewayPort: number;
  dataDir: string;
  /** The gateway's key pair: the private key goes to the gateway alone, the public key to the others. */
  identityKeys: { privateKey: string; publicKey: string };
  /** The records service's key for the teams' invitation links. */
  invitationSecret: string;
  natsUrl: string;
}

/** The gateway's secrets: no other service is given them, whatever the launcher's own environment holds. */
const GATEWAY_SECRETS = ['INTERNAL_AUTH_PRIVATE_KEY', 'SESSION_SECRET', 'GOOGLE_CLIENT_SECRET'] as const;

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
  identityKeys,
  invitationSecret,
  natsUrl,
}: LauncherEnvironmentOptions): Record<string, string | undefined> {
  const loopback = (service: ServiceName) => `http://127.0.0.1:${launcherPortOf(service, gatewayPort)}`;
  const secrets =
    name === 'gateway'
      ? { INTERNAL_AUTH_PRIVATE_KEY: identityKeys.privateKey }
      : {
          ...Object.fromEntries(GATEWAY_SECRETS.map((secret) => [secret, undefined])),
          INTERNAL_AUTH_PUBLIC_KEY: identityKeys.publicKey,
          ...(name === 'records' ? { INVITATION_SECRET: invitationSecret } : {}),
        };
  return {
    ...inherited,
    INTERNAL_AUTH_PUBLIC_KEY: undefined,
    INVITATION_SECRET: undefined,
    ...secrets,
    PORT: String(launcherPortOf(name, gatewayPort)),
    // Only the gateway is for browsers (on HOST); the others answer it alone, on this machine.
    ...(name === 'gateway' ? {} : { HOST: '127.0.0.1' }),
    DATA_DIR: join(dataDir, name),
    // The gateway's address for people, which the records service puts in the teams' invitation links.
    PUBLIC_URL: inherited.PUBLIC_URL ?? `http://localhost:${gatewayPort}`,
    NATS_URL: natsUrl,
    RECORDS_URL: loopback('records'),
    STATS_URL: loopback('stats'),
    EXPORTS_URL: loopback('exports'),
  };
}
