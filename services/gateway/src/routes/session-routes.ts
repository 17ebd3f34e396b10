import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { EndOtherSessionsResponse, SessionsResponse, SessionView } from '@cull-log/contracts';
import { HttpError } from '@cull-log/service-kit';
import { publicSessionId } from '../sessions/session-manager';
import type { StoredSession } from '../sessions/session-store';
import { describeUserAgent } from '../sessions/user-agent';
import { sessionOf } from './session-of';

export interface SessionRoutesOptions {
  /** The read and write budgets of `/api`, so these count like any other read and write. */
  readLimit: onRequestAsyncHookHandler;
  writeLimit: onRequestAsyncHookHandler;
}

const SessionParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'Not a session id' }),
});

/** A session as the user sees it; `currentIdHash` is the asking browser's. */
export function viewOf(session: StoredSession, currentIdHash: string): SessionView {
  return {
    id: publicSessionId(session.idHash),
    ...describeUserAgent(session.userAgent),
    signed_in_at: session.createdAt.toISOString(),
    last_seen_at: session.lastSeenAt.toISOString(),
    current: session.idHash === currentIdHash,
  };
}

/**
 * The signed-in user's own sessions: list them, end one, or end every other. Registered inside `/api`, so every
 * route has a signed-in user; another user's session is never found.
 */
export const sessionRoutes: FastifyPluginAsync<SessionRoutesOptions> = async (
  app,
  { readLimit, writeLimit },
) => {
  const { manager } = app.sessions;

  app.get('/api/sessions', { onRequest: readLimit }, async (request): Promise<SessionsResponse> => {
    const current = sessionOf(request);
    const sessions = await manager.listFor(request.user.uid);
    return { sessions: sessions.map((session) => viewOf(session, current.idHash)) };
  });

  app.delete('/api/sessions/:id', { onRequest: writeLimit }, async (request, reply) => {
    const current = sessionOf(request);
    const params = SessionParams.safeParse(request.params);
    if (!params.success) throw new HttpError(400, 'bad_request', 'That is not a session id.');
    const { id } = params.data;
    if (id === publicSessionId(current.idHash)) {
      // Ending this browser's own session is signing out here.
      await app.sessions.signOut(request, reply);
      return reply.code(204).send();
    }
    if (!(await manager.endOfUser(request.user.uid, id))) {
      throw new HttpError(404, 'not_found', 'That session has already ended.');
    }
    request.log.info({ userId: request.user.uid }, 'session ended from another device');
    return reply.code(204).send();
  });

  app.delete(
    '/api/sessions',
    { onRequest: writeLimit },
    async (request): Promise<EndOtherSessionsResponse> => {
      const ended = await manager.endOthersOfUser(request.user.uid, sessionOf(request).idHash);
      request.log.info({ userId: request.user.uid, ended }, 'other sessions ended');
      return { ended };
    },
  );
};
