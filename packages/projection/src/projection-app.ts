import type { EventBus, Subscription } from '@cull-log/bus';
import { ProjectionRetentionRequest, ProjectionRetentionResponse } from '@cull-log/contracts';
import { isMongoOutage, isSqliteOutage, reportingOutages, type IdentityIds } from '@cull-log/storage-kit';
import {
  buildServiceApp,
  internalAuth,
  type InProcessIdentities,
  type ServiceAppOptions,
} from '@cull-log/service-kit';
import { createPositionWatch } from './position-watch';
import type { ProjectionStore } from './projection-store';
import { startProjection } from './start-projection';

/** A retention call names up to 100,000 record ids, each a UUID of 36 characters in quotes. */
const RETENTION_BODY_LIMIT_BYTES = 5 * 1024 * 1024;

/** Longest wait of a read for the projection to catch up with a write the caller has just made. */
export const DEFAULT_AFTER_WAIT_MS = 2000;

/** What a projection service's routes are given; every request carries its verified `request.identity`. */
export interface ProjectionRoutesOptions<Store extends ProjectionStore> {
  store: Store;
  now: () => Date;
  /**
   * Resolves once the store has applied `position` (e.g. a write's `x-event-position`), or after the
   * app's bounded wait: a projection that is behind still answers, its position saying how far it got.
   */
  waitForPosition(position: number): Promise<void>;
}

/** The app a projection service is built on (Fastify, with the service kit's error and log handling). */
export type ProjectionApp = ReturnType<typeof buildServiceApp>;

/** A projection service's routes, as a Fastify plugin. */
export type ProjectionRoutes<Store extends ProjectionStore> = (
  app: ProjectionApp,
  options: ProjectionRoutesOptions<Store>,
) => Promise<void>;

/** What the composition root (the service's own `main`, or the one-process app) hands a projection app. */
export interface ProjectionAppDeps<Store extends ProjectionStore> {
  projectionStore: Store;
  /** When given, the app consumes it with its durable consumer from ready until close. */
  bus?: EventBus;
  logger: ServiceAppOptions['logger'];
  /** The gateway's Ed25519 public key, which checks the identity header it signs for this service. */
  internalAuthPublicKey: string;
  /** The ids of the identity headers taken, shared by every replica (see `internalAuth`); this process's own without. */
  identityIds?: IdentityIds;
  /** Identities handed over by a gateway in this process (the one-process app), in place of signed headers. */
  inProcessIdentities?: InProcessIdentities;
  now?: () => Date;
  afterWaitMs?: number;
}

/**
 * A projection service's app: ready while its store answers, keeping the store up to date with the bus
 * while it runs, and serving `routes` to callers with a gateway-signed identity.
 */
export function buildProjectionApp<Store extends ProjectionStore>(
  { name, durableName, routes }: { name: string; durableName: string; routes: ProjectionRoutes<Store> },
  {
    projectionStore,
    bus,
    logger,
    internalAuthPublicKey,
    identityIds,
    inProcessIdentities,
    now = () => new Date(),
    afterWaitMs = DEFAULT_AFTER_WAIT_MS,
  }: ProjectionAppDeps<Store>,
): ProjectionApp {
  // Whichever database the store is on, its adapter's one outage test turns an outage into a 503 on every route.
  const store = reportingOutages(projectionStore, (error) => isSqliteOutage(error) || isMongoOutage(error));
  const app = buildServiceApp({
    name,
    logger,
    // The gateway logs each request; a read this service answered is logged here at debug only.
    successfulReadLogLevel: 'debug',
    readiness: async () => {
      await store.position();
    },
  });
  const watch = createPositionWatch(() => store.position());
  if (store.watchPosition !== undefined) {
    let stopWatching: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stopWatching = store.watchPosition?.(() => watch.notify());
    });
    app.addHook('onClose', async () => {
      await stopWatching?.();
    });
  }
  if (bus !== undefined) {
    let subscription: Subscription | undefined;
    app.addHook('onReady', async () => {
      subscription = await startProjection({
        durableName,
        bus,
        store,
        logger: app.log,
        onApplied: () => watch.notify(),
      });
    });
    app.addHook('onClose', async () => {
      await subscription?.stop();
    });
  }
  app.register(internalAuth, {
    publicKey: internalAuthPublicKey,
    audience: name,
    now,
    ...(identityIds === undefined ? {} : { identityIds }),
    ...(inProcessIdentities === undefined ? {} : { inProcess: inProcessIdentities }),
  });
  // The caller's own rows, erased when they erase their account (the gateway asks every service in turn).
  app.delete('/account', async (request, reply) => {
    await store.eraseUser(request.identity.uid);
    return reply.code(204).send();
  });
  // The caller's records past retention, which the records service has removed (the gateway's daily job).
  if (store.removeRecords !== undefined) {
    const removeRecords = store.removeRecords.bind(store);
    app.post('/account/retention', { bodyLimit: RETENTION_BODY_LIMIT_BYTES }, async (request) => {
      const { record_ids: recordIds } = ProjectionRetentionRequest.parse(request.body);
      const removed = await removeRecords(request.identity.uid, recordIds);
      return ProjectionRetentionResponse.parse({ removed });
    });
  }
  app.register(routes, {
    store,
    now,
    waitForPosition: (position) => watch.waitFor(position, afterWaitMs),
  });
  return app;
}
