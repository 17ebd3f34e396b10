import { isIP } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { HEALTH_PATHS, HttpError, pathOf } from '@cull-log/service-kit';

export interface HostCheckOptions {
  /** PUBLIC_URL, when it was set: every request must be addressed to its host and port. */
  publicUrl: string | undefined;
}

/** `localhost`, or a loopback address. */
function isLoopbackName(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/** The host a request was addressed to, as a URL of the given protocol has it (default port left out), or undefined. */
function hostOf(host: string | undefined, protocol: string): URL | undefined {
  if (host === undefined || host === '') return undefined;
  try {
    const url = new URL(`${protocol}//${host}`);
    // A Host is a name and a port, nothing more.
    return url.username === '' && url.pathname === '/' && url.search === '' && url.hash === ''
      ? url
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Refuses a request addressed to any host but the app's own (DNS rebinding: a page on a name its owner points at this
 * server's address, reading its answers as its own, the development sign-in above all). With PUBLIC_URL set, the Host
 * must be its host and port (for a `localhost` one, a loopback address on that port too); unset, it must be `localhost`
 * or an address, never a name. The orchestrator's health and readiness probes, sent to the pod's address, are let by.
 */
const plugin: FastifyPluginAsync<HostCheckOptions> = async (app, { publicUrl }) => {
  const own = publicUrl === undefined ? undefined : new URL(publicUrl);
  const allowed = (host: URL | undefined): boolean => {
    if (host === undefined) return false;
    if (own === undefined)
      return host.hostname === 'localhost' || isIP(host.hostname.replace(/^\[|\]$/g, '')) !== 0;
    if (host.host === own.host) return true;
    return own.hostname === 'localhost' && isLoopbackName(host.hostname) && host.port === own.port;
  };
  const expected = own?.host ?? 'localhost or an address';

  app.addHook('onRequest', async (request) => {
    if (HEALTH_PATHS.has(pathOf(request.url))) return;
    // request.host is X-Forwarded-Host from a proxy the gateway trusts (TRUST_PROXY), else the Host header.
    if (!allowed(hostOf(request.host, own?.protocol ?? 'http:'))) {
      throw new HttpError(
        400,
        'bad_request',
        `This server answers only requests addressed to ${expected}, not to ${request.host || 'no host'}.`,
      );
    }
  });
};

export const hostCheck = fastifyPlugin(plugin, { name: 'gateway-host-check', fastify: '5.x' });
