import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { pino } from 'pino';
import { openFileBlobStore } from '@cull-log/blobstore';
import { BUS_CONSUMER_CHECKPOINTS, createInProcessBus } from '@cull-log/bus';
import { openSqliteEventStore } from '@cull-log/eventstore';
import { buildApp as buildExportsApp, openSqliteExportStore } from '@cull-log/exports';
import { createGatewayFromEnvironment } from '@cull-log/gateway';
import { buildApp as buildRecordsApp, openSqliteReadModel } from '@cull-log/records';
import { buildApp as buildStatsApp, openSqliteStatsStore } from '@cull-log/stats';
import { generateIdentityKeys } from '@cull-log/service-kit';
import { openSqliteCheckpoints } from '@cull-log/storage-kit';
import { testEnvironment } from './environment';

export const SERVICE_NAMES = ['records', 'stats', 'exports'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** A route as Fastify registered it: its method and its URL pattern (`/culls/:id`). */
export interface Route {
  method: string;
  url: string;
}

/** A request a service answered with one of its routes, as it saw it. */
export interface ServiceHit {
  service: ServiceName;
  method: string;
  url: string;
  route: string | undefined;
}

const PUBLIC_URL = 'http://localhost:3000';
/** The Host a browser at PUBLIC_URL sends: the gateway answers no other. */
const PUBLIC_HOST = new URL(PUBLIC_URL).host;

/**
 * The one-process app built in this process, as `startStandalone` builds it (with one clock for every app, when given),
 * but answering `inject` instead of listening, with every route of every app written down as it is registered (Fastify
 * announces each new instance on the `fastify.initialization` channel, before any route), and every request a service
 * answers.
 */
export async function apiInProcess(options: { now?: () => Date } = {}) {
  const routes = new Map<FastifyInstance, Route[]>();
  const onInstance = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    const registered: Route[] = [];
    routes.set(fastify, registered);
    fastify.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    });
  };
  subscribe('fastify.initialization', onInstance);

  const directory = mkdtempSync(join(tmpdir(), 'cull-log-api-'));
  const logger = pino({ level: 'silent' });
  const identityKeys = generateIdentityKeys();
  const internalAuthPublicKey = identityKeys.publicKey;
  const closers: Array<() => Promise<unknown> | unknown> = [];
  const hits: ServiceHit[] = [];
  const clock = options.now === undefined ? {} : { now: options.now };
  try {
    const store = openSqliteEventStore({ file: join(directory, 'records.db') });
    closers.push(() => store.close());
    const checkpoints = openSqliteCheckpoints({
      file: join(directory, 'records.db'),
      table: BUS_CONSUMER_CHECKPOINTS,
    });
    closers.push(() => checkpoints.close());
    const statsStore = openSqliteStatsStore({ file: join(directory, 'stats.db') });
    closers.push(() => statsStore.close());
    const exportStore = openSqliteExportStore({ file: join(directory, 'exports.db') });
    closers.push(() => exportStore.close());
    const bus = createInProcessBus({ log: store, checkpoints, logger, pollIntervalMs: 50 });
    closers.push(() => bus.close());

    const services: Record<ServiceName, FastifyInstance> = {
      records: buildRecordsApp({
        store,
        readModel: openSqliteReadModel({ database: store.database }),
        blobs: openFileBlobStore({ directory: join(directory, 'blobs') }),
        logger,
        internalAuthPublicKey,
        invitationSecret: 'api-description-test-secret-0123456789abcdef',
        publicUrl: PUBLIC_URL,
        onAppended: () => bus.notify(),
        ...clock,
      }),
      stats: buildStatsApp({ projectionStore: statsStore, bus, logger, internalAuthPublicKey, ...clock }),
      exports: buildExportsApp({
        projectionStore: exportStore,
        bus,
        logger,
        internalAuthPublicKey,
        ...clock,
      }),
    };
    for (const service of SERVICE_NAMES) {
      const app = services[service];
      app.addHook('onResponse', async (request) => {
        hits.push({ service, method: request.method, url: request.url, route: request.routeOptions.url });
      });
      closers.push(() => app.close());
      await app.ready();
    }

    const gateway = await createGatewayFromEnvironment(
      testEnvironment({
        AUTH_MODE: 'dev',
        DATA_DIR: directory,
        PUBLIC_URL,
        SESSION_SECRET: 'api-description-session-secret-0123456789',
        INTERNAL_AUTH_PRIVATE_KEY: identityKeys.privateKey,
        LOG_LEVEL: 'silent',
        SIGN_IN_RATE_LIMIT_PER_MINUTE: '1000',
        WRITE_RATE_LIMIT_PER_MINUTE: '10000',
        READ_RATE_LIMIT_PER_MINUTE: '10000',
        UNAUTHENTICATED_RATE_LIMIT_PER_MINUTE: '10000',
      }),
      { upstreams: services, logger, ...clock },
    );
    closers.push(() => gateway.closeDependencies());
    closers.push(() => gateway.app.close());
    await gateway.app.ready();
    unsubscribe('fastify.initialization', onInstance);

    const routesOf = (app: FastifyInstance): Route[] => {
      const registered = routes.get(app);
      if (registered === undefined) throw new Error('an app built before the routes were watched');
      return registered.filter((route) => route.method !== 'HEAD');
    };

    let cookie = '';
    /** Signs in (again) through the development sign-in, as the browser does. */
    const signIn = async (user = { name: 'Ada Stalker', email: 'ada@example.org' }) => {
      const answer = await gateway.app.inject({
        method: 'POST',
        url: '/auth/dev/login',
        headers: { host: PUBLIC_HOST, origin: PUBLIC_URL },
        payload: user,
      });
      if (answer.statusCode !== 200) throw new Error(`dev sign-in answered ${answer.statusCode}`);
      const set = [answer.headers['set-cookie'] ?? []]
        .flat()
        .find((line) => line.startsWith('cull_session='));
      if (set === undefined) throw new Error('no session cookie');
      cookie = set.split(';')[0] as string;
    };

    /** A request to the gateway as the signed-in browser sends it, keeping a new session cookie as the browser does. */
    const call = async (options: InjectOptions): Promise<LightMyRequestResponse> => {
      const answer = await gateway.app.inject({
        ...options,
        headers: { host: PUBLIC_HOST, origin: PUBLIC_URL, cookie, ...options.headers },
      });
      const renewed = [answer.headers['set-cookie'] ?? []]
        .flat()
        .find((line) => line.startsWith('cull_session=') && !line.startsWith('cull_session=;'));
      if (renewed !== undefined) cookie = renewed.split(';')[0] as string;
      return answer;
    };

    return {
      gateway: gateway.app,
      /** The folder of the SQLite files (records.db, stats.db, exports.db). */
      directory,
      /** The event log and the projections' stores, for a test that rebuilds a projection from the log. */
      stores: { events: store, stats: statsStore, exports: exportStore },
      publicHost: PUBLIC_HOST,
      services,
      routesOf,
      hits,
      signIn,
      call,
      async close() {
        for (const close of closers.reverse()) await close();
        rmSync(directory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    unsubscribe('fastify.initialization', onInstance);
    for (const close of closers.reverse()) await Promise.resolve(close()).catch(() => undefined);
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
}

export type ApiInProcess = Awaited<ReturnType<typeof apiInProcess>>;
