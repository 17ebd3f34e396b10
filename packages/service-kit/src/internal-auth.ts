import { createHash, type KeyObject } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { MESSAGES } from '@cull-log/contracts';
import type { IdentityIds } from '@cull-log/storage-kit';
import { HttpError } from './http-error';
import { identityPublicKey, type KeyText } from './identity-keys';
import { readWholeBody } from './read-body';
import { pathOf } from './request-path';
import {
  IDENTITY_HEADER,
  IdentityError,
  bodyDigestOf,
  toSeconds,
  verifyIdentity,
  type Identity,
  type VerifiedIdentity,
} from './identity';
import { InProcessIdentities } from './in-process-identities';
import { memoryIdentityIds } from './replay-guard';
import { HEALTH_PATHS } from './service-app';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller; set on every route except `/healthz` and `/readyz` once `internalAuth` is registered. */
    identity: Identity;
    /**
     * Settles once the body has come whole and is the one the gateway signed; rejects with a 401 otherwise. A body
     * the route parses (JSON) is checked before the route runs; a multipart upload, which the route reads itself from
     * the connection, is checked as it is read: a multipart route awaits this after reading the upload and before it
     * acts on it (an answer of 2xx that did not is refused as a fault).
     */
    bodyIntact: () => Promise<void>;
  }
}

/**
 * Ids of headers remembered at once: a header lives IDENTITY_TTL_SECONDS, so this holds 100,000 / 30 s, over 3,000
 * requests a second per process, several times what one process serves; past it requests are refused (503), never
 * let through unremembered. About 10 MB at the most.
 */
export const DEFAULT_REPLAY_CAPACITY = 100_000;

export interface InternalAuthOptions {
  /** The gateway's Ed25519 public key (PEM, or base64 SPKI DER), or the key itself. */
  publicKey: KeyText | KeyObject;
  /** This service's name (`records`, `stats`, `exports`): only headers signed for it are taken. */
  audience: string;
  now?: () => Date;
  /**
   * Where the ids of the headers taken are kept: a store every replica of the service shares (its SQLite file or its
   * MongoDB database), so a header taken by one is refused by all. Without it, this process's memory only.
   */
  identityIds?: IdentityIds;
  /** How many ids the process's own memory holds, when no `identityIds` is given. */
  replayCapacity?: number;
  /**
   * Identities handed over in memory by a gateway in this process (the one-process app): a header naming one of
   * these is taken from here, once, and needs no signature or stored id. Without it, every header must be signed.
   */
  inProcess?: InProcessIdentities;
}

const MULTIPART = /^multipart\//i;
const claimsOf = Symbol('identity claims');
const bodyChecked = Symbol('body checked');

type CheckedRequest = FastifyRequest & { [claimsOf]?: VerifiedIdentity; [bodyChecked]?: boolean };

const refused = () => new HttpError(401, 'not_authenticated', MESSAGES.notAuthenticated);

const plugin: FastifyPluginAsync<InternalAuthOptions> = async (app, options) => {
  const { audience, now = () => new Date() } = options;
  const publicKey =
    typeof options.publicKey === 'string' ? identityPublicKey(options.publicKey) : options.publicKey;
  if (publicKey.type !== 'public') throw new Error('internalAuth takes the public key only');
  const replays = options.identityIds ?? memoryIdentityIds(options.replayCapacity ?? DEFAULT_REPLAY_CAPACITY);
  const isOpen = (request: FastifyRequest) => HEALTH_PATHS.has(pathOf(request.url));
  const refuse = (request: FastifyRequest, error: IdentityError) => {
    request.log.warn({ reason: error.reason }, 'refused identity');
    return refused();
  };

  app.decorateRequest('identity', null as unknown as Identity);
  app.decorateRequest('bodyIntact', null as unknown as () => Promise<void>);

  app.addHook('onRequest', async (request: CheckedRequest) => {
    if (isOpen(request)) return;
    const at = now();
    const header = request.headers[IDENTITY_HEADER];
    const inProcess = InProcessIdentities.isHanded(header) ? options.inProcess : undefined;
    let claims: VerifiedIdentity;
    try {
      const asked = { audience, header, method: request.method, url: request.url, now: at };
      claims = inProcess ? inProcess.take(asked) : verifyIdentity({ publicKey, ...asked });
    } catch (error) {
      if (!(error instanceof IdentityError)) throw error;
      throw refuse(request, error);
    }
    // A handed-over identity was taken from memory, once; a signed header's id is taken as soon as the header holds,
    // before its body is read: a second request with it is refused outright.
    const taken = inProcess ? 'taken' : await replays.take(claims.id, claims.expiresAt, toSeconds(at));
    if (taken === 'replayed')
      throw refuse(request, new IdentityError('replayed', 'Identity was used before'));
    if (taken === 'full') {
      request.log.error('too many identities to remember: refused');
      throw new HttpError(503, 'service_unavailable', MESSAGES.serviceUnavailable);
    }
    request.identity = claims.identity;
    request[claimsOf] = claims;
    // Every later log line of this request (handlers, the completion line) names the user.
    request.log = request.log.child({ userId: request.identity.uid });
  });

  app.addHook('preParsing', async (request: CheckedRequest, reply, payload) => {
    const claims = request[claimsOf];
    if (claims === undefined) return payload;
    const wrongBody = () => refuse(request, new IdentityError('wrong_body', 'Body is not the one signed'));
    if (MULTIPART.test(request.headers['content-type'] ?? '')) {
      const intact = digestWhenRead(payload)
        .then((digest) => digest === claims.bodyDigest)
        .catch(() => false)
        .then((matches) => {
          if (!matches) throw wrongBody();
        });
      // Settled whether or not a route awaits it: a refusal nobody asked about is not an unhandled rejection.
      intact.catch(() => undefined);
      request.bodyIntact = async () => {
        request[bodyChecked] = true;
        return intact;
      };
      return payload;
    }
    const body = hasBody(request) ? await readWithin(request, reply, payload) : undefined;
    if (bodyDigestOf(body) !== claims.bodyDigest) throw wrongBody();
    request[bodyChecked] = true;
    request.bodyIntact = async () => {};
    if (body === undefined) return payload;
    // Handed on as the body Fastify parses; its length is what came, so a wrong Content-Length is still caught.
    return Object.assign(Readable.from([body]), { receivedEncodedLength: body.length });
  });

  app.addHook('onSend', async (request: CheckedRequest, reply) => {
    if (request[claimsOf] === undefined || request[bodyChecked] === true || reply.statusCode >= 300) return;
    throw new Error(
      `${request.method} ${request.routeOptions.url ?? ''} answered without checking its upload`,
    );
  });
};

/** True when the request says a body follows; Fastify reads none otherwise, and none is what must have been signed. */
function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** The whole body, refused with a 413 past the route's limit, as Fastify refuses it. */
async function readWithin(request: FastifyRequest, reply: FastifyReply, payload: Readable): Promise<Buffer> {
  const limit = request.routeOptions.bodyLimit;
  const tooLarge = () => {
    // The rest of an oversized body is not worth reading, so the connection goes with the answer.
    reply.header('connection', 'close');
    return new HttpError(413, 'payload_too_large', 'The request body is too large.');
  };
  if (Number(request.headers['content-length'] ?? 0) > limit) throw tooLarge();
  const body = await readWholeBody(payload, limit);
  if (body === undefined) throw tooLarge();
  return body;
}

/**
 * The digest of a body that the route reads itself (a multipart upload, read from the connection as it comes):
 * watched beside the route's reader, without reading a byte before it does, and settled when the body ends.
 */
function digestWhenRead(payload: Readable): Promise<string> {
  const hash = createHash('sha256');
  // Paused first, so watching does not start the flow: the route's reader starts it and sees every byte from the first.
  payload.pause();
  payload.on('data', (chunk: Buffer | string) => hash.update(chunk));
  return new Promise((resolve, reject) => {
    payload.once('end', () => resolve(hash.digest('base64url')));
    payload.once('close', () => {
      if (!payload.readableEnded) reject(new Error('The body did not come whole'));
    });
  });
}

/**
 * Verifies the gateway-signed identity header on every request (its signature, its audience, its method and URL, its
 * age, that it was not used before) and the body against its digest; exposes the caller as `request.identity`.
 */
export const internalAuth = fastifyPlugin(plugin, { name: '@cull-log/internal-auth', fastify: '5.x' });
