import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import {
  DevLoginRequest,
  DevReauthenticationRequest,
  ERASURE_MESSAGES,
  MESSAGES,
  type AuthOptionsResponse,
  type Me,
  type SessionResponse,
} from '@cull-log/contracts';
import { HttpError } from '@cull-log/service-kit';

export interface AuthRoutesOptions {
  googleEnabled: boolean;
  devEnabled: boolean;
  /** The one sign-in budget, shared by every route that can sign someone in. */
  signInLimit: preHandlerAsyncHookHandler;
  /** The budget of the session check, per client address: it reads the session store. */
  sessionCheckLimit: preHandlerAsyncHookHandler;
  now: () => Date;
}

/** Rate limit of every route that can sign someone in: per client address, one budget for them all. */
export function signInRateLimit(perMinute: number) {
  return {
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `sign-in:${request.ip}`,
  };
}

/**
 * `/auth/options`, `/auth/session`, `/auth/logout` and, in development only, `/auth/dev/login` and
 * `/auth/dev/reauthenticate`.
 */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, options) => {
  const { googleEnabled, devEnabled, signInLimit, sessionCheckLimit, now } = options;

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/auth/options', async (): Promise<AuthOptionsResponse> => ({
    google: googleEnabled,
    dev: devEnabled,
  }));

  app.get('/auth/session', { onRequest: sessionCheckLimit }, async (request): Promise<SessionResponse> => {
    const session = await app.sessions.current(request);
    const notice = session?.inactivityNotice;
    // The notice this session began with, for as long as it would have held: until the day the account was to go.
    if (session === undefined || notice == null || notice.eraseAt.getTime() <= now().getTime())
      return { user: session?.user ?? null };
    return {
      user: session.user,
      inactivity_notice: { due_at: notice.dueAt.toISOString(), erase_at: notice.eraseAt.toISOString() },
    };
  });

  app.post('/auth/logout', async (request, reply) => {
    await app.sessions.signOut(request, reply);
    return reply.code(204).send();
  });

  if (!devEnabled) return;
  app.post('/auth/dev/login', { onRequest: signInLimit }, async (request, reply) => {
    const { name, email } = DevLoginRequest.parse(request.body);
    const user: Me = { uid: developmentUid(email), display_name: name, email };
    await app.sessions.signIn(request, reply, user);
    request.log.info({ userId: user.uid }, 'development sign-in');
    return user;
  });

  // The development sign-in asked again before the account's erasure: the e-mail address must be the session's own.
  app.post('/auth/dev/reauthenticate', { onRequest: signInLimit }, async (request, reply) => {
    const { email } = DevReauthenticationRequest.parse(request.body);
    const current = await app.sessions.current(request);
    if (current === undefined) throw new HttpError(401, 'not_authenticated', MESSAGES.notAuthenticated);
    if (developmentUid(email) !== current.user.uid) {
      request.log.warn({ userId: current.user.uid }, 'development sign-in asked again with another address');
      throw new HttpError(403, 'forbidden', ERASURE_MESSAGES.otherEmail);
    }
    await app.sessions.signIn(request, reply, current.user, now());
    request.log.info({ userId: current.user.uid }, 'signed in again for development');
    return reply.code(204).send();
  });
};

/** The same e-mail address always gets the same user id, so development data survives signing out. */
export function developmentUid(email: string): string {
  return `dev-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32)}`;
}
