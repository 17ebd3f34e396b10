import type { KeyObject } from 'node:crypto';
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import {
  CreateTokenRequest,
  TOKEN_MESSAGES,
  TokenId,
  type CreateTokenResponse,
  type ListTokensResponse,
  type TokenSummary,
} from '@cull-log/contracts';
import { HttpError } from '@cull-log/service-kit';
import { teamAccess } from '../proxy/team-access';
import type { Upstream } from '../proxy/upstream';
import type { StoredToken } from '../tokens/token-store';
import { sessionOf } from './session-of';

export interface TokenRoutesOptions {
  /** The records service, asked whether the user is in the team a token is to be held to. */
  records: Upstream;
  /** The gateway's private key, which signs the identity it sends each service. */
  identityKey: KeyObject;
  now: () => Date;
  readLimit: onRequestAsyncHookHandler;
  writeLimit: onRequestAsyncHookHandler;
}

/** A token as its owner sees it: never its secret, which is not kept. */
export function summaryOf(token: StoredToken): TokenSummary {
  return {
    id: token.id,
    name: token.name,
    scope: token.scope,
    team: token.team,
    created_at: token.createdAt.toISOString(),
    expires_at: token.expiresAt.toISOString(),
    last_used_at: token.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * The signed-in user's personal access tokens: make one (its secret answered this once), list them, revoke one.
 * Registered inside `/api`, where a request with a token is refused before it reaches them; each handler asks for the
 * browser's session besides, so a token could not use them even if that check were lost.
 */
export const tokenRoutes: FastifyPluginAsync<TokenRoutesOptions> = async (app, options) => {
  const { records, identityKey, now, readLimit, writeLimit } = options;
  const { tokens } = app;

  // `/api` hands bodies to the services unread; these routes read their own small JSON bodies.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 4 * 1024 },
    app.getDefaultJsonParser('error', 'error'),
  );

  app.post('/api/tokens', { onRequest: writeLimit }, async (request, reply): Promise<CreateTokenResponse> => {
    sessionOf(request);
    const body = CreateTokenRequest.parse(request.body ?? {});
    if (body.team !== undefined) {
      // A member of the team now; each request with the token is checked again by the service it reaches.
      await teamAccess({
        records,
        identity: request.user,
        team: body.team,
        identityKey,
        now,
        requestId: request.id,
      });
    }
    const { secret, token } = await tokens.create(request.user, body);
    request.log.info(
      { userId: request.user.uid, tokenId: token.id, scope: token.scope, team: token.team },
      'access token created',
    );
    reply.code(201);
    return { ...summaryOf(token), token: secret };
  });

  app.get('/api/tokens', { onRequest: readLimit }, async (request): Promise<ListTokensResponse> => {
    sessionOf(request);
    return { items: (await tokens.listFor(request.user.uid)).map(summaryOf) };
  });

  app.delete('/api/tokens/:id', { onRequest: writeLimit }, async (request, reply) => {
    sessionOf(request);
    const id = TokenId.safeParse((request.params as { id: string }).id);
    if (!id.success) throw new HttpError(400, 'bad_request', 'That is not a token id.');
    if (!(await tokens.revoke(request.user.uid, id.data))) {
      throw new HttpError(404, 'not_found', TOKEN_MESSAGES.notFound);
    }
    request.log.info({ userId: request.user.uid, tokenId: id.data }, 'access token revoked');
    return reply.code(204).send();
  });
};
