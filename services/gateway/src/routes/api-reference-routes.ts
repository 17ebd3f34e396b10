import { createHash } from 'node:crypto';
import scalarApiReference from '@scalar/fastify-api-reference';
import type { FastifyPluginAsync } from 'fastify';
import { openApiDocument } from '@cull-log/api-description';

export interface ApiReferenceRoutesOptions {
  /** Each address may ask this many times a minute; both routes answer anyone, signed in or not. */
  perMinute: number;
}

/** Where the description and its page are: the only `/api` routes that answer without a session. */
export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

/**
 * `GET /api/openapi.json`, the OpenAPI document, and `GET /api/docs`, the Scalar API reference reading it. Registered
 * beside the `/api` routes, not among them, so the session check of those never applies here. The page's script is
 * served from here (no CDN), and the page alone gets a Content-Security-Policy that admits its inline start-up script
 * and styles by their hashes.
 */
export const apiReferenceRoutes: FastifyPluginAsync<ApiReferenceRoutesOptions> = async (
  app,
  { perMinute },
) => {
  // Made once: the document is the same for every request of this build.
  const document = JSON.stringify(openApiDocument());
  const limit = app.rateLimit({
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `api-description:${request.ip}`,
  });

  app.get(OPENAPI_PATH, { onRequest: limit }, async (_request, reply) =>
    reply.header('content-type', 'application/json; charset=utf-8').send(document),
  );

  app.addHook('onSend', async (request, reply, payload) => {
    const isPage =
      typeof payload === 'string' && String(reply.getHeader('content-type') ?? '').startsWith('text/html');
    if (isPage && request.url.startsWith(API_DOCS_PATH)) {
      reply.header('content-security-policy', pagePolicy(payload));
    }
    return payload;
  });
  await app.register(scalarApiReference, {
    routePrefix: API_DOCS_PATH,
    hooks: { onRequest: limit },
    logLevel: 'warn',
    configuration: {
      url: OPENAPI_PATH,
      pageTitle: 'Cull Log API reference',
      // Nothing from elsewhere: the page works on a network with no way out.
      withDefaultFonts: false,
      hideClientButton: true,
      showDeveloperTools: 'never',
      agent: { disabled: true },
      mcp: { disabled: true },
      telemetry: false,
      authentication: { preferredSecurityScheme: 'bearerAuth' },
    },
  });
};

/** The app's policy, with the page's own inline scripts and styles admitted by hash, and nothing else besides. */
function pagePolicy(html: string): string {
  const hashes = (tag: string) =>
    [...html.matchAll(new RegExp(`<${tag}(?![^>]*\\ssrc=)[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))].map(
      ([, body]) =>
        `'sha256-${createHash('sha256')
          .update(body ?? '')
          .digest('base64')}'`,
    );
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes('script').join(' ')}`,
    // The reference sets styles on its elements as it draws them.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
