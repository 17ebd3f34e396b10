import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { BlobStore } from '@cull-log/blobstore';
import type { UserErased } from '@cull-log/contracts';
import type { AppendResult, ErasedEvents, EventStore } from '@cull-log/eventstore';
import { buildServiceApp, internalAuth } from '@cull-log/service-kit';
import { createCullCommandHandler } from './cull-commands';
import type { CullReadModel } from './read-model/cull-read-model';
import { accountRoutes } from './routes/account-routes';
import { cullsRoutes } from './routes/culls-routes';
import { groundsRoutes } from './routes/grounds-routes';
import { outingsRoutes } from './routes/outings-routes';
import { photosRoutes } from './routes/photos-routes';
import { settingsRoutes } from './routes/settings-routes';

export { openSqliteReadModel } from './read-model/sqlite-cull-read-model';

/** Records carry at most a few kilobytes of text; anything much larger is not a record. */
export const BODY_LIMIT_BYTES = 32 * 1024;

export interface RecordsAppDeps<Tx> {
  store: EventStore<Tx>;
  /** Must be the read model of the same backend as `store`: it is written inside the store's transactions. */
  readModel: CullReadModel<Tx>;
  /** Where the records' photos are kept (files under DATA_DIR, or GridFS beside the store on MongoDB). */
  blobs: BlobStore;
  logger: FastifyBaseLogger;
  /** Verifies the gateway-signed identity header. */
  internalAuthSecret: string;
  now?: () => Date;
  newId?: () => string;
  /** Told after every append that wrote events (the relay wakes on it). */
  onAppended?: (result: AppendResult) => void;
  /**
   * Erases a user on the bus around `eraseLog` (their events and records): whatever publishes the log is held
   * back while the log is erased, then the bus forgets the user and tells its consumers. Without a bus, only
   * the log is erased.
   */
  eraseWithBus?: (erasure: UserErased, eraseLog: () => Promise<ErasedEvents>) => Promise<ErasedEvents>;
}

/** The records service: commands on culls and the caller's own records, behind the signed identity. */
export function buildApp<Tx>({
  store,
  readModel,
  blobs,
  logger,
  internalAuthSecret,
  now = () => new Date(),
  newId = randomUUID,
  onAppended,
  eraseWithBus = (_erasure, eraseLog) => eraseLog(),
}: RecordsAppDeps<Tx>): FastifyInstance {
  const app = buildServiceApp({
    name: 'records',
    logger,
    bodyLimit: BODY_LIMIT_BYTES,
    readiness: async () => {
      await store.headPosition();
    },
  });
  app.register(internalAuth, { secret: internalAuthSecret, now });
  const handle = createCullCommandHandler({ store, readModel, onAppended });
  app.register(cullsRoutes, { handle, readModel, blobs, now, newId });
  app.register(photosRoutes, { handle, readModel, blobs, now, newId });
  const management = { store, readModel, onAppended, now, newId };
  app.register(groundsRoutes<Tx>(), management);
  app.register(outingsRoutes<Tx>(), management);
  app.register(settingsRoutes<Tx>(), management);
  app.register(accountRoutes, {
    store,
    blobs,
    eraseAccount: (erasure) =>
      eraseWithBus(erasure, () =>
        store.eraseUser(erasure.userId, (tx, userId) => readModel.eraseUser(tx, userId)),
      ),
    now,
    newId,
  });
  return app;
}
