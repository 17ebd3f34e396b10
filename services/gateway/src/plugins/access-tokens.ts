import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { TOKEN_MESSAGES } from '@cull-log/contracts';
import { HttpError, pathOf } from '@cull-log/service-kit';
import type { AccountStore } from '../accounts/account-store';
import { bearerOf } from '../tokens/token-access';
import { TokenManager, type TokenPolicy } from '../tokens/token-manager';
import type { TokenStore } from '../tokens/token-store';

export interface AccessTokensOptions {
  store: TokenStore;
  policy: TokenPolicy;
  now: () => Date;
  /** Where each account's last use is kept; a token's use is use of its owner's account. */
  accounts?: AccountStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Personal access tokens: made and listed under `/api/tokens`, checked on every `/api` request that has one. */
    tokens: TokenManager;
  }
}

/**
 * Personal access tokens, and the one rule outside `/api`: sign-in and sign-out (`/auth/*`) are for a person in a
 * browser, so a request with a token there is refused, whatever cookie it also has.
 */
const plugin: FastifyPluginAsync<AccessTokensOptions> = async (app, { store, policy, now, accounts }) => {
  app.decorate('tokens', new TokenManager(store, now, policy, accounts));
  app.addHook('onRequest', async (request) => {
    const path = pathOf(request.url);
    if ((path === '/auth' || path.startsWith('/auth/')) && bearerOf(request.headers) !== undefined) {
      throw new HttpError(403, 'forbidden', TOKEN_MESSAGES.sessionOnly);
    }
  });
};

export const accessTokensPlugin = fastifyPlugin(plugin, { name: 'gateway-access-tokens', fastify: '5.x' });
