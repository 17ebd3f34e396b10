import type { OutgoingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Pool } from 'undici';
import {
  IDENTITY_HEADER,
  signIdentity,
  type InProcessIdentities,
  type SignIdentityOptions,
} from '@cull-log/service-kit';

/**
 * Where a service is: its base URL (the distributed deployment), or its app in this process (the one-process
 * app), which then answers without a second HTTP server and still checks the identity of each call: signed, or,
 * with the `identities` the app was given, handed over in memory (see `InProcessIdentities`).
 */
export type UpstreamTarget =
  string | FastifyInstance | { app: FastifyInstance; identities: InProcessIdentities };

/** What the identity header of one call is made for; the service it goes to is the upstream's. */
export type IdentityFor = Omit<SignIdentityOptions, 'audience'>;

export interface UpstreamRequest {
  method: string;
  /** Path and query exactly as the service receives them, its base path included. */
  path: string;
  headers: Record<string, string>;
  /** Read whole by the gateway, whose identity header carries its digest. */
  body: Buffer | undefined;
  /** How long the service may take to begin its answer, where a route needs longer than the pool's 30 seconds. */
  headersTimeout?: number;
}

export interface UpstreamResponse {
  statusCode: number;
  headers: OutgoingHttpHeaders;
  /** A stream, or the whole body when it had all arrived by the time the answer began. */
  body: Readable | Buffer;
}

/** One service behind the gateway. */
export interface Upstream {
  name: string;
  /** Path of the base URL (usually empty), put before every forwarded path. */
  basePath: string;
  /** The identity header for one call of this service: signed with the gateway's key, or handed over in memory. */
  identityHeader(call: IdentityFor): string;
  request(request: UpstreamRequest): Promise<UpstreamResponse>;
  /** Releases what the gateway opened for it; an in-process app belongs to whoever built it. */
  close(): Promise<void>;
}

export function createUpstream(name: string, target: UpstreamTarget): Upstream {
  if (typeof target === 'string') return httpUpstream(name, target);
  return 'identities' in target
    ? inProcessUpstream(name, target.app, target.identities)
    : inProcessUpstream(name, target);
}

const signedFor = (audience: string) => (call: IdentityFor) => signIdentity({ ...call, audience });

/** A service reached over a pool of keep-alive connections. */
function httpUpstream(name: string, baseUrl: string): Upstream {
  const url = new URL(baseUrl);
  const pool = new Pool(url.origin, {
    connections: 64,
    keepAliveTimeout: 30_000,
    connectTimeout: 5_000,
    headersTimeout: 30_000,
    // An export streams for as long as it takes; only a stalled stream is given up.
    bodyTimeout: 60_000,
  });
  return {
    name,
    basePath: url.pathname.replace(/\/+$/, ''),
    identityHeader: signedFor(name),
    request: ({ method, path, headers, body, headersTimeout }) =>
      pool.request({
        method: method as 'GET',
        path,
        headers,
        body,
        ...(headersTimeout === undefined ? {} : { headersTimeout }),
      }),
    close: () => pool.close(),
  };
}

/**
 * A service's app in this process, called through Fastify's `inject`: the request runs the app's whole
 * lifecycle (its internal auth included) and its answer streams back as it is written, with backpressure.
 */
function inProcessUpstream(name: string, app: FastifyInstance, identities?: InProcessIdentities): Upstream {
  return {
    name,
    basePath: '',
    identityHeader:
      identities === undefined ? signedFor(name) : (call) => identities.hand({ ...call, audience: name }),
    async request({ method, path, headers, body }) {
      const response = await app
        .inject({
          method: method as 'GET',
          url: path,
          headers,
          ...(body === undefined ? {} : { payload: body }),
          payloadAsStream: true,
          // The options are ours and well-formed; checking them on every request is wasted work.
          validate: false,
        })
        .finally(() => {
          // Taken by the app's check as the call began; one refused before it (a bad URL) is dropped here.
          const header = headers[IDENTITY_HEADER];
          if (identities !== undefined && header !== undefined) identities.forget(header);
        });
      const stream = response.stream();
      const serviceReply = response.raw.res;
      const answer = { statusCode: response.statusCode, headers: response.headers };
      // A JSON answer is written in one go, so it is complete already: one buffer costs less than a stream.
      if (serviceReply.writableFinished) return { ...answer, body: stream.read() ?? Buffer.alloc(0) };
      // A client gone half-way through (an export) ends the service's answer too, as a closed socket would.
      stream.once('close', () => {
        if (!serviceReply.writableFinished) serviceReply.destroy();
      });
      return { ...answer, body: stream };
    },
    close: async () => {},
  };
}
