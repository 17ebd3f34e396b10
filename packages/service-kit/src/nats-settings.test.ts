import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, commonConfigShape, parseConfig } from './config';
import { checkNatsSettings, natsConfigShape, natsConnectionSettings } from './nats-settings';

const PASSWORD = 'n0123456789abcdef0123456789abcdef';
const schema = z.object({ ...commonConfigShape, ...natsConfigShape }).superRefine(checkNatsSettings);

const folder = mkdtempSync(join(tmpdir(), 'cull-log-nats-settings-'));
const pem = (name: string) => {
  const file = join(folder, name);
  writeFileSync(file, '-----BEGIN CERTIFICATE-----\n');
  return file;
};
const [ca, cert, key] = [pem('ca.pem'), pem('client.pem'), pem('client.key')];
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function problemsOf(env: Record<string, string | undefined>): { variable: string; problem: string }[] {
  try {
    parseConfig(schema, env);
  } catch (error) {
    if (error instanceof ConfigError) return [...error.problems];
    throw error;
  }
  return [];
}

describe('NATS settings', () => {
  it('hand the bus its servers, its user and its TLS files', () => {
    const config = parseConfig(schema, {
      NODE_ENV: 'production',
      NATS_URL: 'tls://nats-0:4222,tls://nats-1:4222',
      NATS_USER: 'stats',
      NATS_PASSWORD: PASSWORD,
      NATS_TLS_CA: ca,
      NATS_TLS_CERT: cert,
      NATS_TLS_KEY: key,
    });
    expect(natsConnectionSettings({ ...config, NATS_URL: config.NATS_URL as string })).toEqual({
      servers: ['tls://nats-0:4222', 'tls://nats-1:4222'],
      credentials: { user: 'stats', password: PASSWORD },
      tls: { caFile: ca, certFile: cert, keyFile: key },
    });
  });

  it('leave out the user and TLS when none is set (development, a local nats-server)', () => {
    const config = parseConfig(schema, {
      NATS_URL: 'nats://127.0.0.1:4222',
      NATS_USER: '',
    });
    expect(natsConnectionSettings({ ...config, NATS_URL: 'nats://127.0.0.1:4222' })).toEqual({
      servers: ['nats://127.0.0.1:4222'],
    });
  });

  it('refuse a production service on NATS without its own user', () => {
    expect(problemsOf({ NODE_ENV: 'production', NATS_URL: 'nats://nats:4222' })).toEqual([
      {
        variable: 'NATS_USER',
        problem:
          'is required in production when NATS_URL is set: each service signs in to NATS as its own user',
      },
    ]);
  });

  it('refuse half a pair, naming the half that is missing', () => {
    expect(problemsOf({ NATS_URL: 'nats://nats:4222', NATS_USER: 'stats' })).toEqual([
      { variable: 'NATS_PASSWORD', problem: 'is required when NATS_USER is set' },
    ]);
    expect(problemsOf({ NATS_URL: 'nats://nats:4222', NATS_TLS_KEY: key })).toEqual([
      { variable: 'NATS_TLS_CERT', problem: 'is required when NATS_TLS_KEY is set' },
    ]);
  });

  it('refuse credentials in NATS_URL, a password nats-server would misread, and a TLS file that is not there', () => {
    const problems = problemsOf({
      NATS_URL: 'nats://stats:secret-password@nats:4222',
      NATS_USER: 'stats',
      NATS_PASSWORD: '3e45a0b1c2d3e4f5a6b7c8d9',
      NATS_TLS_CA: join(folder, 'missing.pem'),
    });
    expect(problems.map(({ variable }) => variable).sort()).toEqual([
      'NATS_PASSWORD',
      'NATS_TLS_CA',
      'NATS_URL',
    ]);
    expect(problems.find(({ variable }) => variable === 'NATS_TLS_CA')?.problem).toBe(
      'must be the path of a file this process can read',
    );
    expect(problemsOf({ NATS_URL: 'nats://stats:secret-password@nats:4222' })).toEqual([
      { variable: 'NATS_URL', problem: 'must not hold credentials: set NATS_USER and NATS_PASSWORD instead' },
    ]);
  });

  it('never echo the password they refuse', () => {
    const password = 'short pass';
    const error = (() => {
      try {
        parseConfig(schema, { NATS_USER: 'stats', NATS_PASSWORD: password });
      } catch (caught) {
        return caught as ConfigError;
      }
      throw new Error('expected a ConfigError');
    })();
    expect(error.message).toContain('NATS_PASSWORD');
    expect(error.message).not.toContain(password);
  });
});
