import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES, type Me } from '@cull-log/contracts';
import { HttpError } from '@cull-log/service-kit';
import type { Upstream } from '../proxy/upstream';
import { forward } from '../proxy/upstream-proxy';
import type { SessionUser, StoredSession } from '../sessions/session-store';
import { sessionRoutes } from './session-routes';

export interface ApiRoutesOptions {
  upstreams: { records: Upstream; stats: Upstream; exports: Upstream };
  internalAuthSecret: string;
  now: () => Date;
  bodyLimit: number;
  writesPerMinute: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set for every `/api` route, which answer 401 without one. */
    user: SessionUser;
    /** The session the request came with; set alongside `user`. */
    userSession: StoredSession;
  }
}

const READ_METHODS = ['GET'] as const;
const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** `/api/*`: who is signed in, and everything else forwarded to the service that owns it. */
export const apiRoutes: FastifyPluginAsync<ApiRoutesOptions> = async (app, options) => {
  const { upstreams, internalAuthSecret, now, bodyLimit, writesPerMinute } = options;

  app.decorateRequest('user', null as unknown as SessionUser);
  app.decorateRequest('userSession', null as unknown as StoredSession);
  app.addHook('onRequest', async (request, reply) => {
    // Private data: neither the browser nor anything in between may keep a copy.
    reply.header('cache-control', 'no-store');
    const session = await app.sessions.current(request);
    if (session === undefined) throw new HttpError(401, 'not_authenticated', MESSAGES.notAuthenticated);
    request.user = session.user;
    request.userSession = session;
  });

  // Bodies are streamed to the services untouched; they parse and validate them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.get('/api/me', async (request): Promise<Me> => request.user);

  const writeLimit = {
    max: writesPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `write:${request.user.uid}`,
  };
  await app.register(sessionRoutes, { writeLimit });

  const routes: Array<[prefix: string, upstream: Upstream]> = [
    ['/api/culls', upstreams.records],
    ['/api/stats', upstreams.stats],
    ['/api/exports', upstreams.exports],
  ];
  for (const [prefix, upstream] of routes) {
    const handler = (request: FastifyRequest, reply: FastifyReply) =>
      forward(request, reply, {
        upstream,
        path: request.url.slice('/api'.length),
        identity: request.user,
        secret: internalAuthSecret,
        now,
        bodyLimit,
      });
    for (const url of [prefix, `${prefix}/*`]) {
      app.route({ method: [...READ_METHODS], url, handler });
      app.route({ method: [...WRITE_METHODS], url, config: { rateLimit: writeLimit }, handler });
    }
  }

  app.all('/api/*', async () => {
    throw new HttpError(404, 'not_found', 'Not found');
  });
};
