import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { MESSAGES } from '@cull-log/contracts';
import { HttpError } from './http-error';
import { pathOf } from './request-path';
import { IDENTITY_HEADER, IdentityError, verifyIdentity, type Identity } from './identity';
import { HEALTH_PATHS } from './service-app';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller; set on every route except `/healthz` and `/readyz` once `internalAuth` is registered. */
    identity: Identity;
  }
}

export interface InternalAuthOptions {
  secret: string;
  now?: () => Date;
}

const plugin: FastifyPluginAsync<InternalAuthOptions> = async (app, { secret, now = () => new Date() }) => {
  if (secret.length < 32) throw new Error('internalAuth needs a secret of at least 32 characters');
  app.decorateRequest('identity', null as unknown as Identity);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (HEALTH_PATHS.has(pathOf(request.url))) return;
    try {
      request.identity = verifyIdentity({
        secret,
        header: request.headers[IDENTITY_HEADER],
        method: request.method,
        url: request.url,
        now: now(),
      });
    } catch (error) {
      if (!(error instanceof IdentityError)) throw error;
      request.log.warn({ reason: error.reason }, 'refused identity');
      throw new HttpError(401, 'not_authenticated', MESSAGES.notAuthenticated);
    }
    // Every later log line of this request (handlers, the completion line) names the user.
    request.log = request.log.child({ userId: request.identity.uid });
  });
};

/** Verifies the gateway-signed identity header on every request and exposes it as `request.identity`. */
export const internalAuth = fastifyPlugin(plugin, { name: '@cull-log/internal-auth', fastify: '5.x' });
