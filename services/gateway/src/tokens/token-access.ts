import type { FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { TOKEN_MESSAGES } from '@cull-log/contracts';
import { HttpError, pathOf } from '@cull-log/service-kit';
import type { StoredToken } from './token-store';

/** What the Authorization header says, when it is the Bearer scheme: the token, or `''` when none follows it. */
export function bearerOf(headers: IncomingHttpHeaders): string | undefined {
  const header = headers.authorization;
  if (header === undefined) return undefined;
  // Other schemes (a proxy's Basic authentication in front of a staging site) are not ours, and change nothing.
  const match = /^bearer(?:\s+(.*))?$/i.exec(header.trim());
  if (match === null) return undefined;
  return match[1]?.trim() ?? '';
}

/**
 * The routes a token never reaches, whatever its scope: its own kind (a token cannot make or revoke tokens), the
 * sessions, and the account's download and erasure. Each is for the person at the browser only.
 */
export const SESSION_ONLY_PREFIXES = ['/api/tokens', '/api/sessions', '/api/account'] as const;

export function isSessionOnly(path: string): boolean {
  return SESSION_ONLY_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

const READ_METHODS = new Set(['GET', 'HEAD']);

/** Every team a request names: `?team=` (once or more) and the id in a path under `/api/teams/`. */
export function teamsNamedBy(request: FastifyRequest): string[] {
  const named: string[] = [];
  const query = (request.query as { team?: unknown } | undefined)?.team;
  for (const team of Array.isArray(query) ? query : query === undefined ? [] : [query])
    named.push(String(team));
  const [, api, teams, id] = pathOf(request.url).split('/');
  if (api === 'api' && teams === 'teams' && id !== undefined && id !== '') {
    try {
      named.push(decodeURIComponent(id));
    } catch {
      named.push(id);
    }
  }
  return named;
}

/** Is the path under `/api/teams/<some id>`? (Which team it names is checked with the others the request names.) */
function isUnderATeam(request: FastifyRequest): boolean {
  const [, api, teams, id] = pathOf(request.url).split('/');
  return api === 'api' && teams === 'teams' && id !== undefined && id !== '';
}

/**
 * Refuses (403, with the reason) what this token may not do: a session-only route, a write with a read token, or,
 * for a token held to a team, a request that does not name that team (and only that team), or a write outside the
 * team's own paths: a record's body, not its address, says which ground (and so whose scope) it is on, and the
 * gateway does not read bodies.
 */
export function checkTokenMayMake(token: StoredToken, request: FastifyRequest): void {
  // The route matched and the path as sent, so no spelling of the path (encoded letters) slips past.
  if (isSessionOnly(request.routeOptions.url ?? '') || isSessionOnly(pathOf(request.url)))
    throw new HttpError(403, 'forbidden', TOKEN_MESSAGES.sessionOnly);
  if (token.scope === 'read' && !READ_METHODS.has(request.method)) {
    throw new HttpError(403, 'forbidden', TOKEN_MESSAGES.readOnly);
  }
  if (token.team !== null) {
    const named = teamsNamedBy(request);
    if (named.length === 0 || named.some((team) => team !== token.team)) {
      throw new HttpError(403, 'forbidden', TOKEN_MESSAGES.teamOnly);
    }
    if (!READ_METHODS.has(request.method) && !isUnderATeam(request)) {
      throw new HttpError(403, 'forbidden', TOKEN_MESSAGES.teamWriteOnly);
    }
  }
}
