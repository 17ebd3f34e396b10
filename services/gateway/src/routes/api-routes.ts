import { randomUUID, type KeyObject } from 'node:crypto';
import type {
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import {
  IMPORT_LIMITS,
  IMPORT_UPLOAD_TOO_LARGE,
  MESSAGES,
  PHOTO_LIMITS,
  SeasonReportQuery,
  TOKEN_MESSAGES,
  type Me,
} from '@cull-log/contracts';
import { HttpError, type Identity } from '@cull-log/service-kit';
import type { AccountStore } from '../accounts/account-store';
import type { ErasureJournal } from '../erasures/erasure-journal';
import type { BudgetCounter } from '../budgets/budget-counter';
import type { Upstream } from '../proxy/upstream';
import { teamAccess } from '../proxy/team-access';
import { seasonFigures } from '../proxy/season-figures';
import { forward } from '../proxy/upstream-proxy';
import { RefusalBudget } from '../sessions/refusal-budget';
import type { SessionUser, StoredSession } from '../sessions/session-store';
import { bearerOf, checkTokenMayMake } from '../tokens/token-access';
import type { StoredToken } from '../tokens/token-store';
import { accountRoutes } from './account-routes';
import { sessionRoutes } from './session-routes';
import { tokenRoutes } from './token-routes';

export interface ApiRoutesOptions {
  upstreams: { records: Upstream; stats: Upstream; exports: Upstream };
  /** The gateway's private key, which signs the identity it sends each service. */
  identityKey: KeyObject;
  now: () => Date;
  bodyLimit: number;
  writesPerMinute: number;
  readsPerMinute: number;
  /** Requests (reads and writes together) per access token per minute. */
  tokenRequestsPerMinute: number;
  concurrentExportsPerUser: number;
  /** Requests refused as not signed in, per client address per minute, before the stores are no longer read. */
  unauthenticatedPerMinute: number;
  /** Where the documents in the making are counted for every replica; without it, in this process. */
  budgets?: BudgetCounter;
  /** Each account's last use: in the account's download, and forgotten with it. */
  accounts?: AccountStore;
  /** Where each erasure is kept, to be made again after a restore. */
  erasureJournal?: ErasureJournal;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or the owner of the access token; set for every `/api` route, which answer 401 without one. */
    user: SessionUser;
    /** The session the request came with, or null when it came with an access token. */
    userSession: StoredSession | null;
    /** The access token the request came with, or null when it came with a session. */
    accessToken: StoredToken | null;
  }
}

/** What a client is told when it has asked too often. */
export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a moment and try again.';

/** A photo upload: one photo at its largest, and room for the multipart framing around it. */
export const PHOTO_UPLOAD_BODY_LIMIT = PHOTO_LIMITS.maxUploadBytes + 64 * 1024;

/** A spreadsheet to import: the largest file, and room for the framing and the mapping's fields around it. */
export const IMPORT_UPLOAD_BODY_LIMIT = IMPORT_LIMITS.maxUploadBytes + 256 * 1024;

/** An import's commit answers once every row is written: 20,000 rows take seconds, on a busy server a minute or more. */
export const IMPORT_COMMIT_WAIT_MS = 5 * 60_000;

const READ_METHODS = ['GET'] as const;
const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** `/api/*`: who is signed in, and everything else forwarded to the service that owns it. */
export const apiRoutes: FastifyPluginAsync<ApiRoutesOptions> = async (app, options) => {
  const { upstreams, identityKey, now, bodyLimit, writesPerMinute, readsPerMinute } = options;

  app.decorateRequest('user', null as unknown as SessionUser);
  app.decorateRequest('userSession', null);
  app.decorateRequest('accessToken', null);
  const refusals = new RefusalBudget(
    options.unauthenticatedPerMinute,
    60_000,
    () => now().getTime(),
    options.budgets,
  );
  /** A 401, counted against the address it came from. */
  const notAuthenticated = async (request: FastifyRequest, message: string) => {
    await refusals.spend(request.ip);
    return new HttpError(401, 'not_authenticated', message);
  };
  app.addHook('onRequest', async (request, reply) => {
    // Private data: neither the browser nor anything in between may keep a copy.
    reply.header('cache-control', 'no-store');
    // An address refused too often lately is refused at once: its made-up cookies and tokens are not looked up.
    if (refusals.exhausted(request.ip)) throw new HttpError(429, 'rate_limited', TOO_MANY_REQUESTS);
    // A request with a token is the token's alone: a cookie it also carries is not looked at.
    const bearer = bearerOf(request.headers);
    if (bearer !== undefined) {
      // RFC 6750: a refused bearer token says so, for the clients that read it.
      if (bearer === '') {
        reply.header('www-authenticate', 'Bearer error="invalid_request"');
        throw await notAuthenticated(request, TOKEN_MESSAGES.malformed);
      }
      // Read from the store at every request, never remembered, so a revocation holds at once on every replica.
      const token = await app.tokens.authenticate(bearer);
      if (token === undefined) {
        reply.header('www-authenticate', 'Bearer error="invalid_token"');
        throw await notAuthenticated(request, TOKEN_MESSAGES.invalid);
      }
      // The token's id, never its secret, goes with every line logged about the request.
      request.log = request.log.child({ tokenId: token.id, userId: token.user.uid });
      checkTokenMayMake(token, request);
      request.user = token.user;
      request.accessToken = token;
      return;
    }
    const session = await app.sessions.current(request);
    if (session === undefined) throw await notAuthenticated(request, MESSAGES.notAuthenticated);
    request.user = session.user;
    request.userSession = session;
  });

  // Bodies are streamed to the services untouched; they parse and validate them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  // Each made once, so every route of its kind draws on one budget per user. An access token has one budget of its
  // own, reads and writes together, so a script cannot use up its owner's browser's budget, nor the reverse.
  const tokenLimit = app.rateLimit({
    max: options.tokenRequestsPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `token:${request.accessToken?.id ?? ''}`,
  });
  const perUser = (kind: string, max: number): onRequestAsyncHookHandler => {
    const userLimit = app.rateLimit({
      max,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `${kind}:${request.user.uid}`,
    });
    return async function limit(request, reply) {
      return (request.accessToken === null ? userLimit : tokenLimit).call(this, request, reply);
    };
  };
  const readLimit = perUser('read', readsPerMinute);
  const writeLimit = perUser('write', writesPerMinute);

  app.get('/api/me', { onRequest: readLimit }, async (request): Promise<Me> => request.user);
  await app.register(sessionRoutes, { readLimit, writeLimit });
  await app.register(tokenRoutes, {
    records: upstreams.records,
    identityKey,
    now,
    readLimit,
    writeLimit,
  });
  const shared = options.budgets === undefined ? undefined : { budgets: options.budgets, now };
  const exportSlot = documentSlots(options.concurrentExportsPerUser, CSV_IN_PROGRESS, 'export', shared);
  await app.register(accountRoutes, {
    upstreams,
    identityKey,
    now,
    readLimit,
    writeLimit,
    exportSlot,
    ...(options.budgets === undefined ? {} : { budgets: options.budgets }),
    ...(options.accounts === undefined ? {} : { accounts: options.accounts }),
    ...(options.erasureJournal === undefined ? {} : { erasureJournal: options.erasureJournal }),
  });

  const routes: Array<[prefix: string, upstream: Upstream]> = [
    ['/api/culls', upstreams.records],
    ['/api/grounds', upstreams.records],
    ['/api/outings', upstreams.records],
    ['/api/counts', upstreams.records],
    ['/api/settings', upstreams.records],
    ['/api/teams', upstreams.records],
    ['/api/invites', upstreams.records],
    ['/api/places', upstreams.records],
    ['/api/stats', upstreams.stats],
    ['/api/exports', upstreams.exports],
  ];
  // A read of a team's figures or documents (`?team=`) carries the caller's place in the team, asked of the records
  // service at this request; the records service checks its own team reads itself.
  const identityFor = async (request: FastifyRequest, upstream: Upstream): Promise<Identity> => {
    const team = (request.query as { team?: unknown } | undefined)?.team;
    if (team === undefined || upstream === upstreams.records) return request.user;
    const access = await teamAccess({
      records: upstreams.records,
      identity: request.user,
      team,
      identityKey,
      now,
      requestId: request.id,
    });
    return { ...request.user, team: access };
  };
  const forwardTo =
    (upstream: Upstream, limit = bodyLimit, tooLargeMessage?: string, headersTimeout?: number) =>
    async (request: FastifyRequest, reply: FastifyReply) =>
      forward(request, reply, {
        upstream,
        path: request.url.slice('/api'.length),
        identity: await identityFor(request, upstream),
        identityKey,
        now,
        bodyLimit: limit,
        ...(tooLargeMessage === undefined ? {} : { tooLargeMessage }),
        ...(headersTimeout === undefined ? {} : { headersTimeout }),
      });
  // The one route whose body is a photo gets a photo's room; every other keeps the gateway's small limit.
  app.route({
    method: 'POST',
    url: '/api/culls/:id/photos',
    onRequest: writeLimit,
    handler: forwardTo(upstreams.records, PHOTO_UPLOAD_BODY_LIMIT),
  });
  // An import's upload gets a spreadsheet's room, and a bigger one is told so in words; the import's other routes
  // (its commit, its undoing, the list) keep the small limit.
  app.route({
    method: 'POST',
    url: '/api/imports',
    onRequest: writeLimit,
    handler: forwardTo(upstreams.records, IMPORT_UPLOAD_BODY_LIMIT, IMPORT_UPLOAD_TOO_LARGE),
  });
  app.post('/api/imports/:id/commit', {
    onRequest: writeLimit,
    handler: forwardTo(upstreams.records, bodyLimit, undefined, IMPORT_COMMIT_WAIT_MS),
  });
  const toRecordsImports = forwardTo(upstreams.records);
  for (const url of ['/api/imports', '/api/imports/*'])
    app.route({ method: [...READ_METHODS], url, onRequest: readLimit, handler: toRecordsImports });
  app.route({
    method: [...WRITE_METHODS],
    url: '/api/imports/*',
    onRequest: writeLimit,
    handler: toRecordsImports,
  });
  for (const [prefix, upstream] of routes) {
    const handler = forwardTo(upstream);
    const readHooks = upstream === upstreams.exports ? { preHandler: exportSlot } : {};
    for (const url of [prefix, `${prefix}/*`]) {
      app.route({ method: [...READ_METHODS], url, onRequest: readLimit, ...readHooks, handler });
      app.route({ method: [...WRITE_METHODS], url, onRequest: writeLimit, handler });
    }
  }

  // The larder book and the declarations are documents the exports service makes from its projection. A record's
  // declaration sits under the record's path, so it is named exactly: it outranks the records service's wildcard.
  const toExports = forwardTo(upstreams.exports);
  app.get('/api/larder', { onRequest: readLimit, handler: toExports });
  app.get('/api/larder.csv', { onRequest: readLimit, preHandler: exportSlot, handler: toExports });
  // A PDF is drawn on its service's event loop: a user has a few in the making at once, like CSV exports.
  const pdfSlot = documentSlots(options.concurrentExportsPerUser, PDF_IN_PROGRESS, 'pdf', shared);
  const pdfRead = { onRequest: readLimit, preHandler: pdfSlot };
  const pdfWrite = { onRequest: writeLimit, preHandler: pdfSlot };
  app.get('/api/culls/:id/declaration.pdf', { ...pdfRead, handler: toExports });
  app.post('/api/culls/:id/declaration.pdf', { ...pdfWrite, handler: toExports });
  app.post('/api/declarations', { ...pdfWrite, handler: toExports });

  // A season's plans and the cull suggested from a ground's counts are the records service's; their progress and the
  // season report are the stats service's, made from its projection.
  const toRecords = forwardTo(upstreams.records);
  // The sightings and counts as CSV are the records service's; a download holds an export slot like the others.
  app.get('/api/sightings.csv', { onRequest: readLimit, preHandler: exportSlot, handler: toRecords });
  app.get('/api/counts.csv', { onRequest: readLimit, preHandler: exportSlot, handler: toRecords });
  app.get('/api/plans/:season', { onRequest: readLimit, handler: toRecords });
  app.put('/api/plans/:season', { onRequest: writeLimit, handler: toRecords });
  app.get('/api/plans/:season/suggestion', { onRequest: readLimit, handler: toRecords });
  app.post('/api/plans/:season/suggestion', { onRequest: writeLimit, handler: toRecords });
  const toStats = forwardTo(upstreams.stats);
  app.get('/api/plans/:season/progress', { onRequest: readLimit, handler: toStats });
  // A user's own season report has a part on deer management drawn from the records service's counts and outings:
  // asked of it here as the user and posted on to the stats service, which draws the report. A team's report, and a
  // query the stats service refuses, go to it as they came.
  app.get('/api/reports/season.pdf', {
    ...pdfRead,
    handler: async (request, reply) => {
      const query = SeasonReportQuery.safeParse(request.query);
      if (!query.success) return toStats(request, reply);
      const figures = await seasonFigures({
        records: upstreams.records,
        identity: request.user,
        season: query.data.season,
        identityKey,
        now,
        requestId: request.id,
      });
      return forward(request, reply, {
        upstream: upstreams.stats,
        path: `/reports/season.pdf?season=${figures.season}`,
        identity: request.user,
        identityKey,
        now,
        bodyLimit,
        instead: { method: 'POST', json: figures.json },
      });
    },
  });
  app.get('/api/reports/*', { ...pdfRead, handler: toStats });

  app.all('/api/*', async () => {
    throw new HttpError(404, 'not_found', 'Not found');
  });
};

const CSV_IN_PROGRESS =
  'Your earlier CSV export is still being prepared. Please wait for it to finish, then try again.';
const PDF_IN_PROGRESS =
  'Your earlier document (a declaration or a report) is still being made. Please wait for it to finish, then try again.';

/**
 * At most `perUser` documents of one kind in the making for a user at once; one more is refused with `message`. A CSV
 * export streams every record of the user and holds a projection read open while it does, and a PDF is drawn on its
 * service's event loop, so one person (or a stolen session) cannot tie up the service that makes them.
 */
function documentSlots(
  perUser: number,
  message: string,
  kind: string,
  shared: { budgets: BudgetCounter; now: () => Date } | undefined,
): preHandlerAsyncHookHandler {
  if (shared !== undefined) return sharedDocumentSlots(perUser, message, kind, shared);
  const inProgress = new Map<string, number>();
  return async (request, reply) => {
    const { uid } = request.user;
    const running = inProgress.get(uid) ?? 0;
    if (running >= perUser) {
      throw new HttpError(429, 'rate_limited', message);
    }
    inProgress.set(uid, running + 1);
    // 'close' comes once the answer is fully sent or the browser gave up; either frees the slot.
    reply.raw.once('close', () => {
      const left = (inProgress.get(uid) ?? 1) - 1;
      if (left > 0) inProgress.set(uid, left);
      else inProgress.delete(uid);
    });
  };
}

/** The longest a document may keep its slot: one still being sent after this frees it for the user's next. */
const DOCUMENT_SLOT_MS = 10 * 60_000;

/**
 * `documentSlots` where every replica of the gateway sees them: a slot is held in the shared store, given back when the
 * answer is sent or abandoned, and free again after `DOCUMENT_SLOT_MS` if its replica stopped holding it. A store
 * that cannot answer lets the document be made, as the request budgets do.
 */
function sharedDocumentSlots(
  perUser: number,
  message: string,
  kind: string,
  { budgets, now }: { budgets: BudgetCounter; now: () => Date },
): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    const key = `${kind}:${request.user.uid}`;
    const holder = randomUUID();
    const at = now().getTime();
    let held: boolean;
    try {
      held = await budgets.hold(key, holder, perUser, at, at + DOCUMENT_SLOT_MS);
    } catch (error) {
      request.log.warn({ err: error }, 'could not count the documents in the making');
      return;
    }
    if (!held) throw new HttpError(429, 'rate_limited', message);
    reply.raw.once('close', () => {
      budgets
        .release(key, holder)
        .catch((error: unknown) => request.log.warn({ err: error }, 'could not give back a document slot'));
    });
  };
}
