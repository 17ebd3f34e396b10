import { describe, expect, it } from 'vitest';
import { BACKEND_SERVICES, generateIdentityKeys, isLoopbackHost, listenHost } from '@cull-log/service-kit';
import { launcherEnvironment } from './launcher-environment';

const options = {
  gatewayPort: 8080,
  dataDir: '/tmp/cull-log',
  identityKeys: generateIdentityKeys(),
  invitationSecret: 'i'.repeat(40),
  natsUrl: 'nats://127.0.0.1:4222',
};

describe('the environment of each service of npm run start:services', () => {
  it.each(BACKEND_SERVICES)(
    '%s listens on loopback only, even when HOST asks the gateway for every interface',
    (name) => {
      const env = launcherEnvironment({ ...options, name, inherited: { HOST: '0.0.0.0' } });
      expect(env.HOST).toBe('127.0.0.1');
      expect(isLoopbackHost(listenHost({ HOST: env.HOST, NODE_ENV: 'production' }))).toBe(true);
    },
  );

  it('leaves the gateway on HOST, or on its default when HOST is unset', () => {
    expect(launcherEnvironment({ ...options, name: 'gateway', inherited: { HOST: '0.0.0.0' } }).HOST).toBe(
      '0.0.0.0',
    );
    expect(launcherEnvironment({ ...options, name: 'gateway', inherited: {} }).HOST).toBeUndefined();
  });

  it('gives each service its port, its own data folder and the loopback addresses of the others', () => {
    const env = launcherEnvironment({ ...options, name: 'stats', inherited: { LOG_LEVEL: 'debug' } });
    expect(env).toMatchObject({
      LOG_LEVEL: 'debug',
      PORT: '3002',
      DATA_DIR: '/tmp/cull-log/stats',
      NATS_URL: options.natsUrl,
      RECORDS_URL: 'http://127.0.0.1:3001',
      STATS_URL: 'http://127.0.0.1:3002',
      EXPORTS_URL: 'http://127.0.0.1:3003',
    });
    expect(launcherEnvironment({ ...options, name: 'gateway', inherited: {} }).PORT).toBe('8080');
  });

  it("gives the gateway the private key, the others the public key, and the records service the invitations' secret", () => {
    const { privateKey, publicKey } = options.identityKeys;
    // What the launcher's own shell holds is no service's unless the launcher gives it.
    const inherited = {
      INTERNAL_AUTH_PRIVATE_KEY: privateKey,
      INTERNAL_AUTH_PUBLIC_KEY: publicKey,
      INVITATION_SECRET: options.invitationSecret,
      SESSION_SECRET: 's'.repeat(40),
      GOOGLE_CLIENT_SECRET: 'google',
    };
    const secretsOf = (name: 'gateway' | 'records' | 'stats' | 'exports') => {
      const env = launcherEnvironment({ ...options, name, inherited });
      return Object.fromEntries(Object.keys(inherited).map((key) => [key, env[key]]));
    };
    expect(secretsOf('gateway')).toEqual({
      INTERNAL_AUTH_PRIVATE_KEY: privateKey,
      INTERNAL_AUTH_PUBLIC_KEY: undefined,
      INVITATION_SECRET: undefined,
      SESSION_SECRET: 's'.repeat(40),
      GOOGLE_CLIENT_SECRET: 'google',
    });
    const backend = {
      INTERNAL_AUTH_PRIVATE_KEY: undefined,
      INTERNAL_AUTH_PUBLIC_KEY: publicKey,
      SESSION_SECRET: undefined,
      GOOGLE_CLIENT_SECRET: undefined,
    };
    expect(secretsOf('records')).toEqual({ ...backend, INVITATION_SECRET: options.invitationSecret });
    expect(secretsOf('stats')).toEqual({ ...backend, INVITATION_SECRET: undefined });
    expect(secretsOf('exports')).toEqual({ ...backend, INVITATION_SECRET: undefined });
  });
});
