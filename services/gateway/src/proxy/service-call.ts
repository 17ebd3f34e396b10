import type { KeyObject } from 'node:crypto';
import { Readable } from 'node:stream';
import { MESSAGES } from '@cull-log/contracts';
import { HttpError, IDENTITY_HEADER, REQUEST_ID_HEADER, type Identity } from '@cull-log/service-kit';
import type { Upstream } from './upstream';

export interface ServiceCall {
  upstream: Upstream;
  method: 'GET' | 'DELETE' | 'POST';
  /** The service's own path, e.g. `/account/records.json`. */
  path: string;
  identity: Identity;
  /** The gateway's private key, which signs the identity for this service alone. */
  identityKey: KeyObject;
  now: () => Date;
  requestId: string;
  /** A JSON body, sent as such; its digest is in the signed identity. */
  json?: unknown;
  /** What a 404 of the service means to the caller (undefined: a 503 like any other failure). */
  notFound?: () => HttpError;
}

/**
 * The gateway asking a service something of its own (no browser request to forward), with the same signed
 * identity as a forwarded request: the service sees the user and answers for them only. Anything but a 2xx, or
 * no answer, is a 503 in the contract's shape (a 404 what `notFound` says, when given); the answer's body is handed
 * back unread.
 */
export async function callService({
  upstream,
  method,
  path,
  identity,
  identityKey,
  now,
  requestId,
  json,
  notFound,
}: ServiceCall): Promise<Readable | Buffer> {
  const url = upstream.basePath + path;
  const body = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
  const headers: Record<string, string> = {
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    [REQUEST_ID_HEADER]: requestId,
    [IDENTITY_HEADER]: upstream.identityHeader({
      privateKey: identityKey,
      identity,
      method,
      url,
      ...(body === undefined ? {} : { body }),
      now: now(),
    }),
  };
  let response;
  try {
    response = await upstream.request({ method, path: url, headers, body });
  } catch {
    throw new HttpError(503, 'service_unavailable', MESSAGES.serviceUnavailable);
  }
  if (response.statusCode < 200 || response.statusCode > 299) {
    // Read to its end and dropped, so the connection goes back to the pool.
    if (response.body instanceof Readable) response.body.resume().on('error', () => undefined);
    if (response.statusCode === 404 && notFound !== undefined) throw notFound();
    throw new HttpError(503, 'service_unavailable', MESSAGES.serviceUnavailable);
  }
  return response.body;
}

/** The whole of a body the service answered (a small JSON one). */
export async function readAll(body: Readable | Buffer): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
