import type { FastifyRequest } from 'fastify';
import { TOKEN_MESSAGES } from '@cull-log/contracts';
import { HttpError } from '@cull-log/service-kit';
import type { StoredSession } from '../sessions/session-store';

/**
 * The browser session of a request to a session-only route (sessions, tokens, the account), or 403 when the request
 * came with an access token instead: those routes are for the person at the browser only.
 */
export function sessionOf(request: FastifyRequest): StoredSession {
  if (request.userSession === null) throw new HttpError(403, 'forbidden', TOKEN_MESSAGES.sessionOnly);
  return request.userSession;
}
