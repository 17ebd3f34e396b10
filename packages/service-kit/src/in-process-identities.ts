import { randomUUID } from 'node:crypto';
import { IDENTITY_TTL_SECONDS, IdentityError, bodyDigestOf, toSeconds } from './identity';
import type { Identity, SignIdentityOptions, VerifiedIdentity, VerifyIdentityOptions } from './identity';

/** An identity header handed over in memory starts with this; a signed one never does (it is base64url and a dot). */
const HANDED_PREFIX = 'in-process:';

interface Handed {
  identity: Identity;
  audience: string;
  method: string;
  url: string;
  bodyDigest: string;
  expiresAt: number;
}

/**
 * Identities the gateway hands to a service app in its own process (the one-process app), in place of a signed header.
 * Such an app has no listener: only the gateway's in-process calls reach it, so the header need not prove where it
 * came from, only which request it was made for. The header names an entry here; the service takes it once, for
 * the audience, method, URL and body it was made for, as it checks a signed one, at the cost of a map lookup rather
 * than an Ed25519 signature and its check, and with no id to remember in a store.
 */
export class InProcessIdentities {
  private readonly handed = new Map<string, Handed>();

  /** The header for one call of the service `audience`; taken by the service, or dropped by `forget` after the call. */
  hand({
    audience,
    identity,
    method,
    url,
    body,
    now = new Date(),
  }: Omit<SignIdentityOptions, 'privateKey'>): string {
    const header = `${HANDED_PREFIX}${randomUUID()}`;
    this.handed.set(header, {
      identity,
      audience,
      method: method.toUpperCase(),
      url,
      bodyDigest: bodyDigestOf(body),
      expiresAt: toSeconds(now) + IDENTITY_TTL_SECONDS,
    });
    return header;
  }

  /** Drops a header the service did not take (a call refused before its checks ran). */
  forget(header: string): void {
    this.handed.delete(header);
  }

  /** Entries not yet taken: each call's is gone once the call has settled. */
  get size(): number {
    return this.handed.size;
  }

  /** Whether `header` is one of these rather than a signed one. */
  static isHanded(header: unknown): header is string {
    return typeof header === 'string' && header.startsWith(HANDED_PREFIX);
  }

  /**
   * Takes the header's identity, once: refused as a signed header would be when it is unknown or already taken, made
   * for another service or request, or older than a signed header may be.
   */
  take({
    header,
    audience,
    method,
    url,
    now = new Date(),
  }: Omit<VerifyIdentityOptions, 'publicKey'>): VerifiedIdentity {
    if (typeof header !== 'string')
      throw new IdentityError('malformed', 'Identity header is not one handed over');
    const handed = this.handed.get(header);
    if (handed === undefined) throw new IdentityError('replayed', 'Identity is unknown or was used before');
    this.handed.delete(header);
    if (handed.expiresAt <= toSeconds(now)) throw new IdentityError('expired', 'Identity has expired');
    if (handed.audience !== audience)
      throw new IdentityError('wrong_audience', 'Identity was made for another service');
    if (handed.method !== method.toUpperCase() || handed.url !== url)
      throw new IdentityError('wrong_request', 'Identity was made for another request');
    return {
      identity: handed.identity,
      id: header,
      expiresAt: handed.expiresAt,
      bodyDigest: handed.bodyDigest,
    };
  }
}
