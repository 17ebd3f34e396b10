import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type { AccountErasureDeps } from './accounts/account-erasure';
import type { AccountStore } from './accounts/account-store';
import type { ErasureJournal } from './erasures/erasure-journal';
import { sharedRateLimitStore, type BudgetCounter } from './budgets/budget-counter';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildServiceApp, HEALTH_PATHS, HttpError, identityPrivateKey, pathOf } from '@cull-log/service-kit';
import { DEFAULT_GATEWAY_BODY_LIMIT, DEFAULT_RATE_LIMITS, type GatewayConfig } from './config';
import { accessTokensPlugin } from './plugins/access-tokens';
import { hostCheck } from './plugins/host-check';
import { sessionsPlugin } from './plugins/sessions';
import { securityHeaders, webSecurity } from './plugins/web-security';
import { createUpstream, type UpstreamTarget } from './proxy/upstream';
import { apiReferenceRoutes } from './routes/api-reference-routes';
import { apiRoutes, TOO_MANY_REQUESTS } from './routes/api-routes';
import { authRoutes, signInRateLimit } from './routes/auth-routes';
import { googleSignIn } from './routes/google-sign-in';
import { webApp } from './routes/web-app';
import { RetentionJob } from './retention/retention-job';
import { DEFAULT_SESSION_POLICY } from './sessions/session-manager';
import type { SessionStore } from './sessions/session-store';
import { DEFAULT_TOKEN_POLICY } from './tokens/token-manager';
import type { TokenStore } from './tokens/token-store';

export interface GatewayDeps {
  config: GatewayConfig;
  sessions: SessionStore;
  /** Personal access tokens; shared by every replica, like the sessions. */
  tokens: TokenStore;
  /** The request budgets, shared by every replica; without it each process keeps its own. */
  budgets?: BudgetCounter;
  /**
   * Each account's last use (sign-in, session activity, token use), shared by every replica; with the budgets, it makes
   * the retention job (`app.retention`).
   */
  accounts?: AccountStore;
  /** Where each erasure is kept, apart from what a backup restores, to be made again after a restore. */
  erasureJournal?: ErasureJournal;
  /** Runs the retention job at start and then every interval (a day unless given), on one replica at a time. */
  retentionJob?: { intervalMs?: number };
  /** The services, each a base URL or an app in this process: records (`/culls`), stats, exports. */
  upstreams: { records: UpstreamTarget; stats: UpstreamTarget; exports: UpstreamTarget };
  /** The gateway's Ed25519 private key (PEM or base64 DER), which signs the identity header; services hold its public key. */
  internalAuthPrivateKey: string;
  now?: () => Date;
  /** Folder of the built web client; without it the gateway serves only `/api` and `/auth`. */
  webDist?: string;
  logger: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The retention job, when the gateway has the account store and the shared budgets it needs. */
    retention?: RetentionJob;
    /** What an erasure needs, as `DELETE /api/account` and the retention job have it: the replay after a restore too. */
    accountErasure: AccountErasureDeps;
  }
}

/** The gateway: sign-in, sessions, `/api` routed to the services, the web client, and web security. */
export async function buildApp(deps: GatewayDeps): Promise<FastifyInstance> {
  const { config, sessions, tokens, logger, webDist } = deps;
  const identityKey = identityPrivateKey(deps.internalAuthPrivateKey);
  const now = deps.now ?? (() => new Date());
  const bodyLimit = config.bodyLimit ?? DEFAULT_GATEWAY_BODY_LIMIT;
  const rateLimits = { ...DEFAULT_RATE_LIMITS, ...config.rateLimits };

  const app = buildServiceApp({
    name: 'gateway',
    logger,
    bodyLimit,
    trustProxy: config.trustProxy,
    // Anyone can send any x-request-id; the gateway's own id is the one the services and the logs go by.
    acceptRequestId: false,
    responseHeaders: await securityHeaders({ production: config.production }),
    readiness: async () => {
      await Promise.all([sessions.ping(), tokens.ping(), deps.budgets?.ping(), deps.accounts?.ping()]);
    },
  });
  // Probes come straight from the orchestrator; through the public proxy they would tell anyone what is down.
  app.addHook('onRequest', async (request) => {
    const proxied =
      request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
    if (proxied && HEALTH_PATHS.has(pathOf(request.url))) throw new HttpError(404, 'not_found', 'Not found');
  });
  await app.register(hostCheck, { publicUrl: config.publicUrlGiven === true ? config.publicUrl : undefined });
  // Lists, map locations and CSV exports are large and repetitive; phones in the field are on thin signal.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  await app.register(webSecurity, { publicUrl: config.publicUrl });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new HttpError(429, 'rate_limited', TOO_MANY_REQUESTS),
    // A budget the shared store cannot count lets the request through: the store reports its own outage, and sign-in
    // and reads go on meanwhile.
    ...(deps.budgets === undefined
      ? {}
      : { store: sharedRateLimitStore(deps.budgets, () => now().getTime()), skipOnError: true }),
  });
  const sessionCookie = config.cookieName ?? (config.production ? '__Host-cull_session' : 'cull_session');
  await app.register(sessionsPlugin, {
    store: sessions,
    policy: config.sessionPolicy ?? DEFAULT_SESSION_POLICY,
    cookieName: sessionCookie,
    production: config.production,
    now,
    ...(deps.accounts === undefined ? {} : { accounts: deps.accounts }),
  });
  await app.register(accessTokensPlugin, {
    store: tokens,
    policy: config.tokenPolicy ?? DEFAULT_TOKEN_POLICY,
    now,
    ...(deps.accounts === undefined ? {} : { accounts: deps.accounts }),
  });

  // Made once, so starting, finishing and the development sign-in all draw on one budget per address.
  const signInLimit = app.rateLimit(signInRateLimit(rateLimits.signInPerMinute));
  await app.register(authRoutes, {
    googleEnabled: config.google !== undefined,
    devEnabled: config.authMode === 'dev',
    signInLimit,
    now,
    sessionCheckLimit: app.rateLimit({
      max: rateLimits.readsPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request) => `session-check:${request.ip}`,
    }),
  });
  if (config.google !== undefined) {
    await app.register(googleSignIn, {
      google: config.google,
      publicUrl: config.publicUrl,
      production: config.production,
      now,
      signInLimit,
    });
  }

  const upstreams = {
    records: createUpstream('records', deps.upstreams.records),
    stats: createUpstream('stats', deps.upstreams.stats),
    exports: createUpstream('exports', deps.upstreams.exports),
  };
  app.addHook('onClose', async () => {
    await Promise.all(Object.values(upstreams).map((upstream) => upstream.close()));
  });
  await app.register(apiReferenceRoutes, { perMinute: rateLimits.readsPerMinute });
  await app.register(apiRoutes, {
    upstreams,
    identityKey,
    now,
    bodyLimit,
    writesPerMinute: rateLimits.writesPerMinute,
    readsPerMinute: rateLimits.readsPerMinute,
    tokenRequestsPerMinute: rateLimits.tokenRequestsPerMinute,
    concurrentExportsPerUser: rateLimits.concurrentExportsPerUser,
    unauthenticatedPerMinute: rateLimits.unauthenticatedPerMinute,
    ...(deps.budgets === undefined ? {} : { budgets: deps.budgets }),
    ...(deps.accounts === undefined ? {} : { accounts: deps.accounts }),
    ...(deps.erasureJournal === undefined ? {} : { erasureJournal: deps.erasureJournal }),
  });

  const accountErasure: AccountErasureDeps = {
    upstreams,
    identityKey,
    now,
    tokens: app.tokens,
    sessions: app.sessions.manager,
    ...(deps.accounts === undefined ? {} : { accounts: deps.accounts }),
    ...(deps.budgets === undefined ? {} : { budgets: deps.budgets }),
    ...(deps.erasureJournal === undefined ? {} : { journal: deps.erasureJournal }),
  };
  app.decorate('accountErasure', accountErasure);
  if (deps.accounts !== undefined && deps.budgets !== undefined) {
    const job = new RetentionJob({
      accounts: deps.accounts,
      lease: deps.budgets,
      erasure: accountErasure,
      now,
      logger,
      ...(deps.retentionJob?.intervalMs === undefined ? {} : { intervalMs: deps.retentionJob.intervalMs }),
    });
    app.decorate('retention', job);
    if (deps.retentionJob !== undefined) {
      app.addHook('onReady', async () => job.start());
      // Before anything closes: the run in progress finishes the account it is at.
      app.addHook('preClose', async () => job.stop());
    }
  }

  if (webDist !== undefined) await app.register(webApp, { root: webDist, sessionCookie });
  return app;
}
