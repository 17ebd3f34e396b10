import { describe, expect, it } from 'vitest';
import { ConfigError, generateIdentityKeys } from '@cull-log/service-kit';
import { identityKeysOf, randomSecret, readLauncherConfig, readStandaloneConfig } from './config';

describe('the one-process app settings', () => {
  it('default to port 3000, ./data and keys made at start-up', () => {
    const config = readStandaloneConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
    });
    expect(config.INTERNAL_AUTH_PRIVATE_KEY).toBeUndefined();
    expect(config.INVITATION_SECRET).toBeUndefined();
    expect(config.WEB_DIST).toBeUndefined();
  });

  it('treat empty lines of an env file as not set', () => {
    const config = readStandaloneConfig({ INTERNAL_AUTH_PRIVATE_KEY: '', WEB_DIST: '', NATS_URL: '' });
    expect([config.INTERNAL_AUTH_PRIVATE_KEY, config.WEB_DIST, config.NATS_URL]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('name every bad setting at once', () => {
    const read = () =>
      readStandaloneConfig({
        PORT: 'eighty',
        LOG_LEVEL: 'loud',
        INTERNAL_AUTH_PRIVATE_KEY: generateIdentityKeys().publicKey,
        INVITATION_SECRET: 'short',
      });
    expect(read).toThrow(ConfigError);
    try {
      read();
    } catch (error) {
      expect((error as ConfigError).problems.map(({ variable }) => variable).sort()).toEqual([
        'INTERNAL_AUTH_PRIVATE_KEY',
        'INVITATION_SECRET',
        'LOG_LEVEL',
        'PORT',
      ]);
    }
  });
});

describe('the launcher settings', () => {
  it('take NATS_URL and MONGODB_URL when given and refuse malformed ones', () => {
    const config = readLauncherConfig({ NATS_URL: 'nats://127.0.0.1:4222', PORT: '8080' });
    expect(config).toMatchObject({ PORT: 8080, NATS_URL: 'nats://127.0.0.1:4222' });
    expect(config.MONGODB_URL).toBeUndefined();
    expect(() => readLauncherConfig({ MONGODB_URL: 'http://mongo' })).toThrow(/MONGODB_URL/);
  });
});

describe('identityKeysOf', () => {
  it('makes a fresh pair when no private key is configured, and derives the public key of one that is', () => {
    const made = identityKeysOf(undefined);
    expect(identityKeysOf(undefined).privateKey).not.toBe(made.privateKey);
    expect(identityKeysOf(made.privateKey)).toEqual(made);
  });
});

describe('randomSecret', () => {
  it('is long enough for a shared secret and differs each time', () => {
    const secret = randomSecret();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(randomSecret()).not.toBe(secret);
  });
});
