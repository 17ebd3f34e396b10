import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { HttpError } from '@cull-log/service-kit';
import { bearerOf } from '../tokens/token-access';

export interface WebSecurityOptions {
  /** Where browsers reach the app; the one origin writes are accepted from. */
  publicUrl: string;
}

/** Map tiles come from OpenStreetMap's tile servers (a, b, c subdomains). */
export const MAP_TILE_SOURCE = 'https://*.tile.openstreetmap.org';

/** The app locates a cull from the phone and may take photos; it never listens. Nothing else may use any. */
export const PERMISSIONS_POLICY = 'geolocation=(self), camera=(self), microphone=()';

/**
 * The one style element the web app's component library (react-aria) adds at run time, allowed by the hash of its
 * exact text rather than by opening styles to every inline one. The web app's end-to-end suite loads its pages
 * under this policy and fails on any violation, so a library update that changes the text is caught.
 */
export const PRESSABLE_STYLE_HASH = "'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='";

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The security headers of every answer: a Content-Security-Policy allowing only what the app loads, HSTS in
 * production, a Permissions-Policy, and helmet's other defaults. The app sets them before routing, so even a
 * request refused for an undecodable URL gets them.
 */
export async function securityHeaders({
  production,
}: {
  production: boolean;
}): Promise<Array<[string, string]>> {
  const headers = await helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", PRESSABLE_STYLE_HASH],
        // blob: shows a photo picked on the form before it is sent (and while it waits offline).
        imgSrc: ["'self'", 'data:', 'blob:', MAP_TILE_SOURCE],
        // The service worker fetches map tiles itself to keep the ones already seen.
        connectSrc: ["'self'", MAP_TILE_SOURCE],
        fontSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Over plain http (development) an upgrade would break every request.
        upgradeInsecureRequests: production ? [] : null,
      },
    },
    hsts: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Tiles are cross-origin images without CORP headers; requiring CORP would blank the map.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  return [...headers, ['permissions-policy', PERMISSIONS_POLICY]];
}

/** Refuses state-changing requests that a browser did not send from our own origin (cross-site request forgery). */
const plugin: FastifyPluginAsync<WebSecurityOptions> = async (app, { publicUrl }) => {
  const ownOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    // A request with an access token (a script, another tool) is the token's alone: its cookie, if any, is never
    // looked at, and no page of another site can make a browser send a token. `/auth` refuses tokens outright.
    if (bearerOf(request.headers) !== undefined) return;
    const fetchSite = request.headers['sec-fetch-site'];
    // A browser that sends Sec-Fetch-Site says exactly where the request came from, and pages cannot forge it.
    if (typeof fetchSite === 'string') {
      if (fetchSite === 'same-origin') return;
    } else if (request.headers.origin === ownOrigin) {
      return;
    }
    request.log.warn({ fetchSite, origin: request.headers.origin }, 'refused cross-site request');
    throw new HttpError(403, 'forbidden', 'This request must come from the Cull Log app itself.');
  });
};

/**
 * The headers helmet sets with these options. @fastify/helmet builds helmet's middleware again on every
 * request, yet nothing in our headers depends on the request, so they are worked out once, on a probe.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Array<[string, string]>> {
  const probe = Fastify();
  await probe.register(helmet, { ...options, global: false });
  probe.get('/', async (_request, reply) => {
    reply.helmet();
    return Object.entries(reply.raw.getHeaders()).map(([name, value]) => [name, String(value)]);
  });
  const headers = (await probe.inject('/')).json<Array<[string, string]>>();
  await probe.close();
  return headers;
}

export const webSecurity = fastifyPlugin(plugin, { name: 'gateway-web-security', fastify: '5.x' });
