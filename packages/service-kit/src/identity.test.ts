import { describe, expect, it } from 'vitest';
import {
  IDENTITY_TTL_SECONDS,
  IdentityError,
  bodyDigestOf,
  signIdentity,
  teamAccessOf,
  verifyIdentity,
  type Identity,
} from './identity';
import { generateIdentityKeys, identityPrivateKey, identityPublicKey } from './identity-keys';

const KEYS = generateIdentityKeys();
const PRIVATE_KEY = identityPrivateKey(KEYS.privateKey);
const PUBLIC_KEY = identityPublicKey(KEYS.publicKey);
const IDENTITY: Identity = { uid: 'google-sub-123', display_name: 'Ann Stalker', email: 'ann@example.co.uk' };
const SIGNED_AT = new Date('2025-03-01T10:00:00Z');

function sign(overrides: Partial<Parameters<typeof signIdentity>[0]> = {}): string {
  return signIdentity({
    privateKey: PRIVATE_KEY,
    audience: 'records',
    identity: IDENTITY,
    method: 'GET',
    url: '/culls?page=2',
    now: SIGNED_AT,
    ...overrides,
  });
}

function failureOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof IdentityError) return error.reason;
    throw error;
  }
  throw new Error('expected an IdentityError');
}

const verifyAt = (
  header: string | undefined,
  extra: { method?: string; url?: string; now?: Date; audience?: string } = {},
) =>
  verifyIdentity({
    publicKey: PUBLIC_KEY,
    audience: extra.audience ?? 'records',
    header,
    method: extra.method ?? 'GET',
    url: extra.url ?? '/culls?page=2',
    now: extra.now ?? new Date(SIGNED_AT.getTime() + 1_000),
  });

const claimsOf = (header: string) =>
  JSON.parse(Buffer.from(header.split('.')[0] as string, 'base64url').toString()) as Record<string, unknown>;

describe('signed identity', () => {
  it('round-trips the identity for the request it was signed for', () => {
    expect(verifyAt(sign()).identity).toEqual(IDENTITY);
  });

  it('keeps a missing display name and e-mail as null', () => {
    const identity = { uid: 'u-2', display_name: null, email: null };
    expect(verifyAt(sign({ identity })).identity).toEqual(identity);
  });

  it('treats the method case-insensitively', () => {
    expect(verifyAt(sign({ method: 'get' }), { method: 'GET' }).identity).toEqual(IDENTITY);
  });

  it('gives each header an id of its own, and its expiry, to be taken once', () => {
    const first = verifyAt(sign());
    const second = verifyAt(sign());
    expect(first.id).not.toBe(second.id);
    expect(first.expiresAt).toBe(Math.floor(SIGNED_AT.getTime() / 1000) + IDENTITY_TTL_SECONDS);
  });

  it('carries the digest of the body it was signed with, and of no bytes without one', () => {
    const body = Buffer.from('{"species":"Roe Deer"}');
    expect(verifyAt(sign({ body })).bodyDigest).toBe(bodyDigestOf(body));
    expect(verifyAt(sign({ body: '{"species":"Roe Deer"}' })).bodyDigest).toBe(bodyDigestOf(body));
    expect(verifyAt(sign()).bodyDigest).toBe(bodyDigestOf(Buffer.alloc(0)));
    expect(verifyAt(sign()).bodyDigest).not.toBe(bodyDigestOf(body));
  });

  it('refuses a header signed for another service', () => {
    expect(failureOf(() => verifyAt(sign({ audience: 'records' }), { audience: 'stats' }))).toBe(
      'wrong_audience',
    );
  });

  it('refuses a missing header', () => {
    expect(failureOf(() => verifyAt(undefined))).toBe('missing');
    expect(failureOf(() => verifyAt(''))).toBe('missing');
  });

  it('refuses a header that is not payload.signature', () => {
    expect(failureOf(() => verifyAt('just-one-part'))).toBe('malformed');
    expect(failureOf(() => verifyAt(`${sign()}.extra`))).toBe('malformed');
  });

  it('refuses a repeated header', () => {
    const header = sign();
    expect(() =>
      verifyIdentity({
        publicKey: PUBLIC_KEY,
        audience: 'records',
        header: [header, header],
        method: 'GET',
        url: '/culls?page=2',
        now: SIGNED_AT,
      }),
    ).toThrow(IdentityError);
  });

  it('refuses a header signed with another key pair', () => {
    const forged = sign({ privateKey: identityPrivateKey(generateIdentityKeys().privateKey) });
    expect(failureOf(() => verifyAt(forged))).toBe('bad_signature');
  });

  it('refuses a payload changed after signing: another user, or another service', () => {
    const header = sign();
    const [, signature] = header.split('.');
    for (const change of [
      { uid: 'someone-else' },
      { aud: 'stats' },
      { body_sha256: bodyDigestOf('other') },
    ]) {
      const tampered = Buffer.from(JSON.stringify({ ...claimsOf(header), ...change })).toString('base64url');
      expect(failureOf(() => verifyAt(`${tampered}.${signature}`, { audience: 'stats' }))).toBe(
        'bad_signature',
      );
    }
  });

  it('refuses a signature with characters appended, or one of the wrong length', () => {
    expect(failureOf(() => verifyAt(`${sign()}A`))).toBe('bad_signature');
    expect(failureOf(() => verifyAt(`${sign().split('.')[0] as string}.AAAA`))).toBe('bad_signature');
  });

  it('refuses a header signed for another method', () => {
    expect(failureOf(() => verifyAt(sign({ method: 'GET' }), { method: 'DELETE' }))).toBe('wrong_request');
  });

  it('refuses a header signed for another URL, including another query', () => {
    expect(failureOf(() => verifyAt(sign(), { url: '/culls/other-id' }))).toBe('wrong_request');
    expect(failureOf(() => verifyAt(sign(), { url: '/culls?page=3' }))).toBe('wrong_request');
  });

  it(`accepts a header up to ${IDENTITY_TTL_SECONDS} seconds old and refuses it from then on`, () => {
    const justBefore = new Date(SIGNED_AT.getTime() + (IDENTITY_TTL_SECONDS - 1) * 1000);
    const atExpiry = new Date(SIGNED_AT.getTime() + IDENTITY_TTL_SECONDS * 1000);
    expect(verifyAt(sign(), { now: justBefore }).identity).toEqual(IDENTITY);
    expect(failureOf(() => verifyAt(sign(), { now: atExpiry }))).toBe('expired');
  });

  it('refuses a header issued well in the future', () => {
    const signedLater = sign({ now: new Date(SIGNED_AT.getTime() + 30_000) });
    expect(failureOf(() => verifyAt(signedLater, { now: SIGNED_AT }))).toBe('expired');
  });

  it('cannot sign with the public key a service holds', () => {
    expect(() => sign({ privateKey: PUBLIC_KEY })).toThrow();
  });
});

describe('teamAccessOf', () => {
  const TEAM = '3c1f6f4e-8d1a-4b7e-9f00-5a2b7c9d0e11';
  const inTeam: Identity = { ...IDENTITY, team: { team_id: TEAM, role: 'viewer', member_id: 'member-ann' } };

  it('carries a team signed into the identity round trip, and answers the place in it with the query without team', () => {
    const url = `/stats?team=${TEAM}&season=2026-27`;
    const { identity: verified } = verifyIdentity({
      publicKey: PUBLIC_KEY,
      audience: 'stats',
      header: sign({ audience: 'stats', identity: inTeam, url }),
      method: 'GET',
      url,
      now: SIGNED_AT,
    });
    expect(verified).toEqual(inTeam);
    expect(teamAccessOf({ identity: verified, query: { team: TEAM, season: '2026-27' } })).toEqual({
      access: inTeam.team,
      query: { season: '2026-27' },
    });
    expect(teamAccessOf({ identity: IDENTITY, query: { season: '2026-27' } })).toEqual({
      query: { season: '2026-27' },
    });
  });

  it('answers a team the identity does not carry as one that does not exist', () => {
    for (const [identity, team] of [
      [IDENTITY, TEAM],
      [inTeam, '9d8c7b6a-0000-4000-8000-000000000099'],
      [inTeam, [TEAM, TEAM]],
    ] as const) {
      expect(() => teamAccessOf({ identity, query: { team } })).toThrow(
        expect.objectContaining({ status: 404, message: 'Team not found' }),
      );
    }
  });
});
