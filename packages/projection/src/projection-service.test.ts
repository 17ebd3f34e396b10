import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, createLogger } from '@cull-log/service-kit';
import { TEST_PUBLIC_KEY, identityHeadersFor } from '@cull-log/service-kit/testing';
import type { ProjectionStore } from './projection-store';
import { defineProjectionService } from './projection-service';

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'cull-log-projection-service-'));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

/** A service whose store adapters only say how they were called. */
function recordingService(name = 'stats') {
  const calls: unknown[] = [];
  const store = {} as ProjectionStore;
  const service = defineProjectionService({
    name,
    durableName: name,
    port: 3002,
    sqliteFile: 'stats.db',
    mongoDatabase: 'cull_log_stats',
    openSqlite: (options) => {
      calls.push({ sqlite: options });
      return store;
    },
    connectMongo: async (options) => {
      calls.push({ mongo: options });
      return store;
    },
    routes: async () => undefined,
  });
  return { service, calls, store };
}

function configError(read: () => unknown): ConfigError {
  try {
    read();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('no ConfigError');
}

describe('readConfig', () => {
  it('refuses to start without NATS_URL, naming the service and the one-process app', () => {
    const { service } = recordingService('stats');
    expect(
      configError(() => service.readConfig({ INTERNAL_AUTH_PUBLIC_KEY: TEST_PUBLIC_KEY })).problems,
    ).toEqual([
      {
        variable: 'NATS_URL',
        problem: 'is required to run stats on its own (the one-process app is `npm start`)',
      },
    ]);
  });

  it("reports a bad setting of the service's own as it is", () => {
    const { service } = recordingService();
    const problems = configError(() =>
      service.readConfig({
        INTERNAL_AUTH_PUBLIC_KEY: TEST_PUBLIC_KEY,
        NATS_URL: 'nats://127.0.0.1:4222',
        PORT: 'x',
      }),
    ).problems;
    expect(problems).toEqual([{ variable: 'PORT', problem: 'must be a whole number between 0 and 65535' }]);
  });

  it('refuses to run in production on NATS without its own NATS user', () => {
    const { service } = recordingService('stats');
    const env = {
      INTERNAL_AUTH_PUBLIC_KEY: TEST_PUBLIC_KEY,
      NATS_URL: 'nats://nats:4222',
      NODE_ENV: 'production',
    };
    expect(configError(() => service.readConfig(env)).problems.map(({ variable }) => variable)).toEqual([
      'NATS_USER',
    ]);
    const password = 'n0123456789abcdef0123456789abcdef';
    expect(service.readConfig({ ...env, NATS_USER: 'stats', NATS_PASSWORD: password })).toMatchObject({
      NATS_USER: 'stats',
      NATS_PASSWORD: password,
    });
  });

  it('keeps every setting when NATS_URL is there, with the default port of the service', () => {
    const { service } = recordingService('exports');
    const env = {
      INTERNAL_AUTH_PUBLIC_KEY: TEST_PUBLIC_KEY,
      NATS_URL: 'nats://127.0.0.1:4222',
      LOG_LEVEL: 'warn',
    };
    expect(service.readConfig(env)).toMatchObject({ ...env, PORT: 3002 });
  });
});

describe('openStore', () => {
  it('opens the SQLite file in DATA_DIR, creating the folder, when MONGODB_URL is not set', async () => {
    const { service, calls, store } = recordingService();
    const dataDir = join(directory, 'nested', 'data');
    expect(await service.openStore({ DATA_DIR: dataDir })).toBe(store);
    expect(existsSync(dataDir)).toBe(true);
    expect(calls).toEqual([{ sqlite: { file: join(dataDir, 'stats.db') } }]);
  });

  it("connects to the service's own MongoDB database when MONGODB_URL is set", async () => {
    const { service, calls } = recordingService();
    await service.openStore({
      DATA_DIR: join(directory, 'unused'),
      MONGODB_URL: 'mongodb://127.0.0.1:27017',
    });
    expect(calls).toEqual([{ mongo: { url: 'mongodb://127.0.0.1:27017', dbName: 'cull_log_stats' } }]);
    expect(existsSync(join(directory, 'unused'))).toBe(false);
  });
});

describe('openIdentityIds', () => {
  it('gives two replicas on the same DATA_DIR one memory: a header one has taken, the other refuses', async () => {
    const service = defineProjectionService({
      name: 'stats',
      durableName: 'stats',
      port: 3002,
      sqliteFile: 'stats.db',
      mongoDatabase: 'cull_log_stats',
      openSqlite: () => ({}) as ProjectionStore,
      connectMongo: async () => ({}) as ProjectionStore,
      routes: async (app) => {
        app.get('/who', async (request) => ({ uid: request.identity.uid }));
      },
    });
    const now = new Date('2026-05-20T12:00:00Z');
    const silent = createLogger({ name: 'test', destination: { write: () => undefined } });
    const replicas = await Promise.all(
      [1, 2].map(async () => {
        const identityIds = await service.openIdentityIds({ DATA_DIR: directory });
        const app = service.buildApp({
          projectionStore: {} as ProjectionStore,
          logger: silent,
          internalAuthPublicKey: TEST_PUBLIC_KEY,
          identityIds,
          now: () => now,
        });
        return { app, identityIds };
      }),
    );
    const headers = identityHeadersFor('stats')('alice', '/who', now);
    const [first, second] = replicas as [(typeof replicas)[0], (typeof replicas)[0]];
    expect((await first.app.inject({ url: '/who', headers })).json()).toEqual({ uid: 'alice' });
    expect((await second.app.inject({ url: '/who', headers })).statusCode).toBe(401);
    // A file of their own beside the store's, which an erasure's rebuild of the store does not hold.
    expect(existsSync(join(directory, 'stats-identity-ids.db'))).toBe(true);
    expect(existsSync(join(directory, 'stats.db'))).toBe(false);
    for (const { app, identityIds } of replicas) {
      await app.close();
      await identityIds.close();
    }
  });
});
