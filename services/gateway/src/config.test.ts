import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '@cull-log/service-kit';
import { TEST_KEYS } from '@cull-log/service-kit/testing';
import { GOOGLE_PROVIDER } from './auth/oidc-provider';
import { readGatewaySettings, withProvider } from './config';

const base = { INTERNAL_AUTH_PRIVATE_KEY: TEST_KEYS.privateKey };
const productionGoogle = {
  ...base,
  NODE_ENV: 'production',
  GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'client-secret',
  PUBLIC_URL: 'https://cull-log.example/',
  SESSION_SECRET: 'b'.repeat(40),
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    readGatewaySettings(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.map(({ variable }) => variable);
    throw error;
  }
  return [];
}

function messageOf(env: Record<string, string>): string {
  try {
    readGatewaySettings(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return '';
}

describe('gateway configuration', () => {
  it('trusts proxies by hop count or by address list, and none by default', () => {
    expect(readGatewaySettings(base).config.trustProxy).toBeUndefined();
    const byHops = readGatewaySettings({ ...base, TRUST_PROXY: '1' }).config.trustProxy;
    expect(typeof byHops).toBe('function');
    if (typeof byHops !== 'function') throw new Error('expected a hop test');
    expect([byHops('10.0.0.1', 0), byHops('10.0.0.2', 1)]).toEqual([true, false]);
    expect(readGatewaySettings({ ...base, TRUST_PROXY: '10.0.0.0/8,192.168.1.1' }).config.trustProxy).toEqual(
      ['10.0.0.0/8', '192.168.1.1'],
    );
    expect(problemsOf({ ...base, TRUST_PROXY: 'everyone' })).toEqual(['TRUST_PROXY']);
  });

  it('defaults to development sign-in on port 3000 when Google is not configured', () => {
    const result = readGatewaySettings(base);
    expect(result.config.authMode).toBe('dev');
    expect(result.config.production).toBe(false);
    expect(result.config.publicUrl).toBe('http://localhost:3000');
    expect(result.port).toBe(3000);
    expect(result.upstreams).toEqual({
      records: 'http://127.0.0.1:3001',
      stats: 'http://127.0.0.1:3002',
      exports: 'http://127.0.0.1:3003',
    });
    expect(result.sessionDatabaseFile).toBe('data/gateway-sessions.sqlite');
    expect(result.config.sessionSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('chooses Google sign-in when a client id is configured', () => {
    const result = readGatewaySettings({ ...base, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' });
    expect(result.config.authMode).toBe('google');
    expect(withProvider(result).google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      provider: GOOGLE_PROVIDER,
    });
  });

  it('accepts a complete production configuration and trims the public URL', () => {
    const result = readGatewaySettings(productionGoogle);
    expect(result.config).toMatchObject({
      authMode: 'google',
      production: true,
      publicUrl: 'https://cull-log.example',
      sessionSecret: 'b'.repeat(40),
    });
  });

  it('refuses to start in production without the Google settings, naming each one', () => {
    expect(problemsOf({ ...base, NODE_ENV: 'production' })).toEqual(
      expect.arrayContaining(['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'PUBLIC_URL', 'SESSION_SECRET']),
    );
  });

  it('refuses development sign-in in production', () => {
    expect(problemsOf({ ...productionGoogle, AUTH_MODE: 'dev' })).toContain('AUTH_MODE');
  });

  it('refuses a plain http public URL in production', () => {
    expect(problemsOf({ ...productionGoogle, PUBLIC_URL: 'http://cull-log.example' })).toEqual([
      'PUBLIC_URL',
    ]);
  });

  it('refuses Google mode with a client id but no secret', () => {
    expect(problemsOf({ ...base, AUTH_MODE: 'google', GOOGLE_CLIENT_ID: 'id' })).toEqual([
      'GOOGLE_CLIENT_SECRET',
    ]);
  });

  it('refuses a short session secret and a missing signing key', () => {
    expect(problemsOf({ SESSION_SECRET: 'short' })).toEqual(
      expect.arrayContaining(['SESSION_SECRET', 'INTERNAL_AUTH_PRIVATE_KEY']),
    );
  });

  it('refuses as its signing key a public key, a key of another kind, and text that is no key', () => {
    const refusalOf = (key: string) => {
      try {
        readGatewaySettings({ INTERNAL_AUTH_PRIVATE_KEY: key, AUTH_MODE: 'dev' });
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
        throw error;
      }
      return [];
    };
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
    expect(refusalOf(TEST_KEYS.publicKey)).toEqual([
      { variable: 'INTERNAL_AUTH_PRIVATE_KEY', problem: expect.stringMatching(/not a private key/) },
    ]);
    expect(refusalOf(rsa.export({ format: 'pem', type: 'pkcs8' }).toString())).toEqual([
      { variable: 'INTERNAL_AUTH_PRIVATE_KEY', problem: 'must be an Ed25519 private key, not rsa' },
    ]);
    expect(refusalOf('not a key at all')).toEqual([
      { variable: 'INTERNAL_AUTH_PRIVATE_KEY', problem: 'must be a PEM key or the base64 of its DER' },
    ]);
  });

  it('limits sign-ins, writes, reads, token requests and exports in progress unless told otherwise', () => {
    const defaults = {
      signInPerMinute: 20,
      writesPerMinute: 120,
      readsPerMinute: 1200,
      tokenRequestsPerMinute: 300,
      concurrentExportsPerUser: 2,
      unauthenticatedPerMinute: 300,
    };
    expect(readGatewaySettings(base).config.rateLimits).toEqual(defaults);
    const configured = readGatewaySettings({
      ...base,
      SIGN_IN_RATE_LIMIT_PER_MINUTE: '5',
      WRITE_RATE_LIMIT_PER_MINUTE: '100000',
      READ_RATE_LIMIT_PER_MINUTE: '300',
      TOKEN_RATE_LIMIT_PER_MINUTE: '60',
      CONCURRENT_EXPORTS_PER_USER: '1',
      UNAUTHENTICATED_RATE_LIMIT_PER_MINUTE: '30',
    });
    expect(configured.config.rateLimits).toEqual({
      signInPerMinute: 5,
      writesPerMinute: 100_000,
      readsPerMinute: 300,
      tokenRequestsPerMinute: 60,
      concurrentExportsPerUser: 1,
      unauthenticatedPerMinute: 30,
    });
    const unset = {
      ...base,
      SIGN_IN_RATE_LIMIT_PER_MINUTE: '',
      WRITE_RATE_LIMIT_PER_MINUTE: '',
      READ_RATE_LIMIT_PER_MINUTE: '',
      TOKEN_RATE_LIMIT_PER_MINUTE: '',
      CONCURRENT_EXPORTS_PER_USER: '',
      UNAUTHENTICATED_RATE_LIMIT_PER_MINUTE: '',
    };
    expect(readGatewaySettings(unset).config.rateLimits).toEqual(defaults);
    expect(
      problemsOf({
        ...base,
        READ_RATE_LIMIT_PER_MINUTE: '0',
        TOKEN_RATE_LIMIT_PER_MINUTE: '-1',
        CONCURRENT_EXPORTS_PER_USER: 'x',
      }),
    ).toEqual(['READ_RATE_LIMIT_PER_MINUTE', 'TOKEN_RATE_LIMIT_PER_MINUTE', 'CONCURRENT_EXPORTS_PER_USER']);
  });

  it('refuses a rate limit that is not a whole number of at least 1, naming the variable', () => {
    for (const value of ['0', '-3', '2.5', 'many']) {
      expect(
        problemsOf({ ...base, SIGN_IN_RATE_LIMIT_PER_MINUTE: value, WRITE_RATE_LIMIT_PER_MINUTE: value }),
      ).toEqual(['SIGN_IN_RATE_LIMIT_PER_MINUTE', 'WRITE_RATE_LIMIT_PER_MINUTE']);
    }
  });

  it('treats empty variables as unset', () => {
    const result = readGatewaySettings({
      ...base,
      GOOGLE_CLIENT_ID: '',
      GOOGLE_CLIENT_SECRET: '',
      AUTH_MODE: '',
    });
    expect(result.config.authMode).toBe('dev');
  });

  it('listens on 127.0.0.1 outside production and on every interface in production', () => {
    expect(readGatewaySettings(base).host).toBe('127.0.0.1');
    expect(readGatewaySettings(productionGoogle).host).toBe('0.0.0.0');
    expect(readGatewaySettings({ ...productionGoogle, HOST: '10.1.2.3' }).host).toBe('10.1.2.3');
  });

  it('refuses a development sign-in listening beyond this machine, naming HOST and DEV_SIGN_IN_HOST', () => {
    expect(problemsOf({ ...base, HOST: '0.0.0.0' })).toEqual(['HOST']);
    expect(messageOf({ ...base, HOST: '0.0.0.0' })).toContain('DEV_SIGN_IN_HOST=0.0.0.0');
    expect(problemsOf({ ...base, HOST: '192.168.1.20', DEV_SIGN_IN_HOST: '0.0.0.0' })).toEqual(['HOST']);
  });

  it('lets a development sign-in listen on a loopback address without being told', () => {
    for (const host of ['127.0.0.1', '::1', 'localhost']) {
      const settings = readGatewaySettings({ ...base, HOST: host });
      expect(settings.host).toBe(host);
      expect(settings.devSignInExposed).toBe(false);
    }
  });

  it('lets a development sign-in listen beyond this machine only when DEV_SIGN_IN_HOST names that address', () => {
    const settings = readGatewaySettings({ ...base, HOST: '0.0.0.0', DEV_SIGN_IN_HOST: '0.0.0.0' });
    expect(settings.host).toBe('0.0.0.0');
    expect(settings.config.authMode).toBe('dev');
    expect(settings.devSignInExposed).toBe(true);
  });

  it('lets Google sign-in listen on every interface', () => {
    const settings = readGatewaySettings({
      ...base,
      HOST: '0.0.0.0',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(settings.devSignInExposed).toBe(false);
  });

  it('refuses AUTH_MODE=dev while a Google client is configured, naming the settings', () => {
    const google = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };
    expect(problemsOf({ ...base, ...google, AUTH_MODE: 'dev' })).toEqual(['AUTH_MODE']);
    expect(problemsOf({ ...base, GOOGLE_CLIENT_SECRET: 'secret', AUTH_MODE: 'dev' })).toEqual(['AUTH_MODE']);
    const message = messageOf({ ...base, ...google, AUTH_MODE: 'dev' });
    expect(message).toContain(
      'AUTH_MODE=dev is refused while GOOGLE_CLIENT_ID or GOOGLE_CLIENT_SECRET is set',
    );
  });

  it('takes another OpenID provider only over https in production', () => {
    expect(problemsOf({ ...productionGoogle, OIDC_ISSUER_URL: 'http://issuer.example' })).toEqual([
      'OIDC_ISSUER_URL',
    ]);
    expect(
      readGatewaySettings({ ...productionGoogle, OIDC_ISSUER_URL: 'https://issuer.example' }).oidcIssuerUrl,
    ).toBe('https://issuer.example');
    expect(readGatewaySettings({ ...base, OIDC_ISSUER_URL: 'http://127.0.0.1:8080' }).oidcIssuerUrl).toBe(
      'http://127.0.0.1:8080',
    );
  });

  it('caps a user at 10 sessions unless MAX_SESSIONS_PER_USER says otherwise', () => {
    expect(readGatewaySettings(base).config.sessionPolicy?.maxSessionsPerUser).toBe(10);
    const configured = readGatewaySettings({ ...base, MAX_SESSIONS_PER_USER: '3' });
    expect(configured.config.sessionPolicy).toMatchObject({
      maxSessionsPerUser: 3,
      idleTimeoutMs: 30 * 24 * 60 * 60 * 1000,
    });
    expect(problemsOf({ ...base, MAX_SESSIONS_PER_USER: '0' })).toEqual(['MAX_SESSIONS_PER_USER']);
  });

  it('runs the retention job unless RETENTION_JOB=off, refusing anything but on or off', () => {
    expect(readGatewaySettings(base).retentionJob).toBe(true);
    expect(readGatewaySettings({ ...base, RETENTION_JOB: 'on' }).retentionJob).toBe(true);
    expect(readGatewaySettings({ ...base, RETENTION_JOB: 'off' }).retentionJob).toBe(false);
    expect(problemsOf({ ...base, RETENTION_JOB: 'no' })).toEqual(['RETENTION_JOB']);
  });

  it('keeps the erasure journal apart from the stores a backup restores, for 35 days unless BACKUP_RETENTION_DAYS says otherwise', () => {
    const settings = readGatewaySettings({
      ...base,
      DATA_DIR: '/srv/cull-log',
      ERASURE_JOURNAL_MONGODB_DB: '',
    });
    expect(settings.erasureJournal).toEqual({
      file: '/srv/cull-log/erasures/erasures.jsonl',
      mongoDatabase: 'cull_log_erasures',
    });
    expect(settings.backupRetentionDays).toBe(35);
    const configured = readGatewaySettings({
      ...base,
      ERASURE_JOURNAL_FILE: '/var/lib/erasures.jsonl',
      ERASURE_JOURNAL_MONGODB_DB: 'erasures_kept',
      BACKUP_RETENTION_DAYS: '14',
    });
    expect(configured.erasureJournal).toEqual({
      file: '/var/lib/erasures.jsonl',
      mongoDatabase: 'erasures_kept',
    });
    expect(configured.backupRetentionDays).toBe(14);
    expect(problemsOf({ ...base, BACKUP_RETENTION_DAYS: '0', ERASURE_JOURNAL_MONGODB_DB: 'a.b' })).toEqual([
      'ERASURE_JOURNAL_MONGODB_DB',
      'BACKUP_RETENTION_DAYS',
    ]);
  });
});
