import { describe, expect, it } from 'vitest';
import { BACKEND_SERVICES, isLoopbackHost, listenHost } from '@cull-log/service-kit';
import { launcherEnvironment } from './launcher-environment';

const options = {
  gatewayPort: 8080,
  dataDir: '/tmp/cull-log',
  internalAuthSecret: 's'.repeat(40),
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
      INTERNAL_AUTH_SECRET: options.internalAuthSecret,
      RECORDS_URL: 'http://127.0.0.1:3001',
      STATS_URL: 'http://127.0.0.1:3002',
      EXPORTS_URL: 'http://127.0.0.1:3003',
    });
    expect(launcherEnvironment({ ...options, name: 'gateway', inherited: {} }).PORT).toBe('8080');
  });
});
