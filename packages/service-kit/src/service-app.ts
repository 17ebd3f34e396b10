import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import { z } from 'zod';
import { MESSAGES, fieldMessages, type ApiError, type ErrorCode } from '@cull-log/contracts';
import { HttpError, errorBody } from './http-error';
import { pathOf } from './request-path';

export const REQUEST_ID_HEADER = 'x-request-id';
export const DEFAULT_BODY_LIMIT = 64 * 1024;
export const HEALTH_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz']);

/** A caller's request id is reused only when it is short and plain, so it cannot forge or flood log lines. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export interface ServiceAppOptions {
  name: string;
  logger: FastifyBaseLogger;
  /** Throws when a dependency the service needs (store, bus) is unavailable. */
  readiness?: () => Promise<void>;
  bodyLimit?: number;
  /** Behind a load balancer: which proxies to believe about the client address (Fastify's trustProxy). */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /**
   * Whether a caller's `x-request-id` becomes the request's id. Services take the gateway's; the public gateway
   * makes its own, since anyone can send any id, and logs the caller's apart as `clientRequestId`.
   */
  acceptRequestId?: boolean;
  /** Headers on every answer, those to requests refused before routing (an undecodable URL) included. */
  responseHeaders?: ReadonlyArray<readonly [name: string, value: string]>;
  /**
   * The level of the completion line of a read (GET, HEAD) answered below 400. A service behind the gateway logs
   * these at `debug`: the gateway's own line already says the request was answered, so a read is one line, not two.
   * Writes, refusals and failures are logged at `info` (failures at `error`) whatever this says.
   */
  successfulReadLogLevel?: 'info' | 'debug';
}

export function buildServiceApp({
  name,
  logger,
  readiness = async () => {},
  bodyLimit = DEFAULT_BODY_LIMIT,
  trustProxy = false,
  acceptRequestId = true,
  responseHeaders = [],
  successfulReadLogLevel = 'info',
}: ServiceAppOptions): FastifyInstance {
  const setResponseHeaders = (reply: FastifyReply) => {
    for (const [name, value] of responseHeaders) reply.raw.setHeader(name, value);
  };
  const app = Fastify({
    loggerInstance: logger.child({ service: name }),
    bodyLimit,
    trustProxy,
    genReqId: acceptRequestId ? requestIdOf : () => randomUUID(),
    // One line per request is written in onResponse below, after the identity (and so the user id) is known.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    // Requests that reach a closing app are still answered in the contract shape, then their connection ends.
    return503OnClosing: false,
    // A URL that cannot be decoded never reaches a route or the error handler; it is answered in our shape too.
    frameworkErrors: (error, request, frameworkReply) => {
      const reply = frameworkReply as FastifyReply;
      const { status, body } = describeError(error);
      request.log.info({ code: body.error.code, status }, 'request refused');
      setResponseHeaders(reply);
      void reply.header(REQUEST_ID_HEADER, request.id).status(status).send(body);
    },
  });

  // A keep-alive connection whose response is in flight at shutdown would otherwise hold `close()` open.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  app.addHook('onRequest', async (request, reply) => {
    setResponseHeaders(reply);
    reply.header(REQUEST_ID_HEADER, request.id);
    if (acceptRequestId) return;
    const clientRequestId = saneRequestId(request.headers[REQUEST_ID_HEADER]);
    if (clientRequestId !== undefined) request.log = request.log.child({ clientRequestId });
  });

  app.addHook('onResponse', async (request, reply) => {
    const read = request.method === 'GET' || request.method === 'HEAD';
    const level = read && reply.statusCode < 400 ? successfulReadLogLevel : 'info';
    request.log[level](
      {
        method: request.method,
        path: request.routeOptions.url ?? pathOf(request.url),
        statusCode: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
  });

  app.setErrorHandler(async (error, request, reply) => {
    const { status, body } = describeError(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.error.code, status }, 'request refused');
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler(async (_request, reply) =>
    reply.status(404).send(errorBody('not_found', 'Not found')),
  );

  // Probes run every few seconds; only their failures are worth a log line.
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));

  app.get('/readyz', { logLevel: 'warn' }, async (request, reply) => {
    try {
      await readiness();
    } catch (error) {
      request.log.warn({ err: error }, 'not ready');
      return reply.status(503).send(errorBody('service_unavailable', MESSAGES.serviceUnavailable));
    }
    return { status: 'ready' };
  });

  return app;
}

function saneRequestId(given: string | string[] | undefined): string | undefined {
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : undefined;
}

function requestIdOf(request: IncomingMessage): string {
  return saneRequestId(request.headers[REQUEST_ID_HEADER]) ?? randomUUID();
}

/** Codes come from the contract, so a client can parse every answer; statuses without their own code are bad_request. */
const GENERIC_CLIENT_ERRORS: Record<number, { code: ErrorCode; message: string }> = {
  400: { code: 'bad_request', message: 'The request could not be understood.' },
  401: { code: 'not_authenticated', message: MESSAGES.notAuthenticated },
  403: { code: 'forbidden', message: 'This request is not allowed.' },
  404: { code: 'not_found', message: 'Not found' },
  405: { code: 'bad_request', message: 'This method is not allowed here.' },
  406: { code: 'bad_request', message: 'The requested format is not available.' },
  409: { code: 'version_conflict', message: MESSAGES.versionConflict },
  413: { code: 'payload_too_large', message: 'The request body is too large.' },
  415: { code: 'bad_request', message: 'Send the request body as JSON.' },
  429: { code: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' },
};

/** Maps anything thrown in a request to a status and the contract error body; 5xx bodies never carry details. */
export function describeError(error: unknown): { status: number; body: ApiError } {
  if (error instanceof HttpError) {
    return { status: error.status, body: errorBody(error.code, error.message, error.fields) };
  }
  if (error instanceof z.core.$ZodError) {
    return {
      status: 400,
      body: errorBody('validation_failed', MESSAGES.invalidFields, fieldMessages(error as z.ZodError)),
    };
  }
  const fastifyError = (typeof error === 'object' && error !== null ? error : {}) as Partial<FastifyError>;
  if (fastifyError.validation !== undefined) {
    return { status: 400, body: errorBody('validation_failed', MESSAGES.invalidFields) };
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: errorBody('bad_request', 'The request body is not valid JSON.') };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 400, body: errorBody('bad_request', 'Send the request body as JSON.') };
    case 'FST_ERR_BAD_URL':
      return { status: 400, body: errorBody('bad_request', 'The address of this request is not valid.') };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: errorBody('payload_too_large', 'The request body is too large.') };
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // A library's 4xx keeps its status; its message is replaced, since it was written for developers.
    const known = GENERIC_CLIENT_ERRORS[status] ?? {
      code: 'bad_request',
      message: 'The request was refused.',
    };
    return { status, body: errorBody(known.code, known.message) };
  }
  if (status === 503) {
    return { status: 503, body: errorBody('service_unavailable', MESSAGES.serviceUnavailable) };
  }
  return { status: 500, body: errorBody('internal_error', 'Something went wrong. Please try again.') };
}
