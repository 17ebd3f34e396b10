import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { CreateTokenRequest, CreateTokenResponse, ListTokensResponse, TokenId } from '@cull-log/contracts';
import { json, jsonBody, operation } from '../operation-kit';

const tag = 'Account';
const tokenPath = z.object({ id: TokenId.meta({ description: 'The token’s id (never its secret).' }) });

/** Personal access tokens: made, listed and revoked from a session, never with a token. */
export const tokenPaths: ZodOpenApiPathsObject = {
  '/api/tokens': {
    post: operation({
      operationId: 'createToken',
      summary: 'Make a personal access token',
      description:
        'The secret is in this answer and nowhere else, ever: only its hash is kept. A `read` token reads; a `write` token reads and writes; `team` holds it to one team.',
      tag,
      access: 'session',
      requestBody: jsonBody(CreateTokenRequest),
      responses: { 201: json(CreateTokenResponse, 'The token, with its secret, shown once.') },
      refusals: [400, 403, 409],
    }),
    get: operation({
      operationId: 'listTokens',
      summary: 'The user’s personal access tokens',
      tag,
      access: 'session',
      responses: {
        200: json(ListTokensResponse, 'The live tokens, the newest first, each with when it was last used.'),
      },
    }),
  },
  '/api/tokens/{id}': {
    delete: operation({
      operationId: 'revokeToken',
      summary: 'Revoke a personal access token',
      description: 'From the next request on, on every replica, the token answers 401.',
      tag,
      access: 'session',
      requestParams: { path: tokenPath },
      responses: { 204: { description: 'Revoked.' } },
      refusals: [400, 404],
    }),
  },
};
