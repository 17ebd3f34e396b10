import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { BlobStore } from '@cull-log/blobstore';
import { ERASURE_MESSAGES, type UserErased } from '@cull-log/contracts';
import {
  ErasuresInProgress,
  type AppendResult,
  type ErasedEvents,
  type EventStore,
} from '@cull-log/eventstore';
import {
  buildServiceApp,
  HttpError,
  internalAuth,
  type Identity,
  type InProcessIdentities,
} from '@cull-log/service-kit';
import type { IdentityIds } from '@cull-log/storage-kit';
import { createCullCommandHandler, type CullCommandHandler } from './culls/cull-commands';
import type { CommandDeps } from './kit/command-runner';
import type { CullReadModel } from './read-model/cull-read-model';
import { accountRoutes } from './account/account-routes';
import { retentionRoutes } from './account/retention-routes';
import { cullsRoutes } from './culls/culls-routes';
import { countsRoutes } from './counts/counts-routes';
import { cullSuggestionRoutes } from './counts/cull-suggestion-routes';
import { deerManagementCsvRoutes } from './deer-management/deer-management-csv-routes';
import { seasonFiguresRoutes } from './deer-management/season-figures-routes';
import { groundTrendsRoutes } from './counts/ground-trends-routes';
import { groundsRoutes } from './grounds/grounds-routes';
import { importsRoutes } from './imports/imports-routes';
import { outingsRoutes } from './outings/outings-routes';
import { photosRoutes } from './photos/photos-routes';
import { placesRoutes } from './places/places-routes';
import { settingsRoutes } from './settings/settings-routes';
import { leavingEveryTeam } from './teams/team-stream';
import { teamRetentionRoutes } from './teams/team-retention-routes';
import { teamsRoutes } from './teams/teams-routes';

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
  /** The gateway's Ed25519 public key, which checks the identity header it signs for this service. */
  internalAuthPublicKey: string;
  /** The ids of the identity headers taken, shared by every replica (see `internalAuth`); this process's own without. */
  identityIds?: IdentityIds;
  /** Identities handed over by a gateway in this process (the one-process app), in place of signed headers. */
  inProcessIdentities?: InProcessIdentities;
  /** Keys the teams' invitation links: the records service's own secret. */
  invitationSecret: string;
  /** Where the app is reached (the gateway's PUBLIC_URL), for the invitation links a manager sends. */
  publicUrl?: string;
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
  internalAuthPublicKey,
  identityIds,
  inProcessIdentities,
  invitationSecret,
  publicUrl = 'http://localhost:3000',
  now = () => new Date(),
  newId = randomUUID,
  onAppended,
  eraseWithBus = (_erasure, eraseLog) => eraseLog(),
}: RecordsAppDeps<Tx>): FastifyInstance {
  const app = buildServiceApp({
    name: 'records',
    logger,
    bodyLimit: BODY_LIMIT_BYTES,
    // The gateway logs each request; a read this service answered is logged here at debug only.
    successfulReadLogLevel: 'debug',
    readiness: async () => {
      await store.headPosition();
    },
  });
  app.register(internalAuth, {
    publicKey: internalAuthPublicKey,
    audience: 'records',
    now,
    ...(identityIds === undefined ? {} : { identityIds }),
    ...(inProcessIdentities === undefined ? {} : { inProcess: inProcessIdentities }),
  });
  // While a user's erasure runs (in batches, other requests served in between), nothing else of theirs is done: a
  // request still signed for them (another device, a token) is refused until it is over.
  const erasing = new ErasuresInProgress();
  app.addHook('preHandler', async (request) => {
    const uid = (request.identity as Identity | null)?.uid;
    if (uid === undefined || !erasing.has(uid)) return;
    if (request.method === 'DELETE' && request.routeOptions.url === '/account') return;
    throw new HttpError(503, 'service_unavailable', ERASURE_MESSAGES.inProgress);
  });
  // An erasure first takes the user out of their teams, whose streams are not theirs and stay.
  const leaveEveryTeam = leavingEveryTeam({ store, readModel, onAppended, now, newId });
  const deps: FeatureDeps<Tx> = {
    store,
    readModel,
    blobs,
    onAppended,
    now,
    newId,
    invitationSecret,
    publicUrl,
    handle: createCullCommandHandler({ store, readModel, onAppended }),
    whileErasing: (userId, erase) => erasing.during(userId, erase),
    eraseAccount: async (erasure) => {
      await leaveEveryTeam(erasure);
      return eraseWithBus(erasure, () =>
        store.eraseUser(erasure.userId, (tx, userId, limit) => readModel.eraseUser(tx, userId, limit)),
      );
    },
    // The bus is left as it is: see retentionRoutes.
    eraseRecords: (userId, recordIds) =>
      store.eraseStreams(userId, recordIds, (tx, owner, ids) => readModel.eraseRecords(tx, owner, ids)),
  };
  // Every feature's routes, in the order they are registered: a new feature is its folder and one line here.
  const features: FastifyPluginAsync<FeatureDeps<Tx>>[] = [
    cullsRoutes,
    photosRoutes,
    groundsRoutes<Tx>(),
    outingsRoutes<Tx>(),
    countsRoutes<Tx>(),
    cullSuggestionRoutes<Tx>(),
    deerManagementCsvRoutes,
    seasonFiguresRoutes,
    groundTrendsRoutes<Tx>(),
    settingsRoutes<Tx>(),
    teamsRoutes<Tx>(),
    teamRetentionRoutes<Tx>(),
    accountRoutes,
    retentionRoutes,
    placesRoutes,
    importsRoutes,
  ];
  for (const routes of features) app.register(routes, deps);
  return app;
}

/** What the features' routes are given: each takes the part it needs. */
interface FeatureDeps<Tx> extends CommandDeps<Tx> {
  readModel: CullReadModel<Tx>;
  blobs: BlobStore;
  now: () => Date;
  newId: () => string;
  invitationSecret: string;
  publicUrl: string;
  /** A record's commands, for the records' and the photos' routes. */
  handle: CullCommandHandler;
  /** Erases the user's events and records, then the bus's copy. */
  eraseAccount: (erasure: UserErased) => Promise<ErasedEvents>;
  /** Erases these records of the user's: their events and read model rows, in one transaction. */
  eraseRecords: (userId: string, recordIds: readonly string[]) => Promise<ErasedEvents>;
  /** Runs the whole of a user's erasure, their other requests refused meanwhile. */
  whileErasing: <T>(userId: string, erase: () => Promise<T>) => Promise<T>;
}
