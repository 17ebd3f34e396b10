import type { InjectOptions } from 'fastify';
import { IDENTITY_HEADER, signIdentity, type Identity } from '../identity';
import { generateIdentityKeys, identityPrivateKey } from '../identity-keys';

/** The gateway's key pair for tests, made once per test process: services take TEST_PUBLIC_KEY. */
export const TEST_KEYS = generateIdentityKeys();
export const TEST_PUBLIC_KEY = TEST_KEYS.publicKey;
const testPrivateKey = identityPrivateKey(TEST_KEYS.privateKey);

/** The bytes a test's payload goes as: `inject` sends an object as its JSON. */
function bytesOf(payload: InjectOptions['payload'] | undefined): Buffer | string | undefined {
  if (payload === undefined || typeof payload === 'string' || Buffer.isBuffer(payload)) return payload;
  return JSON.stringify(payload);
}

/** The identity header the gateway would send `audience` for this user and request, signed with TEST_KEYS. */
export function signedIdentity(
  audience: string,
  identity: Identity,
  request: { method?: string; url: string; payload?: InjectOptions['payload'] | undefined; now: Date },
): string {
  const body = bytesOf(request.payload);
  return signIdentity({
    privateKey: testPrivateKey,
    audience,
    identity,
    method: request.method ?? 'GET',
    url: request.url,
    ...(body === undefined ? {} : { body }),
    now: request.now,
  });
}

/**
 * Headers the gateway would send the `audience` service for this user and request, signed with TEST_KEYS; each call
 * makes a header of its own (a service takes each once). Give the payload of a request with a body.
 */
export function identityHeadersFor(audience: string) {
  return (uid: string, url: string, now: Date, method = 'GET', payload?: InjectOptions['payload']) => ({
    [IDENTITY_HEADER]: signedIdentity(
      audience,
      { uid, display_name: uid, email: `${uid}@example.org` },
      { method, url, payload, now },
    ),
  });
}
