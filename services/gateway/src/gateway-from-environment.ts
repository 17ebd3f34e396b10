import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createLogger, SERVICES } from '@cull-log/service-kit';
import { buildApp, type GatewayDeps } from './app';
import { discoverOidcProvider, GOOGLE_PROVIDER } from './auth/oidc-provider';
import { readGatewaySettings, withProvider, type GatewaySettings } from './config';
import type { AccountStore } from './accounts/account-store';
import { connectMongoAccountStore } from './accounts/mongo-account-store';
import { openSqliteAccountStore } from './accounts/sqlite-account-store';
import type { BudgetCounter } from './budgets/budget-counter';
import { forgetLapsedErasures, type ErasureJournal } from './erasures/erasure-journal';
import { openFileErasureJournal } from './erasures/file-erasure-journal';
import { connectMongoErasureJournal } from './erasures/mongo-erasure-journal';
import { connectMongoBudgetCounter } from './budgets/mongo-budget-counter';
import { openSqliteBudgetCounter } from './budgets/sqlite-budget-counter';
import { connectMongoSessionStore } from './sessions/mongo-session-store';
import { openSqliteSessionStore } from './sessions/sqlite-session-store';
import type { SessionStore } from './sessions/session-store';
import { connectMongoTokenStore } from './tokens/mongo-token-store';
import { openSqliteTokenStore } from './tokens/sqlite-token-store';
import type { TokenStore } from './tokens/token-store';

/** `web/dist` of this repository, from `src/` (tsx) and from `dist/` (the build) alike. */
const REPOSITORY_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));
const SESSION_PURGE_INTERVAL_MS = 60 * 60 * 1000;

export interface ComposedGateway {
  app: FastifyInstance;
  settings: GatewaySettings;
  logger: FastifyBaseLogger;
  /** The erasures made, kept apart from what a backup restores, to be made again after a restore. */
  erasureJournal: ErasureJournal;
  /** Closes what the app does not own (the session and token stores); call after `app.close()`. */
  closeDependencies: () => Promise<void>;
}

export interface GatewayComposition {
  /** The services' apps when they run in this process (the one-process app); their URLs are read otherwise. */
  upstreams?: GatewayDeps['upstreams'];
  /** Where the gateway logs; one at LOG_LEVEL on standard output unless given. */
  logger?: FastifyBaseLogger;
  /** The gateway's clock (tests move it); the system's unless given. */
  now?: () => Date;
}

/**
 * Reads the environment (throws `ConfigError` naming every bad variable) and builds the gateway with real
 * adapters: MongoDB sessions when `MONGODB_URL` is set, an embedded file under `DATA_DIR` otherwise.
 */
export async function createGatewayFromEnvironment(
  env: Record<string, string | undefined> = process.env,
  composition: GatewayComposition = {},
): Promise<ComposedGateway> {
  const settings = readGatewaySettings(env);
  const logger = composition.logger ?? createLogger({ name: 'gateway', level: settings.logLevel });
  if (settings.devSignInExposed) {
    logger.warn(
      { host: settings.host },
      `DANGER: the development sign-in listens on ${settings.host} (DEV_SIGN_IN_HOST): anyone who reaches ` +
        'this address can sign in as any user whose e-mail address they know. Never do this on a shared network.',
    );
  }
  const provider =
    settings.oidcIssuerUrl === undefined
      ? GOOGLE_PROVIDER
      : await discoverOidcProvider(settings.oidcIssuerUrl);
  const sessions: SessionStore =
    settings.mongodbUrl === undefined
      ? openSqliteSessionStore({ file: settings.sessionDatabaseFile })
      : await connectMongoSessionStore({ url: settings.mongodbUrl, dbName: SERVICES.gateway.mongoDatabase });
  // Tokens are kept beside the sessions: the gateway's own file, or its own MongoDB database.
  const tokens: TokenStore =
    settings.mongodbUrl === undefined
      ? openSqliteTokenStore({ file: settings.sessionDatabaseFile })
      : await connectMongoTokenStore({ url: settings.mongodbUrl, dbName: SERVICES.gateway.mongoDatabase });
  // The request budgets too, so that every replica draws on one budget per client, and a restart grants none afresh.
  const budgets: BudgetCounter =
    settings.mongodbUrl === undefined
      ? openSqliteBudgetCounter({ file: settings.sessionDatabaseFile })
      : await connectMongoBudgetCounter({ url: settings.mongodbUrl, dbName: SERVICES.gateway.mongoDatabase });
  // Each account's last use, beside the sessions it is first filled from (opened after them for that).
  const accounts: AccountStore =
    settings.mongodbUrl === undefined
      ? openSqliteAccountStore({ file: settings.sessionDatabaseFile })
      : await connectMongoAccountStore({ url: settings.mongodbUrl, dbName: SERVICES.gateway.mongoDatabase });
  // Apart from every store a backup restores: a file of its own, or a database of its own.
  const erasureJournal: ErasureJournal =
    settings.mongodbUrl === undefined
      ? openFileErasureJournal({ file: settings.erasureJournal.file })
      : await connectMongoErasureJournal({
          url: settings.mongodbUrl,
          dbName: settings.erasureJournal.mongoDatabase,
        });
  const now = composition.now ?? (() => new Date());
  const forgetLapsed = () =>
    forgetLapsedErasures(erasureJournal, now(), settings.backupRetentionDays).then(
      (forgotten) =>
        forgotten > 0 && logger.info({ forgotten }, 'erasures older than every backup forgotten'),
      (error: unknown) => logger.warn({ err: error }, 'could not forget erasures older than every backup'),
    );
  await forgetLapsed();
  const webDist = settings.webDist ?? (existsSync(REPOSITORY_WEB_DIST) ? REPOSITORY_WEB_DIST : undefined);
  if (webDist === undefined) logger.warn('no built web client found; serving /api and /auth only');

  const app = await buildApp({
    config: withProvider(settings, provider),
    sessions,
    tokens,
    budgets,
    accounts,
    erasureJournal,
    ...(settings.retentionJob ? { retentionJob: {} } : {}),
    upstreams: composition.upstreams ?? settings.upstreams,
    internalAuthPrivateKey: settings.internalAuthPrivateKey,
    webDist,
    logger,
    ...(composition.now && { now: composition.now }),
  });
  logger.info(
    {
      authMode: settings.config.authMode,
      sessions: settings.mongodbUrl === undefined ? 'sqlite' : 'mongodb',
      retentionJob: settings.retentionJob,
    },
    settings.config.authMode === 'dev' ? 'development sign-in is enabled' : 'Google sign-in is enabled',
  );

  // Abandoned sessions are removed hourly (MongoDB's TTL index does the same on its own), and so are tokens revoked
  // or expired long enough ago.
  const purge = setInterval(() => {
    app.sessions.manager.purgeExpired().then(
      (removed) => removed > 0 && logger.info({ removed }, 'expired sessions removed'),
      (error: unknown) => logger.warn({ err: error }, 'could not remove expired sessions'),
    );
    app.tokens.purgeEnded().then(
      (removed) => removed > 0 && logger.info({ removed }, 'revoked and expired access tokens removed'),
      (error: unknown) => logger.warn({ err: error }, 'could not remove revoked and expired access tokens'),
    );
    budgets
      .purgeEnded(Date.now())
      .catch((error: unknown) => logger.warn({ err: error }, 'could not remove ended request budgets'));
    void forgetLapsed();
  }, SESSION_PURGE_INTERVAL_MS);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));

  return {
    app,
    settings,
    logger,
    erasureJournal,
    closeDependencies: async () => {
      await Promise.all([
        sessions.close(),
        tokens.close(),
        budgets.close(),
        accounts.close(),
        erasureJournal.close(),
      ]);
    },
  };
}
