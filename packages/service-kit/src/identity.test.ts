import { describe, expect, it } from 'vitest';
import {
  IDENTITY_TTL_SECONDS,
  IdentityError,
  signIdentity,
  teamAccessOf,
  verifyIdentity,
  type Identity,
} from './identity';

const SECRET = 'identity-secret-of-at-least-32-characters';
const IDENTITY: Identity = { uid: 'google-sub-123', display_name: 'Ann Stalker', email: 'ann@example.co.uk' };
const SIGNED_AT = new Date('2025-03-01T10:00:00Z');

function sign(overrides: Partial<Parameters<typeof signIdentity>[0]> = {}): string {
  return signIdentity({
    secret: SECRET,
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

const verifyAt = (header: string | undefined, extra: { method?: string; url?: string; now?: Date } = {}) =>
  verifyIdentity({
    secret: SECRET,
    header,
    method: extra.method ?? 'GET',
    url: extra.url ?? '/culls?page=2',
    now: extra.now ?? new Date(SIGNED_AT.getTime() + 1_000),
  });

describe('signed identity', () => {
  it('round-trips the identity for the request it was signed for', () => {
    expect(verifyAt(sign())).toEqual(IDENTITY);
  });

  it('keeps a missing display name and e-mail as null', () => {
    const identity = { uid: 'u-2', display_name: null, email: null };
    expect(verifyAt(sign({ identity }))).toEqual(identity);
  });

  it('treats the method case-insensitively', () => {
    expect(verifyAt(sign({ method: 'get' }), { method: 'GET' })).toEqual(IDENTITY);
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
        secret: SECRET,
        header: [header, header],
        method: 'GET',
        url: '/culls?page=2',
        now: SIGNED_AT,
      }),
    ).toThrow(IdentityError);
  });

  it('refuses a header signed with another secret', () => {
    const forged = sign({ secret: 'another-secret-of-at-least-32-characters' });
    expect(failureOf(() => verifyAt(forged))).toBe('bad_signature');
  });

  it('refuses a payload changed after signing', () => {
    const [, signature] = sign().split('.');
    const payload = { ...IDENTITY, uid: 'someone-else', method: 'GET', url: '/culls?page=2' };
    const iat = Math.floor(SIGNED_AT.getTime() / 1000);
    const tampered = Buffer.from(JSON.stringify({ ...payload, iat, exp: iat + 60 })).toString('base64url');
    expect(failureOf(() => verifyAt(`${tampered}.${signature}`))).toBe('bad_signature');
  });

  it('refuses a signature with characters appended', () => {
    expect(failureOf(() => verifyAt(`${sign()}A`))).toBe('bad_signature');
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
    expect(verifyAt(sign(), { now: justBefore })).toEqual(IDENTITY);
    expect(failureOf(() => verifyAt(sign(), { now: atExpiry }))).toBe('expired');
  });

  it('refuses a header issued well in the future', () => {
    const signedLater = sign({ now: new Date(SIGNED_AT.getTime() + 30_000) });
    expect(failureOf(() => verifyAt(signedLater, { now: SIGNED_AT }))).toBe('expired');
  });

  it('will not sign or verify with a secret shorter than 32 characters', () => {
    expect(() => sign({ secret: 'short' })).toThrow(/at least 32 characters/);
    expect(() =>
      verifyIdentity({ secret: 'short', header: sign(), method: 'GET', url: '/culls?page=2' }),
    ).toThrow(/at least 32 characters/);
  });
});

describe('teamAccessOf', () => {
  const TEAM = '3c1f6f4e-8d1a-4b7e-9f00-5a2b7c9d0e11';
  const inTeam: Identity = { ...IDENTITY, team: { team_id: TEAM, role: 'viewer', member_id: 'member-ann' } };

  it('carries a team signed into the identity round trip, and answers the place in it with the query without team', () => {
    const url = `/stats?team=${TEAM}&season=2026-27`;
    const verified = verifyIdentity({
      secret: SECRET,
      header: signIdentity({ secret: SECRET, identity: inTeam, method: 'GET', url, now: SIGNED_AT }),
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
