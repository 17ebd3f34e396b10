import type { KeyObject } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DECLARATION_NUMBER_HEADER, EVENT_POSITION_HEADER, MESSAGES } from '@cull-log/contracts';
import {
  HttpError,
  IDENTITY_HEADER,
  REQUEST_ID_HEADER,
  readWholeBody,
  type Identity,
} from '@cull-log/service-kit';
import type { Upstream, UpstreamResponse } from './upstream';

/** Request headers a service needs; cookies and everything else stay at the gateway. */
const FORWARDED_REQUEST_HEADERS = ['content-type', 'accept'] as const;
/** Response headers the browser needs from a service. */
const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-disposition',
  'retry-after',
  'x-content-type-options',
  EVENT_POSITION_HEADER,
  DECLARATION_NUMBER_HEADER,
] as const;

/**
 * A service may let the browser keep an answer (a photo, whose bytes never change), but only for that user: a
 * cache-control that is neither `private` nor `no-store` is dropped, leaving the gateway's `no-store`.
 */
const PRIVATE_CACHE_CONTROL = /\b(private|no-store)\b/i;

export interface ForwardOptions {
  upstream: Upstream;
  /** Path and query for the service, with `/api` already stripped. */
  path: string;
  identity: Identity;
  /** The gateway's private key, which signs the identity (and the body's digest) for this service alone. */
  identityKey: KeyObject;
  now: () => Date;
  bodyLimit: number;
  /** What a body over the limit is told, where the route has its own words for it. */
  tooLargeMessage?: string;
  /** How long the service may take to begin its answer, where the route's work takes longer than most. */
  headersTimeout?: number;
  /** Sent in place of the browser's method and body: a POST of JSON the gateway gathered for the service. */
  instead?: { method: 'POST'; json: Buffer };
}

/**
 * Sends the request to the service with a signed identity and streams its answer back. The body is read whole first
 * (up to the route's limit: 15 MB for a photo, 25 MB for a spreadsheet), because the identity header carries its
 * digest and goes before it; the service checks the body it receives against that digest.
 */
export async function forward(request: FastifyRequest, reply: FastifyReply, options: ForwardOptions) {
  const { upstream, identity, identityKey, now, bodyLimit, tooLargeMessage } = options;
  const tooLarge = (reply: FastifyReply) => tooLargeError(reply, tooLargeMessage);
  const path = upstream.basePath + options.path;
  const declaredLength = Number(request.headers['content-length'] ?? 0);
  if (declaredLength > bodyLimit) throw tooLarge(reply);

  const headers: Record<string, string> = {};
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const { instead } = options;
  const method = instead?.method ?? request.method;
  let body: Buffer | undefined;
  if (instead !== undefined) {
    body = instead.json;
    headers['content-type'] = 'application/json';
  } else if (request.body instanceof Readable) {
    body = await readWholeBody(request.body, bodyLimit);
    // A body without a length may still turn out too large.
    if (body === undefined) throw tooLarge(reply);
  }
  headers[REQUEST_ID_HEADER] = request.id;
  headers[IDENTITY_HEADER] = upstream.identityHeader({
    privateKey: identityKey,
    identity,
    method,
    url: path,
    ...(body === undefined ? {} : { body }),
    now: now(),
  });

  let response: UpstreamResponse;
  try {
    response = await upstream.request({
      method,
      path,
      headers,
      body,
      ...(options.headersTimeout === undefined ? {} : { headersTimeout: options.headersTimeout }),
    });
  } catch (error) {
    request.log.warn({ err: error, upstream: upstream.name }, 'service unavailable');
    throw new HttpError(503, 'service_unavailable', MESSAGES.serviceUnavailable);
  }
  reply.code(response.statusCode);
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    const value = response.headers[name];
    if (value !== undefined) reply.header(name, value);
  }
  const cacheControl = response.headers['cache-control'];
  if (typeof cacheControl === 'string' && PRIVATE_CACHE_CONTROL.test(cacheControl)) {
    reply.header('cache-control', cacheControl);
  }
  return reply.send(response.body);
}

function tooLargeError(reply: FastifyReply, message = 'The request body is too large.'): HttpError {
  // The rest of an oversized body is not worth reading, so the connection goes with the answer.
  reply.header('connection', 'close');
  return new HttpError(413, 'payload_too_large', message);
}
