import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { AccountStore } from '../accounts/account-store';
import { SessionManager, type SessionPolicy } from '../sessions/session-manager';
import type { SessionStore, SessionUser, StoredSession } from '../sessions/session-store';

export interface SessionsOptions {
  store: SessionStore;
  policy: SessionPolicy;
  cookieName: string;
  production: boolean;
  now: () => Date;
  /** Where each account's last use is kept; a sign-in and a session's activity are use. */
  accounts?: AccountStore;
}

/** Server-side sessions behind an opaque, httpOnly cookie. */
export interface GatewaySessions {
  readonly manager: SessionManager;
  readonly cookieName: string;
  /** The live session of this request, if any; read from the store itself for any request but a read. */
  current(request: FastifyRequest): Promise<StoredSession | undefined>;
  /**
   * Ends whatever session the browser had and opens a new one with a new id; `reauthenticatedAt` when the sign-in
   * was the user proving who they are again (before erasing their account).
   */
  signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    user: SessionUser,
    reauthenticatedAt?: Date,
  ): Promise<void>;
  signOut(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Ends every session of `uid`, on every device, and clears this browser's cookie. */
  signOutEverywhere(uid: string, reply: FastifyReply): Promise<number>;
}

/** Requests that change nothing: the session read lately will do for them. */
const READ_METHODS = new Set(['GET', 'HEAD']);

declare module 'fastify' {
  interface FastifyInstance {
    sessions: GatewaySessions;
  }
}

const plugin: FastifyPluginAsync<SessionsOptions> = async (
  app,
  { store, policy, cookieName, production, now, accounts },
) => {
  const manager = new SessionManager(store, now, policy, accounts);
  const cookieOptions: CookieSerializeOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: production,
    // The browser may keep the cookie as long as the session could live; the server decides when it ends.
    maxAge: Math.floor(policy.absoluteTimeoutMs / 1000),
  };
  const cookieOf = (request: FastifyRequest): string | undefined => request.cookies[cookieName];
  // What the browser has cached of the last user (their photos are kept for a year) goes whenever who is signed in
  // changes, so the next person on the device cannot be shown it. The app's offline copy is not the browser's cache and
  // stays; what the app keeps itself is wiped by the app (web/src/api/device-reads.ts).
  const clearBrowserCache = (reply: FastifyReply) => reply.header('clear-site-data', '"cache"');

  const sessions: GatewaySessions = {
    manager,
    cookieName,
    current: (request) => manager.resume(cookieOf(request), { fromStore: !READ_METHODS.has(request.method) }),
    async signIn(request, reply, user, reauthenticatedAt) {
      await manager.end(cookieOf(request));
      const { id } = await manager.start(user, request.headers['user-agent'], reauthenticatedAt ?? null);
      reply.setCookie(cookieName, id, cookieOptions);
      clearBrowserCache(reply);
    },
    async signOut(request, reply) {
      await manager.end(cookieOf(request));
      reply.clearCookie(cookieName, cookieOptions);
      clearBrowserCache(reply);
    },
    async signOutEverywhere(uid, reply) {
      const ended = await manager.endAllOfUser(uid);
      reply.clearCookie(cookieName, cookieOptions);
      clearBrowserCache(reply);
      return ended;
    },
  };
  app.decorate('sessions', sessions);
};

export const sessionsPlugin = fastifyPlugin(plugin, {
  name: 'gateway-sessions',
  fastify: '5.x',
  dependencies: ['@fastify/cookie'],
});
