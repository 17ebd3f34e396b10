import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ConfigError,
  commonConfigShape,
  isLoopbackHost,
  listenHost,
  parseConfig,
  internalAuthPrivateKeySetting,
  internalAuthPublicKeySetting,
  portSetting,
} from './config';
import { generateIdentityKeys } from './identity-keys';

const KEYS = generateIdentityKeys();
const KEY = KEYS.publicKey;
const recordsSchema = z.object({
  ...commonConfigShape,
  PORT: portSetting(3001),
  INTERNAL_AUTH_PUBLIC_KEY: internalAuthPublicKeySetting,
});

function configErrorOf(run: () => unknown): ConfigError {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('parseConfig', () => {
  it('applies the defaults when only the key is set', () => {
    expect(parseConfig(recordsSchema, { INTERNAL_AUTH_PUBLIC_KEY: KEY })).toEqual({
      PORT: 3001,
      HOST: undefined,
      LOG_LEVEL: 'info',
      DATA_DIR: './data',
      NODE_ENV: 'development',
      INTERNAL_AUTH_PUBLIC_KEY: KEY,
      MONGODB_URL: undefined,
      NATS_URL: undefined,
    });
  });

  it('reads every common setting from the environment', () => {
    const config = parseConfig(recordsSchema, {
      PORT: '8080',
      LOG_LEVEL: 'debug',
      DATA_DIR: '/var/lib/cull-log',
      NODE_ENV: 'production',
      INTERNAL_AUTH_PUBLIC_KEY: KEY,
      MONGODB_URL: 'mongodb://mongo-0:27017,mongo-1:27017/culls?replicaSet=rs0',
      NATS_URL: 'nats://nats-0:4222,nats://nats-1:4222',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      LOG_LEVEL: 'debug',
      DATA_DIR: '/var/lib/cull-log',
      NODE_ENV: 'production',
      MONGODB_URL: 'mongodb://mongo-0:27017,mongo-1:27017/culls?replicaSet=rs0',
      NATS_URL: 'nats://nats-0:4222,nats://nats-1:4222',
    });
  });

  it('treats an empty optional setting as not set', () => {
    const config = parseConfig(recordsSchema, {
      INTERNAL_AUTH_PUBLIC_KEY: KEY,
      MONGODB_URL: '',
      NATS_URL: '',
    });
    expect(config.MONGODB_URL).toBeUndefined();
    expect(config.NATS_URL).toBeUndefined();
  });

  it('names a missing required variable', () => {
    const error = configErrorOf(() => parseConfig(recordsSchema, {}));
    expect(error.problems).toEqual([
      { variable: 'INTERNAL_AUTH_PUBLIC_KEY', problem: 'is required but not set' },
    ]);
    expect(error.message).toContain('INTERNAL_AUTH_PUBLIC_KEY: is required but not set');
    expect(
      configErrorOf(() => parseConfig(recordsSchema, { INTERNAL_AUTH_PUBLIC_KEY: '' })).problems,
    ).toEqual([{ variable: 'INTERNAL_AUTH_PUBLIC_KEY', problem: 'is required but not set' }]);
  });

  it('names every bad variable at once, and why, without echoing values', () => {
    const error = configErrorOf(() =>
      parseConfig(recordsSchema, {
        PORT: 'eighty',
        LOG_LEVEL: 'loud',
        NODE_ENV: 'staging',
        INTERNAL_AUTH_PUBLIC_KEY: 'not-a-key!',
        MONGODB_URL: 'http://mongo',
        NATS_URL: 'nats-0:4222',
      }),
    );
    expect(error.problems.map((problem) => problem.variable).sort()).toEqual([
      'INTERNAL_AUTH_PUBLIC_KEY',
      'LOG_LEVEL',
      'MONGODB_URL',
      'NATS_URL',
      'NODE_ENV',
      'PORT',
    ]);
    expect(error.message).toContain('PORT: must be a whole number between 0 and 65535');
    expect(error.message).toContain('INTERNAL_AUTH_PUBLIC_KEY: must be a PEM key or the base64 of its DER');
    expect(error.message).toContain(
      'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent',
    );
    expect(error.message).not.toContain('not-a-key!');
  });

  it('refuses a port out of range', () => {
    const error = configErrorOf(() =>
      parseConfig(recordsSchema, { INTERNAL_AUTH_PUBLIC_KEY: KEY, PORT: '70000' }),
    );
    expect(error.problems).toEqual([
      { variable: 'PORT', problem: 'must be a whole number between 0 and 65535' },
    ]);
  });

  it("names a service's own required variable", () => {
    const gatewaySchema = z.object({ ...recordsSchema.shape, RECORDS_URL: z.url() });
    const error = configErrorOf(() => parseConfig(gatewaySchema, { INTERNAL_AUTH_PUBLIC_KEY: KEY }));
    expect(error.message).toContain('RECORDS_URL: is required but not set');
  });
});

describe('the identity key settings', () => {
  const schemaOf = (variable: 'INTERNAL_AUTH_PUBLIC_KEY' | 'INTERNAL_AUTH_PRIVATE_KEY') =>
    z.object({
      [variable]:
        variable === 'INTERNAL_AUTH_PUBLIC_KEY'
          ? internalAuthPublicKeySetting
          : internalAuthPrivateKeySetting,
    });
  const problemOf = (variable: 'INTERNAL_AUTH_PUBLIC_KEY' | 'INTERNAL_AUTH_PRIVATE_KEY', value: string) =>
    configErrorOf(() => parseConfig(schemaOf(variable), { [variable]: value })).problems[0]?.problem;
  const pem = createPrivateKey({ key: Buffer.from(KEYS.privateKey, 'base64'), format: 'der', type: 'pkcs8' });

  it('take a key as base64 DER or as PEM, with its line breaks written as \\n as an env file holds them', () => {
    const privatePem = pem.export({ format: 'pem', type: 'pkcs8' }).toString();
    const publicPem = createPublicKey(pem).export({ format: 'pem', type: 'spki' }).toString();
    expect(
      parseConfig(schemaOf('INTERNAL_AUTH_PRIVATE_KEY'), { INTERNAL_AUTH_PRIVATE_KEY: KEYS.privateKey }),
    ).toEqual({
      INTERNAL_AUTH_PRIVATE_KEY: KEYS.privateKey,
    });
    expect(() =>
      parseConfig(schemaOf('INTERNAL_AUTH_PRIVATE_KEY'), {
        INTERNAL_AUTH_PRIVATE_KEY: privatePem.replaceAll('\n', '\\n'),
      }),
    ).not.toThrow();
    expect(() =>
      parseConfig(schemaOf('INTERNAL_AUTH_PUBLIC_KEY'), { INTERNAL_AUTH_PUBLIC_KEY: publicPem }),
    ).not.toThrow();
  });

  it('refuse the private key where the public key goes, and the reverse, saying why', () => {
    const privatePem = pem.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(problemOf('INTERNAL_AUTH_PUBLIC_KEY', privatePem)).toBe(
      'is a private key: a service holds the public key only',
    );
    expect(problemOf('INTERNAL_AUTH_PUBLIC_KEY', KEYS.privateKey)).toBe(
      'is not a public key (PEM, or the base64 of its SPKI DER)',
    );
    expect(problemOf('INTERNAL_AUTH_PRIVATE_KEY', KEYS.publicKey)).toBe(
      'is not a private key (PEM, or the base64 of its PKCS#8 DER)',
    );
  });

  it('refuse a key of another kind than Ed25519', () => {
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const ecdsa = publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    expect(problemOf('INTERNAL_AUTH_PUBLIC_KEY', ecdsa)).toBe('must be an Ed25519 public key, not ec');
  });
});

describe('listenHost', () => {
  it('listens on this machine only outside production, so a development app is not open to the network', () => {
    expect(listenHost({ NODE_ENV: 'development' })).toBe('127.0.0.1');
    expect(listenHost({ NODE_ENV: 'test' })).toBe('127.0.0.1');
  });

  it('listens on every interface in production, where a container must be reachable', () => {
    expect(listenHost({ NODE_ENV: 'production' })).toBe('0.0.0.0');
  });

  it('takes HOST when it is set', () => {
    const config = parseConfig(recordsSchema, { INTERNAL_AUTH_PUBLIC_KEY: KEY, HOST: '0.0.0.0' });
    expect(listenHost(config)).toBe('0.0.0.0');
    expect(listenHost({ HOST: '::1', NODE_ENV: 'production' })).toBe('::1');
  });

  it('refuses a HOST that is not an address', () => {
    const error = configErrorOf(() =>
      parseConfig(recordsSchema, { INTERNAL_AUTH_PUBLIC_KEY: KEY, HOST: 'http://0.0.0.0/' }),
    );
    expect(error.problems.map((problem) => problem.variable)).toEqual(['HOST']);
  });
});

describe('isLoopbackHost', () => {
  it.each(['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '::1', '[::1]', '::ffff:127.0.0.1'])(
    '%s is loopback',
    (host) => expect(isLoopbackHost(host)).toBe(true),
  );

  it.each([
    '0.0.0.0',
    '::',
    '192.168.1.10',
    '10.0.0.1',
    '128.0.0.1',
    '127.0.0.256',
    'example.org',
    'localhost.example.org',
  ])('%s is not loopback', (host) => expect(isLoopbackHost(host)).toBe(false));
});
