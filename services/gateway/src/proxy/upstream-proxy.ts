import { Readable, Transform } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DECLARATION_NUMBER_HEADER, EVENT_POSITION_HEADER, MESSAGES } from '@cull-log/contracts';
import {
  HttpError,
  IDENTITY_HEADER,
  REQUEST_ID_HEADER,
  signIdentity,
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
  secret: string;
  now: () => Date;
  bodyLimit: number;
  /** What a body over the limit is told, where the route has its own words for it. */
  tooLargeMessage?: string;
  /** How long the service may take to begin its answer, where the route's work takes longer than most. */
  headersTimeout?: number;
}

class BodyTooLargeError extends Error {
  constructor() {
    super('Request body too large');
    this.name = 'BodyTooLargeError';
  }
}

/** Streams the request to the service with a signed identity and streams its answer back. */
export async function forward(request: FastifyRequest, reply: FastifyReply, options: ForwardOptions) {
  const { upstream, identity, secret, now, bodyLimit, tooLargeMessage } = options;
  const tooLarge = (reply: FastifyReply) => tooLargeError(reply, tooLargeMessage);
  const path = upstream.basePath + options.path;
  const declaredLength = Number(request.headers['content-length'] ?? 0);
  if (declaredLength > bodyLimit) throw tooLarge(reply);

  const headers: Record<string, string> = {};
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  headers[REQUEST_ID_HEADER] = request.id;
  headers[IDENTITY_HEADER] = signIdentity({
    secret,
    identity,
    method: request.method,
    url: path,
    now: now(),
  });
  const body = request.body instanceof Readable ? limitedBody(request.body, bodyLimit) : undefined;

  let response: UpstreamResponse;
  try {
    response = await upstream.request({
      method: request.method,
      path,
      headers,
      body,
      ...(options.headersTimeout === undefined ? {} : { headersTimeout: options.headersTimeout }),
    });
  } catch (error) {
    if (body?.errored instanceof BodyTooLargeError) throw tooLarge(reply);
    request.log.warn({ err: error, upstream: upstream.name }, 'service unavailable');
    throw new HttpError(503, 'service_unavailable', MESSAGES.serviceUnavailable);
  }
  // A service in this process may answer before it notices its body was cut off; the limit decides.
  if (body?.errored instanceof BodyTooLargeError) {
    if (response.body instanceof Readable) response.body.destroy();
    throw tooLarge(reply);
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

/** Passes the body through, failing once more than `limit` bytes have come (bodies without a length). */
function limitedBody(source: Readable, limit: number): Readable {
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > limit) callback(new BodyTooLargeError());
      else callback(null, chunk);
    },
  });
  source.on('error', (error) => counter.destroy(error));
  counter.on('error', () => source.unpipe(counter));
  return source.pipe(counter);
}
